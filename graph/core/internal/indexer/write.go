package indexer

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

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
	pending    *spool      // pass 2's input
	// relDeps are the names resolving a file's relations consulted, kept
	// from the relations pass for the refs pass (files with relations only).
	relDeps map[string]map[string]bool
	written map[string]bool // paths whose rows this sync replaced or removed
	// kept are the written paths whose refs and resolve_deps rows were kept
	// to be rewritten in place (store.Tx.ClearFile).
	kept map[string]bool
	// resolvedOnly are the written paths whose rows but their resolution
	// (relations, refs, resolve_deps) were left as they were (reresolve).
	resolvedOnly map[string]bool
	// hashes are the content hashes of the files indexed before this sync
	// (nil: cold).
	hashes map[string][]byte
	// resolutions are the resolution digests the files held before pass
	// 2 (store.ResolutionDigest), read when the first kept file is
	// resolved.
	resolutions map[string][]byte
	touched     map[string]bool // qualified names whose definitions came or went (incremental)
	now         int64
	deps        *dependencies // the packages of this sync (packages.go)
}

// newWriter makes the writer of a sync; spoolPath is where pass 2's input
// goes when it outgrows memory (see spool). The caller closes the writer.
func newWriter(tx *store.Tx, idx passIndex, langs *languages, spoolPath string) *writer {
	return &writer{tx: tx, idx: idx, langs: langs, pending: newSpool(spoolPath), relDeps: map[string]map[string]bool{},
		written: map[string]bool{}, kept: map[string]bool{}, resolvedOnly: map[string]bool{}, touched: map[string]bool{}, evidence: evidenceLog{}, now: time.Now().UnixNano()}
}

// close deletes the writer's spool file.
func (w *writer) close() { w.pending.close() }

// addExisting records files indexed before this sync (incremental): the
// worktree's first, a dependency's once the sync comes to its packages.
func (w *writer) addExisting(states map[string]store.FileState) {
	for p, f := range states {
		w.existing[p] = true
		w.hashes[p] = f.Hash
	}
}

