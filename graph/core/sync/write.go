package sync

import (
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/core/resolve"
	"github.com/orbitgraph/orbit/graph/core/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// symbolTable is the resolver's view of every definition, growing as files
// are written.
type symbolTable interface {
	resolve.Symbols
	add(qualified string, s resolve.Symbol)
}

// memSymbols serves a cold build, which holds every definition in memory.
type memSymbols map[string][]resolve.Symbol

func newMemSymbols() memSymbols { return memSymbols{} }

func (m memSymbols) Lookup(q string) ([]resolve.Symbol, error) { return m[q], nil }
func (m memSymbols) add(q string, s resolve.Symbol)            { m[q] = append(m[q], s) }

// sqlSymbols serves an incremental sync: it reads the symbols table inside
// the write transaction, after this sync's rows are flushed.
type sqlSymbols struct {
	stmt  *sql.Stmt
	cache map[string][]resolve.Symbol
}

func newSQLSymbols(tx *sql.Tx) (*sqlSymbols, error) {
	stmt, err := tx.Prepare(`SELECT id, file_path FROM symbols WHERE qualified = ? ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("prepare symbol lookup: %w", err)
	}
	return &sqlSymbols{stmt: stmt, cache: map[string][]resolve.Symbol{}}, nil
}

func (s *sqlSymbols) add(string, resolve.Symbol) {}

func (s *sqlSymbols) Lookup(q string) ([]resolve.Symbol, error) {
	if defs, ok := s.cache[q]; ok {
		return defs, nil
	}
	rows, err := s.stmt.Query(q)
	if err != nil {
		return nil, fmt.Errorf("look up %s: %w", q, err)
	}
	defer rows.Close()
	var defs []resolve.Symbol
	for rows.Next() {
		var d resolve.Symbol
		if err := rows.Scan(&d.ID, &d.File); err != nil {
			return nil, err
		}
		defs = append(defs, d)
	}
	s.cache[q] = defs
	return defs, rows.Err()
}

// pendingFile is what pass 2 needs of a written file.
type pendingFile struct {
	path      string
	refs      []extract.RawRef
	relations []extract.RawRelation
	imports   []resolve.Import
	commands  []extract.RawCommand
}

// writer applies worker outcomes to the transaction in order (pass 1) and
// then resolves references (pass 2).
type writer struct {
	tx       *store.Tx
	syms     symbolTable
	existing map[string]bool // paths indexed before this sync (nil: cold)
	pending  []pendingFile
	written  map[string]bool   // paths whose rows this sync replaced or removed
	touched  map[string]bool   // qualified names whose definitions came or went
	names    map[string]string // interned ref names (see internRefs)
	now      int64
}

func newWriter(tx *store.Tx, syms symbolTable) *writer {
	return &writer{tx: tx, syms: syms, written: map[string]bool{}, touched: map[string]bool{}, names: map[string]string{}, now: time.Now().UnixNano()}
}

func (w *writer) apply(o outcome, rep *Report) error {
	p := o.cand.Path
	switch {
	case o.skip != "":
		countSkip(rep, o)
		if w.existing[p] {
			rep.FilesRemoved++
			return w.remove(p)
		}
		return nil
	case o.touch:
		return w.tx.TouchFile(p, o.cand.MtimeNs)
	}
	if w.existing[p] {
		if err := w.remove(p); err != nil {
			return err
		}
	}
	rep.FilesChanged++
	if len(o.x.Diagnostics) > 0 {
		rep.ParseErrors++
	}
	if o.nonUTF8 {
		rep.NonUTF8++
		rep.warn(p + ": not valid UTF-8; invalid bytes read as '?'")
	}
	return w.insert(o)
}

func countSkip(rep *Report, o outcome) {
	switch o.skip {
	case "binary":
		rep.Skipped.Binary++
	case "large":
		rep.Skipped.Large++
	default:
		rep.Skipped.Unreadable++
		rep.warn(fmt.Sprintf("%s: %v", o.cand.Path, o.err))
	}
}

func (w *writer) insert(o outcome) error {
	p, x := o.cand.Path, o.x
	row := store.FileRow{Path: p, Hash: o.hash, MtimeNs: o.cand.MtimeNs, Lang: o.lang, Size: o.cand.Size, ExtractedAt: w.now}
	ids, fresh, err := w.tx.InsertFile(row, x)
	if err != nil {
		return err
	}
	for i, s := range x.Symbols {
		q := w.intern(s.Qualified)
		w.syms.add(q, resolve.Symbol{ID: ids[i], File: p})
		if fresh[i] { // a new definition (a recycled id changes nothing elsewhere)
			w.touched[q] = true
		}
	}
	w.written[p] = true
	w.pending = append(w.pending, w.keepForPass2(p, x))
	return nil
}

// keepForPass2 copies what pass 2 needs into interned strings: extractors
// slice names out of the file's text, and holding a few names of every file
// until pass 2 would otherwise keep every file's text alive.
func (w *writer) keepForPass2(p string, x *extract.ExtractedFile) pendingFile {
	f := pendingFile{path: p, commands: x.Commands}
	f.refs = make([]extract.RawRef, len(x.Refs))
	for i, r := range x.Refs {
		r.Name, r.Qualified = w.intern(r.Name), w.intern(r.Qualified)
		f.refs[i] = r
	}
	f.relations = make([]extract.RawRelation, len(x.Relations))
	for i, r := range x.Relations {
		r.From, r.To = w.intern(r.From), w.intern(r.To)
		f.relations[i] = r
	}
	f.imports = make([]resolve.Import, len(x.Imports))
	for i, im := range x.Imports {
		f.imports[i] = resolve.Import{Path: w.intern(im.Path), Symbol: w.intern(im.Symbol)}
	}
	for i := range f.commands {
		f.commands[i].Name = strings.Clone(f.commands[i].Name)
	}
	return f
}

func (w *writer) intern(s string) string {
	if v, ok := w.names[s]; ok {
		return v
	}
	v := strings.Clone(s)
	w.names[v] = v
	return v
}

// remove deletes a file's rows. References elsewhere to the names it
// defined are re-graded in finish if those definitions do not come back
// with their ids (see store.idPool).
func (w *writer) remove(p string) error {
	w.written[p] = true
	return w.tx.DeleteFile(p)
}

// finish runs pass 2 for the files written, re-grades references elsewhere
// that point at names whose definitions changed (incremental only), and
// refreshes search rows and command handlers.
func (w *writer) finish(searchPaths []string) error {
	if err := w.tx.Flush(); err != nil {
		return err
	}
	for _, f := range w.pending {
		if err := w.resolveFile(f); err != nil {
			return err
		}
	}
	if w.existing != nil {
		for _, q := range w.tx.Unrecycled() {
			w.touched[q] = true
		}
		if err := w.regrade(); err != nil {
			return err
		}
	}
	if err := w.tx.IndexSearch(searchPaths); err != nil {
		return err
	}
	return w.tx.LinkCommandHandlers()
}

func (w *writer) resolveFile(f pendingFile) error {
	refs := make([]store.RefRow, len(f.refs))
	for i, r := range f.refs {
		res, err := resolve.Resolve(r.Qualified, f.path, f.imports, w.syms)
		if err != nil {
			return err
		}
		refs[i] = store.RefRow{Span: r.Span, Name: r.Name, Qualified: r.Qualified, Hint: res.Hint, Kind: r.Kind.String(), Confidence: res.Confidence}
	}
	if err := w.tx.InsertRefs(f.path, refs); err != nil {
		return err
	}
	rels := make([]store.RelationRow, len(f.relations))
	for i, r := range f.relations {
		res, err := resolve.Resolve(r.To, f.path, f.imports, w.syms)
		if err != nil {
			return err
		}
		rels[i] = store.RelationRow{From: r.From, To: r.To, Kind: r.Kind.String(), Span: r.Span, Confidence: res.Confidence}
	}
	if err := w.tx.InsertRelations(f.path, rels); err != nil {
		return err
	}
	for _, c := range f.commands {
		if err := w.tx.InsertCommand(f.path, store.CommandRow{Name: c.Name, SpanStart: c.Span.Start}); err != nil {
			return err
		}
	}
	return nil
}
