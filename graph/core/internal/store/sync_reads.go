package store

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// What a sync reads and updates besides inserting rows: the indexer's side
// of the schema, so no SQL text lives outside this package.

// FileState is what the diff needs of a files row.
type FileState struct {
	Hash    []byte
	MtimeNs int64
	Size    int64
}

// FileStates reads the state of every indexed file of the worktree by
// path (own packages' files and files of no package).
func (s *Store) FileStates() (map[string]FileState, error) {
	return fileStates(s.db, false)
}

// ExternalFileStates reads the state of every dependency package's file
// (DESIGN.md, Dependency packages) by path. A sync reads them only when it
// syncs the packages: one that writes no file (a touch, a sibling
// worktree's first sync from its seed) leaves them as they are.
func (t *Tx) ExternalFileStates() (map[string]FileState, error) {
	return fileStates(t.tx, true)
}

func fileStates(q interface {
	Query(string, ...any) (*sql.Rows, error)
}, external bool) (map[string]FileState, error) {
	rows, err := q.Query(`SELECT f.path, f.content_hash, f.mtime_ns, f.byte_len
		FROM files f LEFT JOIN packages p ON p.id = f.package
		WHERE COALESCE(p.kind != 'own', 0) = ?`, external)
	if err != nil {
		return nil, fmt.Errorf("read files: %w", err)
	}
	defer rows.Close()
	out := map[string]FileState{}
	for rows.Next() {
		var p string
		var f FileState
		if err := rows.Scan(&p, &f.Hash, &f.MtimeNs, &f.Size); err != nil {
			return nil, fmt.Errorf("read files: %w", err)
		}
		out[p] = f
	}
	return out, rows.Err()
}

// SkippedState is a skipped row: a file a sync read and left out.
type SkippedState struct {
	Reason  string
	Hash    []byte // nil when the file was not hashed
	MtimeNs int64
	Size    int64
}

// SkippedStates reads every remembered skipped file by path.
func (s *Store) SkippedStates() (map[string]SkippedState, error) {
	rows, err := s.db.Query(`SELECT path, reason, content_hash, mtime_ns, byte_len FROM skipped`)
	if err != nil {
		return nil, fmt.Errorf("read skipped files: %w", err)
	}
	defer rows.Close()
	out := map[string]SkippedState{}
	for rows.Next() {
		var p string
		var f SkippedState
		if err := rows.Scan(&p, &f.Reason, &f.Hash, &f.MtimeNs, &f.Size); err != nil {
			return nil, fmt.Errorf("read skipped files: %w", err)
		}
		out[p] = f
	}
	return out, rows.Err()
}

// RecordSkipped remembers a file the sync read and left out.
func (t *Tx) RecordSkipped(path string, f SkippedState) error {
	_, err := t.tx.Exec(`INSERT OR REPLACE INTO skipped(path, reason, content_hash, mtime_ns, byte_len) VALUES(?, ?, ?, ?, ?)`,
		path, f.Reason, f.Hash, f.MtimeNs, f.Size)
	if err != nil {
		return fmt.Errorf("record skipped file %s: %w", path, err)
	}
	return nil
}

// ForgetSkipped drops a remembered skipped file (gone, or indexed now).
func (t *Tx) ForgetSkipped(path string) error {
	if _, err := t.tx.Exec(`DELETE FROM skipped WHERE path = ?`, path); err != nil {
		return fmt.Errorf("forget skipped file %s: %w", path, err)
	}
	return nil
}

// CountOwnFiles is the number of indexed files of the worktree (not of
// its dependency packages).
func (t *Tx) CountOwnFiles() (int, error) {
	var n int
	if err := t.tx.QueryRow(`SELECT COUNT(*) FROM files f LEFT JOIN packages p ON p.id = f.package
		WHERE COALESCE(p.kind != 'own', 0) = 0`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count files: %w", err)
	}
	return n, nil
}

