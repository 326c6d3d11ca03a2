package core

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/history"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// HistoryOptions shape a history query.
type HistoryOptions struct {
	Since string // the revision the walk starts from; "" is HEAD
	Limit int    // commits of the file walked at most; 0 is history.DefaultLimit
	// TaskPattern finds task ids in commit subjects; its first capture
	// group, when it has one, is the id. "" is the worktree's .orbit/config
	// history.task-pattern, else history.DefaultTaskPattern.
	TaskPattern string
}

// taskPattern resolves the task-id pattern: flag > config file > default.
func (g *Graph) taskPattern(flag string) (*regexp.Regexp, error) {
	re, _, err := history.TaskPattern(g.loc.Root, flag)
	if err != nil {
		return nil, &query.ValueError{Name: "task pattern", Value: err.Error(), Valid: []string{"a Go regular expression"}}
	}
	return re, nil
}

// HistoryEntry is one commit that changed the symbol.
type HistoryEntry = query.HistoryEntry

// HistoryResult lists the commits that changed a symbol, newest first.
type HistoryResult = query.HistoryResult

// History returns the commits that changed the symbol a selector names, by
// line-range overlap of each commit's hunks with the symbol's span in that
// commit's version of the file and its parent's (DESIGN.md, History). From
// the stored attribution it follows the symbol's stable id across the
// renames, moves, splits and merges accepted operation logs state; with
// Since (a walk on demand) it follows the file's path only. The selector
// diff:[REV] asks for the history of every symbol the working tree's
// change against REV (default HEAD) touches.
func (g *Graph) History(ctx context.Context, selector string, opts HistoryOptions) (HistoryResult, error) {
	tasks, err := g.taskPattern(opts.TaskPattern)
	if err != nil {
		return HistoryResult{}, err
	}
	if rev, ok := strings.CutPrefix(selector, "diff:"); ok {
		return g.diffHistory(rev, opts, tasks)
	}
	v, err := g.Show(ctx, selector, 0)
	if err != nil {
		return HistoryResult{}, err
	}
	if v.Kind != "symbol" {
		return HistoryResult{}, fmt.Errorf("%w: history needs a symbol: selector, not %s", query.ErrBadSelector, v.Kind)
	}
	content, err := os.ReadFile(filepath.Join(g.loc.Root, filepath.FromSlash(v.Path)))
	if err != nil {
		return HistoryResult{}, err
	}
	local, ok := history.LocalName(g.opts.Registry, v.Path, content, v.Line, v.SymbolKind)
	if !ok {
		return HistoryResult{}, fmt.Errorf("history: %s changed since the last sync; run `orbit graph sync`", v.Path)
	}
	var entries []HistoryEntry
	var truncated bool
	if opts.Since != "" || !g.loc.Git {
		// Another starting point: walk the file's history now.
		entries, truncated, err = history.Of(g.opts.Registry, history.Query{
			Root: g.loc.Root, Rev: opts.Since, Path: v.Path, Local: local, Limit: opts.Limit, Tasks: tasks,
		})
	} else {
		entries, truncated, err = g.storedHistory(v.Path, local, v.SymbolKind, opts, tasks)
	}
	if err != nil {
		return HistoryResult{}, err
	}
	item := query.Item{Name: v.Name, Qualified: v.Qualified, Kind: v.SymbolKind, Path: v.Path, Line: v.Line}
	return HistoryResult{Symbol: item, Commits: entries, Truncated: truncated}, nil
}

// DefaultHistoryDepth bounds the first walk of a branch's history.
const DefaultHistoryDepth = 2000

// historyStore opens the attribution of this worktree's branch, beside the
// index, and brings it up to date with HEAD.
func (g *Graph) historyStore(depth int, tasks *regexp.Regexp) (*history.Store, error) {
	path := filepath.Join(g.loc.Root, filepath.FromSlash(dbpath.HistoryDir), filepath.Base(g.loc.Path))
	st, err := history.OpenStore(path)
	if err != nil {
		return nil, err
	}
	if depth <= 0 {
		depth = DefaultHistoryDepth
	}
	rep, err := st.Walk(g.opts.Registry, g.loc.Root, depth, tasks)
	if err != nil {
		st.Close()
		return nil, err
	}
	if g.opts.Warn != nil {
		for _, w := range rep.Warnings {
			g.opts.Warn(w)
		}
	}
	return st, nil
}

