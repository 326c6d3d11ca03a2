package indexer

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"

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
	derived                 []derivedRow            // derived rows the delete of the file dropped
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
func (l evidenceLog) before(tx *sql.Tx, langs *languages, p string) error {
	d := l.diff(p)
	rows, err := tx.Query(`SELECT subject, kind, member, object FROM facts WHERE def_file = ?1
		UNION ALL SELECT from_qualified, kind, '', to_qualified FROM relations WHERE def_file = ?1 AND `+superKinds, p)
	if err != nil {
		return fmt.Errorf("read evidence of %s: %w", p, err)
	}
	defer rows.Close()
	if dv, ok := langs.deriving[langs.langOf(p)]; ok {
		if err := derivationInputs(tx, p, dv.Derivation(), d.derivBefore); err != nil {
			return err
		}
		if d.derived, err = derivedRowsOf(tx, p, dv.Derivation().Produces.String()); err != nil {
			return err
		}
	}
	for rows.Next() {
		var subject, kind, member, object string
		if err := rows.Scan(&subject, &kind, &member, &object); err != nil {
			return fmt.Errorf("read evidence of %s: %w", p, err)
		}
		switch {
		case !isRelationKind(kind):
			d.before[factRow(subject, kind, member, object)] = true
		case langs.isSuperEdge(p, kind):
			d.before[superRow(subject, kind, object)] = true
		}
	}
	return rows.Err()
}

// derivationInputs reads the rows of the file at p a derivation reads.
func derivationInputs(tx *sql.Tx, p string, dv extract.Derivation, into map[string]bool) error {
	rows, err := tx.Query(`SELECT qualified || ' ' || kind FROM symbols WHERE file_path = ?1 AND kind IN (`+kindList(dv.Symbols)+`)
		UNION ALL SELECT from_qualified || ' ' || kind || ' ' || to_qualified FROM relations WHERE def_file = ?1 AND kind IN (`+kindList(dv.Reads)+`)
		UNION ALL SELECT 'import ' || target_path FROM imports WHERE from_file = ?1`, p)
	if err != nil {
		return fmt.Errorf("read declarations of %s: %w", p, err)
	}
	defer rows.Close()
	for rows.Next() {
		var row string
		if err := rows.Scan(&row); err != nil {
			return err
		}
		into[row] = true
	}
	return rows.Err()
}

func isRelationKind(kind string) bool {
	return kind == extract.RelExtends.String() || kind == extract.RelImpl.String() || kind == extract.RelImplements.String()
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
	tx := w.tx.SQL()
	for _, q := range w.tx.Unrecycled() {
		w.touched[q] = true
	}
	changed := w.evidence.changedSubjects()
	out := map[string]bool{}
	collect := func(query string, args ...any) error {
		rows, err := tx.Query(query, args...)
		if err != nil {
			return fmt.Errorf("find dependents: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			if !w.written[p] {
				out[p] = true
			}
		}
		return rows.Err()
	}
	for _, q := range sortedKeys(w.touched) {
		if err := collect(`SELECT from_file FROM resolve_deps WHERE name = ?`, q); err != nil {
			return nil, err
		}
	}
	for _, q := range sortedKeys(changed) {
		if err := collect(`SELECT from_file FROM resolve_deps WHERE name = ?`, q); err != nil {
			return nil, err
		}
		// Refs stored with this very target, or one inside it (a wildcard
		// re-export of module q): their choice may change too.
		if err := collect(`SELECT DISTINCT from_file FROM refs WHERE target_qualified >= ?1 AND target_qualified < ?1 || x'ff'`, q); err != nil {
			return nil, err
		}
	}
	return sortedKeys(out), nil
}
