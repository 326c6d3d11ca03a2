package indexer

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// incremental diffs the scan against the index and rewrites only what
// changed, in one transaction. A sync that finds nothing to write (no
// file's bytes, mtime or presence changed) leaves the file untouched.
func incremental(opts Options, st *store.Store, waitScan func() (scanResult, error)) (Report, error) {
	rep := Report{Mode: "incremental"}
	indexed, err := st.FileStates()
	var skipped map[string]store.SkippedState
	if err == nil {
		skipped, err = st.SkippedStates()
	}
	if err == nil {
		var meta map[string]string
		if meta, err = st.Meta(); err == nil {
			opts.racyCutoff = racyCutoff(meta)
			opts.markerKeys = meta
		}
	}
	sc, scanErr := waitScan()
	if err != nil {
		return rep, err
	}
	if scanErr != nil {
		return rep, scanErr
	}
	ctxs := loadContexts(opts.Location.Root, opts.langs, sc.Files)
	deps := loadDependencies(opts, ctxs, sc.Files)
	hadPackages, err := st.HasPackages()
	if err != nil {
		return rep, err
	}
	// Packages turned on or off, or what they depend on outside the scan
	// changed (extract.StateKeyer).
	toggled := (len(deps.langs) > 0) != hadPackages || hadPackages && deps.stateChanged(opts.markerKeys)
	todo := plan(opts, sc, indexed, skipped, ctxs)
	for _, k := range todo.stillSkipped {
		rep.skip(k.Path, k.Reason)
	}
	if len(todo.jobs) == 0 && len(todo.deleted) == 0 && len(todo.forget) == 0 && !toggled {
		rep.FilesIndexed = len(indexed)
		return rep, nil // nothing to write: readers and other syncs are not disturbed
	}
	// The files are read, hashed and parsed while the transaction opens
	// and the removals are written.
	run := startJobs(opts.Location.Root, opts.Registry, opts.MaxFileSize, opts.xc, todo.jobs)
	defer run.abandon()
	tx, err := st.Begin()
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	idx, err := newSQLIndex(tx, opts.langs)
	if err != nil {
		return rep, err
	}
	w := newWriter(tx, idx, opts.langs, spoolPath(opts.Location.Path))
	defer w.close()
	w.deps = deps
	deps.deferWrite(tx, opts.langs) // the probes run when a file's rows are written
	if toggled {
		if err := deps.ensure(); err != nil {
			return rep, err
		}
	}
	if (len(deps.langs) > 0) != hadPackages {
		// Packages turned on or off: the rows of the files that stay
		// name the packages' new ids (none when off), as a cold build's.
		for p := range indexed {
			if err := tx.SetPackage(p, deps.ownPackage(p, opts.langs.langOf(p))); err != nil {
				return rep, err
			}
		}
	}
	w.existing = make(map[string]bool, len(indexed))
	w.hashes = make(map[string][]byte, len(indexed))
	w.addExisting(indexed)
	w.wasSkipped = make(map[string]bool, len(skipped))
	for p := range skipped {
		w.wasSkipped[p] = true
	}
	for _, p := range todo.forget {
		if err := w.forgetSkipped(p); err != nil {
			return rep, err
		}
	}
	for _, p := range todo.deleted {
		rep.FilesRemoved++
		if err := w.remove(p); err != nil {
			return rep, err
		}
	}
	done := 0
	apply := func(o outcome) error {
		done++
		progress(opts, done, len(todo.jobs))
		return w.apply(o, &rep)
	}
	if err := run.emit(apply); err != nil {
		return rep, err
	}
	if err := deps.failed(); err != nil {
		return rep, err
	}
	if w.writes == 0 && !toggled {
		// Only files that cannot be read: nothing changed.
		rep.FilesIndexed = len(indexed)
		return rep, nil
	}
	var externalJobs map[string]job
	syncedExternal := len(w.written) > 0 || toggled
	if syncedExternal {
		// The imports may have changed: so may the external files.
		external, err := tx.ExternalFileStates()
		if err != nil {
			return rep, err
		}
		w.addExisting(external)
		if externalJobs, err = syncExternal(opts, w, deps, external, &rep); err != nil {
			return rep, err
		}
	}
	if err := deps.prune(); err != nil {
		return rep, err
	}
	if len(w.written) > 0 {
		// Rows were replaced: pass 2 and what depends on it. A sync that
		// only saw new mtimes (touch, checkout, rebase) skips all of it.
		if err := reresolveDependents(opts, w, sc, ctxs, externalJobs, &rep); err != nil {
			return rep, err
		}
		search := []string{} // not nil, which is every file's (a cold build's); resolved again only: their search rows stand
		for _, p := range sortedKeys(w.written) {
			if !w.resolvedOnly[p] {
				search = append(search, p)
			}
		}
		if err := w.finish(search); err != nil {
			return rep, err
		}
	}
	if err := st.SetMeta(tx.SQL(), headMeta(opts.Location, store.MetaLastIncrementalAt, time.Now())); err != nil {
		return rep, err
	}
	if err := st.SetMeta(tx.SQL(), markerKeys(opts, sc)); err != nil {
		return rep, err
	}
	if err := st.SetMeta(tx.SQL(), deps.state()); err != nil {
		return rep, err
	}
	if rep.FilesIndexed, err = tx.CountOwnFiles(); err != nil {
		return rep, err
	}
	return rep, tx.Commit()
}

