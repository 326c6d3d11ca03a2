package query

import (
	"context"
	"database/sql"
	"fmt"
)

// DefaultMaxBytes bounds the source text show returns (about 4k tokens).
const DefaultMaxBytes = 16 << 10

// maxChildren caps the symbols listed under a file, module or symbol.
const maxChildren = 200

// NodeView is what show returns (spec §9.2): source bytes plus metadata.
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

// symbolRow is a symbols row as show reads it.
type symbolRow struct {
	id                    int64
	name, qualified, kind string
	path                  string
	start, end            int64
	signature             sql.NullString
	parent                sql.NullInt64
}

const symbolCols = `id, name, qualified, kind, file_path, span_start, span_end, signature, parent_symbol`

func scanSymbolRow(rows *sql.Rows) (symbolRow, error) {
	var r symbolRow
	err := rows.Scan(&r.id, &r.name, &r.qualified, &r.kind, &r.path, &r.start, &r.end, &r.signature, &r.parent)
	return r, err
}

func querySymbols(ctx context.Context, db *sql.DB, query string, args ...any) ([]symbolRow, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read symbols: %w", err)
	}
	defer rows.Close()
	var out []symbolRow
	for rows.Next() {
		r, err := scanSymbolRow(rows)
		if err != nil {
			return nil, fmt.Errorf("read symbols: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Show renders what a selector addresses, with at most maxBytes of source.
func Show(ctx context.Context, db *sql.DB, root string, sel Selector, maxBytes int) (*NodeView, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	src := newSources(root)
	switch sel.Kind {
	case SelSymbol:
		return showSymbol(ctx, db, src, sel, maxBytes)
	case SelFile:
		return showFile(ctx, db, src, sel, maxBytes)
	case SelModule:
		return showModule(ctx, db, src, sel)
	case SelCommand:
		return showCommand(ctx, db, src, sel, maxBytes)
	}
	return nil, fmt.Errorf("%w %q", ErrBadSelector, sel.Raw)
}

func showSymbol(ctx context.Context, db *sql.DB, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	sym, err := resolveSymbol(ctx, db, src, sel)
	if err != nil {
		return nil, err
	}
	v := symbolView(src, sel.Raw, sym)
	v.Source, v.Truncated = src.text(sym.path, sym.start, sym.end, maxBytes)
	v.Stale = src.stale(db, sym.path)
	if sym.parent.Valid {
		_ = db.QueryRowContext(ctx, `SELECT qualified FROM symbols WHERE id = ?`, sym.parent.Int64).Scan(&v.Parent)
	}
	kids, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE parent_symbol = ? ORDER BY span_start LIMIT ?`, sym.id, maxChildren+1)
	if err != nil {
		return nil, err
	}
	v.Children, v.ChildrenTruncated = items(src, kids)
	return v, nil
}

func symbolView(src *sources, selector string, s symbolRow) *NodeView {
	return &NodeView{
		Selector: selector, Kind: "symbol", Name: s.name, Qualified: s.qualified, SymbolKind: s.kind,
		Signature: s.signature.String, Path: s.path,
		Line: src.line(s.path, s.start), EndLine: src.line(s.path, max(s.end-1, s.start)),
	}
}

func items(src *sources, rows []symbolRow) ([]Item, bool) {
	truncated := len(rows) > maxChildren
	if truncated {
		rows = rows[:maxChildren]
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = Item{Name: r.name, Qualified: r.qualified, Kind: r.kind, Path: r.path, Line: src.line(r.path, r.start)}
	}
	return out, truncated
}

func showFile(ctx context.Context, db *sql.DB, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	var lang string
	var size int64
	err := db.QueryRowContext(ctx, `SELECT lang, byte_len FROM files WHERE path = ?`, sel.Path).Scan(&lang, &size)
	if err == sql.ErrNoRows {
		return nil, fileNotFound(ctx, db, sel)
	}
	if err != nil {
		return nil, fmt.Errorf("show %s: %w", sel.Raw, err)
	}
	v := &NodeView{Selector: sel.Raw, Kind: "file", Path: sel.Path, Lang: lang, Line: 1}
	v.Source, v.Truncated = src.text(sel.Path, 0, size, maxBytes)
	v.Stale = src.stale(db, sel.Path)
	top, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE file_path = ? AND parent_symbol IS NULL
		ORDER BY span_start LIMIT ?`, sel.Path, maxChildren+1)
	if err != nil {
		return nil, err
	}
	v.Children, v.ChildrenTruncated = items(src, top)
	return v, nil
}

func showModule(ctx context.Context, db *sql.DB, src *sources, sel Selector) (*NodeView, error) {
	mods, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols
		WHERE qualified = ? AND kind IN ('package', 'module', 'namespace') ORDER BY file_path, span_start`, sel.Name)
	if err != nil {
		return nil, err
	}
	if len(mods) == 0 {
		names, err := column(ctx, db, `SELECT DISTINCT qualified FROM symbols WHERE kind IN ('package', 'module', 'namespace')`)
		if err != nil {
			return nil, err
		}
		return nil, &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: prefixAll("module:", nearest(sel.Name, names))}
	}
	v := &NodeView{Selector: sel.Raw, Kind: "module", Name: mods[0].name, Qualified: sel.Name, SymbolKind: mods[0].kind}
	var top []symbolRow
	for _, m := range mods {
		if len(v.Files) == 0 || v.Files[len(v.Files)-1] != m.path {
			v.Files = append(v.Files, m.path)
		}
		rows, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE file_path = ? AND parent_symbol IS NULL
			AND kind NOT IN ('package', 'module', 'namespace') ORDER BY span_start LIMIT ?`, m.path, maxChildren+1)
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

func column(ctx context.Context, db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
