package indexer

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/archive"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): a language whose
// Modules is extract.Dependent names its packages; the packages its own
// files import are read from their directories outside the worktree,
// declarations only, and indexed under "@<lang>/<IndexDir>/…" with their
// package marked external. The set follows the imports the index holds
// after this sync's own files are written, so a cold build and an
// incremental sync index the same external files.

// PackagesReport is what a sync found of dependency packages.
type PackagesReport struct {
	Packages int `json:"packages"` // rows of the packages table
	Indexed  int `json:"external_packages_indexed"`
	Files    int `json:"external_files"`
	// Missing names the dependencies that are not on disk (their refs
	// keep the grades they had without packages); at most MaxNamedSkips.
	Missing      []string `json:"missing,omitempty"`
	MissingCount int      `json:"missing_count,omitempty"`
	// Notes name packages read at another version than the manifests
	// pin (extract.Package.Note); at most MaxNamedSkips.
	Notes     []string `json:"notes,omitempty"`
	NoteCount int      `json:"note_count,omitempty"`
	// Selected counts the languages whose dependency files this sync
	// selected again rather than keeping the index's (packages_reselect.go).
	Selected int `json:"external_selected,omitempty"`
}

// depLang is one Dependent language's packages for one sync.
type depLang struct {
	lang      string
	fileLangs []string // the languages its files carry (typescript, javascript)
	m         extract.Dependent
	set       extract.DependencySet // nil until load
	pkgs      []extract.Package
	ids       []int64
	state     langState // depstate.go
}

// dependencies are the packages of every Dependent language; empty when
// the sync does not index packages.
type dependencies struct {
	langs []*depLang
	cache ExtractionCache // Options.ExternalCache
	xc    *cacheRun       // Options.Cache: keeps Keyed probes' outputs
	root  string          // the worktree's, which a relative Root is below
	lazy  *lazyWrite      // an incremental sync's deferred write (deferWrite)
	// names are the reference names of the own files this sync wrote,
	// stale the files whose refs rows pass 2 has yet to rewrite
	// (packages_select.go).
	names refNames
	stale map[string]bool
	re    reselect // what this sync's selection depends on (packages_reselect.go)
}

// loadDependencies finds the module-aware languages that are Dependent
// and have files in the scan; load asks them for their packages (running
// their probes) once the sync writes, so a no-op sync runs no probe.
func loadDependencies(opts Options, ctxs contexts, files []candidate) *dependencies {
	d := &dependencies{cache: opts.ExternalCache, xc: opts.xc, root: opts.Location.Root, names: refNames{},
		re: reselect{meta: opts.markerKeys, langs: opts.langs}}
	if !opts.Packages {
		return d
	}
	present := map[string]bool{} // languages with files in the worktree
	for _, f := range files {
		present[opts.langs.langOf(f.Path)] = true
	}
	for _, a := range opts.langs.aware {
		m, ok := ctxs[a.Lang()].(extract.Dependent)
		if !ok || !present[a.Lang()] {
			continue
		}
		fl := []string{a.Lang()}
		if x, ok := a.(extract.FileLangs); ok {
			fl = x.FileLangs()
		}
		d.langs = append(d.langs, &depLang{lang: a.Lang(), fileLangs: fl, m: m})
	}
	return d
}

// load asks each language for its packages and checks which are on disk.
func (d *dependencies) load() {
	for _, dl := range d.langs {
		if dl.set != nil {
			continue
		}
		dl.set = dl.m.Dependencies(runProbe(d.xc, dl.m.Probe()))
		dl.pkgs = slices.Clone(dl.set.Packages())
		for i := range dl.pkgs {
			p := &dl.pkgs[i]
			if p.Kind == extract.PackageOwn || p.Missing != "" {
				continue
			}
			if !filepath.IsAbs(p.Root) { // vendor/x, ../x: relative to the worktree
				p.Root = filepath.Join(d.root, filepath.FromSlash(p.Root))
			}
			if fi, err := archive.Stat(p.Root); err != nil || !fi.IsDir() { // a directory or an archive
				p.Missing = "not on disk: " + p.Root
			}
		}
	}
}

