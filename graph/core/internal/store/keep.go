package store

import (
	"database/sql"
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/extract"
)

// symbolRow is a symbols row but for its id and file, as stored.
type symbolRow struct {
	name, qualified, kind string
	start, end            int64
	signature             sql.NullString
	parent                sql.NullInt64
	arityMin, arityMax    sql.NullInt64
	bodyHash, bodySize    sql.NullInt64
	decorators            sql.NullString
	pkg                   sql.NullInt64 // the package the file belongs to
	external              bool          // a dependency's: no search terms
}

// rowOf is the row insertSymbols would write for s.
func rowOf(s extract.RawSymbol, parent, amin, amax, bhash, bsize, decorators, pkg any, external bool) symbolRow {
	r := symbolRow{name: s.Name, qualified: s.Qualified, kind: s.Kind.String(), start: int64(s.Span.Start), end: int64(s.Span.End),
		signature: sql.NullString{String: s.Signature, Valid: s.Signature != ""}, external: external}
	if p, ok := parent.(int64); ok {
		r.parent = sql.NullInt64{Int64: p, Valid: true}
	}
	if lo, ok := amin.(int16); ok {
		r.arityMin = sql.NullInt64{Int64: int64(lo), Valid: true}
		r.arityMax = sql.NullInt64{Int64: int64(amax.(int16)), Valid: true}
	}
	if h, ok := bhash.(int64); ok {
		r.bodyHash = sql.NullInt64{Int64: h, Valid: true}
		r.bodySize = sql.NullInt64{Int64: int64(bsize.(uint32)), Valid: true}
	}
	if p, ok := pkg.(int64); ok {
		r.pkg = sql.NullInt64{Int64: p, Valid: true}
	}
	if d, ok := decorators.(string); ok {
		r.decorators = sql.NullString{String: d, Valid: true}
	}
	return r
}

// readSymbols reads the symbols of a file, by id.
func (t *Tx) readSymbols(path string) (map[int64]symbolRow, error) {
	rows, err := t.tx.Query(`SELECT id, name, qualified, kind, span_start, span_end, signature, parent_symbol, arity_min, arity_max,
		body_hash, body_size, decorators, package, external
		FROM symbols WHERE file_path = ?`, path)
	if err != nil {
		return nil, fmt.Errorf("read symbols of %s: %w", path, err)
	}
	defer rows.Close()
	out := map[int64]symbolRow{}
	for rows.Next() {
		var id int64
		var r symbolRow
		if err := rows.Scan(&id, &r.name, &r.qualified, &r.kind, &r.start, &r.end, &r.signature, &r.parent, &r.arityMin, &r.arityMax,
			&r.bodyHash, &r.bodySize, &r.decorators, &r.pkg, &r.external); err != nil {
			return nil, fmt.Errorf("read symbols of %s: %w", path, err)
		}
		out[id] = r
	}
	return out, rows.Err()
}

// rewriteSymbol brings the kept row of a symbol whose id the new version
// took back in line with it: nothing when equal, and new search terms only
// when those changed.
func (t *Tx) rewriteSymbol(id int64, old, new symbolRow) error {
	if old == new {
		return nil
	}
	termsChanged := old.name != new.name || old.qualified != new.qualified || old.signature != new.signature ||
		old.external != new.external
	if termsChanged {
		if err := t.dropTerms(id, old); err != nil {
			return err
		}
		if !new.external {
			t.termsDue = append(t.termsDue, id)
		}
	}
	_, err := t.tx.Exec(`UPDATE symbols SET name = ?, qualified = ?, kind = ?, span_start = ?, span_end = ?, signature = ?,
		parent_symbol = ?, arity_min = ?, arity_max = ?, body_hash = ?, body_size = ?, decorators = ?, package = ?, external = ?
		WHERE id = ?`,
		new.name, new.qualified, new.kind, new.start, new.end, new.signature, new.parent, new.arityMin, new.arityMax,
		new.bodyHash, new.bodySize, new.decorators, new.pkg, new.external, id)
	if err != nil {
		return fmt.Errorf("update symbol %d: %w", id, err)
	}
	return nil
}

// dropSymbols deletes the kept symbols the new version did not take back
// (their ids stay in the pool for another file's), with their search
// terms. insertSymbols calls it once the rows taken back point at their
// new parents, so no cascade reaches them.
func (t *Tx) dropSymbols(old map[int64]symbolRow) error {
	ids := make([]int64, 0, len(old))
	for id := range old {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		if err := t.dropTerms(id, old[id]); err != nil {
			return err
		}
		if _, err := t.tx.Exec(`DELETE FROM symbols WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete symbol %d: %w", id, err)
		}
	}
	return nil
}

// dropTerms deletes a symbol's row of the external-content search table,
// with the values it was indexed with; an external symbol has none.
func (t *Tx) dropTerms(id int64, r symbolRow) error {
	if r.external {
		return nil
	}
	_, err := t.tx.Exec(`INSERT INTO symbols_fts(symbols_fts, rowid, name, qualified, signature)
		VALUES('delete', ?, orbit_terms(?), orbit_terms(?), ?)`, id, r.name, r.qualified, r.signature)
	if err != nil {
		return fmt.Errorf("delete search terms of symbol %d: %w", id, err)
	}
	return nil
}
