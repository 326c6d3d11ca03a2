package query

import (
	"context"
	"fmt"
)

// DefaultMaxBytes bounds the source text show returns (about 4k tokens).
const DefaultMaxBytes = 16 << 10

// maxChildren caps the symbols listed under a file, module or symbol.
const maxChildren = 200

// NodeView is what show returns (DESIGN.md, A query): source bytes plus metadata.
type NodeView struct {
	Selector          string   `json:"selector"`
	Kind              string   `json:"kind"` // "symbol", "file", "module" or "command"
	Name              string   `json:"name,omitempty"`
	Qualified         string   `json:"qualified,omitempty"`
	SymbolKind        string   `json:"symbol_kind,omitempty"`
	Signature         string   `json:"signature,omitempty"`
	Path              string   `json:"path,omitempty"`
	Lang              string   `json:"lang,omitempty"`
	Line              int      `json:"line,omitempty"`
	EndLine           int      `json:"end_line,omitempty"`
	Parent            string   `json:"parent,omitempty"`
	Handler           *Item    `json:"handler,omitempty"`
	Files             []string `json:"files,omitempty"`
	Children          []Item   `json:"children,omitempty"`
	ChildrenTruncated bool     `json:"children_truncated,omitempty"`
	Source            string   `json:"source"`
	Truncated         bool     `json:"truncated"`
	// Stale: the file changed on disk since the last sync; lines and source
	// may not match the index until `orbit graph sync` runs.
	Stale bool `json:"stale,omitempty"`
}

// Item is a symbol listed inside a NodeView.
type Item struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"`
	Kind      string `json:"kind"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
}

// Show renders what a selector addresses, with at most maxBytes of source.
func (e *Engine) Show(ctx context.Context, sel Selector, maxBytes int) (*NodeView, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	src := e.sources()
	switch sel.Kind {
	case SelSymbol:
		return e.showSymbol(ctx, src, sel, maxBytes)
	case SelFile:
		return e.showFile(ctx, src, sel, maxBytes)
	case SelModule:
		return e.showModule(ctx, src, sel)
	case SelCommand:
		return e.showCommand(ctx, src, sel, maxBytes)
	}
	return nil, fmt.Errorf("%w %q", ErrBadSelector, sel.Raw)
}

func (e *Engine) showSymbol(ctx context.Context, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	sym, err := e.resolveSymbol(ctx, src, sel)
	if err != nil {
		return nil, err
	}
	v := symbolView(src, sel.Raw, sym)
	v.Source, v.Truncated = src.text(sym.Path, sym.Start, sym.End, maxBytes)
	v.Stale = src.stale(ctx, e.idx, sym.Path)
	if sym.Parent.Valid {
		v.Parent = e.idx.QualifiedOf(ctx, sym.Parent.Int64)
	}
	kids, err := e.idx.Children(ctx, sym.ID, maxChildren+1)
	if err != nil {
		return nil, err
	}
	v.Children, v.ChildrenTruncated = items(src, kids)
	return v, nil
}

func symbolView(src *sources, selector string, s symbolRow) *NodeView {
	return &NodeView{
		Selector: selector, Kind: "symbol", Name: s.Name, Qualified: s.Qualified, SymbolKind: s.Kind,
		Signature: s.Signature.String, Path: s.Path,
		Line: src.line(s.Path, s.Start), EndLine: src.line(s.Path, max(s.End-1, s.Start)),
	}
}

func items(src *sources, rows []symbolRow) ([]Item, bool) {
	truncated := len(rows) > maxChildren
	if truncated {
		rows = rows[:maxChildren]
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = Item{Name: r.Name, Qualified: r.Qualified, Kind: r.Kind, Path: r.Path, Line: src.line(r.Path, r.Start)}
	}
	return out, truncated
}

func (e *Engine) showFile(ctx context.Context, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	f, ok, err := e.idx.File(ctx, sel.Path)
	if err != nil {
		return nil, fmt.Errorf("show %s: %w", sel.Raw, err)
	}
	if !ok {
		return nil, e.fileNotFound(ctx, src, sel)
	}
	v := &NodeView{Selector: sel.Raw, Kind: "file", Path: sel.Path, Lang: f.Lang, Line: 1}
	v.Source, v.Truncated = src.text(sel.Path, 0, f.Size, maxBytes)
	v.Stale = src.stale(ctx, e.idx, sel.Path)
	top, err := e.idx.TopLevel(ctx, sel.Path, maxChildren+1)
	if err != nil {
		return nil, err
	}
	v.Children, v.ChildrenTruncated = items(src, top)
	return v, nil
}

func (e *Engine) showModule(ctx context.Context, src *sources, sel Selector) (*NodeView, error) {
	mods, err := e.idx.Modules(ctx, sel.Name)
	if err != nil {
		return nil, err
	}
	if len(mods) == 0 {
		names, err := e.idx.ModuleNames(ctx)
		if err != nil {
			return nil, err
		}
		return nil, &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: prefixAll("module:", nearest(sel.Name, names))}
	}
	v := &NodeView{Selector: sel.Raw, Kind: "module", Name: mods[0].Name, Qualified: sel.Name, SymbolKind: mods[0].Kind}
	var top []symbolRow
	for _, m := range mods {
		if len(v.Files) == 0 || v.Files[len(v.Files)-1] != m.Path {
			v.Files = append(v.Files, m.Path)
		}
		rows, err := e.idx.ModuleMembers(ctx, m.Path, maxChildren+1)
		if err != nil {
			return nil, err
		}
		top = append(top, rows...)
	}
	v.Children, v.ChildrenTruncated = items(src, top)
	return v, nil
}

func prefixAll(prefix string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = prefix + x
	}
	return out
}
