package core

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	gosync "sync"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract"
)

// ErrNoIndex: the worktree has not been indexed yet.
var ErrNoIndex = errors.New("graph: no index yet; run `orbit graph sync`")

// ErrLockTimeout: a sync gave up waiting for another sync of the same
// index (Options.LockWait).
var ErrLockTimeout = indexer.ErrLockTimeout

// ErrCorruptIndex: the index file is damaged or from another version.
var ErrCorruptIndex = errors.New("graph: index is corrupt or from another version; run `orbit graph sync` to rebuild it")

// Options configure a Graph.
type Options struct {
	// Registry picks extractors: the languages main chose (extract/all has
	// every one). Required.
	Registry *extract.Registry
	// MaxFileSize skips larger files; 0 means 1 MiB.
	MaxFileSize int64
	// Warn receives warnings for people (a rebuilt index); nil discards.
	Warn func(string)
	// Progress is called during a sync with files processed so far.
	Progress func(done, total int)
	// IndexPath puts the index file there instead of the worktree's own
	// place (.orbit/graph/<branch>.<version>.db): a second index of the
	// same files, for comparison.
	IndexPath string
	// Policy says when the handle syncs by itself (DESIGN.md, A sync); nil is Manual.
	Policy SyncPolicy
	// LockWait bounds how long a sync waits for another sync of the same
	// index before failing with ErrLockTimeout; 0 waits as long as it takes.
	LockWait time.Duration
	// Waiting, if set, is told once, after about a second, that a sync is
	// waiting for another and who holds the lock.
	Waiting func(holder string)
	// Packages indexes the dependency packages (standard library included)
	// the worktree imports, declarations only, so references into them
	// get targets (DESIGN.md, Dependency packages). A sync without it
	// removes them.
	Packages bool
	// NoCache turns off the shared extraction cache (DESIGN.md, Extraction
	// cache), as ORBIT_CACHE=off does: every changed file is parsed.
	NoCache bool
	// CacheDir puts the extraction cache there; "" is $ORBIT_CACHE_DIR or
	// orbit/extract in the user's cache directory.
	CacheDir string
	// CacheMaxBytes bounds the extraction cache; 0 means 1 GiB.
	CacheMaxBytes int64

	hooks *watchHooks // tests only
}

// Graph is the index of one worktree on its current branch. Its methods are
// safe for concurrent use (SetProgress excepted: call it before syncing).
type Graph struct {
	loc   dbpath.Location
	opts  Options
	fresh *freshness           // the sync policy at work; serializes syncs
	cache func() *xcache.Cache // the shared extraction cache, opened at the first sync; nil when off

	mu      gosync.Mutex   // guards the read handle
	st      *store.Store   // nil until the first query
	stFile  os.FileInfo    // the file st was opened on
	retired []*store.Store // replaced handles queries may still use

	staleMu      gosync.Mutex    // guards the last staleness check below
	staleOf      *store.Store    // the handle it checked
	staleWritten int64           // the index's last write then
	staleAt      time.Time       // when
	staleLast    query.Staleness // what it found

	statsMu gosync.Mutex     // guards the stats below
	statsOf *store.Store     // the handle stats were read from
	statsAt int64            // and the index's last write then
	stats   []store.FileStat // the indexed files' recorded stats (staleness.go)
}

// SyncMode selects an incremental or a full sync.
type SyncMode int

const (
	SyncAuto SyncMode = iota // rewrite only what changed
	SyncFull                 // rehash and re-extract everything
)

// Open locates the index of the worktree at root (the DB itself is opened
// lazily, so Open never fails on a missing or damaged index).
func Open(root string, opts Options) (*Graph, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("open graph: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("open graph: %s is not a directory", root)
	}
	if opts.Registry == nil {
		return nil, errors.New("open graph: no extractor registry (Options.Registry)")
	}
	loc, err := dbpath.Resolve(root, extract.Version)
	if err != nil {
		return nil, err
	}
	if opts.IndexPath != "" {
		if loc.Path, err = filepath.Abs(opts.IndexPath); err != nil {
			return nil, fmt.Errorf("open graph: %w", err)
		}
	}
	g := &Graph{loc: loc, opts: opts}
	g.cache = gosync.OnceValue(g.openCache)
	g.fresh = newFreshness(opts.Policy, g.runSync, opts.Warn)
	if w, ok := g.fresh.policy.(Watch); ok {
		g.fresh.startWatch(loc.Root, w.Debounce, opts.hooks)
	}
	return g, nil
}

// Location is where the index lives and which HEAD it describes.
func (g *Graph) Location() Location { return g.loc }

// Close stops the watcher, waits for background syncs and releases the
// index. A closed Graph can still be queried and synced (Manual-style);
// closing twice is fine.
func (g *Graph) Close() error {
	g.fresh.stop()
	g.mu.Lock()
	defer g.mu.Unlock()
	var err error
	for _, st := range append(g.retired, g.st) {
		if st != nil {
			err = errors.Join(err, st.Close())
		}
	}
	g.st, g.stFile, g.retired = nil, nil, nil
	return err
}

