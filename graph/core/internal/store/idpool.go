package store

import (
	"database/sql"
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/extract"
)

// idPool hands the ids of a sync's deleted symbols to the symbols it inserts
// with the same qualified name and kind. A file edited without renaming
// anything keeps its symbol ids, so the target_symbol_hint of every ref
// into it stays valid and nothing elsewhere needs rewriting (DESIGN.md, A sync lets
// hints go stale; keeping them fresh is what lets incremental equal cold).
type idPool map[poolKey][]int64

type poolKey struct {
	qualified, kind string
	// arity tells overloads apart ("1..-1"; "" unknown), so that each
	// keeps its id and the hints that name it stay right.
	arity string
}

// recycle puts a file's symbol ids in the pool; DeleteFile deletes the rows
// right after.
func (t *Tx) recycle(path string) error {
	rows, err := t.tx.Query(`SELECT id, qualified, kind, arity_min, arity_max FROM symbols WHERE file_path = ? ORDER BY span_start, id`, path)
	if err != nil {
		return fmt.Errorf("recycle ids of %s: %w", path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var k poolKey
		var lo, hi sql.NullInt64
		if err := rows.Scan(&id, &k.qualified, &k.kind, &lo, &hi); err != nil {
			return fmt.Errorf("recycle ids of %s: %w", path, err)
		}
		k.arity = arityKey(arityOf(lo, hi))
		t.pool[k] = append(t.pool[k], id)
	}
	return rows.Err()
}

// takeID reuses a pooled id for the symbol, or assigns a fresh one.
func (t *Tx) takeID(qualified, kind string, arity extract.Arity) (id int64, fresh bool) {
	k := poolKey{qualified, kind, arityKey(arity)}
	if ids := t.pool[k]; len(ids) > 0 {
		t.pool[k] = ids[1:]
		return ids[0], false
	}
	id = t.nextID
	t.nextID++
	return id, true
}

// Unrecycled lists, sorted, the qualified names of deleted symbols whose ids
// no inserted symbol took: definitions that are gone.
func (t *Tx) Unrecycled() []string {
	var out []string
	for k, ids := range t.pool {
		if len(ids) > 0 {
			out = append(out, k.qualified)
		}
	}
	sort.Strings(out)
	return out
}

// Cleared lists the qualified names of the definitions this sync deleted
// or took back so far, whatever became of their ids.
func (t *Tx) Cleared() map[string]bool {
	out := make(map[string]bool, len(t.pool))
	for k := range t.pool {
		out[k.qualified] = true
	}
	return out
}

func arityKey(a extract.Arity) string {
	if !a.Known {
		return ""
	}
	return fmt.Sprintf("%d..%d", a.Min, a.Max)
}