func (g *Graph) storedHistory(path, local, kind string, opts HistoryOptions, tasks *regexp.Regexp) ([]HistoryEntry, bool, error) {
	st, err := g.historyStore(opts.Limit, tasks)
	if err != nil {
		return nil, false, err
	}
	defer st.Close()
	return st.Symbol(path, local, kind, maxHistoryEntries)
}

// diffHistory is the history of each symbol the working tree's change
// against rev touches, found as impact diff: finds them.
func (g *Graph) diffHistory(rev string, opts HistoryOptions, tasks *regexp.Regexp) (HistoryResult, error) {
	if !g.loc.Git {
		return HistoryResult{}, fmt.Errorf("%w: diff: needs a git worktree, and %s is not one", query.ErrBadQuery, g.loc.Root)
	}
	touched, err := history.Touched(g.opts.Registry, g.loc.Root, rev)
	if err != nil {
		return HistoryResult{}, err
	}
	st, err := g.historyStore(opts.Limit, tasks)
	if err != nil {
		return HistoryResult{}, err
	}
	defer st.Close()
	name := "diff:" + rev
	res := HistoryResult{Symbol: query.Item{Name: name, Qualified: name, Kind: "diff"}, Commits: []HistoryEntry{}, Changed: []query.ChangedHistory{}}
	for _, t := range touched {
		entries, truncated, err := st.Symbol(t.Path, t.Symbol.Local, t.Symbol.Kind, maxHistoryEntries)
		if err != nil {
			return HistoryResult{}, err
		}
		if entries == nil {
			entries = []HistoryEntry{}
		}
		res.Truncated = res.Truncated || truncated
		res.Changed = append(res.Changed, query.ChangedHistory{
			Symbol: query.Item{Name: t.Symbol.Local, Qualified: t.Symbol.Local, Kind: t.Symbol.Kind, Path: t.Path, Line: t.Symbol.Start},
			Change: t.What, Commits: entries})
	}
	return res, nil
}

// maxHistoryEntries caps one answer.
const maxHistoryEntries = 500

// TaskChange is a symbol a task's commits changed.
type TaskChange = query.TaskChange

// TaskResult lists what the commits naming a task id changed.
type TaskResult = query.TaskResult

// Task lists the symbols changed by the commits whose subjects name a task
// id (history's task pattern), newest first.
func (g *Graph) Task(ctx context.Context, id string, opts HistoryOptions) (TaskResult, error) {
	if !g.loc.Git {
		return TaskResult{}, fmt.Errorf("%w: task ids come from git history, and %s is not a git worktree", query.ErrBadQuery, g.loc.Root)
	}
	tasks, err := g.taskPattern(opts.TaskPattern)
	if err != nil {
		return TaskResult{}, err
	}
	st, err := g.historyStore(opts.Limit, tasks)
	if err != nil {
		return TaskResult{}, err
	}
	defer st.Close()
	changes, err := st.Task(id, maxHistoryEntries)
	return TaskResult{TaskID: id, Changes: changes}, err
}

// OpLog is an operation log (graph-operations spec): the sidecar
// .orbit/operations/<commit sha>.json in which a refactoring tool states
// the symbol-level operations of one commit (DESIGN.md, Operation logs).
type OpLog = history.OpLog

// Operation-log refusals: ParseOpLog's errors wrap one of them.
var (
	ErrOpLogMalformed = history.ErrMalformed
	ErrOpLogFuture    = history.ErrFutureVersion
)

// OpLogSchema is the JSON Schema (draft 2020-12) of version-1 logs.
func OpLogSchema() []byte { return append([]byte(nil), history.Schema...) }

// ParseOpLog reads an operation log strictly: UTF-8 JSON the schema
// accepts, with commitSha equal to the stem of name (the file's name). A
// log of a later schema version is refused with ErrOpLogFuture, anything
// else wrong with ErrOpLogMalformed.
func ParseOpLog(name string, data []byte) (*OpLog, error) { return history.Parse(name, data) }

