package indexer

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/core/internal/fileread"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// job is one file to read, hash and (if its content changed) extract.
type job struct {
	cand    candidate
	oldHash []byte // nil when the file is new or must be re-extracted anyway
	ctx     extract.ModuleContext
	// shared, for a dependency's file, is the extraction cache and the
	// key its extraction is shared under (packages.go); nil otherwise.
	shared *sharedExtraction
	// bundled: a dependency's file whose directory's extractions are
	// cached as one bundle (packages.go, bundleJobs), not file by file;
	// pre is its extraction from the bundle, used if the file still
	// hashes to preHash.
	bundled bool
	pre     *extract.ExtractedFile
	preHash []byte
	// keep, for a dependency's file read in part, are the parts read
	// (extract.Selection): they are hashed with its bytes.
	keep []extract.Span
	// read, for a dependency's file of a missed bundle read from an
	// archive, is its content as the bundle's key read it (keepRead); the
	// worker drops it once the file is processed.
	read []byte
	// hash, for a dependency's file, is its content hash when known
	// without reading it (packages.go, knownOutcome).
	hash []byte
}

// outcome is what a worker made of a job.
type outcome struct {
	cand    candidate
	hash    []byte
	lang    string
	x       *extract.ExtractedFile // nil when unchanged or skipped
	touch   bool                   // same content, new mtime
	skip    string                 // "binary", "unreadable", "large"
	nonUTF8 bool
	err     error
	enc     []byte // a bundled file's fresh extraction, encoded for its bundle
}

// runJobs reads, hashes and extracts in parallel — one parser per worker —
// and hands outcomes to emit in job order (the ordered merge), so the write
// order and hence the index never depends on scheduling.
func runJobs(root string, reg *extract.Registry, maxSize int64, xc *cacheRun, jobs []job, emit func(outcome) error) error {
	return startJobs(root, reg, maxSize, xc, jobs).emit(emit)
}

// jobRun is runJobs split in two: startJobs sets the workers going, emit
// merges their outcomes; a caller with work of its own to do first (an
// incremental sync opening its transaction) starts them before it and
// abandons them (a no-op once emitted) if it returns early.
type jobRun struct {
	jobs    []job
	results []outcome
	done    []chan struct{}
	// slots bound the outcomes finished but not yet emitted that hold an
	// extraction; an outcome without one (a touch, a skip) gives its slot
	// back as soon as it is made, so a run of cache hits behind a slow
	// parse does not wait for it.
	slots   chan struct{}
	stop    chan struct{}
	workers sync.WaitGroup
	emitted bool
}

func startJobs(root string, reg *extract.Registry, maxSize int64, xc *cacheRun, jobs []job) *jobRun {
	workers := runtime.GOMAXPROCS(0)
	window := 4 * workers // bounds memory held by finished-but-unwritten files
	r := &jobRun{
		jobs:    jobs,
		results: make([]outcome, len(jobs)),
		done:    make([]chan struct{}, len(jobs)),
		slots:   make(chan struct{}, window),
		stop:    make(chan struct{}),
	}
	for i := range r.done {
		r.done[i] = make(chan struct{})
	}
	next := make(chan int)
	go r.feed(next)
	r.workers.Add(workers)
	for w := 0; w < workers; w++ {
		go func() {
			defer r.workers.Done()
			for i := range next {
				r.results[i] = process(root, reg, maxSize, xc, jobs[i])
				jobs[i].read = nil // the worker's copy of an archive member, no longer needed
				if r.results[i].x == nil {
					<-r.slots // nothing held until it is written
				}
				close(r.done[i])
			}
		}()
	}
	return r
}

// feed hands out the jobs in order, one per free slot, until abandoned.
func (r *jobRun) feed(next chan<- int) {
	defer close(next)
	for i := range r.jobs {
		select {
		case r.slots <- struct{}{}:
		case <-r.stop:
			return
		}
		select {
		case next <- i:
		case <-r.stop:
			<-r.slots // a slot is held by a job handed out only
			return
		}
	}
}

