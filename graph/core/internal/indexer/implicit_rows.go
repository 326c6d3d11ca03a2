package indexer

import (
	"database/sql"
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// implicitImplements brings the stored implicit relations in line with the
// index.
func implicitImplements(tx *store.Tx) error {
	want, err := deriveImplicit(tx.SQL())
	if err != nil {
		return err
	}
	have, err := storedImplicit(tx.SQL())
	if err != nil {
		return err
	}
	var add []implicitRow
	for k, r := range want {
		if _, ok := have[k]; ok {
			delete(have, k)
			continue
		}
		add = append(add, r)
	}
	for _, id := range sortedIDs(have) {
		if _, err := tx.SQL().Exec(`DELETE FROM relations WHERE id = ?`, id); err != nil {
			return fmt.Errorf("update implicit implements: %w", err)
		}
	}
	sort.Slice(add, func(i, j int) bool { return implicitKey(add[i]) < implicitKey(add[j]) })
	for _, r := range add {
		row := store.RelationRow{From: r.from, To: r.to, Kind: "implements", Span: r.span, Confidence: r.confidence}
		if err := tx.InsertRelations(r.file, []store.RelationRow{row}); err != nil {
			return err
		}
	}
	return tx.Flush()
}

func implicitKey(r implicitRow) string {
	return fmt.Sprintf("%s\x00%010d\x00%010d\x00%s\x00%s\x00%s", r.file, r.span.Start, r.span.End, r.from, r.to, r.confidence)
}

func sortedIDs(m map[string]int64) []int64 {
	ids := make([]int64, 0, len(m))
	for _, id := range m {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// implicitRowsOf reads the derived rows anchored in one file.
func implicitRowsOf(db *sql.Tx, file string) ([]implicitRow, error) {
	rows, err := db.Query(`SELECT from_qualified, to_qualified, def_file, def_span_start, def_span_end, confidence
		FROM relations WHERE kind = 'implements' AND def_file = ? ORDER BY id`, file)
	if err != nil {
		return nil, fmt.Errorf("read implicit implements of %s: %w", file, err)
	}
	defer rows.Close()
	var out []implicitRow
	for rows.Next() {
		var r implicitRow
		if err := rows.Scan(&r.from, &r.to, &r.file, &r.span.Start, &r.span.End, &r.confidence); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// restoreImplicit puts back the derived rows of rewritten files when no Go
// declaration changed anywhere: the relations are the same, anchored at
// the types' new spans.
func restoreImplicit(tx *store.Tx, log evidenceLog) error {
	for _, p := range sortedKeys(keysOf(log)) {
		d := log[p]
		for _, r := range d.implicit {
			sp, ok := d.typeSpans[r.from]
			if !ok {
				continue
			}
			row := store.RelationRow{From: r.from, To: r.to, Kind: "implements", Span: sp, Confidence: r.confidence}
			if err := tx.InsertRelations(p, []store.RelationRow{row}); err != nil {
				return err
			}
		}
	}
	return tx.Flush()
}

func keysOf(log evidenceLog) map[string]bool {
	out := make(map[string]bool, len(log))
	for p := range log {
		out[p] = true
	}
	return out
}

func storedImplicit(db *sql.Tx) (map[string]int64, error) {
	rows, err := db.Query(`SELECT id, from_qualified, to_qualified, def_file, def_span_start, def_span_end, confidence
		FROM relations WHERE kind = 'implements' AND def_file LIKE '%.go'`)
	if err != nil {
		return nil, fmt.Errorf("read implicit implements: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var id int64
		var r implicitRow
		if err := rows.Scan(&id, &r.from, &r.to, &r.file, &r.span.Start, &r.span.End, &r.confidence); err != nil {
			return nil, err
		}
		out[implicitKey(r)] = id
	}
	return out, rows.Err()
}