// syncPlan is what an incremental sync must do.
type syncPlan struct {
	jobs         []job
	deleted      []string      // indexed files gone from the scan
	forget       []string      // remembered skipped files gone from the scan
	stillSkipped []SkippedFile // remembered skipped files unchanged since
}

// plan decides which scanned files to read (mtime or size changed, new, or
// their module context changed) and which indexed files are gone. A file an
// earlier sync skipped after reading it (binary) is not read again while
// its size and mtime stay put.
func plan(opts Options, sc scanResult, indexed map[string]store.FileState, skipped map[string]store.SkippedState, ctxs contexts) syncPlan {
	var out syncPlan
	forced := contextChanges(opts, sc, indexed)
	seen := make(map[string]bool, len(sc.Files))
	for _, f := range sc.Files {
		seen[f.Path] = true
		lang := opts.langs.langOf(f.Path)
		old, ok := indexed[f.Path]
		if s, was := skipped[f.Path]; !ok && was && s.MtimeNs == f.MtimeNs && s.Size == f.Size && s.MtimeNs < opts.racyCutoff {
			out.stillSkipped = append(out.stillSkipped, SkippedFile{f.Path, s.Reason})
			continue
		}
		isForced := forced.covers(f.Path, lang)
		if ok && !isForced && old.MtimeNs == f.MtimeNs && old.Size == f.Size && old.MtimeNs < opts.racyCutoff {
			continue
		}
		j := job{cand: f, ctx: ctxs.forFile(f.Path, lang)}
		if ok && !isForced {
			j.oldHash = old.Hash
		}
		out.jobs = append(out.jobs, j)
	}
	var deleted []string
	for p := range indexed {
		if !seen[p] {
			deleted = append(deleted, p)
		}
	}
	out.deleted = sortedKeys(setOf(deleted))
	var forget []string
	for p := range skipped {
		if !seen[p] {
			forget = append(forget, p)
		}
	}
	out.forget = sortedKeys(setOf(forget))
	return out
}

// reresolveDependents re-extracts the unchanged files whose references a
// change can re-route (see writer.dependents): their raw references are not
// stored, so resolving them again means reading them again. Their content
// is the same, so they are counted apart from changed files.
func reresolveDependents(opts Options, w *writer, sc scanResult, ctxs contexts, external map[string]job, rep *Report) error {
	deps, err := w.dependents()
	if err != nil || len(deps) == 0 {
		return err
	}
	scanned := make(map[string]candidate, len(sc.Files))
	for _, f := range sc.Files {
		scanned[f.Path] = f
	}
	var jobs []job
	for _, p := range deps {
		if f, ok := scanned[p]; ok {
			jobs = append(jobs, job{cand: f, ctx: ctxs.forFile(p, opts.langs.langOf(p))})
		} else if j, ok := external[p]; ok {
			jobs = append(jobs, j) // a dependency's relations consulted a changed name
		}
	}
	var scratch Report // the files are not changes; only removals count
	err = runJobs(opts.Location.Root, opts.Registry, opts.MaxFileSize, opts.xc, jobs, func(o outcome) error { return w.reresolve(o, &scratch) })
	rep.Reresolved += scratch.FilesChanged
	rep.FilesRemoved += scratch.FilesRemoved
	return err
}

