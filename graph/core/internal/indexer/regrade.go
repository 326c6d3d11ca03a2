package indexer

import (
	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
)

// regrade re-resolves references and relations in unchanged files whose
// target is a qualified name defined (before or after) in a changed file, so
// an incremental sync ends exactly where a cold build would (DESIGN.md, A sync: refs
// resolve by qualified name, never by a stale id).
func (w *writer) regrade() error {
	for _, q := range sortedKeys(w.touched) {
		defs, err := w.idx.Lookup(q)
		if err != nil {
			return err
		}
		if err := w.regradeRefs(q, defs); err != nil {
			return err
		}
		if err := w.regradeRelations(q, defs); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) regradeRefs(q string, defs []resolve.Symbol) error {
	rows, err := w.tx.RefGrades(q)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if w.written[r.File] {
			continue
		}
		res := resolve.Regrade(r.Confidence, r.File, defs, r.CallArgs())
		if res.Confidence == r.Confidence && res.Hint == r.Hint.Int64 {
			continue
		}
		if err := w.tx.SetRefGrade(r.ID, res.Confidence, res.Hint); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) regradeRelations(q string, defs []resolve.Symbol) error {
	rows, err := w.tx.RelationGrades(q)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if w.written[r.File] {
			continue
		}
		if res := resolve.Regrade(r.Confidence, r.File, defs, extract.Arity{}); res.Confidence != r.Confidence {
			if err := w.tx.SetRelationGrade(r.ID, res.Confidence); err != nil {
				return err
			}
		}
	}
	return nil
}
