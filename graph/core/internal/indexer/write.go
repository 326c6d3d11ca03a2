package indexer

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// pendingFile is what pass 2 needs of a written file.
type pendingFile struct {
	path      string
	lang      string
	refs      []extract.RawRef
	relations []extract.RawRelation
	imports   []resolve.Import
	commands  []extract.RawCommand
	edges     []extract.CommandEdge
	// deps are the names the file's resolution consulted, relations' and
	// refs' alike (stored once, with the refs).
	deps map[string]bool
}

// writer applies worker outcomes to the transaction in order (pass 1) and
// then resolves references (pass 2).
type writer struct {
	tx       *store.Tx
	idx      passIndex
	langs    *languages
	existing map[string]bool // paths indexed before this sync (nil: cold)
	// wasSkipped are the paths the skipped table remembered before this
	// sync (nil: cold).
	wasSkipped map[string]bool
	writes     int         // statements that changed the index
	evidence   evidenceLog // facts and supertypes of files before this sync rewrote them
	pending    []pendingFile
	written    map[string]bool   // paths whose rows this sync replaced or removed
	touched    map[string]bool   // qualified names whose definitions came or went
	names      map[string]string // interned ref names (see internRefs)
	now        int64
	deps       *dependencies // the packages of this sync (packages.go)
}

func newWriter(tx *store.Tx, idx passIndex, langs *languages) *writer {
	return &writer{tx: tx, idx: idx, langs: langs, written: map[string]bool{}, touched: map[string]bool{}, names: map[string]string{}, evidence: evidenceLog{}, now: time.Now().UnixNano()}
}

