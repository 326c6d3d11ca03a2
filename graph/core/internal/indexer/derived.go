package indexer

import (
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Relations a language derives from the whole index (extract.Deriving:
// Go's implicit implements) are recomputed after pass 2 and diffed against
// the stored ones whenever what the derivation reads changes, never
// re-graded in place; otherwise the rows of rewritten files are restored.

// derivedRow is one derived relation as stored.
type derivedRow struct {
	from, to, file string
	span           extract.Span
	confidence     string
}

// confidenceOf grades a derived relation as a reference found the same way.
var confidenceOf = map[extract.Visibility]string{
	extract.SameFile:      resolve.Exact,
	extract.SameModule:    resolve.SameModule,
	extract.ThroughImport: resolve.ImportResolved,
}

// derive brings the stored derived relations of a language in line with
// the index.
func derive(tx *store.Tx, lang string, dv extract.Deriving) error {
	found, err := dv.Derive(derivationIndex{tx: tx.SQL(), lang: lang, dv: dv.Derivation()})
	if err != nil {
		return fmt.Errorf("derive %s relations: %w", lang, err)
	}
	kind := dv.Derivation().Produces.String()
	have, err := storedDerived(tx.SQL(), lang, kind)
	if err != nil {
		return err
	}
	want := map[string]derivedRow{}
	for _, r := range found {
		row := derivedRow{from: r.From, to: r.To, file: r.File, span: r.Span, confidence: confidenceOf[r.Seen]}
		want[derivedKey(row)] = row
	}
	var add []derivedRow
	for k, r := range want {
		if _, ok := have[k]; ok {
			delete(have, k)
			continue
		}
		add = append(add, r)
	}
	for _, id := range sortedIDs(have) {
		if _, err := tx.SQL().Exec(`DELETE FROM relations WHERE id = ?`, id); err != nil {
			return fmt.Errorf("update derived relations: %w", err)
		}
	}
	sort.Slice(add, func(i, j int) bool { return derivedKey(add[i]) < derivedKey(add[j]) })
	for _, r := range add {
		row := store.RelationRow{From: r.from, To: r.to, Kind: kind, Span: r.span, Confidence: r.confidence}
		if err := tx.InsertRelations(r.file, []store.RelationRow{row}); err != nil {
			return err
		}
	}
	return tx.Flush()
}

func derivedKey(r derivedRow) string {
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

// derivedRowsOf reads the derived rows anchored in one file.
func derivedRowsOf(tx *sql.Tx, file, kind string) ([]derivedRow, error) {
	rows, err := tx.Query(`SELECT from_qualified, to_qualified, def_file, def_span_start, def_span_end, confidence
		FROM relations WHERE kind = ? AND def_file = ? ORDER BY id`, kind, file)
	if err != nil {
		return nil, fmt.Errorf("read derived relations of %s: %w", file, err)
	}
	defer rows.Close()
	var out []derivedRow
	for rows.Next() {
		var r derivedRow
		if err := rows.Scan(&r.from, &r.to, &r.file, &r.span.Start, &r.span.End, &r.confidence); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// restoreDerived puts back the derived rows of a language's rewritten
// files when nothing its derivation reads changed anywhere: the relations
// are the same, anchored at the declarations' new spans.
func restoreDerived(tx *store.Tx, langs *languages, lang string, log evidenceLog) error {
	kind := langs.deriving[lang].Derivation().Produces.String()
	for _, p := range sortedKeys(keysOf(log)) {
		d := log[p]
		if langs.langOf(p) != lang {
			continue
		}
		for _, r := range d.derived {
			sp, ok := d.typeSpans[r.from]
			if !ok {
				continue
			}
			row := store.RelationRow{From: r.from, To: r.to, Kind: kind, Span: sp, Confidence: r.confidence}
			if err := tx.InsertRelations(p, []store.RelationRow{row}); err != nil {
				return err
			}
		}
	}
	return tx.Flush()
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// storedDerived keys the stored derived relations of a language by row.
func storedDerived(tx *sql.Tx, lang, kind string) (map[string]int64, error) {
	rows, err := tx.Query(`SELECT r.id, r.from_qualified, r.to_qualified, r.def_file, r.def_span_start, r.def_span_end, r.confidence
		FROM relations r JOIN files f ON f.path = r.def_file WHERE r.kind = ? AND f.lang = ?`, kind, lang)
	if err != nil {
		return nil, fmt.Errorf("read derived relations: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var id int64
		var r derivedRow
		if err := rows.Scan(&id, &r.from, &r.to, &r.file, &r.span.Start, &r.span.End, &r.confidence); err != nil {
			return nil, err
		}
		out[derivedKey(r)] = id
	}
	return out, rows.Err()
}

// kindList is kinds as a SQL list of string literals. The names are our
// own identifiers (extract's kind names), never user input.
func kindList[K fmt.Stringer](kinds []K) string {
	quoted := make([]string, len(kinds))
	for i, k := range kinds {
		quoted[i] = "'" + k.String() + "'"
	}
	return strings.Join(quoted, ", ")
}
