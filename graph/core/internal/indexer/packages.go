package indexer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/archive"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
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
}

// depLang is one Dependent language's packages for one sync.
type depLang struct {
	lang string
	m    extract.Dependent
	set  extract.DependencySet // nil until load
	pkgs []extract.Package
	ids  []int64
}

// dependencies are the packages of every Dependent language; empty when
// the sync does not index packages.
type dependencies struct {
	langs []*depLang
	cache ExtractionCache // Options.ExternalCache
}

// loadDependencies finds the module-aware languages that are Dependent
// and have files in the scan; load asks them for their packages (running
// their probes) once the sync writes, so a no-op sync runs no probe.
func loadDependencies(opts Options, ctxs contexts, files []candidate) *dependencies {
	d := &dependencies{cache: opts.ExternalCache}
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
		d.langs = append(d.langs, &depLang{lang: a.Lang(), m: m})
	}
	return d
}

// load asks each language for its packages and checks which are on disk.
func (d *dependencies) load() {
	for _, dl := range d.langs {
		if dl.set != nil {
			continue
		}
		dl.set = dl.m.Dependencies(runProbe(dl.m.Probe()))
		dl.pkgs = slices.Clone(dl.set.Packages())
		for i := range dl.pkgs {
			p := &dl.pkgs[i]
			if p.Kind == extract.PackageOwn || p.Missing != "" {
				continue
			}
			if fi, err := archive.Stat(p.Root); err != nil || !fi.IsDir() { // a directory or an archive
				p.Missing = "not on disk: " + p.Root
			}
		}
	}
}

// probes caches each probe's output for the process: a toolchain's
// environment does not change under a running server often enough to pay
// a process per sync.
var probes sync.Map // string → []byte (nil: the probe failed)

func runProbe(p extract.Probe) []byte {
	if len(p.Args) == 0 {
		return nil
	}
	// The environment is part of the key: GOMODCACHE=… changes the answer.
	key := strings.Join(p.Args, "\x00") + "\x01" + strings.Join(p.Env, "\x00") + "\x01" + strings.Join(os.Environ(), "\x00")
	if out, ok := probes.Load(key); ok {
		return out.([]byte)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Args[0], p.Args[1:]...)
	cmd.Dir = os.TempDir() // outside the worktree: no project file steers it
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
	probes.Store(key, out)
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

// ownPackage is the id of the own package holding a worktree file: the
// one with the longest root above it, 0 for none.
func (d *dependencies) ownPackage(p, lang string) int64 {
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
func (d *dependencies) externalJobs(tx *store.Tx, indexed map[string]store.FileState, rep *Report) ([]job, []string, map[string]job, error) {
	want := map[string]job{}
	var jobs []job
	pkgsUsed := map[string]bool{}
	for _, dl := range d.langs {
		imported, err := tx.ImportedPaths(dl.lang)
		if err != nil {
			return nil, nil, nil, err
		}
		if im, ok := dl.set.(extract.Implicit); ok {
			imported = append(imported, im.ImplicitImports()...)
		}
		type dirKey struct {
			pkg int
			dir string
		}
		dirs := map[dirKey]bool{}
		files := map[dirKey]bool{} // a place that is one file
		for _, ip := range imported {
			pkg, places, ok := dl.set.Locate(ip)
			if !ok || pkg < 0 || pkg >= len(dl.pkgs) || dl.pkgs[pkg].Kind == extract.PackageOwn || dl.pkgs[pkg].Missing != "" {
				continue
			}
			for _, pl := range places {
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
		for _, k := range keys {
			pk := dl.pkgs[k.pkg]
			prefix := path.Join("@"+dl.lang, pk.IndexDir)
			dir, names := k.dir, []string(nil)
			if files[k] {
				dir, names = extract.ParentDir(k.dir), []string{path.Base(k.dir)}
			} else if names = listFiles(filepath.Join(pk.Root, filepath.FromSlash(dir))); names == nil {
				continue
			}
			for _, name := range names {
				file := filepath.Join(pk.Root, filepath.FromSlash(dir), name)
				fi, err := archive.Lstat(file)
				if err != nil || !fi.Mode().IsRegular() || !dl.set.Includes(name, nil) {
					continue
				}
				vp := path.Join(prefix, dir, name)
				old, wasIndexed := indexed[vp]
				unchanged := wasIndexed && old.Size == fi.Size() && old.MtimeNs == fi.ModTime().UnixNano()
				if !unchanged && !dl.set.Includes(name, readHead(file)) {
					continue // an unchanged indexed file was included by its head already
				}
				pkgsUsed[dl.lang+"\x00"+pk.Name] = true
				c := candidate{Path: vp, Size: fi.Size(), MtimeNs: fi.ModTime().UnixNano(), Disk: file, Package: dl.ids[k.pkg]}
				j := job{cand: c, ctx: dl.set.Context(k.pkg, prefix)}
				if d.cache != nil {
					key := extract.ExternalCacheKey(dl.lang, pk) + "\x00" + path.Join(dir, name)
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
	return jobs, gone, want, nil
}

// syncExternal brings the external files in line with the imports the
// index holds: it removes those no longer wanted and writes the new or
// changed ones (declarations only). It returns every wanted file's job,
// for dependents to re-resolve.
func syncExternal(opts Options, w *writer, d *dependencies, indexed map[string]store.FileState, rep *Report) (map[string]job, error) {
	jobs, gone, all, err := d.externalJobs(w.tx, indexed, rep)
	if err != nil {
		return nil, err
	}
	for _, p := range gone {
		if err := w.remove(p); err != nil {
			return nil, err
		}
	}
	var scratch Report // external files are not the worktree's changes
	err = runJobs(opts.Location.Root, opts.Registry, opts.MaxFileSize, opts.xc, jobs, func(o outcome) error { return w.apply(o, &scratch) })
	return all, err
}

// readHead is the start of a file, for DependencySet.Includes ([]byte{}
// when it cannot be read: the read proper will say so).
func readHead(p string) []byte {
	f, err := archive.Open(p)
	if err != nil {
		return []byte{}
	}
	defer f.Close()
	b := make([]byte, extract.HeadSize)
	n, _ := io.ReadFull(f, b)
	return b[:n]
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