// emit hands the outcomes to fn in job order and returns fn's first error
// (the outcomes after it are made and dropped).
func (r *jobRun) emit(fn func(outcome) error) error {
	r.emitted = true
	var firstErr error
	parsed := int64(0) // bytes parsed since C memory was last released
	for i := range r.jobs {
		<-r.done[i]
		if firstErr == nil {
			firstErr = fn(r.results[i])
		}
		x, size := r.results[i].x, r.results[i].cand.Size
		if x != nil && size < releaseLarge {
			parsed += size // a larger file's tree was released after its parse
		}
		r.results[i] = outcome{}
		if x != nil {
			<-r.slots
		}
		if parsed >= releaseEvery {
			releaseCMemory()
			parsed = 0
		}
	}
	if parsed >= releaseLarge {
		releaseCMemory() // before pass 2, which parses nothing; not after a one-file sync
	}
	return firstErr
}

// abandon stops a run that was not emitted: no job is started after it,
// and it returns when the jobs under way are done.
func (r *jobRun) abandon() {
	if r.emitted {
		return
	}
	close(r.stop)
	r.workers.Wait()
}

// Freed C memory (releaseCMemory) is released after every releaseEvery
// bytes of files smaller than releaseLarge, and when the files end (before
// pass 2) if releaseLarge bytes were parsed since the last release. A
// larger file's tree, tens of MiB (an 849 KB Go file's, 36 MiB), is
// released by the parser as soon as it is closed (tsutil.Lang.Parse).
// Each release costs the faults of its pages when they are used again:
// releasing every 512 KiB of source cost 10-25% more system time (2-3% of
// the CPU) for no lower peak.
const (
	releaseLarge = 256 << 10
	releaseEvery = 8 << 20
)

// binarySniff is how much of a file is checked for NUL bytes.
const binarySniff = 8000

// keptSize is how much of a file is parsed: the parts a selection keeps
// (a dependency's file read in part: lib.dom.d.ts is 1.9 MB), else all of it.
func keptSize(content []byte, keep []extract.Span) int64 {
	if keep == nil {
		return int64(len(content))
	}
	n, size := int64(0), int64(len(content))
	for _, s := range keep { // an end past the file means "to its end" (Ruby's last part)
		n += max(min(int64(s.End), size)-min(int64(s.Start), size), 0)
	}
	return n
}

func process(root string, reg *extract.Registry, maxSize int64, xc *cacheRun, j job) outcome {
	if o, ok := knownOutcome(reg, maxSize, j); ok {
		return o
	}
	o := outcome{cand: j.cand}
	disk, read := filepath.Join(root, filepath.FromSlash(j.cand.Path)), fileread.ReadFile
	if j.cand.Disk != "" {
		disk, read = j.cand.Disk, readDependency // a dependency's directory or archive
	}
	content, err := j.read, error(nil)
	if content == nil {
		content, err = read(disk)
	}
	if err != nil {
		o.skip, o.err = SkipUnreadable, err
		return o
	}
	if keptSize(content, j.keep) > maxSize { // grew since the scan
		o.skip = SkipLarge
		o.cand.Size = int64(len(content))
		return o
	}
	o.hash = contentHash(content, j.keep)
	o.cand.Size = int64(len(content))
	if bytes.IndexByte(content[:min(len(content), binarySniff)], 0) >= 0 {
		o.skip = SkipBinary
		return o
	}
	if j.oldHash != nil && bytes.Equal(j.oldHash, o.hash) {
		o.touch = true
		return o
	}
	ex := reg.For(j.cand.Path)
	o.lang = ex.Lang()
	if !utf8.Valid(content) {
		o.nonUTF8 = true
		content = replaceInvalidUTF8(content)
	}
	// A dependency's file is extracted with declarations only; its path
	// (@<lang>/…) says so, so the shared cache's key covers that too.
	var key xcache.Key
	cached := false
	if !j.bundled {
		key, cached = xc.key(o.hash, ex.Lang(), j.cand.Path, j.ctx)
	}
	if j.pre != nil && bytes.Equal(j.preHash, o.hash) {
		o.x = j.pre
	} else if o.x = j.shared.get(o.hash); o.x == nil && cached {
		o.x = xc.get(key, j.cand.Path)
	}
	if o.x == nil {
		o.x = safeExtract(ex, extract.Input{Path: j.cand.Path, Content: content, Module: j.ctx, DeclarationsOnly: j.cand.Disk != "", Keep: j.keep})
		if j.cand.Disk != "" {
			extract.DeclarationsOnly(o.x) // a dependency's file: resolution targets only
		}
		if cached {
			xc.put(key, o.x)
		}
		if j.bundled && cacheable(o.x) {
			o.enc, _ = xcache.Encode(o.x) // nil when it cannot be: no bundle
		}
		j.shared.put(o.hash, o.x)
	}
	if o.x.Lang != "" { // one extractor may serve several languages (.h → c or cpp)
		o.lang = o.x.Lang
	}
	return o
}

