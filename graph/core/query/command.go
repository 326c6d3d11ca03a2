package query

import (
	"context"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// resolveCommand finds a command by its full name ("cli sync") or, when
// unique, by its last words ("sync").
func (e *Engine) resolveCommand(ctx context.Context, sel Selector) (store.Command, error) {
	all, err := e.idx.CommandsNamed(ctx, sel.Name)
	if err != nil {
		return store.Command{}, err
	}
	// Two declarations of one path: the first, by file and position, wins.
	var hits []store.Command
	for i, c := range all {
		if i == 0 || c.Name != all[i-1].Name {
			hits = append(hits, c)
		}
	}
	for _, c := range hits {
		if c.Name == sel.Name {
			return c, nil
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		le := &LookupError{Selector: sel.Raw, Reason: "ambiguous"}
		for _, h := range hits {
			le.Candidates = append(le.Candidates, Candidate{Selector: "command:" + h.Name, Qualified: h.Name, Kind: "command"})
		}
		return store.Command{}, le
	}
	names, err := e.idx.CommandNames(ctx)
	if err != nil {
		return store.Command{}, err
	}
	var words []string // also match on any word of a command path
	for _, n := range names {
		words = append(words, n)
		if i := strings.LastIndexByte(n, ' '); i >= 0 {
			words = append(words, n[i+1:])
		}
	}
	return store.Command{}, &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: prefixAll("command:", nearest(sel.Name, words))}
}

func (e *Engine) showCommand(ctx context.Context, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	c, err := e.resolveCommand(ctx, sel)
	if err != nil {
		return nil, err
	}
	v := &NodeView{Selector: sel.Raw, Kind: "command", Name: c.Name, Path: c.Path, Line: src.line(c.Path, c.SpanStart)}
	if !c.Handler.Valid {
		return v, nil // DESIGN.md, Confidence: no concrete handler could be resolved
	}
	h, ok, err := e.idx.SymbolByID(ctx, c.Handler.Int64)
	if err != nil || !ok {
		return v, err
	}
	v.Handler = &Item{Name: h.Name, Qualified: h.Qualified, Kind: h.Kind, Path: h.Path, Line: src.line(h.Path, h.Start)}
	v.Source, v.Truncated = src.text(h.Path, h.Start, h.End, maxBytes)
	v.Stale = src.stale(ctx, e.idx, h.Path)
	return v, nil
}
