package core

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/history"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// HistoryOptions shape a history query.
type HistoryOptions struct {
	Since string // the revision the walk starts from; "" is HEAD
	Limit int    // commits of the file walked at most; 0 is history.DefaultLimit
	// TaskPattern finds task ids in commit subjects; its first capture
	// group, when it has one, is the id. "" is history.DefaultTaskPattern.
	TaskPattern string
}

// HistoryEntry is one commit that changed the symbol.
type HistoryEntry = query.HistoryEntry

// HistoryResult lists the commits that changed a symbol, newest first.
type HistoryResult = query.HistoryResult

// History returns the commits that changed the symbol a selector names, by
// line-range overlap of each commit's hunks with the symbol's span in that
// commit's version of the file and its parent's (DESIGN.md, History). It
// follows the file's path and does not follow renames.
func (g *Graph) History(ctx context.Context, selector string, opts HistoryOptions) (HistoryResult, error) {
	v, err := g.Show(ctx, selector, 0)
	if err != nil {
		return HistoryResult{}, err
	}
	if v.Kind != "symbol" {
		return HistoryResult{}, fmt.Errorf("%w: history needs a symbol: selector, not %s", query.ErrBadSelector, v.Kind)
	}
	tasks := history.DefaultTaskPattern
	if opts.TaskPattern != "" {
		if tasks, err = regexp.Compile(opts.TaskPattern); err != nil {
			return HistoryResult{}, &query.ValueError{Name: "task pattern", Value: opts.TaskPattern, Valid: []string{"a Go regular expression"}}
		}
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
		entries, truncated, err = g.storedHistory(v.Path, local, opts, tasks)
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
	if _, err := st.Walk(g.opts.Registry, g.loc.Root, depth, tasks); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

func (g *Graph) storedHistory(path, local string, opts HistoryOptions, tasks *regexp.Regexp) ([]HistoryEntry, bool, error) {
	st, err := g.historyStore(opts.Limit, tasks)
	if err != nil {
		return nil, false, err
	}
	defer st.Close()
	return st.Symbol(path, local, maxHistoryEntries)
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
	tasks := history.DefaultTaskPattern
	if opts.TaskPattern != "" {
		var err error
		if tasks, err = regexp.Compile(opts.TaskPattern); err != nil {
			return TaskResult{}, &query.ValueError{Name: "task pattern", Value: opts.TaskPattern, Valid: []string{"a Go regular expression"}}
		}
	}
	st, err := g.historyStore(opts.Limit, tasks)
	if err != nil {
		return TaskResult{}, err
	}
	defer st.Close()
	changes, err := st.Task(id, maxHistoryEntries)
	return TaskResult{TaskID: id, Changes: changes}, err
}
