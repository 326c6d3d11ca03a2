package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// corpora are shared by all benchmarks of one process: copying the standard
// library is not what is being measured.
var corpora = map[string]*Corpus{}

func corpus(b *testing.B, name string) *Corpus {
	b.Helper()
	if name == "gostd" && testing.Short() {
		b.Skip("the whole standard library is skipped in -short mode")
	}
	if c, ok := corpora[name]; ok {
		return c
	}
	dir, err := os.MkdirTemp("", "orbit-bench-")
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewCorpus(name, dir)
	if err != nil {
		b.Fatal(err)
	}
	corpora[name] = c
	return c
}

func TestMain(m *testing.M) {
	// Benchmarks never touch the user's extraction cache; the ones that
	// use one (worktree_test.go) make their own.
	cacheDir, err := os.MkdirTemp("", "orbit-bench-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("ORBIT_CACHE_DIR", cacheDir)
	code := m.Run()
	os.RemoveAll(cacheDir)
	for _, c := range corpora {
		os.RemoveAll(filepath.Dir(c.Root))
	}
	os.Exit(code)
}

var corpusNames = []string{"gostd200k", "gostd"}

// openGraph opens a graph without the extraction cache: a cold sync
// parses every file.
func openGraph(b *testing.B, root string) *core.Graph {
	g, err := core.Open(root, core.Options{Registry: all.Registry(), NoCache: true})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func syncOnce(b *testing.B, g *core.Graph, mode core.SyncMode) {
	if _, err := g.Sync(context.Background(), mode); err != nil {
		b.Fatal(err)
	}
}

func dbBytes(g *core.Graph) float64 {
	var n int64
	for _, side := range []string{"", "-wal"} {
		if fi, err := os.Stat(g.Location().Path + side); err == nil {
			n += fi.Size()
		}
	}
	return float64(n)
}

func BenchmarkSync(b *testing.B) {
	for _, name := range corpusNames {
		b.Run("corpus="+name+"/mode=cold", func(b *testing.B) {
			c := corpus(b, name)
			g := openGraph(b, c.Root)
			defer g.Close()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				os.RemoveAll(filepath.Join(c.Root, ".orbit"))
				b.StartTimer()
				syncOnce(b, g, core.SyncAuto)
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(c.Files)/sec, "files/s")
			b.ReportMetric(float64(c.Lines)/sec, "lines/s")
			b.ReportMetric(dbBytes(g)/(1<<20), "db-MB")
		})
		b.Run("corpus="+name+"/mode=noop", func(b *testing.B) {
			c := corpus(b, name)
			g := openGraph(b, c.Root)
			defer g.Close()
			syncOnce(b, g, core.SyncAuto)
			syncOnce(b, g, core.SyncAuto) // settle files written during the cold build
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				syncOnce(b, g, core.SyncAuto)
			}
			b.ReportMetric(float64(c.Files)/(b.Elapsed().Seconds()/float64(b.N)), "files/s")
		})
		b.Run("corpus="+name+"/mode=touch", func(b *testing.B) {
			benchTouch(b, corpus(b, name), nil)
		})
		b.Run("corpus="+name+"/mode=marker", func(b *testing.B) {
			c := corpus(b, name+markerVariant[name])
			benchTouch(b, c, []string{"go.mod"})
		})
		for _, f := range oneFiles {
			b.Run("corpus="+name+"/mode=onefile/file="+f.size, func(b *testing.B) {
				benchOneFile(b, corpus(b, name), f.path, false)
			})
		}
		b.Run("corpus="+name+"/mode=onefile-middle/file="+oneFiles[1].size, func(b *testing.B) {
			benchOneFile(b, corpus(b, name), oneFiles[1].path, true)
		})
	}
}

// markerVariant names the copy of a corpus that has a go.mod at its root
// (the 200k slice has none of its own).
var markerVariant = map[string]string{"gostd200k": "+gomod"}