// probes caches each probe's output for the process: a toolchain's
// environment does not change under a running server often enough to pay
// a process per sync. A Keyed probe's is kept across processes too
// (probecache.go).
var probes sync.Map // string → []byte (nil: the probe failed)

func runProbe(xc *cacheRun, p extract.Probe) []byte {
	if len(p.Args) == 0 {
		return nil
	}
	// The environment is part of the key: GOMODCACHE=… changes the answer.
	key := strings.Join(p.Args, "\x00") + "\x01" + strings.Join(p.Env, "\x00") + "\x01" + p.Dir + "\x01" + strings.Join(os.Environ(), "\x00")
	if out, ok := probes.Load(key); ok {
		return out.([]byte)
	}
	k, keyed := probeKey(xc, p)
	out, ok := cachedProbe(xc, k, keyed)
	if !ok {
		out = execProbe(p)
		storeProbe(xc, k, keyed, out)
	}
	probes.Store(key, out)
	return out
}

// execProbe runs a probe: its output, nil when it failed.
func execProbe(p extract.Probe) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Args[0], p.Args[1:]...)
	cmd.Dir = p.Dir
	if cmd.Dir == "" {
		cmd.Dir = os.TempDir() // outside the worktree: no project file steers it
	}
	cmd.Env = append(os.Environ(), p.Env...)
	var out []byte
	if p.Stderr {
		var b bytes.Buffer
		if cmd.Stderr = &b; cmd.Run() == nil {
			out = bytes.Clone(b.Bytes())
		}
	} else if b, err := cmd.Output(); err == nil {
		out = bytes.Clone(b)
	}
	return out
}

