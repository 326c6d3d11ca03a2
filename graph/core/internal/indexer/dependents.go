package indexer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// evidenceLog remembers, for each file an incremental sync rewrites, the
// facts and supertype edges it stated before and after, so the sync knows
// which subjects' evidence changed.
type evidenceLog map[string]*evidenceDiff

type evidenceDiff struct {
	before, after map[string]bool
	// What a derivation of the file's language reads (its declarations,
	// relations and imports), before and after.
	derivBefore, derivAfter map[string]bool
	derived                 []store.StoredRelation  // derived rows the delete of the file dropped
	typeSpans               map[string]extract.Span // where the new version declares what derivations read
}

// evidence rows are "subject\x00what": one string per fact or edge.
func factRow(subject, kind, member, object string) string {
	return subject + "\x00f\x00" + kind + "\x00" + member + "\x00" + object
}

func superRow(from, kind, to string) string { return from + "\x00s\x00" + kind + "\x00" + to }

func (l evidenceLog) diff(p string) *evidenceDiff {
	d := l[p]
	if d == nil {
		d = &evidenceDiff{before: map[string]bool{}, after: map[string]bool{}, derivBefore: map[string]bool{}, derivAfter: map[string]bool{}}
		l[p] = d
	}
	return d
}

// before reads what the indexed version of p states.
func (l evidenceLog) before(tx *store.Tx, langs *languages, p string) error {
	d := l.diff(p)
	if dv, ok := langs.deriving[langs.langOf(p)]; ok {
		inputs, err := tx.DerivationInputs(p, names(dv.Derivation().Symbols), names(dv.Derivation().Reads))
		if err != nil {
			return err
		}
		for _, in := range inputs {
			d.derivBefore[in] = true
		}
		if d.derived, err = tx.RelationsOf(p, dv.Derivation().Produces.String()); err != nil {
			return err
		}
	}
	evidence, err := tx.EvidenceOf(p)
	if err != nil {
		return err
	}
	for _, e := range evidence {
		switch {
		case !e.Relation:
			d.before[factRow(e.Subject, e.Kind, e.Member, e.Object)] = true
		case langs.isSuperEdge(p, e.Kind):
			d.before[superRow(e.Subject, e.Kind, e.Object)] = true
		}
	}
	return nil
}

// names are kinds' stored names.
func names[K fmt.Stringer](kinds []K) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.String()
	}
	return out
}

// after records what the new version of p states.
func (l evidenceLog) after(langs *languages, p string, x *extract.ExtractedFile) {
	d := l.diff(p)
	for _, f := range x.Facts {
		d.after[factRow(f.Subject, f.Kind.String(), f.Member, store.FactObject(f))] = true
	}
	if dv, ok := langs.deriving[langs.langOf(p)]; ok {
		d.recordInputs(dv.Derivation(), x)
	}
	for _, r := range x.Relations {
		if langs.isSuperEdge(p, r.Kind.String()) {
			d.after[superRow(r.From, r.Kind.String(), r.To)] = true
		}
	}
}

// recordInputs notes what a derivation reads of the new version of a file,
// as derivationInputs reads the old one.
func (d *evidenceDiff) recordInputs(dv extract.Derivation, x *extract.ExtractedFile) {
	d.typeSpans = map[string]extract.Span{}
	for _, s := range x.Symbols {
		if slices.Contains(dv.Symbols, s.Kind) {
			d.derivAfter[s.Qualified+" "+s.Kind.String()] = true
			d.typeSpans[s.Qualified] = s.Span
		}
	}
	for _, r := range x.Relations {
		if slices.Contains(dv.Reads, r.Kind) {
			d.derivAfter[r.From+" "+r.Kind.String()+" "+r.To] = true
		}
	}
	for _, im := range x.Imports {
		d.derivAfter["import "+im.Path] = true
	}
}

// derivationChanged reports whether any file of the language changed what
// its derivation reads: declarations, relations, imports, facts or
// supertypes.
func (l evidenceLog) derivationChanged(langs *languages, lang string) bool {
	for p, d := range l {
		if langs.langOf(p) == lang && (!sameSet(d.before, d.after) || !sameSet(d.derivBefore, d.derivAfter)) {
			return true
		}
	}
	return false
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// changedSubjects lists the subjects whose facts or supertypes differ.
func (l evidenceLog) changedSubjects() map[string]bool {
	out := map[string]bool{}
	for _, d := range l {
		for row := range d.before {
			if !d.after[row] {
				out[row[:strings.IndexByte(row, 0)]] = true
			}
		}
		for row := range d.after {
			if !d.before[row] {
				out[row[:strings.IndexByte(row, 0)]] = true
			}
		}
	}
	return out
}

// dependents lists the unchanged files whose references must be resolved
// again: those whose resolution consulted a name whose definitions came or
// went or whose evidence changed, and those with references to a subject
// whose evidence changed (an alias now leads elsewhere).
func (w *writer) dependents() ([]string, error) {
	for _, q := range w.tx.Unrecycled() {
		w.touched[q] = true
	}
	changed := w.evidence.changedSubjects()
	out := map[string]bool{}
	collect := func(files []string, err error) error {
		for _, p := range files {
			if !w.written[p] {
				out[p] = true
			}
		}
		return err
	}
	if err := w.tx.Flush(); err != nil {
		return nil, err
	}
	spaces := map[string]bool{}
	for _, q := range sortedKeys(w.touched) {
		if err := collect(w.tx.FilesConsulting(q)); err != nil {
			return nil, err
		}
		for _, ns := range resolve.Namespaces(q) {
			spaces[ns] = true
		}
		// A name that lost its last definition: what was graded through an
		// import by that definition is now graded by whether the import's
		// namespace is the index's own (resolve.Resolve), which a re-grade
		// cannot tell.
		defined, err := w.tx.Defined(q)
		if err != nil {
			return nil, err
		}
		if !defined {
			if err := collect(w.tx.FilesGradedByImport(q)); err != nil {
				return nil, err
			}
		}
	}
	// A namespace that gained its first definition or lost its last one
	// changes the grade of undefined names imported from it. One that a
	// name this sync left alone defines did neither (files that consulted
	// it as a name are collected when its definitions or evidence change).
	cleared := w.tx.Cleared()
	changedName := func(q string) bool { return w.touched[q] || cleared[q] }
	for _, ns := range sortedKeys(spaces) {
		if w.touched[ns] {
			continue
		}
		kept, err := w.tx.DefinesBesides(ns, changedName)
		if err != nil {
			return nil, err
		}
		if kept {
			continue
		}
		if err := collect(w.tx.FilesConsulting(ns)); err != nil {
			return nil, err
		}
	}
	for _, q := range sortedKeys(changed) {
		if err := collect(w.tx.FilesConsulting(q)); err != nil {
			return nil, err
		}
		// Refs stored with this very target, or one inside it (a wildcard
		// re-export of module q): their choice may change too.
		if err := collect(w.tx.FilesReferringWithin(q)); err != nil {
			return nil, err
		}
	}
	return sortedKeys(out), nil
}