// superKinds are the relations member lookup may follow.
const superKinds = `kind IN ('extends', 'impl', 'implements')`

// Evidence is one fact a file states, or one supertype relation it states
// (then Member is "").
type Evidence struct {
	Subject, Kind, Member, Object string
	Relation                      bool
}

// EvidenceOf reads the facts and supertype relations of one file.
func (t *Tx) EvidenceOf(file string) ([]Evidence, error) {
	rows, err := t.tx.Query(`SELECT subject, kind, member, object, 0 FROM facts WHERE def_file = ?1
		UNION ALL SELECT from_qualified, kind, '', to_qualified, 1 FROM relations WHERE def_file = ?1 AND `+superKinds, file)
	return scanAll(rows, err, "read evidence of "+file, func(e *Evidence) []any {
		return []any{&e.Subject, &e.Kind, &e.Member, &e.Object, &e.Relation}
	})
}

// DerivationInputs reads, as one string each, the rows of one file a
// derivation reads: "qualified kind" per symbol of the given kinds,
// "from kind to" per relation of the given kinds, "import path" per import.
func (t *Tx) DerivationInputs(file string, symbolKinds, relationKinds []string) ([]string, error) {
	rows, err := t.tx.Query(`SELECT qualified || ' ' || kind FROM symbols WHERE file_path = ?1 AND kind IN (`+quoted(symbolKinds)+`)
		UNION ALL SELECT from_qualified || ' ' || kind || ' ' || to_qualified FROM relations WHERE def_file = ?1 AND kind IN (`+quoted(relationKinds)+`)
		UNION ALL SELECT 'import ' || target_path FROM imports WHERE from_file = ?1`, file)
	return scanAll(rows, err, "read declarations of "+file, stringField)
}

// StoredRelation is a relations row with its id and file.
type StoredRelation struct {
	ID   int64
	File string
	RelationRow
}

// RelationsOf reads the relations of one kind anchored in one file, in
// insertion order.
func (t *Tx) RelationsOf(file, kind string) ([]StoredRelation, error) {
	return t.readRelations(`SELECT id, def_file, from_qualified, to_qualified, kind, def_span_start, def_span_end, confidence
		FROM relations WHERE kind = ? AND def_file = ? ORDER BY id`, kind, file)
}

// RelationsOfLang reads the relations of one kind anchored in the files of
// one language (files.lang).
func (t *Tx) RelationsOfLang(kind, lang string) ([]StoredRelation, error) {
	return t.readRelations(`SELECT r.id, r.def_file, r.from_qualified, r.to_qualified, r.kind, r.def_span_start, r.def_span_end, r.confidence
		FROM relations r JOIN files f ON f.path = r.def_file WHERE r.kind = ? AND f.lang = ?`, kind, lang)
}

func (t *Tx) readRelations(query string, args ...any) ([]StoredRelation, error) {
	rows, err := t.tx.Query(query, args...)
	return scanAll(rows, err, "read relations", func(r *StoredRelation) []any {
		return []any{&r.ID, &r.File, &r.From, &r.To, &r.Kind, &r.Span.Start, &r.Span.End, &r.Confidence}
	})
}

// DeleteRelation deletes one relations row.
func (t *Tx) DeleteRelation(id int64) error {
	if _, err := t.tx.Exec(`DELETE FROM relations WHERE id = ?`, id); err != nil {
		return fmt.Errorf("delete relation: %w", err)
	}
	return nil
}

