package indexer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultMaxFileSize is the largest file indexed unless configured otherwise.
const DefaultMaxFileSize = 1 << 20

// Options configure one sync.
type Options struct {
	Location    dbpath.Location
	Registry    *extract.Registry
	Full        bool  // rehash and re-extract everything (a cold rebuild)
	MaxFileSize int64 // 0 means DefaultMaxFileSize
	// Warn receives problems worth telling a person (a rebuilt index).
	Warn func(string)
	// Progress, if set, is called as files are processed.
	Progress func(done, total int)
	// LockWait bounds how long the sync waits for another sync of the same
	// index (then ErrLockTimeout); 0 waits as long as it takes.
	LockWait time.Duration
	// Waiting, if set, hears once, after a second, that the sync waits.
	Waiting Waiting
	// Packages indexes the dependency packages the worktree imports,
	// declarations only (DESIGN.md, Dependency packages); without it a
	// sync removes any.
	Packages bool
	// ExternalCache, if set, shares the extractions of dependency
	// packages' files across indexes and syncs.
	ExternalCache ExtractionCache
	// Cache, if set, is the shared extraction cache (DESIGN.md, Extraction
	// cache): files are looked up there before they are parsed.
	Cache *xcache.Cache

	racyCutoff int64             // set by incremental from the index's last write time
	markerKeys map[string]string // the context keys the index recorded, by marker path
	langs      *languages        // the registry's abilities, set by Run
	xc         *cacheRun         // this sync's use of Cache, set by Run
}

// Run brings the index at opts.Location up to date and returns what it did.
// The index is replaced atomically: a cold build writes a new file and renames
// it into place; an incremental sync is one transaction.
func Run(opts Options) (Report, error) {
	start := time.Now()
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	if opts.Warn == nil {
		opts.Warn = func(string) {}
	}
	opts.langs = newLanguages(opts.Registry)
	opts.xc = newCacheRun(opts.Cache)
	if err := dbpath.EnsureDir(opts.Location.Root); err != nil {
		return Report{}, err
	}
	unlock, err := lockIndex(opts.Location.Path, opts.LockWait, opts.Waiting) // one writer per index (DESIGN.md, A sync)
	if err != nil {
		return Report{}, err
	}
	defer unlock()
	removeAbandonedBuilds(opts.Location.Path)
	// Scan while the index is opened and its file list read: both are I/O.
	scanned := make(chan scanOutcome, 1)
	go func() {
		sc, err := scan(opts.Location.Root, opts.langs, opts.MaxFileSize)
		scanned <- scanOutcome{sc, err}
	}()
	waitScan := sync.OnceValues(func() (scanResult, error) {
		o := <-scanned
		return o.sc, o.err
	})
	rep, err := run(opts, waitScan)
	opts.xc.report(&rep, opts.Warn)
	if err != nil {
		return rep, err
	}
	// The index of this branch built by another extractor version will
	// not be read again by this one (`clean` sweeps other branches').
	rep.RemovedIndexes = dbpath.RemoveOtherVersions(opts.Location, extract.Version)
	sc, _ := waitScan()
	rep.FilesScanned = len(sc.Files)
	for _, k := range sc.Skips {
		rep.skip(k.Path, k.Reason)
	}
	for _, e := range sc.Errors {
		rep.warn(e)
	}
	rep.finishSkips()
	rep.Duration = time.Since(start)
	rep.DurationMs = float64(rep.Duration.Microseconds()) / 1000
	return rep, nil
}

// scanOutcome carries the scan's result from its goroutine.
type scanOutcome struct {
	sc  scanResult
	err error
}

func run(opts Options, waitScan func() (scanResult, error)) (Report, error) {
	coldBuild := func(mode string) (Report, error) {
		sc, err := waitScan()
		if err != nil {
			return Report{}, err
		}
		rep, err := cold(opts, sc, mode)
		if err == nil {
			store.ClearCorrupt(opts.Location.Path)
			if opts.xc != nil {
				publishSeed(opts)
			}
		}
		return rep, err
	}
	if opts.Full {
		return coldBuild("full")
	}
	if store.MarkedCorrupt(opts.Location.Path) {
		// A query met damage in a page this sync would never read.
		opts.Warn(fmt.Sprintf("rebuilding index %s: a query found it corrupt", opts.Location.Path))
		return coldBuild("cold")
	}
	if opts.xc != nil {
		if rep, ok := seededBuild(opts, waitScan); ok {
			return rep, nil
		}
	}
	st, err := store.Open(opts.Location.Path, extract.Version)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return coldBuild("cold")
	case errors.Is(err, store.ErrCorrupt), errors.Is(err, store.ErrIncompatible):
		opts.Warn(fmt.Sprintf("rebuilding index %s: %v", opts.Location.Path, err))
		return coldBuild("cold")
	case err != nil:
		waitScan()
		return Report{}, err
	}
	rep, err := incremental(opts, st, waitScan)
	st.Close()
	if err != nil && store.IsCorruption(err) {
		opts.Warn(fmt.Sprintf("rebuilding corrupt index %s: %v", opts.Location.Path, err))
		return coldBuild("cold")
	}
	return rep, err
}