// benchTouch gives files a new mtime without changing a byte (what touch,
// a checkout or a rebase do) before each sync: every indexed file when
// paths is nil, else the given ones (a marker such as go.mod). Such a sync
// should cost a hash per touched file and nothing else: it reports the
// files it re-extracted (changed/op, expected 0) and the index's size
// after the loop, which must not grow.
func benchTouch(b *testing.B, c *Corpus, paths []string) {
	g := openGraph(b, c.Root)
	defer g.Close()
	syncOnce(b, g, core.SyncAuto)
	if paths == nil {
		filepath.WalkDir(c.Root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(p) == ".go" {
				paths = append(paths, p)
			}
			return nil
		})
	} else {
		for i, p := range paths {
			paths[i] = filepath.Join(c.Root, p)
		}
	}
	base := time.Now().Add(-time.Hour)
	changed := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		when := base.Add(time.Duration(i+1) * time.Second)
		for _, p := range paths {
			if err := os.Chtimes(p, when, when); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		rep, err := g.Sync(context.Background(), core.SyncAuto)
		if err != nil {
			b.Fatal(err)
		}
		changed += rep.FilesChanged + rep.Reresolved
	}
	b.ReportMetric(float64(changed)/float64(b.N), "changed/op")
	b.ReportMetric(dbBytes(g)/(1<<20), "db-MB")
}

// oneFiles are edited before each one-file sync: a file of the corpus'
// average size (12 KB), a large one and one near the 50 KB the budget
// covers.
var oneFiles = []struct{ size, path string }{
	{"15KB", "bufio/scan.go"},
	{"33KB", "fmt/print.go"},
	{"49KB", "encoding/xml/xml.go"},
}

// benchOneFile edits oneFile before each sync: a function appended, or
// with middle a comment inserted before the declaration nearest its middle,
// which moves every span after it.
func benchOneFile(b *testing.B, c *Corpus, oneFile string, middle bool) {
	g := openGraph(b, c.Root)
	defer g.Close()
	syncOnce(b, g, core.SyncAuto)
	path := filepath.Join(c.Root, oneFile)
	orig, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	defer os.WriteFile(path, orig, 0o644)
	times := make([]time.Duration, 0, b.N)
	cpus := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		edit := fmt.Sprintf("%s\nfunc benchEdit%d() { Println(%d) }\n", orig, i%3, i)
		if middle {
			at := len(orig)/2 + bytes.Index(orig[len(orig)/2:], []byte("\nfunc ")) + 1
			edit = fmt.Sprintf("%s// benchEdit %d\n%s", orig[:at], i, orig[at:])
		}
		if err := os.WriteFile(path, []byte(edit), 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start, cpu := time.Now(), processCPU()
		rep, err := g.Sync(context.Background(), core.SyncAuto)
		times = append(times, time.Since(start))
		cpus = append(cpus, processCPU()-cpu)
		if err != nil || rep.FilesChanged != 1 {
			b.Fatalf("one-file sync: %+v, %v", rep, err)
		}
	}
	ms := func(ds []time.Duration, q int) float64 {
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		return float64(ds[len(ds)*q/100].Microseconds()) / 1000
	}
	b.ReportMetric(ms(times, 50), "p50-ms")
	b.ReportMetric(ms(times, 95), "p95-ms")
	b.ReportMetric(ms(cpus, 50), "p50-cpu-ms") // steadier than wall time on a loaded machine
	b.ReportMetric(ms(cpus, 95), "p95-cpu-ms")
}

var searches = []string{"handler", "ParseFile", "invalid syntax"}

func BenchmarkSearch(b *testing.B) {
	for _, name := range corpusNames {
		for _, q := range searches {
			b.Run(fmt.Sprintf("corpus=%s/q=%s", name, q), func(b *testing.B) {
				c := corpus(b, name)
				g := openGraph(b, c.Root)
				defer g.Close()
				if _, err := os.Stat(g.Location().Path); err != nil {
					syncOnce(b, g, core.SyncAuto)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					res, err := g.Search(context.Background(), query.SearchQuery{Text: q})
					if err != nil || len(res.Matches) == 0 {
						b.Fatalf("search %q: %d matches, %v", q, len(res.Matches), err)
					}
				}
			})
		}
	}
}