// cacheRun is one sync's use of the shared extraction cache (package
// xcache): looked up after a file is hashed, before it is parsed, and
// filled after. A nil *cacheRun is no cache.
type cacheRun struct {
	c                     *xcache.Cache
	hits, misses, corrupt atomic.Int64

	// w writes the new entries in the background, started by the first.
	w     *xcache.Writer
	wOnce sync.Once

	mu     sync.Mutex
	bad    []string // what the corrupt entries were, for the report
	seeded bool     // the index started from its repository's seed
}

func newCacheRun(c *xcache.Cache) *cacheRun {
	if c == nil {
		return nil
	}
	return &cacheRun{c: c}
}

func (r *cacheRun) key(hash []byte, lang, path string, ctx extract.ModuleContext) (xcache.Key, bool) {
	if r == nil {
		return xcache.Key{}, false
	}
	return r.c.Key(hash, lang, path, ctx)
}

// get returns the cached extraction, or nil: a miss, or a damaged entry
// (counted and reported; the file is extracted again).
func (r *cacheRun) get(k xcache.Key, path string) *extract.ExtractedFile {
	x, err := r.c.Get(k)
	switch {
	case err != nil:
		r.noteCorrupt(fmt.Errorf("%s: %w; re-extracted", path, err))
	case x == nil:
		r.misses.Add(1)
	default:
		r.hits.Add(1)
	}
	return x
}

// noteCorrupt counts a damaged entry or seed, for the report.
func (r *cacheRun) noteCorrupt(err error) {
	r.corrupt.Add(1)
	r.mu.Lock()
	r.bad = append(r.bad, "extraction cache: "+err.Error())
	r.mu.Unlock()
}

// put stores an extraction, unless it depended on more than its inputs: a
// parse that timed out, an extractor that panicked.
func (r *cacheRun) put(k xcache.Key, x *extract.ExtractedFile) {
	if cacheable(x) {
		r.wOnce.Do(func() { r.w = r.c.NewWriter() })
		r.w.Put(k, x) // a failed write costs a parse next time, nothing more
	}
}

// cacheable: an extraction depended on its inputs only (not a parse that
// timed out, not an extractor that panicked).
func cacheable(x *extract.ExtractedFile) bool {
	for _, d := range x.Diagnostics {
		if strings.Contains(d.Message, "timed out") || strings.HasPrefix(d.Message, "extractor panic") {
			return false
		}
	}
	return true
}

// report waits for the entries still being written, adds the sync's
// cache figures and problems to rep and settles the cache's size
// accounting (evicting when over its bound).
func (r *cacheRun) report(rep *Report, warn func(string)) {
	if r == nil {
		return
	}
	if r.w != nil {
		r.w.Close() // a failed write costs a parse next time, nothing more
	}
	rep.Cache = &CacheReport{Hits: int(r.hits.Load()), Misses: int(r.misses.Load()), Corrupt: int(r.corrupt.Load()), Seeded: r.seeded}
	for _, msg := range r.bad {
		rep.warn(msg)
	}
	if n := len(r.bad); n > 0 {
		warn(fmt.Sprintf("extraction cache %s: %d damaged entries dropped and their files re-extracted", r.c.Dir(), n))
	}
	evicted, err := r.c.Flush()
	rep.Cache.Evicted = evicted
	if err != nil {
		rep.warn(fmt.Sprintf("extraction cache: %v", err))
	}
}

// safeExtract turns an extractor panic into a diagnostic: one bad file must
// not abort a sync.
func safeExtract(ex extract.Extractor, in extract.Input) (x *extract.ExtractedFile) {
	defer func() {
		if r := recover(); r != nil {
			x = &extract.ExtractedFile{Lang: ex.Lang(), Diagnostics: []extract.Diagnostic{{Message: fmt.Sprintf("extractor panic: %v", r)}}}
		}
	}()
	x = ex.Extract(in)
	if x == nil {
		x = &extract.ExtractedFile{Lang: ex.Lang()}
	}
	return x
}

// replaceInvalidUTF8 swaps each invalid byte for '?', keeping every offset
// (and so every span) where it was.
func replaceInvalidUTF8(b []byte) []byte {
	out := make([]byte, len(b))
	copy(out, b)
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		if r == utf8.RuneError && size == 1 {
			out[i] = '?'
		}
		i += size
	}
	return out
}