// write records the packages (ids of names that stay are kept) and
// returns a function that, once the sync's files are written, deletes the
// rows of packages no longer named.
func (d *dependencies) write(tx *store.Tx, langs *languages) (prune func() error, err error) {
	d.load()
	keep := map[string][]int64{}
	for _, dl := range d.langs {
		if dl.ids, err = tx.SyncPackages(dl.lang, dl.pkgs); err != nil {
			return nil, err
		}
		keep[dl.lang] = dl.ids
	}
	return func() error {
		for _, a := range langs.aware {
			if err := tx.PrunePackages(a.Lang(), keep[a.Lang()]); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// lazyWrite is an incremental sync's write of the packages, deferred until
// a file's rows are written (ownPackage) or the external files are synced:
// a sync that only finds files with the bytes the index has (a seeded
// first sync of a sibling worktree, a checkout that touched files) runs
// no probe, and keeps the packages the index holds, as a no-op sync does.
type lazyWrite struct {
	tx    *store.Tx
	langs *languages
	done  bool
	prune func() error
	err   error
}

// deferWrite arranges for write to run when first needed (ensure).
func (d *dependencies) deferWrite(tx *store.Tx, langs *languages) {
	d.lazy = &lazyWrite{tx: tx, langs: langs}
}

// ensure runs the deferred write, once; its error is kept for the sync.
func (d *dependencies) ensure() error {
	l := d.lazy
	if l == nil || l.done {
		return d.failed()
	}
	l.done = true
	l.prune, l.err = d.write(l.tx, l.langs)
	return l.err
}

// failed is the deferred write's error, if it ran and failed.
func (d *dependencies) failed() error {
	if d.lazy == nil {
		return nil
	}
	return d.lazy.err
}

// prune deletes the rows of packages no longer named, when the deferred
// write ran (nothing changed them otherwise).
func (d *dependencies) prune() error {
	if l := d.lazy; l != nil && l.done && l.err == nil {
		return l.prune()
	}
	return d.failed()
}

// ownPackage is the id of the own package holding a worktree file: the
// one with the longest root above it, 0 for none.
func (d *dependencies) ownPackage(p, lang string) int64 {
	if d.ensure() != nil {
		return 0 // the sync fails on the error (failed)
	}
	var id int64
	best := -1
	for _, dl := range d.langs {
		if dl.lang != lang || dl.ids == nil {
			continue
		}
		for i, pk := range dl.pkgs {
			if pk.Kind == extract.PackageOwn && extract.Under(p, pk.Root) && len(pk.Root) > best {
				id, best = dl.ids[i], len(pk.Root)
			}
		}
	}
	return id
}

// report summarises the packages for the sync report.
func (d *dependencies) report(files int, indexed map[string]bool) *PackagesReport {
	if len(d.langs) == 0 {
		return nil
	}
	r := &PackagesReport{Files: files, Indexed: len(indexed)}
	for _, dl := range d.langs {
		r.Packages += len(dl.pkgs)
		for _, p := range dl.pkgs {
			if p.Note != "" {
				r.NoteCount++
				if len(r.Notes) < MaxNamedSkips {
					r.Notes = append(r.Notes, fmt.Sprintf("%s %s@%s: %s", dl.lang, p.Name, p.Version, p.Note))
				}
			}
			if p.Missing == "" {
				continue
			}
			r.MissingCount++
			if len(r.Missing) < MaxNamedSkips {
				r.Missing = append(r.Missing, fmt.Sprintf("%s %s@%s: %s", dl.lang, p.Name, p.Version, p.Missing))
			}
		}
	}
	return r
}

// externalJobs lists the files of the external packages the own files
// import, as jobs for those new or changed since the index was written,
// and the indexed external files no longer wanted. indexed holds the
// indexed external files' states (nil on a cold build).
func (d *dependencies) externalJobs(tx *store.Tx, xc *cacheRun, indexed map[string]store.FileState, rep *Report) ([]job, []string, map[string]job, error) {
	if err := d.ensure(); err != nil {
		return nil, nil, nil, err
	}
	want := map[string]job{}
	var jobs []job
	pkgsUsed := map[string]bool{}
	selected := 0
	for _, dl := range d.langs {
		imported, err := tx.ImportedPaths(dl.fileLangs...)
		if err != nil {
			return nil, nil, nil, err
		}
		if im, ok := dl.set.(extract.Implicit); ok {
			imported = append(imported, im.ImplicitImports()...)
		}
		dirs := map[dirKey]bool{}
		deep := map[dirKey]bool{}  // a directory read with everything below it
		files := map[dirKey]bool{} // a place that is one file
		for _, ip := range imported {
			pkg, places, ok := dl.set.Locate(ip)
			if !ok || pkg < 0 || pkg >= len(dl.pkgs) || dl.pkgs[pkg].Kind == extract.PackageOwn || dl.pkgs[pkg].Missing != "" {
				continue
			}
			for _, pl := range places {
				rest, recursive := strings.CutSuffix(pl, "...")
				if recursive && (rest == "" || strings.HasSuffix(rest, "/")) {
					pl = rest
				} else {
					recursive = false
				}
				pl = path.Clean("/" + pl)[1:]
				fi, err := archive.Stat(filepath.Join(dl.pkgs[pkg].Root, filepath.FromSlash(pl)))
				if err != nil {
					continue
				}
				if ns, ok := dl.set.(extract.Namespacer); ok && fi.IsDir() {
					if own, err := tx.DefinesOwn(ns.Namespace(pl)); err != nil {
						return nil, nil, nil, err
					} else if own {
						break // the worktree declares it: not read from a dependency
					}
				}
				if fi.IsDir() {
					dirs[dirKey{pkg, pl}] = true
					deep[dirKey{pkg, pl}] = deep[dirKey{pkg, pl}] || recursive
				} else {
					files[dirKey{pkg, pl}] = true
				}
				break
			}
		}
		for f := range files {
			if dirs[dirKey{f.pkg, extract.ParentDir(f.dir)}] {
				delete(files, f) // its directory is read whole
			}
		}
		keys := make([]dirKey, 0, len(dirs)+len(files))
		for k := range dirs {
			keys = append(keys, k)
		}
		for k := range files {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].pkg != keys[j].pkg {
				return keys[i].pkg < keys[j].pkg
			}
			return keys[i].dir < keys[j].dir
		})
		// The files of each place that Includes takes by name, then
		// those it takes by their head and, for a Selective set, those
		// it selects; or, when the selection's inputs are those the
		// index's files were selected with, those the index holds.
		var places []placeFiles
		seen := map[string]bool{}
		for _, k := range keys {
			pk := dl.pkgs[k.pkg]
			pf := placeFiles{key: k, dir: k.dir, prefix: path.Join("@"+dl.lang, pk.IndexDir)}
			var names []string
			if files[k] {
				pf.dir, names = extract.ParentDir(k.dir), []string{path.Base(k.dir)}
			} else if deep[k] {
				names = walkFiles(filepath.Join(pk.Root, filepath.FromSlash(pf.dir)))
			} else if names = listFiles(filepath.Join(pk.Root, filepath.FromSlash(pf.dir))); names == nil {
				continue
			}
			for _, name := range names {
				file := filepath.Join(pk.Root, filepath.FromSlash(pf.dir), filepath.FromSlash(name))
				vp := path.Join(pf.prefix, pf.dir, name)
				if seen[vp] || !dl.set.Includes(path.Base(name), nil) {
					continue // below two places read, or not the package's
				}
				fi, err := archive.Lstat(file)
				if err != nil || !fi.Mode().IsRegular() {
					continue
				}
				seen[vp] = true
				pf.files = append(pf.files, selectFile{name: name, disk: file, size: fi.Size(), mod: fi.ModTime().UnixNano()})
			}
			places = append(places, pf)
		}
		same, err := d.sameSelection(tx, dl, places)
		if err != nil {
			return nil, nil, nil, err
		}
		if !same {
			selected++
		}
		for i := range places {
			places[i].files = includedFiles(dl.set, places[i], indexed, same)
		}
		if sel, ok := dl.set.(extract.Selective); ok && len(places) > 0 && !same {
			langs := dl.fileLangs
			if sl, ok := dl.set.(extract.SelectLangs); ok {
				langs = sl.SelectLangs()
			}
			named, err := namesOf(tx, langs, d.names, d.stale)
			if err != nil {
				return nil, nil, nil, err
			}
			dirs := make([]extract.SelectDir, len(places))
			for i, pf := range places {
				dirs[i] = extract.SelectDir{Pkg: pf.key.pkg, Place: pf.key.dir}
				for _, f := range pf.files {
					dirs[i].Files = append(dirs[i].Files, f.name)
				}
			}
			// The summaries of a package's places are one cache entry
			// (a cold build creates a file per package, not per place).
			for from := 0; from < len(places); {
				pkg, to := places[from].key.pkg, from
				var files []selectFile
				for ; to < len(places) && places[to].key.pkg == pkg; to++ {
					for _, f := range places[to].files {
						f.name = path.Join(places[to].dir, f.name)
						files = append(files, f)
					}
				}
				sums, hashes := summariesOf(xc, dl.lang, dl.pkgs[pkg].Root, sel, files)
				for i := from; i < to; i++ {
					n := len(places[i].files)
					dirs[i].Summaries, sums = sums[:n], sums[n:]
					for fi := range places[i].files {
						places[i].files[fi].hash = hashes[fi]
					}
					hashes = hashes[n:]
				}
				from = to
			}
			selected := sel.Select(dirs, named)
			for i := range places {
				kept := places[i].files[:0]
				for fi, f := range places[i].files {
					if i < len(selected) && fi < len(selected[i]) && selected[i][fi].Read {
						f.keep = selected[i][fi].Keep
						kept = append(kept, f)
					}
				}
				places[i].files = kept
			}
		}
		for _, pf := range places {
			k := pf.key
			pk := dl.pkgs[k.pkg]
			for _, f := range pf.files {
				vp := path.Join(pf.prefix, pf.dir, f.name)
				old, wasIndexed := indexed[vp]
				// A file read in part is hashed again: its parts may have
				// changed where its bytes did not (contentHash). So is one
				// a selection now reads whole that the index holds read in
				// part (its hash is a parts hash, longer than the bytes');
				// a sync that kept the selection (same) knows no parts.
				readWhole := len(old.Hash) == blake3Size
				unchanged := wasIndexed && old.Size == f.size && old.MtimeNs == f.mod && f.keep == nil && (same || readWhole)
				pkgsUsed[dl.lang+"\x00"+pk.Name] = true
				c := candidate{Path: vp, Size: f.size, MtimeNs: f.mod, Disk: f.disk, Package: dl.ids[k.pkg]}
				j := job{cand: c, ctx: dl.set.Context(k.pkg, pf.prefix), keep: f.keep}
				if f.hash != nil {
					j.hash = partsHash(f.hash, f.size, f.keep)
				}
				if d.cache != nil {
					key := extract.ExternalCacheKey(dl.lang, pk) + "\x00" + path.Join(pf.dir, f.name)
					j.shared = &sharedExtraction{cache: d.cache, key: key}
				}
				want[vp] = j
				if unchanged {
					continue // a package version's files do not change in place
				}
				if wasIndexed {
					j.oldHash = old.Hash
				}
				jobs = append(jobs, j)
			}
		}
	}
	var gone []string
	for p := range indexed {
		if _, ok := want[p]; !ok {
			gone = append(gone, p)
		}
	}
	sort.Strings(gone)
	rep.Packages = d.report(len(want), pkgsUsed)
	if rep.Packages != nil {
		rep.Packages.Selected = selected
	}
	return jobs, gone, want, nil
}

// syncExternal brings the external files in line with the imports the
// index holds: it removes those no longer wanted and writes the new or
// changed ones (declarations only). It returns every wanted file's job,
// for dependents to re-resolve.
func syncExternal(opts Options, w *writer, d *dependencies, indexed map[string]store.FileState, rep *Report) (map[string]job, error) {
	d.stale = w.kept
	d.startSelection(w.written)
	jobs, gone, all, err := d.externalJobs(w.tx, opts.xc, indexed, rep)
	if err != nil {
		return nil, err
	}
	for _, p := range gone {
		if err := w.remove(p); err != nil {
			return nil, err
		}
	}
	var scratch Report // external files are not the worktree's changes
	bundles := bundleJobs(opts.xc, jobs)
	err = runJobs(opts.Location.Root, opts.Registry, opts.MaxFileSize, opts.xc, jobs, func(o outcome) error {
		bundles.collect(o)
		return w.apply(o, &scratch)
	})
	bundles.put(opts.xc)
	return all, err
}

// dirKey is a place of a package: a directory or, alone, a file.
type dirKey struct {
	pkg int
	dir string
}

// placeFiles are the files of a place that a sync reads.
type placeFiles struct {
	key    dirKey
	dir    string
	prefix string
	files  []selectFile
}

// includedFiles keeps the files of a place whose head Includes takes (an
// unchanged indexed file was taken by its head already) or, when same,
// those the index holds unchanged: the last selection's (for a set that
// includes by name too: Select, which chose among them, does not run).
func includedFiles(set extract.DependencySet, pf placeFiles, indexed map[string]store.FileState, same bool) []selectFile {
	if hi, ok := set.(extract.HeadIncludes); (!ok || !hi.IncludesByHead()) && !same {
		return pf.files // Includes took them by name already
	}
	kept := pf.files[:0]
	for _, f := range pf.files {
		old, wasIndexed := indexed[path.Join(pf.prefix, pf.dir, f.name)]
		unchanged := wasIndexed && old.Size == f.size && old.MtimeNs == f.mod
		if unchanged || !same && set.Includes(path.Base(f.name), readHead(f.disk)) {
			kept = append(kept, f)
		}
	}
	return kept
}

// readHead is the start of a file, for DependencySet.Includes ([]byte{}
// when it cannot be read: the read proper will say so).
func readHead(p string) []byte {
	b, err := archive.ReadHead(p, extract.HeadSize)
	if err != nil {
		return []byte{}
	}
	return b
}

// listFiles names a directory's entries in order, nil when it cannot be
// read.
func listFiles(dir string) []string {
	names, err := archive.ReadDir(dir)
	if err != nil {
		return nil
	}
	return names
}

// walkFiles names the files below a directory (slash-separated, relative
// to it) in order, leaving out node_modules and hidden directories.
func walkFiles(dir string) []string {
	var names []string
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			if p != dir && (e.Name() == "node_modules" || strings.HasPrefix(e.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if rel, err := filepath.Rel(dir, p); err == nil {
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	return names
}

// ExtractionCache shares extractions of dependency packages' files: one
// file of one package version, by the extract.ExternalCacheKey of its
// package, its path in the package and its content's hash, extracts
// alike in every worktree. Implementations must be safe for concurrent
// use; what Get returns is only read.
type ExtractionCache interface {
	Get(key string) *extract.ExtractedFile // nil: not cached
	Put(key string, x *extract.ExtractedFile)
}

// sharedExtraction is one file's place in an ExtractionCache.
type sharedExtraction struct {
	cache ExtractionCache
	key   string
}

func (s *sharedExtraction) get(hash []byte) *extract.ExtractedFile {
	if s == nil {
		return nil
	}
	return s.cache.Get(s.key + "\x00" + string(hash))
}

func (s *sharedExtraction) put(hash []byte, x *extract.ExtractedFile) {
	if s != nil && len(x.Diagnostics) == 0 {
		s.cache.Put(s.key+"\x00"+string(hash), x)
	}
}

// bundles are a sync's dependency packages in the extraction cache: the
// files of one package that a sync extracts (every one read on a cold
// build or a new import) are looked up and stored as one entry, keyed by
// their paths and contents, rather than one entry per file: a cold build
// writes a file per package, not per source file, and a sibling
// repository reads as few.
type bundles struct {
	groups []*bundle
	next   int // the job collect sees next
	at     []int
}

// bundle is one package's files: jobs[from:to].
type bundle struct {
	from, to int
	key      xcache.Key
	hit      bool
	enc      [][]byte // the fresh extractions, encoded, in job order
}

// bundleJobs groups the jobs (in package order, as externalJobs lists
// them) by package, hashes each group's files and looks their bundle
// up: on a hit each job carries its extraction (pre); either way its file
// skips the per-file entries.
func bundleJobs(xc *cacheRun, jobs []job) *bundles {
	b := &bundles{}
	if xc == nil {
		return b
	}
	b.at = make([]int, len(jobs))
	for from := 0; from < len(jobs); {
		pkg := jobs[from].cand.Package // one module context: Context(pkg, prefix)
		to := from + 1
		for to < len(jobs) && jobs[to].cand.Package == pkg {
			to++
		}
		g := &bundle{from: from, to: to}
		h := blake3.New()
		hashes := make([][]byte, 0, to-from)
		contents := make([][]byte, 0, to-from)
		for i := from; i < to; i++ {
			var content []byte
			sum := jobs[i].hash // known from the selection's summaries
			if sum == nil {
				content, _ = readDependency(jobs[i].cand.Disk) // unreadable: its job says so
				sum = contentHash(content, jobs[i].keep)
				jobs[i].hash = sum // process need not read it to use the bundle
			}
			hashes = append(hashes, sum)
			contents = append(contents, content)
			h.WriteString(jobs[i].cand.Path)
			h.Write([]byte{0})
			h.Write(sum)
			b.at[i] = len(b.groups)
		}
		key, ok := xc.key(h.Sum(nil), "bundle", "", jobs[from].ctx)
		if ok {
			g.key = key
			xs, err := xc.c.GetBundle(key, to-from)
			if err != nil {
				xc.noteCorrupt(err)
			}
			g.hit = xs != nil
			for i := from; i < to; i++ {
				jobs[i].bundled = true
				if g.hit {
					jobs[i].pre, jobs[i].preHash = xs[i-from], hashes[i-from]
				}
			}
			if !g.hit {
				keepRead(jobs[from:to], contents)
			}
			n := int64(to - from)
			if g.hit {
				xc.hits.Add(n)
			} else {
				xc.misses.Add(n)
			}
		}
		b.groups = append(b.groups, g)
		from = to
	}
	return b
}

// keepRead hands the jobs of a missed bundle the contents just read for
// its key when they come from an archive: inflating a member costs more
// than its parse's lexing, and the job would inflate it again.
func keepRead(jobs []job, contents [][]byte) {
	for i := range jobs {
		if contents[i] != nil && archive.Inside(jobs[i].cand.Disk) {
			jobs[i].read = contents[i]
		}
	}
}

// collect keeps a missed bundle's fresh extraction; outcomes come in job
// order.
func (b *bundles) collect(o outcome) {
	if b.at == nil {
		return
	}
	g := b.groups[b.at[b.next]]
	b.next++
	if !g.hit {
		g.enc = append(g.enc, o.enc) // nil (skipped, unchanged, not cacheable): no bundle
	}
}

// put stores each missed bundle whose files were all extracted afresh.
func (b *bundles) put(xc *cacheRun) {
	for _, g := range b.groups {
		if g.hit || len(g.enc) != g.to-g.from || slices.ContainsFunc(g.enc, func(e []byte) bool { return e == nil }) {
			continue
		}
		xc.c.PutBundle(g.key, g.enc) // a failed write costs a parse next time
	}
}

// contentHash is a file's hash as the index and the extraction cache key
// it: of its bytes and, for a dependency's file read in part
// (extract.Selection), the bytes' hash followed by a hash of the parts
// read, so that a change of the parts re-extracts it as a change of its
// bytes would, and a reader that knows only the bytes can still tell
// whether they changed (query's stale: BytesHash).
func contentHash(content []byte, keep []extract.Span) []byte {
	sum := blake3.Sum256(content)
	return partsHash(sum[:], int64(len(content)), keep)
}

// partsHash is contentHash from the hash of a file's bytes and their
// size, the file unread.
func partsHash(sum []byte, size int64, keep []extract.Span) []byte {
	if keep == nil {
		return sum
	}
	h := blake3.New()
	h.Write(binary.AppendUvarint([]byte("parts\x00"), uint64(size)))
	h.Write(sum)
	var b []byte
	for _, sp := range keep {
		b = binary.AppendUvarint(b, uint64(sp.Start))
		b = binary.AppendUvarint(b, uint64(sp.End))
	}
	h.Write(b)
	return h.Sum(slices.Clone(sum))
}

// dependencyReads counts the dependency files read whole (a warm sync
// reads none: TestPackagesWarmReadsNoDependency).
var dependencyReads atomic.Int64

// readDependency reads a dependency's file, in a directory or an archive.
func readDependency(p string) ([]byte, error) {
	dependencyReads.Add(1)
	return archive.ReadFile(p) // sized by a stat, unlike io.ReadAll
}

// knownOutcome is what process makes of a dependency's file without
// reading it, when its hash is known (the selection's summaries, its
// bundle's lookup): unchanged from the index, or its bundle's extraction.
// ok is false when the file must be read.
func knownOutcome(reg *extract.Registry, maxSize int64, j job) (o outcome, ok bool) {
	if j.hash == nil || j.cand.Size > maxSize {
		return o, false
	}
	o = outcome{cand: j.cand, hash: j.hash}
	switch {
	case j.oldHash != nil && bytes.Equal(j.oldHash, j.hash):
		o.touch = true
	case j.pre != nil && bytes.Equal(j.preHash, j.hash):
		o.x, o.lang = j.pre, reg.For(j.cand.Path).Lang()
		if j.pre.Lang != "" {
			o.lang = j.pre.Lang
		}
	default:
		return o, false
	}
	return o, true
}