// spoolPath is where the spool of a sync of the index at dbPath goes: a
// name removeAbandonedBuilds sweeps after a crash.
func spoolPath(dbPath string) string { return fmt.Sprintf("%s.%d.tmp-pass2", dbPath, os.Getpid()) }

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
		if err := w.clear(p); err != nil {
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

// fileRow is the files row of an outcome.
func (w *writer) fileRow(o outcome) store.FileRow {
	p := o.cand.Path
	row := store.FileRow{Path: p, Hash: o.hash, MtimeNs: o.cand.MtimeNs, Lang: o.lang, Size: o.cand.Size, ExtractedAt: w.now,
		Generated: w.langs.generated(path.Base(p)) == extract.GeneratedCode, Package: o.cand.Package,
		External: o.cand.Package != 0} // only a dependency's file comes with its package
	if row.Package == 0 && w.deps != nil {
		row.Package = w.deps.ownPackage(p, w.langs.langOf(p))
	}
	return row
}

// reresolve resolves an unchanged file again (a dependent, see
// reresolveDependents). Its rows but those resolution makes (relations,
// refs, resolve_deps) follow from its bytes, its module context and its
// symbols' ids, which are all as the index holds them, so they stay as
// they are, search rows included; its relations are deleted for pass 2 to
// write again, its refs and resolve_deps rows replaced in place. A file
// whose bytes are not the indexed ones (edited since the scan), that
// cannot be read, or that another index type holds, is rewritten whole by
// apply.
func (w *writer) reresolve(o outcome, rep *Report) error {
	p := o.cand.Path
	_, sql := w.idx.(*sqlIndex)
	old, indexed := w.hashes[p]
	if o.skip != "" || o.x == nil || !sql || !indexed || !bytes.Equal(old, o.hash) || w.written[p] {
		return w.apply(o, rep)
	}
	if err := w.before(p); err != nil {
		return err
	}
	w.kept[p] = true
	w.resolvedOnly[p] = true
	rep.FilesChanged++
	if err := w.tx.ClearResolution(p); err != nil {
		return err
	}
	if err := w.tx.UpdateFile(w.fileRow(o)); err != nil {
		return err
	}
	w.evidence.after(w.langs, p, o.x)
	return w.pending.add(p, o.x)
}

func (w *writer) insert(o outcome) error {
	w.writes++
	p, x := o.cand.Path, o.x
	ids, fresh, err := w.tx.InsertFile(w.fileRow(o), x)
	if err != nil {
		return err
	}
	w.idx.add(p, ids, x, o.cand.Disk != "")
	if w.deps != nil && len(w.deps.langs) > 0 && o.cand.Disk == "" {
		w.deps.names.add(o.lang, p, x) // what the worktree names (packages_select.go)
	}
	if w.existing != nil {
		for i, s := range x.Symbols {
			if fresh[i] { // a new definition (a recycled id changes nothing elsewhere)
				w.touched[strings.Clone(s.Qualified)] = true
			}
		}
		w.evidence.after(w.langs, p, x)
	}
	w.written[p] = true
	// Commands need nothing of pass 2: they go in now.
	for _, c := range x.Commands {
		row := store.CommandRow{Name: c.Name, SpanStart: c.Span.Start, Body: c.Body, Bindings: c.Bindings, Top: c.Top}
		if err := w.tx.InsertCommand(p, row); err != nil {
			return err
		}
	}
	for _, e := range x.CommandEdges {
		if err := w.tx.InsertCommandEdge(p, e); err != nil {
			return err
		}
	}
	return w.pending.add(p, x)
}

// remove deletes a file's rows. References elsewhere to the names it
// defined are re-graded in finish if those definitions do not come back
// with their ids (see store.idPool).
func (w *writer) remove(p string) error {
	if err := w.before(p); err != nil {
		return err
	}
	delete(w.kept, p)
	return w.tx.DeleteFile(p)
}

// clear deletes the rows of a file about to be written again but its refs
// and resolve_deps rows, which pass 2 rewrites where they changed.
func (w *writer) clear(p string) error {
	if err := w.before(p); err != nil {
		return err
	}
	w.kept[p] = true
	return w.tx.ClearFile(p)
}

func (w *writer) before(p string) error {
	if w.deps != nil {
		if err := w.deps.capture(w.tx, p); err != nil { // what it named (packages_reselect.go)
			return err
		}
	}
	w.writes++
	w.written[p] = true
	return w.evidence.before(w.tx, w.langs, p)
}

// finish runs pass 2 for the files written, re-grades references elsewhere
// that point at names whose definitions changed (incremental only), and
// refreshes search rows and command handlers. Relations go first: member
// lookup follows supertypes, whichever file states them.
func (w *writer) finish(searchPaths []string) error {
	if err := w.tx.Flush(); err != nil {
		return err
	}
	if err := w.pending.each(false, w.resolveRelations); err != nil {
		return err
	}
	if err := w.tx.Flush(); err != nil {
		return err
	}
	if sq, ok := w.idx.(*sqlIndex); ok && len(w.kept) > 0 {
		// Before any of their refs are replaced.
		if err := sq.prefetchFiles(sortedKeys(w.kept)); err != nil {
			return err
		}
	}
	if err := w.refsPass(); err != nil {
		return err
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

func (w *writer) resolveFile(f *pendingFile) resolve.File {
	return resolve.File{Path: f.path, Traits: w.langs.traits[w.langs.langOf(f.path)], Imports: f.imports}
}

// resolveRelations grades each relation and stores it under the target
// resolution chose: through a re-export (`class T(unittest.TestCase)`) that
// is where the supertype is defined, not the name the file wrote.
func (w *writer) resolveRelations(f *pendingFile) error {
	if len(f.relations) == 0 {
		return nil
	}
	rels := make([]store.RelationRow, len(f.relations))
	deps := map[string]bool{}
	file := w.resolveFile(f)
	for i, r := range f.relations {
		res, ch, err := resolve.Resolve(w.idx, file, resolve.Ref{Qualified: r.To})
		if err != nil {
			return err
		}
		for _, n := range ch.Consulted {
			deps[n] = true
		}
		to := r.To
		if ch.Target != "" {
			to = ch.Target
		}
		rels[i] = store.RelationRow{From: r.From, To: to, Kind: r.Kind.String(), Span: r.Span, Confidence: res.Confidence}
	}
	if len(deps) > 0 {
		w.relDeps[f.path] = deps
	}
	return w.tx.InsertRelations(f.path, rels)
}

// resolvedFile is one file's references as pass 2 resolved them, with the
// names its resolution consulted (sorted) and their digest.
type resolvedFile struct {
	path   string
	refs   []store.RefRow
	names  []string
	digest []byte
}

// refsPass resolves every pending file's references on one goroutine and
// writes them, in the spool's order, on this one: resolving reads
// definitions, facts and supertypes, which no write of this pass changes
// (it writes refs and resolve_deps rows only), so the two overlap. Writes
// keep their order; the resolution digests are recorded after the last
// file is resolved, so no write touches a table the resolver reads while
// it runs.
func (w *writer) refsPass() error {
	out := make(chan resolvedFile, 16)
	stop := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		defer close(out)
		errc <- w.pending.each(true, func(f *pendingFile) error {
			r, err := w.resolveRefs(f)
			if err != nil {
				return err
			}
			select {
			case out <- r:
				return nil
			case <-stop:
				return errStopped
			}
		})
	}()
	var digests []resolvedFile
	var err error
	for r := range out {
		if err == nil {
			err = w.writeRefs(r)
			digests = append(digests, resolvedFile{path: r.path, digest: r.digest})
		}
		if err != nil && stop != nil {
			close(stop) // the resolver stops at its next file
			stop = nil
		}
	}
	if rerr := <-errc; err == nil && rerr != errStopped {
		err = rerr
	}
	for _, r := range digests {
		if err == nil {
			err = w.tx.SetResolution(r.path, r.digest)
		}
	}
	return err
}

var errStopped = errors.New("stopped")

// resolveRefs resolves a file's references; it reads the index, never
// writes it (refsPass).
func (w *writer) resolveRefs(f *pendingFile) (resolvedFile, error) {
	refs := make([]store.RefRow, len(f.refs))
	deps := w.relDeps[f.path]
	delete(w.relDeps, f.path)
	if deps == nil {
		deps = map[string]bool{}
	}
	file := w.resolveFile(f)
	resolvesFiles := false
	for _, im := range f.imports {
		resolvesFiles = resolvesFiles || im.Resolved != "" && file.Traits.ImportsNameFiles
	}
	for i, r := range f.refs {
		res, ch, err := resolve.Resolve(w.idx, file, resolve.Ref{Name: r.Name, Qualified: r.Qualified, Alternatives: r.Alternatives, Receiver: r.Receiver, Args: r.Args, Start: r.Span.Start})
		if err != nil {
			return resolvedFile{}, err
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
	names := sortedKeys(deps)
	return resolvedFile{path: f.path, refs: refs, names: names, digest: store.ResolutionDigest(refs, names)}, nil
}

// writeRefs stores a file's resolved references and consulted names. A
// kept file (rewritten in place) whose digest is the one it holds was
// resolved as before: its rows stand, unread.
func (w *writer) writeRefs(r resolvedFile) error {
	if !w.kept[r.path] {
		if err := w.tx.InsertRefs(r.path, r.refs); err != nil {
			return err
		}
		return w.tx.InsertDeps(r.path, r.names)
	}
	if w.resolutions == nil {
		// Read once, before any digest of this sync is recorded.
		var err error
		if w.resolutions, err = w.tx.Resolutions(); err != nil {
			return err
		}
	}
	if bytes.Equal(w.resolutions[r.path], r.digest) {
		return nil
	}
	if err := w.tx.ReplaceRefs(r.path, r.refs); err != nil {
		return err
	}
	w.resolutions[r.path] = r.digest // should the file come again
	return w.tx.ReplaceDeps(r.path, r.names)
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