// Sync brings the index up to date with the files on disk (DESIGN.md, A sync). It
// is the read-after-write barrier under every policy: it returns the report
// of a sync that started after the call, sharing it with background syncs
// and concurrent callers (one sync runs at a time per handle, and one per
// index across processes).
func (g *Graph) Sync(ctx context.Context, mode SyncMode) (indexer.Report, error) {
	if err := ctx.Err(); err != nil {
		return indexer.Report{}, err
	}
	return g.fresh.sync(ctx, mode == SyncFull)
}

// runSync is one sync; freshness runs them one at a time.
func (g *Graph) runSync(full bool) (indexer.Report, error) {
	return indexer.Run(indexer.Options{
		Location:    g.loc,
		Registry:    g.opts.Registry,
		Full:        full,
		MaxFileSize: g.opts.MaxFileSize,
		Warn:        g.opts.Warn,
		Progress:    g.opts.Progress,
		LockWait:    g.opts.LockWait,
		Waiting:     g.opts.Waiting,
		Packages:    g.opts.Packages,
		Cache:       g.cache(),
	})
}

// openCache opens the shared extraction cache, unless it is turned off;
// one that cannot be opened is said once and done without.
func (g *Graph) openCache() *xcache.Cache {
	if g.opts.NoCache || xcache.Disabled() {
		return nil
	}
	c, err := xcache.Open(xcache.Config{Dir: g.opts.CacheDir, MaxBytes: g.opts.CacheMaxBytes})
	if err != nil {
		if g.opts.Warn != nil {
			g.opts.Warn(fmt.Sprintf("%v (syncing without it)", err))
		}
		return nil
	}
	return c
}

// maxRetired bounds the replaced read handles kept open for queries that
// may still run on them.
const maxRetired = 4

// reader applies the sync policy, then returns the handle queries use.
func (g *Graph) reader(ctx context.Context) (*store.Store, error) {
	if err := g.fresh.beforeRead(ctx); err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	fi, statErr := os.Stat(g.loc.Path) // before opening: a file swapped in between is seen next time
	if g.st != nil {
		if statErr == nil && os.SameFile(fi, g.stFile) {
			return g.st, nil
		}
		// A cold build renamed a new file into place (this process or
		// another): queries in flight finish on the old one.
		g.retired = append(g.retired, g.st)
		if len(g.retired) > maxRetired {
			g.retired[0].Close()
			g.retired = g.retired[1:]
		}
		g.st, g.stFile = nil, nil
	}
	st, err := store.Open(g.loc.Path, extract.Version)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrNoIndex
	case errors.Is(err, store.ErrCorrupt), errors.Is(err, store.ErrIncompatible):
		return nil, fmt.Errorf("%w (%v)", ErrCorruptIndex, err)
	case err != nil:
		return nil, err
	}
	g.st, g.stFile = st, fi
	return st, nil
}

// queryErr turns SQLite corruption met mid-query into ErrCorruptIndex, so a
// damaged file yields an instruction rather than wrong rows, and marks the
// index so that the sync the instruction asks for rebuilds it.
func (g *Graph) queryErr(err error) error {
	if err != nil && store.IsCorruption(err) {
		store.MarkCorrupt(g.loc.Path)
		return fmt.Errorf("%w (%v)", ErrCorruptIndex, err)
	}
	return err
}

// run applies the sync policy, answers one query from the index and turns
// corruption met on the way into ErrCorruptIndex: what every query method
// does around its own question.
func run[T any](g *Graph, ctx context.Context, ask func(*query.Engine) (T, error)) (T, error) {
	st, err := g.reader(ctx)
	if err != nil {
		var none T
		return none, err
	}
	res, err := ask(query.NewEngine(st.Reader(), g.loc.Root))
	if err == nil {
		// Answers that can say the files changed since the sync do.
		if s, ok := any(&res).(interface{ SetStaleness(query.Staleness) }); ok {
			s.SetStaleness(g.staleness(ctx, st))
		}
	}
	return res, g.queryErr(err)
}

// Search runs a full-text search (DESIGN.md, A query).
func (g *Graph) Search(ctx context.Context, q query.SearchQuery) (query.SearchResult, error) {
	if langs := g.opts.Registry.FileLangs(); q.Lang != "" && !slices.Contains(langs, q.Lang) {
		return query.SearchResult{}, &query.ValueError{Name: "lang", Value: q.Lang, Valid: langs}
	}
	return run(g, ctx, func(e *query.Engine) (query.SearchResult, error) { return e.Search(ctx, q) })
}

// Show returns what a selector addresses (DESIGN.md, A query).
func (g *Graph) Show(ctx context.Context, selector string, maxBytes int) (*query.NodeView, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return nil, err
	}
	return run(g, ctx, func(e *query.Engine) (*query.NodeView, error) { return e.Show(ctx, sel, maxBytes) })
}

// Clean deletes stale index files (other extractor versions, unreachable
// detached commits), never the active one.
func (g *Graph) Clean() (dbpath.CleanReport, error) {
	return dbpath.Clean(g.loc, extract.Version, commitOf)
}

// commitOf reads meta.commit_sha of an index file, "" if unreadable.
func commitOf(path string) string {
	st, err := store.OpenAny(path)
	if err != nil {
		return ""
	}
	defer st.Close()
	m, err := st.Meta()
	if err != nil {
		return ""
	}
	return m[store.MetaCommitSHA]
}

// SetProgress sets the callback a sync reports progress to.
func (g *Graph) SetProgress(fn func(done, total int)) { g.opts.Progress = fn }
