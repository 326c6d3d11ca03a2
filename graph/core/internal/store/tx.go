package store

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// FileRow is one row of files.
type FileRow struct {
	Path        string
	Hash        []byte
	MtimeNs     int64
	Lang        string
	Size        int64
	ExtractedAt int64
	Generated   bool  // a generator's output: resolution only (extract.GeneratedCode)
	Package     int64 // packages.id; 0 for none (stored as NULL)
	// External: a dependency package's file. Its symbols are written with
	// symbols.external set and get no full-text row (DESIGN.md, Dependency
	// packages: search).
	External bool
}

// RefRow is a resolved reference.
type RefRow struct {
	Span       extract.Span
	Name       string
	Qualified  string // "" is stored as NULL
	Hint       int64  // 0 is stored as NULL
	Kind       string
	Confidence string
	Args       extract.Arity // of a call, when the language states it
}

// RelationRow is a resolved relation.
type RelationRow struct {
	From, To, Kind string
	Span           extract.Span
	Confidence     string
}

// CommandRow is a command as its file states it (extract.RawCommand).
type CommandRow struct {
	Name      string
	SpanStart uint32
	Body      extract.Span // zero: none
	Bindings  []string
	Top       []string
}

// Tx is the single write transaction of a sync. Nothing is visible to
// readers until Commit; a crash leaves the previous index.
type Tx struct {
	tx        *sql.Tx
	nextID    int64  // next fresh symbols.id; assigned here so ids are deterministic
	pool      idPool // ids of deleted symbols, for re-inserted ones
	refs      *bulk
	symbols   *bulk
	strings   *bulk
	configs   *bulk
	imports   *bulk
	relations *bulk
	facts     *bulk
	deps      *bulk
	closures  *bulk
	insFile   *sql.Stmt
	insCmd    *sql.Stmt
	insEdge   *sql.Stmt
	// ReplaceRefs' statements, prepared on first use.
	updRefSpan, delRef *sql.Stmt
	setResolution      *sql.Stmt // SetResolution's, prepared on first use
	// kept holds the symbols of files ClearFile kept, by id, until
	// InsertFile rewrites them; keptFiles are the files it rewrote, whose
	// search terms IndexSearch adds only for the symbols in termsDue.
	kept      map[string]map[int64]symbolRow
	keptFiles map[string]bool
	termsDue  []int64
}

// Begin starts the write transaction.
func (s *Store) Begin() (*Tx, error) {
	tx, err := s.db.Begin()
	if err != nil {
		return nil, fmt.Errorf("begin sync: %w", err)
	}
	t := &Tx{tx: tx, pool: idPool{}, kept: map[string]map[int64]symbolRow{}, keptFiles: map[string]bool{}}
	if err := t.prepare(); err != nil {
		tx.Rollback()
		return nil, err
	}
	return t, nil
}