func (w *writer) apply(o outcome, rep *Report) error {
	p := o.cand.Path
	switch {
	case o.skip != "" && o.cand.Disk != "":
		// A dependency's file that cannot be read or is too large is
		// left out and not remembered: the package set decides again.
		if w.existing[p] {
			return w.remove(p)
		}
		return nil
	case o.skip != "":
		rep.skip(p, o.skip)
		if o.skip == SkipUnreadable {
			// Not remembered: a chmod changes no mtime, so it is tried
			// again on every sync.
			rep.warn(fmt.Sprintf("%s: %v", p, o.err))
		} else {
			w.writes++
			err := w.tx.RecordSkipped(p, store.SkippedState{Reason: o.skip, Hash: o.hash, MtimeNs: o.cand.MtimeNs, Size: o.cand.Size})
			if err != nil {
				return err
			}
		}
		if w.existing[p] {
			rep.FilesRemoved++
			return w.remove(p)
		}
		return nil
	case o.touch:
		w.writes++
		return w.tx.TouchFile(p, o.cand.MtimeNs)
	}
	if w.existing[p] {
		if err := w.remove(p); err != nil {
			return err
		}
	}
	if w.wasSkipped[p] {
		if err := w.forgetSkipped(p); err != nil {
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

// forgetSkipped drops a remembered skipped file.
func (w *writer) forgetSkipped(p string) error {
	w.writes++
	delete(w.wasSkipped, p)
	return w.tx.ForgetSkipped(p)
}

func (w *writer) insert(o outcome) error {
	w.writes++
	p, x := o.cand.Path, o.x
	row := store.FileRow{Path: p, Hash: o.hash, MtimeNs: o.cand.MtimeNs, Lang: o.lang, Size: o.cand.Size, ExtractedAt: w.now,
		Generated: w.langs.generated(path.Base(p)) == extract.GeneratedCode, Package: o.cand.Package}
	if row.Package == 0 && w.deps != nil {
		row.Package = w.deps.ownPackage(p, w.langs.langOf(p))
	}
	ids, fresh, err := w.tx.InsertFile(row, x)
	if err != nil {
		return err
	}
	w.idx.add(p, ids, x, o.cand.Disk != "")
	for i, s := range x.Symbols {
		if fresh[i] { // a new definition (a recycled id changes nothing elsewhere)
			w.touched[w.intern(s.Qualified)] = true
		}
	}
	if w.existing != nil {
		w.evidence.after(w.langs, p, x)
	}
	w.written[p] = true
	w.pending = append(w.pending, w.keepForPass2(p, o.lang, x))
	return nil
}

// keepForPass2 copies what pass 2 needs into interned strings: extractors
// slice names out of the file's text, and holding a few names of every file
// until pass 2 would otherwise keep every file's text alive.
func (w *writer) keepForPass2(p, lang string, x *extract.ExtractedFile) pendingFile {
	f := pendingFile{path: p, lang: lang, commands: x.Commands}
	f.refs = make([]extract.RawRef, len(x.Refs))
	for i, r := range x.Refs {
		r.Name, r.Qualified = w.intern(r.Name), w.intern(r.Qualified)
		r.Alternatives = w.internAll(r.Alternatives)
		r.Receiver = w.internAll(r.Receiver)
		f.refs[i] = r
	}
	f.relations = make([]extract.RawRelation, len(x.Relations))
	for i, r := range x.Relations {
		r.From, r.To = w.intern(r.From), w.intern(r.To)
		f.relations[i] = r
	}
	f.imports = make([]resolve.Import, len(x.Imports))
	for i, im := range x.Imports {
		f.imports[i] = resolve.Import{Path: w.intern(im.Path), Symbol: w.intern(im.Symbol), Resolved: w.intern(im.Resolved)}
	}
	for i := range f.commands {
		c := &f.commands[i]
		c.Name, c.Bindings, c.Top = strings.Clone(c.Name), w.internAll(c.Bindings), w.internAll(c.Top)
	}
	f.edges = make([]extract.CommandEdge, len(x.CommandEdges))
	for i, e := range x.CommandEdges {
		f.edges[i] = extract.CommandEdge{Parent: w.intern(e.Parent), Child: w.intern(e.Child), Span: e.Span}
	}
	return f
}

func (w *writer) internAll(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = w.intern(s)
	}
	return out
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
	w.writes++
	w.written[p] = true
	if err := w.evidence.before(w.tx, w.langs, p); err != nil {
		return err
	}
	return w.tx.DeleteFile(p)
}

// finish runs pass 2 for the files written, re-grades references elsewhere
// that point at names whose definitions changed (incremental only), and
// refreshes search rows and command handlers. Relations go first: member
// lookup follows supertypes, whichever file states them.
func (w *writer) finish(searchPaths []string) error {
	if err := w.tx.Flush(); err != nil {
		return err
	}
	for i := range w.pending {
		if err := w.resolveRelations(&w.pending[i]); err != nil {
			return err
		}
	}
	if err := w.tx.Flush(); err != nil {
		return err
	}
	for _, f := range w.pending {
		if err := w.resolveRefs(f); err != nil {
			return err
		}
	}
	if w.existing != nil {
		if err := w.regrade(); err != nil {
			return err
		}
	}
	if err := w.derivedRelations(); err != nil {
		return err
	}
	if err := w.tx.IndexSearch(searchPaths); err != nil {
		return err
	}
	if err := w.tx.LinkCommandHandlers(); err != nil {
		return err
	}
	return w.tx.NameCommands()
}

func (w *writer) resolveFile(f pendingFile) resolve.File {
	return resolve.File{Path: f.path, Traits: w.langs.traits[w.langs.langOf(f.path)], Imports: f.imports}
}

// resolveRelations grades each relation and stores it under the target
// resolution chose: through a re-export (`class T(unittest.TestCase)`) that
// is where the supertype is defined, not the name the file wrote.
func (w *writer) resolveRelations(f *pendingFile) error {
	rels := make([]store.RelationRow, len(f.relations))
	f.deps = map[string]bool{}
	for i, r := range f.relations {
		res, ch, err := resolve.Resolve(w.idx, w.resolveFile(*f), resolve.Ref{Qualified: r.To})
		if err != nil {
			return err
		}
		for _, n := range ch.Consulted {
			f.deps[n] = true
		}
		to := r.To
		if ch.Target != "" {
			to = w.intern(ch.Target)
		}
		rels[i] = store.RelationRow{From: r.From, To: to, Kind: r.Kind.String(), Span: r.Span, Confidence: res.Confidence}
	}
	return w.tx.InsertRelations(f.path, rels)
}

func (w *writer) resolveRefs(f pendingFile) error {
	refs := make([]store.RefRow, len(f.refs))
	deps := f.deps
	if deps == nil {
		deps = map[string]bool{}
	}
	file := w.resolveFile(f)
	resolvesFiles := false
	for _, im := range f.imports {
		resolvesFiles = resolvesFiles || im.Resolved != "" && file.Traits.ImportsNameFiles
	}
	for i, r := range f.refs {
		res, ch, err := resolve.Resolve(w.idx, file, resolve.Ref{Name: r.Name, Qualified: r.Qualified, Alternatives: r.Alternatives, Receiver: r.Receiver, Args: r.Args})
		if err != nil {
			return err
		}
		for _, n := range ch.Consulted {
			deps[n] = true
		}
		if resolvesFiles && ch.Target != "" {
			// Graded by which files define the target (an #include'd
			// header): re-resolve, never re-grade, when they change.
			deps[ch.Target] = true
		}
		kind := r.Kind.String()
		if file.Traits.CallingTypeConverts && r.Kind == extract.RefCall && res.Type && (r.Receiver == nil || ch.Target == r.Qualified) {
			// Calling a type converts (Go's unsafe.Pointer(p), T(x)):
			// the ref is a type use. The kind depends on the target's
			// definitions, so the file is re-resolved when they change.
			// (Calling a class elsewhere constructs and runs code: a call.)
			// A member call's fallback (C++'s plain `T(x)` in a method,
			// not a member of its class) is such a call too.
			kind = extract.RefType.String()
			deps[ch.Target] = true
		}
		refs[i] = store.RefRow{Span: r.Span, Name: r.Name, Qualified: ch.Target, Hint: res.Hint, Kind: kind, Confidence: res.Confidence, Args: r.Args}
	}
	if err := w.tx.InsertRefs(f.path, refs); err != nil {
		return err
	}
	if err := w.tx.InsertDeps(f.path, sortedKeys(deps)); err != nil {
		return err
	}
	for _, c := range f.commands {
		row := store.CommandRow{Name: c.Name, SpanStart: c.Span.Start, Body: c.Body, Bindings: c.Bindings, Top: c.Top}
		if err := w.tx.InsertCommand(f.path, row); err != nil {
			return err
		}
	}
	for _, e := range f.edges {
		if err := w.tx.InsertCommandEdge(f.path, e); err != nil {
			return err
		}
	}
	return nil
}

// derivedRelations runs each language's derivation (Go's implicit
// implements) on a cold build or when what it reads changed, and otherwise
// restores the derived rows rewritten files dropped.
func (w *writer) derivedRelations() error {
	for _, lang := range sortedKeys(keysOf(w.langs.deriving)) {
		dv := w.langs.deriving[lang]
		var err error
		if w.existing == nil || w.evidence.derivationChanged(w.langs, lang) {
			err = derive(w.tx, lang, dv)
		} else {
			err = restoreDerived(w.tx, w.langs, lang, w.evidence)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
