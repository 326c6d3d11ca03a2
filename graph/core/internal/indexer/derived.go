package indexer

import (
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Relations a language derives from the whole index (extract.Deriving:
// Go's implicit implements) are recomputed after pass 2 and diffed against
// the stored ones whenever what the derivation reads changes, never
// re-graded in place; otherwise the rows of rewritten files are restored.

// confidenceOf grades a derived relation as a reference found the same way.
var confidenceOf = map[extract.Visibility]string{
	extract.SameFile:      resolve.Exact,
	extract.SameModule:    resolve.SameModule,
	extract.ThroughImport: resolve.ImportResolved,
}

// derive brings the stored derived relations of a language in line with
// the index.
func derive(tx *store.Tx, lang string, dv extract.Deriving) error {
	found, err := dv.Derive(derivationIndex{tx: tx, lang: lang, dv: dv.Derivation()})
	if err != nil {
		return fmt.Errorf("derive %s relations: %w", lang, err)
	}
	if found, err = anchoredInWorktree(tx, found); err != nil {
		return err
	}
	kind := dv.Derivation().Produces.String()
	stored, err := tx.RelationsOfLang(kind, lang)
	if err != nil {
		return err
	}
	have := make(map[string]int64, len(stored))
	for _, r := range stored {
		have[derivedKey(r)] = r.ID
	}
	want := map[string]store.StoredRelation{}
	for _, r := range found {
		row := store.StoredRelation{File: r.File, RelationRow: store.RelationRow{From: r.From, To: r.To, Kind: kind, Span: r.Span, Confidence: confidenceOf[r.Seen]}}
		want[derivedKey(row)] = row
	}
	var add []store.StoredRelation
	for k, r := range want {
		if _, ok := have[k]; ok {
			delete(have, k)
			continue
		}
		add = append(add, r)
	}
	for _, id := range sortedIDs(have) {
		if err := tx.DeleteRelation(id); err != nil {
			return err
		}
	}
	sort.Slice(add, func(i, j int) bool { return derivedKey(add[i]) < derivedKey(add[j]) })
	for _, r := range add {
		if err := tx.InsertRelations(r.File, []store.RelationRow{r.RelationRow}); err != nil {
			return err
		}
	}
	return tx.Flush()
}

func derivedKey(r store.StoredRelation) string {
	return fmt.Sprintf("%s\x00%010d\x00%010d\x00%s\x00%s\x00%s", r.File, r.Span.Start, r.Span.End, r.From, r.To, r.Confidence)
}

func sortedIDs(m map[string]int64) []int64 {
	ids := make([]int64, 0, len(m))
	for _, id := range m {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// restoreDerived puts back the derived rows of a language's rewritten
// files when nothing its derivation reads changed anywhere: the relations
// are the same, anchored at the declarations' new spans.
func restoreDerived(tx *store.Tx, langs *languages, lang string, log evidenceLog) error {
	for _, p := range sortedKeys(keysOf(log)) {
		d := log[p]
		if langs.langOf(p) != lang {
			continue
		}
		for _, r := range d.derived {
			sp, ok := d.typeSpans[r.From]
			if !ok {
				continue
			}
			row := r.RelationRow
			row.Span = sp
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

// anchoredInWorktree keeps the derived relations of the worktree's own
// types: a dependency's types are resolution targets, not subjects
// (DESIGN.md, Dependency packages).
func anchoredInWorktree(tx *store.Tx, found []extract.DerivedRelation) ([]extract.DerivedRelation, error) {
	external, err := tx.ExternalPaths()
	if err != nil || len(external) == 0 {
		return found, err
	}
	out := found[:0]
	for _, r := range found {
		if !external[r.File] {
			out = append(out, r)
		}
	}
	return out, nil
}