func (t *Tx) prepare() (err error) {
	// Bulk inserts reach SQLite in batches, so a string may land before the
	// symbol it points at; check foreign keys at commit instead.
	if _, err := t.tx.Exec(`PRAGMA defer_foreign_keys = ON`); err != nil {
		return fmt.Errorf("begin sync: %w", err)
	}
	if err := t.tx.QueryRow(`SELECT COALESCE(MAX(id), 0) + 1 FROM symbols`).Scan(&t.nextID); err != nil {
		return fmt.Errorf("begin sync: %w", err)
	}
	mk := func(table string, cols ...string) *bulk { return newBulk(t.tx, table, cols...) }
	t.symbols = mk("symbols", "id", "file_path", "name", "qualified", "kind", "span_start", "span_end", "signature", "parent_symbol", "arity_min", "arity_max",
		"body_hash", "body_size", "decorators", "package", "external")
	t.refs = mk("refs", "from_file", "from_span_start", "from_span_end", "target_name", "target_qualified", "target_symbol_hint", "kind", "confidence", "args")
	t.strings = mk("strings", "file_path", "line", "value", "context_symbol")
	t.configs = mk("configs", "file_path", "line", "key", "kind")
	t.imports = mk("imports", "from_file", "target_path", "target_symbol")
	t.relations = mk("relations", "from_qualified", "to_qualified", "kind", "def_file", "def_span_start", "def_span_end", "confidence")
	t.facts = mk("facts", "def_file", "kind", "subject", "member", "object")
	t.deps = mk("resolve_deps", "name", "from_file")
	t.closures = mk("closures", "file_path", "span_start", "span_end", "line", "col", "body_hash", "body_size")
	// A file ClearFile kept the row of is updated in place.
	t.insFile, err = t.tx.Prepare(`INSERT INTO files(path, content_hash, mtime_ns, lang, byte_len, extracted_at, generated, package) VALUES(?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(path) DO UPDATE SET content_hash = excluded.content_hash, mtime_ns = excluded.mtime_ns, lang = excluded.lang,
		byte_len = excluded.byte_len, extracted_at = excluded.extracted_at, generated = excluded.generated, package = excluded.package`)
	if err != nil {
		return fmt.Errorf("prepare files insert: %w", err)
	}
	// The first declaration of a name wins, by (path, offset), whatever order
	// files arrive in, so an incremental sync agrees with a cold one.
	t.insCmd, err = t.tx.Prepare(`INSERT INTO commands(name, local_name, file_path, span_start, body_start, body_end, bindings, top)
		VALUES(?1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)`)
	if err != nil {
		return fmt.Errorf("prepare commands insert: %w", err)
	}
	t.insEdge, err = t.tx.Prepare(`INSERT INTO command_edges(file_path, span_start, parent, child) VALUES(?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("prepare command edges insert: %w", err)
	}
	return nil
}

// SQL gives sync and resolve read access inside the transaction.
func (t *Tx) SQL() *sql.Tx { return t.tx }

// DeleteFile removes a file and, by cascade, everything it contributed. Its
// symbol ids go to the pool for re-inserted symbols (see idPool). The
// external-content FTS rows are deleted first, with the values they were
// indexed with.
func (t *Tx) DeleteFile(path string) error {
	return t.dropFile(path, true, `DELETE FROM files WHERE path = ?1`)
}

// ClearFile deletes what a file about to be written again contributed,
// but for its files row (InsertFile updates it), its refs and its
// resolve_deps rows: pass 2 brings those in line with the new version
// (ReplaceRefs, ReplaceDeps), rewriting only the rows that differ. An edit
// leaves most of a file's references as they were, and deleting and
// re-inserting them all touches a page of each refs index per reference.
//
// Its symbols stay too, until InsertFile matches them with the new ones
// (see keptSymbols): a symbol that keeps its id and its row is not written
// again, nor are its search terms.
func (t *Tx) ClearFile(path string) error {
	old, err := t.readSymbols(path)
	if err != nil {
		return err
	}
	if err := t.dropFile(path, false, clearFile...); err != nil {
		return err
	}
	t.kept[path] = old
	return nil
}

// ClearResolution deletes the relations of a file whose other rows stay as
// they are (an unchanged file resolved again: its relations are written
// again by pass 2, its refs and resolve_deps rows replaced in place).
func (t *Tx) ClearResolution(path string) error {
	if _, err := t.tx.Exec(`DELETE FROM relations WHERE def_file = ?`, path); err != nil {
		return fmt.Errorf("clear relations of %s: %w", path, err)
	}
	return nil
}

// UpdateFile writes a file's row as InsertFile does, and nothing else.
func (t *Tx) UpdateFile(f FileRow) error {
	if _, err := t.insFile.Exec(f.Path, f.Hash, f.MtimeNs, f.Lang, f.Size, f.ExtractedAt, f.Generated, nullInt(f.Package)); err != nil {
		return fmt.Errorf("update file %s: %w", f.Path, err)
	}
	return nil
}

// clearFile deletes the rows of every table whose rows hang off a file, but
// refs, resolve_deps and symbols (TestClearFileCoversEveryTable keeps the
// list whole).
var clearFile = []string{
	`DELETE FROM strings WHERE file_path = ?1`,
	`DELETE FROM configs WHERE file_path = ?1`,
	`DELETE FROM commands WHERE file_path = ?1`,
	`DELETE FROM command_edges WHERE file_path = ?1`,
	`DELETE FROM relations WHERE def_file = ?1`,
	`DELETE FROM imports WHERE from_file = ?1`,
	`DELETE FROM facts WHERE def_file = ?1`,
	`DELETE FROM closures WHERE file_path = ?1`,
}

func (t *Tx) dropFile(path string, symbolTerms bool, deletes ...string) error {
	if err := t.recycle(path); err != nil {
		return err
	}
	stmts := []string{`UPDATE commands SET handler_symbol = NULL WHERE handler_symbol IN (SELECT id FROM symbols WHERE file_path = ?1)`}
	if symbolTerms {
		stmts = append(stmts, `INSERT INTO symbols_fts(symbols_fts, rowid, name, qualified, signature)
			SELECT 'delete', id, orbit_terms(name), orbit_terms(qualified), signature FROM symbols WHERE file_path = ?1 AND NOT external`)
	}
	stmts = append(stmts,
		`INSERT INTO strings_fts(strings_fts, rowid, value) SELECT 'delete', id, value FROM strings WHERE file_path = ?1`,
		`INSERT INTO configs_fts(configs_fts, rowid, key) SELECT 'delete', id, key FROM configs WHERE file_path = ?1`)
	stmts = append(stmts, deletes...)
	for _, s := range stmts {
		if _, err := t.tx.Exec(s, path); err != nil {
			return fmt.Errorf("delete file %s: %w", path, err)
		}
	}
	return nil
}

// TouchFile records a new mtime for a file whose content did not change.
func (t *Tx) TouchFile(path string, mtimeNs int64) error {
	_, err := t.tx.Exec(`UPDATE files SET mtime_ns = ? WHERE path = ?`, mtimeNs, path)
	if err != nil {
		return fmt.Errorf("touch file %s: %w", path, err)
	}
	return nil
}

// InsertFile writes a file with its symbols, imports, strings and configs
// (pass 1 of DESIGN.md, A sync). It returns the ids given to its symbols, in order,
// and which of them are fresh rather than recycled (see idPool).
func (t *Tx) InsertFile(f FileRow, x *extract.ExtractedFile) ([]int64, []bool, error) {
	if _, err := t.insFile.Exec(f.Path, f.Hash, f.MtimeNs, f.Lang, f.Size, f.ExtractedAt, f.Generated, nullInt(f.Package)); err != nil {
		return nil, nil, fmt.Errorf("insert file %s: %w", f.Path, err)
	}
	ids, fresh, err := t.insertSymbols(f.Path, x.Symbols, nullInt(f.Package), f.External)
	if err == nil && len(x.Strings) > 0 {
		// Strings point at symbols: write those first, so no foreign key is
		// ever pending (a pending one makes SQLite scan child tables on every
		// later insert).
		err = t.symbols.flush()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("insert file %s: %w", f.Path, err)
	}
	for _, im := range x.Imports {
		if err := t.imports.add(f.Path, im.Path, nullString(im.Symbol)); err != nil {
			return nil, nil, fmt.Errorf("insert imports of %s: %w", f.Path, err)
		}
	}
	enclosing := innermostOf(x.Symbols, ids)
	for _, s := range x.Strings {
		ctx := enclosing(s.Span)
		if err := t.strings.add(f.Path, s.Line, s.Value, nullInt(ctx)); err != nil {
			return nil, nil, fmt.Errorf("insert strings of %s: %w", f.Path, err)
		}
	}
	for _, c := range x.Configs {
		if err := t.configs.add(f.Path, c.Line, c.Key, c.Kind.String()); err != nil {
			return nil, nil, fmt.Errorf("insert configs of %s: %w", f.Path, err)
		}
	}
	for _, ft := range x.Facts {
		if err := t.facts.add(f.Path, ft.Kind.String(), ft.Subject, ft.Member, FactObject(ft)); err != nil {
			return nil, nil, fmt.Errorf("insert facts of %s: %w", f.Path, err)
		}
	}
	for _, c := range x.Closures {
		var bhash, bsize any
		if c.Body.Hash != 0 {
			bhash, bsize = int64(c.Body.Hash), c.Body.Size
		}
		if err := t.closures.add(f.Path, c.Span.Start, c.Span.End, c.Line, c.Col, bhash, bsize); err != nil {
			return nil, nil, fmt.Errorf("insert closures of %s: %w", f.Path, err)
		}
	}
	return ids, fresh, nil
}

func (t *Tx) insertSymbols(path string, syms []extract.RawSymbol, pkg any, external bool) ([]int64, []bool, error) {
	ids := make([]int64, len(syms))
	fresh := make([]bool, len(syms))
	for i, s := range syms {
		ids[i], fresh[i] = t.takeID(s.Qualified, s.Kind.String(), s.Arity)
	}
	old, kept := t.kept[path]
	if kept {
		delete(t.kept, path)
		t.keptFiles[path] = true
	}
	for i, s := range syms {
		var parent any
		if s.Parent >= 0 && s.Parent < len(syms) {
			parent = ids[s.Parent]
		}
		var amin, amax any
		if s.Arity.Known {
			amin, amax = s.Arity.Min, s.Arity.Max
		}
		var bhash, bsize any
		if s.Body.Hash != 0 {
			bhash, bsize = int64(s.Body.Hash), s.Body.Size // bits kept: SQLite integers are signed
		}
		decorators := nullString(strings.Join(s.Decorators, "\n"))
		if kept {
			if o, ok := old[ids[i]]; ok {
				delete(old, ids[i])
				if err := t.rewriteSymbol(ids[i], o, rowOf(s, parent, amin, amax, bhash, bsize, decorators, pkg, external)); err != nil {
					return nil, nil, err
				}
				continue
			}
			if !external {
				t.termsDue = append(t.termsDue, ids[i])
			}
		}
		err := t.symbols.add(ids[i], path, s.Name, s.Qualified, s.Kind.String(),
			s.Span.Start, s.Span.End, nullString(s.Signature), parent, amin, amax,
			bhash, bsize, decorators, pkg, external)
		if err != nil {
			return nil, nil, err
		}
	}
	if kept {
		if err := t.dropSymbols(old); err != nil {
			return nil, nil, err
		}
	}
	return ids, fresh, nil
}

// innermostOf finds, for a span of the file, the id of the innermost of
// its symbols around it (Innermost), or 0. An Extent's ID here is minus the
// symbol's index, so that of two symbols with the same span the first
// extracted wins: pass 1 must not depend on the ids a sync recycles.
func innermostOf(syms []extract.RawSymbol, ids []int64) func(extract.Span) int64 {
	var xs []Extent
	return func(sp extract.Span) int64 {
		if xs == nil {
			xs = make([]Extent, len(syms))
			for i, s := range syms {
				xs[i] = Extent{ID: -int64(i), Start: int64(s.Span.Start), End: int64(s.Span.End)}
			}
			SortNested(xs)
		}
		if x, ok := Innermost(xs, int64(sp.Start), int64(sp.End)); ok {
			return ids[-x.ID]
		}
		return 0
	}
}

// InsertRefs writes resolved references of one file.
func (t *Tx) InsertRefs(path string, refs []RefRow) error {
	for _, r := range refs {
		var args any
		if r.Args.Known {
			args = r.Args.Min
		}
		err := t.refs.add(path, r.Span.Start, r.Span.End, r.Name, nullString(r.Qualified), nullInt(r.Hint), r.Kind, r.Confidence, args)
		if err != nil {
			return fmt.Errorf("insert refs of %s: %w", path, err)
		}
	}
	return nil
}

// InsertRelations writes resolved relations of one file.
func (t *Tx) InsertRelations(path string, rels []RelationRow) error {
	for _, r := range rels {
		if err := t.relations.add(r.From, r.To, r.Kind, path, r.Span.Start, r.Span.End, r.Confidence); err != nil {
			return fmt.Errorf("insert relations of %s: %w", path, err)
		}
	}
	return nil
}

// InsertDeps records the names a file's resolution consulted (sorted,
// without duplicates).
func (t *Tx) InsertDeps(path string, names []string) error {
	for _, n := range names {
		if err := t.deps.add(n, path); err != nil {
			return fmt.Errorf("insert resolve deps of %s: %w", path, err)
		}
	}
	return nil
}

// InsertCommand writes a command under the name its file states;
// handlers are linked by LinkCommandHandlers, full names by NameCommands.
func (t *Tx) InsertCommand(path string, c CommandRow) error {
	var bs, be any
	if c.Body != (extract.Span{}) {
		bs, be = c.Body.Start, c.Body.End
	}
	if _, err := t.insCmd.Exec(c.Name, path, c.SpanStart, bs, be, strings.Join(c.Bindings, "\n"), strings.Join(c.Top, "\n")); err != nil {
		return fmt.Errorf("insert command %q of %s: %w", c.Name, path, err)
	}
	return nil
}

// InsertCommandEdge writes that the command held by parent adds the one
// held by child.
func (t *Tx) InsertCommandEdge(path string, e extract.CommandEdge) error {
	if _, err := t.insEdge.Exec(path, e.Span.Start, e.Parent, e.Child); err != nil {
		return fmt.Errorf("insert command edge of %s: %w", path, err)
	}
	return nil
}

// Flush writes pending bulk rows so that reads in the transaction see them.
func (t *Tx) Flush() error {
	for _, b := range t.bulks() {
		if err := b.flush(); err != nil {
			return fmt.Errorf("flush inserts: %w", err)
		}
	}
	return nil
}

func (t *Tx) bulks() []*bulk {
	return []*bulk{t.symbols, t.refs, t.strings, t.configs, t.imports, t.relations, t.facts, t.deps, t.closures}
}

// IndexSearch adds the FTS rows of the given files' symbols, strings and
// configs; with nil it indexes everything (a cold build).
func (t *Tx) IndexSearch(paths []string) error {
	if err := t.Flush(); err != nil {
		return err
	}
	const (
		sym = `INSERT INTO symbols_fts(rowid, name, qualified, signature)
			SELECT id, orbit_terms(name), orbit_terms(qualified), signature FROM symbols WHERE NOT external`
		str = `INSERT INTO strings_fts(rowid, value) SELECT id, value FROM strings`
		cfg = `INSERT INTO configs_fts(rowid, key) SELECT id, key FROM configs`
	)
	if paths == nil {
		for _, s := range []string{sym, str, cfg} {
			if _, err := t.tx.Exec(s); err != nil {
				return fmt.Errorf("index search: %w", err)
			}
		}
		return nil
	}
	for _, id := range t.termsDue {
		if _, err := t.tx.Exec(sym+` AND id = ?`, id); err != nil {
			return fmt.Errorf("index search: %w", err)
		}
	}
	t.termsDue = nil
	for _, p := range paths {
		stmts := []string{sym + ` AND file_path = ?`, str + ` WHERE file_path = ?`, cfg + ` WHERE file_path = ?`}
		if t.keptFiles[p] {
			stmts = stmts[1:] // only the symbols in termsDue
		}
		for _, s := range stmts {
			if _, err := t.tx.Exec(s, p); err != nil {
				return fmt.Errorf("index search for %s: %w", p, err)
			}
		}
	}
	return nil
}

// LinkCommandHandlers points every command at its handler: the symbol its
// handler reference (a "handler" ref with the command's own span start) resolved
// to, when that resolution is unique and at least same_module (DESIGN.md, Confidence).
func (t *Tx) LinkCommandHandlers() error {
	if err := t.Flush(); err != nil {
		return err
	}
	_, err := t.tx.Exec(`UPDATE commands SET handler_symbol = (
		SELECT CASE WHEN COUNT(*) = 1 THEN MAX(r.target_symbol_hint) END FROM refs r
		WHERE r.from_file = commands.file_path AND r.from_span_start = commands.span_start
		  AND r.kind = 'handler' AND r.target_symbol_hint IS NOT NULL
		  AND r.confidence IN ('exact', 'import_resolved', 'same_module'))`)
	if err != nil {
		return fmt.Errorf("link command handlers: %w", err)
	}
	return nil
}

// Commit closes the bulk inserters and commits.
func (t *Tx) Commit() error {
	for _, b := range t.bulks() {
		if err := b.close(); err != nil {
			t.tx.Rollback()
			return fmt.Errorf("commit sync: %w", err)
		}
	}
	for _, st := range []*sql.Stmt{t.insFile, t.insCmd, t.insEdge, t.updRefSpan, t.delRef} {
		if st != nil {
			st.Close()
		}
	}
	if err := t.tx.Commit(); err != nil {
		return fmt.Errorf("commit sync: %w", err)
	}
	return nil
}

// Rollback abandons the transaction; the previous index is untouched.
func (t *Tx) Rollback() error { return t.tx.Rollback() }

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullInt(n int64) any {
	if n == 0 {
		return nil
	}
	return n
}

// FactObject is how a fact's object and its alternatives are stored: one
// string, the candidates in order, separated by newlines (which no
// qualified name contains).
func FactObject(f extract.RawFact) string {
	if len(f.Alternatives) == 0 {
		return f.Object
	}
	return strings.Join(append([]string{f.Object}, f.Alternatives...), "\n")
}