// Declarations reads the symbols of the given kinds in the files of one
// language, by file, position and insertion.
func (t *Tx) Declarations(lang string, kinds []string) ([]extract.Declaration, error) {
	rows, err := t.tx.Query(`SELECT s.qualified, s.kind, s.file_path, s.span_start, s.span_end FROM symbols s
		JOIN files f ON f.path = s.file_path
		WHERE f.lang = ? AND s.kind IN (`+quoted(kinds)+`) ORDER BY s.file_path, s.span_start, s.id`, lang)
	type row struct {
		extract.Declaration
		kind string
	}
	found, err := scanAll(rows, err, "read "+lang+" declarations", func(r *row) []any {
		return []any{&r.Qualified, &r.kind, &r.File, &r.Span.Start, &r.Span.End}
	})
	decls := make([]extract.Declaration, len(found))
	for i, r := range found {
		decls[i] = r.Declaration
		decls[i].Kind, _ = extract.ParseSymbolKind(r.kind)
	}
	return decls, err
}

// RelationsByLang reads the relations of the given kinds stated in the
// files of one language, by file, position and insertion.
func (t *Tx) RelationsByLang(lang string, kinds []string) ([]extract.StatedRelation, error) {
	rows, err := t.tx.Query(`SELECT r.from_qualified, r.to_qualified, r.kind FROM relations r
		JOIN files f ON f.path = r.def_file
		WHERE f.lang = ? AND r.kind IN (`+quoted(kinds)+`) ORDER BY r.def_file, r.def_span_start, r.id`, lang)
	found, err := scanAll(rows, err, "read "+lang+" relations", func(r *RelationRow) []any { return []any{&r.From, &r.To, &r.Kind} })
	out := make([]extract.StatedRelation, len(found))
	for i, r := range found {
		out[i] = extract.StatedRelation{From: r.From, To: r.To}
		out[i].Kind, _ = extract.ParseRelationKind(r.Kind)
	}
	return out, err
}

// ImportsByLang reads the imports of the files of one language.
func (t *Tx) ImportsByLang(lang string) ([]extract.FileImport, error) {
	rows, err := t.tx.Query(`SELECT i.from_file, i.target_path FROM imports i
		JOIN files f ON f.path = i.from_file WHERE f.lang = ? ORDER BY i.from_file, i.rowid`, lang)
	return scanAll(rows, err, "read "+lang+" imports", func(im *extract.FileImport) []any { return []any{&im.File, &im.Path} })
}

// FilesConsulting lists the files whose resolution consulted name
// (resolve_deps).
func (t *Tx) FilesConsulting(name string) ([]string, error) {
	rows, err := t.tx.Query(`SELECT from_file FROM resolve_deps WHERE name = ?`, name)
	return scanAll(rows, err, "find dependents", stringField)
}

// FilesGradedByImport lists the files with a reference or relation whose
// target is q graded import_resolved.
func (t *Tx) FilesGradedByImport(q string) ([]string, error) {
	rows, err := t.tx.Query(`SELECT from_file FROM refs WHERE target_qualified = ?1 AND confidence = 'import_resolved'
		UNION SELECT def_file FROM relations WHERE to_qualified = ?1 AND confidence = 'import_resolved'`, q)
	return scanAll(rows, err, "find dependents", stringField)
}

// Defined reports whether anything defines q.
func (t *Tx) Defined(q string) (bool, error) {
	var n int
	if err := t.tx.QueryRow(`SELECT EXISTS(SELECT 1 FROM symbols WHERE qualified = ?)`, q).Scan(&n); err != nil {
		return false, fmt.Errorf("find dependents: %w", err)
	}
	return n != 0, nil
}