// OpLogCheck is what ValidateOpLog found.
type OpLogCheck struct {
	File       string `json:"file"`
	Commit     string `json:"commit,omitempty"`
	Operations int    `json:"operations"`
	// Status: malformed or future (refused as it stands); well_formed
	// (not checked against a tree: not this worktree's log of a walked
	// commit); accepted or rejected by the commit's tree diff.
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

// OpLogWellFormed is the status of a log not checked against a tree.
const OpLogWellFormed = "well_formed"

// ValidateOpLog checks a log file: well-formedness always; when it is
// this worktree's log of a commit of the branch's walked history
// (.orbit/operations/<sha>.json), also its operations against the commit's
// tree diff and the stable ids of the commit's parent, as the history walk
// does (bringing the history store up to date first).
func (g *Graph) ValidateOpLog(ctx context.Context, path string) (OpLogCheck, error) {
	check := OpLogCheck{File: path}
	data, err := os.ReadFile(path)
	if err != nil {
		return check, err
	}
	log, err := history.Parse(path, data)
	switch {
	case errors.Is(err, history.ErrFutureVersion):
		check.Status, check.Message = history.LogFuture, err.Error()
		return check, nil
	case err != nil:
		check.Status, check.Message = history.LogMalformed, err.Error()
		return check, nil
	}
	check.Commit, check.Operations, check.Status = log.CommitSha, len(log.Operations), OpLogWellFormed
	own := filepath.Join(g.loc.Root, filepath.FromSlash(history.OperationsDir), log.CommitSha+".json")
	if abs, err := filepath.Abs(path); err != nil || abs != own || !g.loc.Git {
		check.Message = "not checked against a tree: only " + history.OperationsDir + "/<sha>.json of this worktree is"
		return check, nil
	}
	tasks, err := g.taskPattern("")
	if err != nil {
		return check, err
	}
	st, err := g.historyStore(0, tasks)
	if err != nil {
		return check, err
	}
	defer st.Close()
	logs, err := st.Logs()
	if err != nil {
		return check, err
	}
	check.Message = "not checked against a tree: the commit is not in the branch's walked first-parent history"
	for _, l := range logs {
		if l.Hash == log.CommitSha {
			check.Status, check.Message = l.Status, l.Message
		}
	}
	return check, nil
}

// StableID is the stable id of the symbol a selector names, for a
// producer's operation log. Ids are producer and consumer vocabulary: no
// query answer shows them.
func (g *Graph) StableID(ctx context.Context, selector string) (string, error) {
	if !g.loc.Git {
		return "", fmt.Errorf("%w: stable ids come from git history, and %s is not a git worktree", query.ErrBadQuery, g.loc.Root)
	}
	v, err := g.Show(ctx, selector, 0)
	if err != nil {
		return "", err
	}
	if v.Kind != "symbol" {
		return "", fmt.Errorf("%w: a stable id needs a symbol: selector, not %s", query.ErrBadSelector, v.Kind)
	}
	content, err := os.ReadFile(filepath.Join(g.loc.Root, filepath.FromSlash(v.Path)))
	if err != nil {
		return "", err
	}
	local, ok := history.LocalName(g.opts.Registry, v.Path, content, v.Line, v.SymbolKind)
	if !ok {
		return "", fmt.Errorf("stable id: %s changed since the last sync; run `orbit graph sync`", v.Path)
	}
	if ok, err := history.AtRev(g.opts.Registry, g.loc.Root, "HEAD", v.Path, local, v.SymbolKind); err != nil || !ok {
		if err == nil {
			err = fmt.Errorf("%w: %s#%s is not in HEAD: only committed symbols have stable ids (a new one is a create)", query.ErrBadQuery, v.Path, local)
		}
		return "", err
	}
	tasks, err := g.taskPattern("")
	if err != nil {
		return "", err
	}
	st, err := g.historyStore(0, tasks)
	if err != nil {
		return "", err
	}
	defer st.Close()
	return st.ID(v.Path, local, v.SymbolKind), nil
}