// meta is what every sync records about HEAD.
func headMeta(loc dbpath.Location, key string, now time.Time) map[string]string {
	return map[string]string{
		store.MetaBranch:    loc.Branch,
		store.MetaCommitSHA: loc.CommitSHA,
		key:                 strconv.FormatInt(now.UnixNano(), 10),
	}
}

// cold builds a fresh index in a temporary file and renames it into place,
// so a crash at any moment leaves the previous index intact.
func cold(opts Options, sc scanResult, mode string) (Report, error) {
	rep := Report{Mode: mode}
	tmp := fmt.Sprintf("%s.%d.tmp", opts.Location.Path, os.Getpid())
	st, err := store.Create(tmp, extract.Version)
	if err != nil {
		return rep, err
	}
	defer os.Remove(tmp)
	if err := buildInto(st, opts, sc, &rep); err != nil {
		st.Close()
		return rep, err
	}
	if err := st.Seal(); err != nil {
		return rep, err
	}
	// A stale WAL or hot journal beside the target would be replayed into
	// the new file, so they go; first the old index takes in what they hold,
	// so that a kill before the rename leaves it whole and up to date.
	settle(opts.Location.Path)
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(opts.Location.Path + side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return rep, fmt.Errorf("replace index: %w", err)
		}
	}
	if err := os.Rename(tmp, opts.Location.Path); err != nil {
		return rep, fmt.Errorf("replace index: %w", err)
	}
	return rep, nil
}

// settle checkpoints the WAL, or rolls back the hot journal, of the index
// at dbPath into the file itself, if there is one. It fails quietly: a file
// it cannot open is damaged and about to be replaced.
func settle(dbPath string) {
	for _, side := range []string{"-wal", "-journal"} {
		if fi, err := os.Stat(dbPath + side); err == nil && fi.Size() > 0 {
			store.Checkpoint(dbPath)
			return
		}
	}
}

// removeAbandonedBuilds deletes the temporary files of cold builds of the
// index at dbPath that were killed before renaming them into place. Cold
// builds run under the index lock, which the caller holds, so every
// "<db>.<pid>.tmp" present is abandoned, as is every sync's spool
// ("<db>.<pid>.tmp-pass2") (a killed sync's lock is released by
// the kernel; its file is not).
func removeAbandonedBuilds(dbPath string) {
	dir, base := filepath.Split(dbPath)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), base+".")
		pid, side, tmp := strings.Cut(rest, ".tmp")
		if _, err := strconv.Atoi(pid); !ok || !tmp || err != nil {
			continue // not ours: another index's file, e.g. of a branch named "<db>.x"
		}
		switch side {
		case "", "-wal", "-shm", "-journal", "-pass2":
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

func buildInto(st *store.Store, opts Options, sc scanResult, rep *Report) error {
	tx, err := st.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ctxs := loadContexts(opts.Location.Root, opts.langs, sc.Files)
	jobs := make([]job, len(sc.Files))
	for i, f := range sc.Files {
		jobs[i] = job{cand: f, ctx: ctxs.forFile(f.Path, opts.langs.langOf(f.Path))}
	}
	w := newWriter(tx, newMemIndex(opts.langs), opts.langs, spoolPath(opts.Location.Path))
	defer w.close()
	if w.deps = loadDependencies(opts, ctxs, sc.Files); len(w.deps.langs) > 0 {
		if _, err := w.deps.write(tx, opts.langs); err != nil {
			return err
		}
	}
	err = runJobs(opts.Location.Root, opts.Registry, opts.MaxFileSize, opts.xc, jobs, func(o outcome) error {
		progress(opts, rep.FilesScanned+1, len(jobs))
		rep.FilesScanned++
		return w.apply(o, rep)
	})
	if err != nil {
		return err
	}
	own := len(w.written)
	if len(w.deps.langs) > 0 {
		if _, err := syncExternal(opts, w, w.deps, nil, rep); err != nil {
			return err
		}
	}
	if err := w.finish(nil); err != nil {
		return err
	}
	if err := st.SetMeta(tx.SQL(), headMeta(opts.Location, store.MetaLastFullBuildAt, time.Now())); err != nil {
		return err
	}
	if err := st.SetMeta(tx.SQL(), markerKeys(opts, sc)); err != nil {
		return err
	}
	if err := st.SetMeta(tx.SQL(), w.deps.state()); err != nil {
		return err
	}
	rep.FilesIndexed = own
	return tx.Commit()
}

func progress(opts Options, done, total int) {
	if opts.Progress != nil && (done%256 == 0 || done == total) {
		opts.Progress(done, total)
	}
}

// sortedKeys returns a set's members in order, for deterministic writes.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
