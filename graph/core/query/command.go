package query

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// commandRow is a commands row.
type commandRow struct {
	name, path string
	spanStart  int64
	handler    sql.NullInt64
}

// resolveCommand finds a command by its full name ("cli sync") or, when
// unique, by its last words ("sync").
func resolveCommand(ctx context.Context, db *sql.DB, sel Selector) (commandRow, error) {
	rows, err := db.QueryContext(ctx, `SELECT name, file_path, span_start, handler_symbol FROM commands
		WHERE name = ?1 OR name LIKE ?2 ESCAPE '\' ORDER BY name`, sel.Name, "% "+likeEscape(sel.Name))
	if err != nil {
		return commandRow{}, fmt.Errorf("read commands: %w", err)
	}
	var hits []commandRow
	for rows.Next() {
		var c commandRow
		if err := rows.Scan(&c.name, &c.path, &c.spanStart, &c.handler); err != nil {
			rows.Close()
			return commandRow{}, err
		}
		if c.name == sel.Name {
			rows.Close()
			return c, nil
		}
		hits = append(hits, c)
	}
	rows.Close()
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		e := &LookupError{Selector: sel.Raw, Reason: "ambiguous"}
		for _, h := range hits {
			e.Candidates = append(e.Candidates, Candidate{Selector: "command:" + h.name, Qualified: h.name, Kind: "command"})
		}
		return commandRow{}, e
	}
	names, err := column(ctx, db, `SELECT name FROM commands`)
	if err != nil {
		return commandRow{}, err
	}
	var words []string // also match on any word of a command path
	for _, n := range names {
		words = append(words, n)
		if i := strings.LastIndexByte(n, ' '); i >= 0 {
			words = append(words, n[i+1:])
		}
	}
	return commandRow{}, &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: prefixAll("command:", nearest(sel.Name, words))}
}

func showCommand(ctx context.Context, db *sql.DB, src *sources, sel Selector, maxBytes int) (*NodeView, error) {
	c, err := resolveCommand(ctx, db, sel)
	if err != nil {
		return nil, err
	}
	v := &NodeView{Selector: sel.Raw, Kind: "command", Name: c.name, Path: c.path, Line: src.line(c.path, c.spanStart)}
	if !c.handler.Valid {
		return v, nil // spec §11: no concrete handler could be resolved
	}
	hs, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE id = ?`, c.handler.Int64)
	if err != nil || len(hs) == 0 {
		return v, err
	}
	h := hs[0]
	v.Handler = &Item{Name: h.name, Qualified: h.qualified, Kind: h.kind, Path: h.path, Line: src.line(h.path, h.start)}
	v.Source, v.Truncated = src.text(h.path, h.start, h.end, maxBytes)
	v.Stale = src.stale(db, h.path)
	return v, nil
}