// DefinesBesides reports whether a worktree's own name other than those
// changed reports defines ns or a name inside it (Lookups.Defines): then
// ns was defined before a sync that changed only those names, and still is.
func (t *Tx) DefinesBesides(ns string, changed func(string) bool) (bool, error) {
	own := ` AND NOT external`
	rows, err := t.tx.Query(`SELECT qualified FROM symbols WHERE qualified = ?1`+own+`
		UNION ALL SELECT qualified FROM symbols WHERE qualified >= ?1 || '#' AND qualified < ?1 || '$'`+own+`
		UNION ALL SELECT qualified FROM symbols WHERE qualified >= ?1 || '.' AND qualified < ?1 || '0'`+own+`
		UNION ALL SELECT qualified FROM symbols WHERE qualified >= ?1 || ':' AND qualified < ?1 || ';'`+own, ns)
	if err != nil {
		return false, fmt.Errorf("find dependents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var q string
		if err := rows.Scan(&q); err != nil {
			return false, fmt.Errorf("find dependents: %w", err)
		}
		if !changed(q) {
			return true, nil
		}
	}
	return false, rows.Err()
}

// FilesReferringWithin lists the files with a reference whose target is q
// or a name inside it.
func (t *Tx) FilesReferringWithin(q string) ([]string, error) {
	rows, err := t.tx.Query(`SELECT DISTINCT from_file FROM refs WHERE target_qualified >= ?1 AND target_qualified < ?1 || x'ff'`, q)
	return scanAll(rows, err, "find dependents", stringField)
}

// StoredGrade is the grade of a stored ref or relation.
type StoredGrade struct {
	ID         int64
	File       string
	Confidence string
	Hint       sql.NullInt64 // refs only
	Args       sql.NullInt64 // refs only: a call's arguments, when counted
}

// CallArgs is a stored ref's argument count as an arity.
func (g StoredGrade) CallArgs() extract.Arity {
	if !g.Args.Valid {
		return extract.Arity{}
	}
	return extract.Exactly(int(g.Args.Int64))
}

// RefGrades reads the refs whose target is q.
func (t *Tx) RefGrades(q string) ([]StoredGrade, error) {
	return t.grades(`SELECT id, from_file, confidence, target_symbol_hint, args FROM refs WHERE target_qualified = ?`, q)
}

// RelationGrades reads the relations whose target is q.
func (t *Tx) RelationGrades(q string) ([]StoredGrade, error) {
	return t.grades(`SELECT id, def_file, confidence, NULL, NULL FROM relations WHERE to_qualified = ?`, q)
}

func (t *Tx) grades(query, q string) ([]StoredGrade, error) {
	rows, err := t.tx.Query(query, q)
	return scanAll(rows, err, "regrade "+q, func(r *StoredGrade) []any { return []any{&r.ID, &r.File, &r.Confidence, &r.Hint, &r.Args} })
}

// SetRefGrade updates a ref's confidence and definition hint (0: none),
// and clears its file's resolution digest, which no longer holds.
func (t *Tx) SetRefGrade(id int64, confidence string, hint int64) error {
	if _, err := t.tx.Exec(`UPDATE refs SET confidence = ?, target_symbol_hint = ? WHERE id = ?`, confidence, nullInt(hint), id); err != nil {
		return fmt.Errorf("regrade ref: %w", err)
	}
	if _, err := t.tx.Exec(`UPDATE files SET resolution = NULL WHERE path = (SELECT from_file FROM refs WHERE id = ?)`, id); err != nil {
		return fmt.Errorf("regrade ref: %w", err)
	}
	return nil
}

// SetRelationGrade updates a relation's confidence.
func (t *Tx) SetRelationGrade(id int64, confidence string) error {
	if _, err := t.tx.Exec(`UPDATE relations SET confidence = ? WHERE id = ?`, confidence, id); err != nil {
		return fmt.Errorf("regrade relation: %w", err)
	}
	return nil
}

// quoted is names as a SQL list of string literals. The names are our own
// identifiers (extract's kind names), never user input.
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	return strings.Join(q, ", ")
}

// Lookups are pass 2's reads during an incremental sync, prepared once
// per transaction.
type Lookups struct {
	tx                     *sql.Tx
	symbols, facts, supers *sql.Stmt
	within                 *sql.Stmt
}

// Definition is where one definition of a qualified name lives.
type Definition struct {
	ID                 int64
	File, Kind         string
	Start              uint32 // byte offset of the definition in its file
	ArityMin, ArityMax sql.NullInt64
	External           bool // a dependency package's
}

