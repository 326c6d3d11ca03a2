package core

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

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
type HistoryEntry = history.Entry

// HistoryResult lists the commits that changed a symbol, newest first.
type HistoryResult struct {
	Symbol    query.Item     `json:"symbol"`
	Commits   []HistoryEntry `json:"commits"`
	Truncated bool           `json:"truncated,omitempty"` // the walk stopped at its limit
}

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
	entries, truncated, err := history.Of(g.opts.Registry, history.Query{
		Root: g.loc.Root, Rev: opts.Since, Path: v.Path, Local: local, Limit: opts.Limit, Tasks: tasks,
	})
	if err != nil {
		return HistoryResult{}, err
	}
	item := query.Item{Name: v.Name, Qualified: v.Qualified, Kind: v.SymbolKind, Path: v.Path, Line: v.Line}
	return HistoryResult{Symbol: item, Commits: entries, Truncated: truncated}, nil
}