// racySlack covers file systems whose timestamps tick coarsely (a few ms on
// Linux, 2 s on FAT).
const racySlack = int64(2 * time.Second)

// racyCutoff is git's "racily clean" rule: a file whose mtime is not clearly
// older than the last write of the index may have changed again within the
// same timestamp tick and keep its size, so it is re-hashed rather than
// trusted.
func racyCutoff(meta map[string]string) int64 {
	last := int64(0)
	for _, k := range []string{store.MetaLastFullBuildAt, store.MetaLastIncrementalAt} {
		if v, err := strconv.ParseInt(meta[k], 10, 64); err == nil && v > last {
			last = v
		}
	}
	return last - racySlack
}

// forcedDirs are directories whose files of a language must be re-extracted
// because a marker of the language (extract.ModuleAware) in them appeared,
// vanished or changed.
type forcedDirs map[string][]string // lang → directories

func (f forcedDirs) covers(p, lang string) bool {
	for _, d := range f[lang] {
		if extract.Under(p, d) {
			return true
		}
	}
	return false
}

// contextChanges finds the markers that came, went or changed. A marker
// that matters by content changed only if its bytes did: one touched
// (checkout, rebase) is hashed and, unchanged, invalidates nothing.
func contextChanges(opts Options, sc scanResult, indexed map[string]store.FileState) forcedDirs {
	forced := forcedDirs{}
	present := map[string]bool{}
	for _, f := range sc.Files {
		for _, a := range opts.langs.aware {
			marker, content := a.Marker(f.Path)
			if !marker {
				continue
			}
			present[f.Path] = true
			// A marker that matters by existence only changes by coming
			// or going; one whose bytes changed, unless its context key
			// stayed (extract.ContextKeyer).
			if old, ok := indexed[f.Path]; !ok || content && markerChanged(opts, f, old) && !sameContextKey(opts, a, f.Path) {
				forced[a.Lang()] = append(forced[a.Lang()], extract.ParentDir(f.Path))
			}
		}
	}
	for p := range indexed {
		for _, a := range opts.langs.aware {
			if marker, _ := a.Marker(p); marker && !present[p] {
				forced[a.Lang()] = append(forced[a.Lang()], extract.ParentDir(p))
			}
		}
	}
	return forced
}

// markerChanged: a marker's bytes differ from the indexed version's. Its
// size and (clearly old) mtime unchanged say so without reading it, as for
// any file; otherwise its hash decides.
func markerChanged(opts Options, f candidate, old store.FileState) bool {
	if old.Size != f.Size {
		return true
	}
	if old.MtimeNs == f.MtimeNs && old.MtimeNs < opts.racyCutoff {
		return false
	}
	b, err := os.ReadFile(filepath.Join(opts.Location.Root, filepath.FromSlash(f.Path)))
	if err != nil {
		return true
	}
	sum := blake3.Sum256(b)
	return !bytes.Equal(sum[:], old.Hash)
}

func setOf(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// markerKeyPrefix prefixes the meta keys recording each marker's context
// key (extract.ContextKeyer).
const markerKeyPrefix = "marker_key:"

// markerKeys are the context keys of the scan's markers, as meta rows.
func markerKeys(opts Options, sc scanResult) map[string]string {
	out := map[string]string{}
	for _, f := range sc.Files {
		for _, a := range opts.langs.aware {
			k, ok := a.(extract.ContextKeyer)
			if marker, content := a.Marker(f.Path); !ok || !marker || !content {
				continue
			}
			if b := readMarker(opts.Location.Root, f.Path); b != nil {
				out[markerKeyPrefix+f.Path] = k.ContextKey(b)
			}
		}
	}
	return out
}

// sameContextKey: the marker's context key is the one the index recorded.
func sameContextKey(opts Options, a extract.ModuleAware, p string) bool {
	k, ok := a.(extract.ContextKeyer)
	if !ok {
		return false
	}
	old, recorded := opts.markerKeys[markerKeyPrefix+p]
	b := readMarker(opts.Location.Root, p)
	return recorded && b != nil && k.ContextKey(b) == old
}