// Arity is the definition's, unknown when not stored.
func (d Definition) Arity() extract.Arity {
	return arityOf(d.ArityMin, d.ArityMax)
}

func arityOf(lo, hi sql.NullInt64) extract.Arity {
	if !lo.Valid {
		return extract.Arity{}
	}
	return extract.Arity{Known: true, Min: int16(lo.Int64), Max: int16(hi.Int64)}
}

// SuperEdge is one supertype relation: its target, file and kind.
type SuperEdge struct {
	To, File, Kind string
}

// Lookups prepares pass 2's reads.
func (t *Tx) Lookups() (*Lookups, error) {
	l := &Lookups{tx: t.tx}
	var err error
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var st *sql.Stmt
		st, err = t.tx.Prepare(q)
		return st
	}
	l.symbols = prep(`SELECT id, file_path, kind, span_start, arity_min, arity_max, external
		FROM symbols WHERE qualified = ? ORDER BY id`)
	l.facts = prep(`SELECT DISTINCT object FROM facts WHERE kind = ? AND subject = ? AND member = ? ORDER BY object`)
	// Names inside a namespace start with it and a separator: '#', one of
	// '.' and '/' (adjacent bytes), or ':' (also "::"). Only the
	// worktree's own names count (resolve.Index.Defines).
	own := ` AND NOT external)`
	l.within = prep(`SELECT EXISTS(SELECT 1 FROM symbols WHERE qualified = ?1` + own + `
		OR EXISTS(SELECT 1 FROM symbols WHERE qualified >= ?1 || '#' AND qualified < ?1 || '$'` + own + `
		OR EXISTS(SELECT 1 FROM symbols WHERE qualified >= ?1 || '.' AND qualified < ?1 || '0'` + own + `
		OR EXISTS(SELECT 1 FROM symbols WHERE qualified >= ?1 || ':' AND qualified < ?1 || ';'` + own)
	l.supers = prep(`SELECT to_qualified, def_file, kind FROM relations WHERE from_qualified = ? AND ` + superKinds + `
		ORDER BY def_file, def_span_start, id`)
	if err != nil {
		return nil, fmt.Errorf("prepare resolver lookups: %w", err)
	}
	return l, nil
}

// Definitions lists the definitions of q, in insertion order.
func (l *Lookups) Definitions(q string) ([]Definition, error) {
	rows, err := l.symbols.Query(q)
	return scanAll(rows, err, "look up "+q, func(d *Definition) []any {
		return []any{&d.ID, &d.File, &d.Kind, &d.Start, &d.ArityMin, &d.ArityMax, &d.External}
	})
}

// Defines reports whether the index defines ns or any name inside it
// (ns followed by a separator).
func (l *Lookups) Defines(ns string) (bool, error) {
	var n int
	if err := l.within.QueryRow(ns).Scan(&n); err != nil {
		return false, fmt.Errorf("look up namespace %s: %w", ns, err)
	}
	return n != 0, nil
}

// Facts lists the distinct objects of the facts of a kind about subject
// and member, sorted.
func (l *Lookups) Facts(kind, subject, member string) ([]string, error) {
	rows, err := l.facts.Query(kind, subject, member)
	return scanAll(rows, err, "resolver lookup", stringField)
}

// Supers lists the supertype relations stated of q, by file and position.
func (l *Lookups) Supers(q string) ([]SuperEdge, error) {
	rows, err := l.supers.Query(q)
	return scanAll(rows, err, "resolver lookup", func(e *SuperEdge) []any { return []any{&e.To, &e.File, &e.Kind} })
}

// AliasesExist reports whether any alias fact is stored.
func (l *Lookups) AliasesExist() (bool, error) {
	var n int
	if err := l.tx.QueryRow(`SELECT EXISTS(SELECT 1 FROM facts WHERE kind = 'alias')`).Scan(&n); err != nil {
		return false, fmt.Errorf("resolver lookup: %w", err)
	}
	return n != 0, nil
}
