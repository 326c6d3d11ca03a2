package store

import (
	"database/sql"
	"fmt"
)

// refKey is a stored reference but for its id and, in its loose form, its
// span: what ReplaceRefs matches old rows and new ones by.
type refKey struct {
	start, end                        uint32
	name, qualified, kind, confidence string
	hint                              int64
	args                              sql.NullInt64
}

func keyOf(r RefRow) refKey {
	k := refKey{start: r.Span.Start, end: r.Span.End, name: r.Name, qualified: r.Qualified, kind: r.Kind, confidence: r.Confidence, hint: r.Hint}
	if r.Args.Known {
		k.args = sql.NullInt64{Int64: int64(r.Args.Min), Valid: true}
	}
	return k
}

func (k refKey) loose() refKey { k.start, k.end = 0, 0; return k }

// ReplaceRefs makes the refs of a file ClearFile kept the rows of equal to
// refs, as InsertRefs would have after DeleteFile, but writes only what
// differs: a row equal to a new one stays, a row that differs from one only
// in its span (the text above it was edited) has its span updated, which
// touches no index, and the rest are deleted or inserted.
func (t *Tx) ReplaceRefs(path string, refs []RefRow) error {
	rows, err := t.tx.Query(`SELECT id, from_span_start, from_span_end, target_name, COALESCE(target_qualified, ''),
		COALESCE(target_symbol_hint, 0), kind, confidence, args FROM refs WHERE from_file = ? ORDER BY id`, path)
	if err != nil {
		return fmt.Errorf("read refs of %s: %w", path, err)
	}
	type oldRef struct {
		id  int64
		key refKey
	}
	var old []oldRef
	for rows.Next() {
		var o oldRef
		k := &o.key
		if err := rows.Scan(&o.id, &k.start, &k.end, &k.name, &k.qualified, &k.hint, &k.kind, &k.confidence, &k.args); err != nil {
			rows.Close()
			return fmt.Errorf("read refs of %s: %w", path, err)
		}
		old = append(old, o)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read refs of %s: %w", path, err)
	}
	used := make([]bool, len(old))
	// Rows come back in the order they were written, mostly equal to the
	// new refs up to the first edit: those pair in step, without a map.
	// (Equal rows pair as many times either way.)
	same := 0
	for same < len(old) && same < len(refs) && old[same].key == keyOf(refs[same]) {
		used[same] = true
		same++
	}
	exact := map[refKey][]int{} // key → indexes into old, in id order
	for j := same; j < len(old); j++ {
		exact[old[j].key] = append(exact[old[j].key], j)
	}
	var rest []int // new refs no old row equals
	for i := same; i < len(refs); i++ {
		r := refs[i]
		k := keyOf(r)
		if ids := exact[k]; len(ids) > 0 {
			used[ids[0]] = true
			exact[k] = ids[1:]
			continue
		}
		rest = append(rest, i)
	}
	loose := map[refKey][]int{}
	for j, o := range old {
		if !used[j] {
			loose[o.key.loose()] = append(loose[o.key.loose()], j)
		}
	}
	var insert []RefRow
	for _, i := range rest {
		k := keyOf(refs[i]).loose()
		js := loose[k]
		if len(js) == 0 {
			insert = append(insert, refs[i])
			continue
		}
		used[js[0]] = true
		loose[k] = js[1:]
		if err := t.setRefSpan(old[js[0]].id, refs[i]); err != nil {
			return fmt.Errorf("update refs of %s: %w", path, err)
		}
	}
	for j, o := range old {
		if used[j] {
			continue
		}
		if err := t.deleteRef(o.id); err != nil {
			return fmt.Errorf("update refs of %s: %w", path, err)
		}
	}
	return t.InsertRefs(path, insert)
}

func (t *Tx) setRefSpan(id int64, r RefRow) (err error) {
	if t.updRefSpan == nil {
		if t.updRefSpan, err = t.tx.Prepare(`UPDATE refs SET from_span_start = ?, from_span_end = ? WHERE id = ?`); err != nil {
			return err
		}
	}
	_, err = t.updRefSpan.Exec(r.Span.Start, r.Span.End, id)
	return err
}

func (t *Tx) deleteRef(id int64) (err error) {
	if t.delRef == nil {
		if t.delRef, err = t.tx.Prepare(`DELETE FROM refs WHERE id = ?`); err != nil {
			return err
		}
	}
	_, err = t.delRef.Exec(id)
	return err
}

// ReplaceDeps makes the resolve_deps rows of a file ClearFile kept the rows
// of the given names (sorted, without duplicates), as InsertDeps would
// have after DeleteFile, writing only what differs.
func (t *Tx) ReplaceDeps(path string, names []string) error {
	rows, err := t.tx.Query(`SELECT name FROM resolve_deps WHERE from_file = ?`, path)
	if err != nil {
		return fmt.Errorf("read resolve deps of %s: %w", path, err)
	}
	old := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return fmt.Errorf("read resolve deps of %s: %w", path, err)
		}
		old[n] = true
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read resolve deps of %s: %w", path, err)
	}
	var add []string
	for _, n := range names {
		if old[n] {
			delete(old, n)
		} else {
			add = append(add, n)
		}
	}
	for n := range old { // the order of deletes changes nothing
		if _, err := t.tx.Exec(`DELETE FROM resolve_deps WHERE name = ? AND from_file = ?`, n, path); err != nil {
			return fmt.Errorf("update resolve deps of %s: %w", path, err)
		}
	}
	return t.InsertDeps(path, add)
}
