package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// BenchmarkWorktree measures the shared extraction cache (DESIGN.md,
// Extraction cache) on gostd1700, a ~1,700-file repository, made a git
// repository of two commits: an "older tag" in which one .go file in ten
// differs and one in fifty is missing, then the files as they are.
//
//   - mode=cold: the first index of the repository, no cache (what every
//     worktree paid before);
//   - mode=cold-fill: the same with an empty cache, which it fills (the
//     cache's cost to a cold build: entries and the repository's seed);
//   - mode=worktree: a clone of the repository (a new worktree of it)
//     indexed from scratch with the cache the first build filled;
//   - mode=oldertag: a clone checked out at the older tag, the same way,
//     the cache restored before each iteration.
//
// The last two also run a cold build of their clone without the cache,
// untimed, before their first iteration, and report of-cold: their sync's
// time over that cold build's, the median of the iterations (the same-run
// ratio the targets are stated in: ≤ 0.15 and ≤ 0.30), and
// cpu-of-cold, the same ratio of the process's CPU time.
func BenchmarkWorktree(b *testing.B) {
	const name = "gostd1700"
	b.Run("corpus="+name+"/mode=cold", func(b *testing.B) {
		c := gitCorpus(b, name)
		benchColdSync(b, c.Root, core.Options{NoCache: true})
	})
	b.Run("corpus="+name+"/mode=cold-fill", func(b *testing.B) {
		c := gitCorpus(b, name)
		cacheDir := b.TempDir()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			os.RemoveAll(cacheDir)
			b.StartTimer()
			syncFresh(b, c.Root, core.Options{CacheDir: cacheDir})
		}
	})
	b.Run("corpus="+name+"/mode=worktree", func(b *testing.B) {
		c := gitCorpus(b, name)
		primed := primedCache(b, c)
		benchFromCache(b, clone(b, c.Root, "worktree", ""), primed, false)
	})
	b.Run("corpus="+name+"/mode=oldertag", func(b *testing.B) {
		c := gitCorpus(b, name)
		primed := primedCache(b, c)
		benchFromCache(b, clone(b, c.Root, "oldertag", "old"), primed, true)
	})
}

// gitCorpora are the corpora made git repositories, by name.
var gitCorpora = map[string]*Corpus{}

// gitCorpus is the corpus as a git repository of two commits: the older
// tag "old" (one .go file in ten edited, one in fifty missing), then the
// corpus as it is.
func gitCorpus(b *testing.B, name string) *Corpus {
	c := corpus(b, name)
	if gitCorpora[name] != nil {
		return c
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "core.autocrlf=false"}, args...)...)
		cmd.Dir = c.Root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.RemoveAll(filepath.Join(c.Root, ".orbit"))
	originals := olderTag(b, c.Root)
	git("init", "-q")
	os.WriteFile(filepath.Join(c.Root, ".git", "info", "exclude"), []byte(".orbit/\n"), 0o644)
	git("add", "-A")
	git("commit", "-q", "-m", "older tag")
	git("tag", "old")
	for p, src := range originals {
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	git("add", "-A")
	git("commit", "-q", "-m", "now")
	gitCorpora[name] = c
	return c
}

// benchColdSync times a cold build of root with opts, the index removed
// before each.
func benchColdSync(b *testing.B, root string, opts core.Options) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		syncFresh(b, root, opts)
	}
}

// syncFresh removes root's index (untimed) and builds it again, timed.
func syncFresh(b *testing.B, root string, opts core.Options) core.SyncReport {
	return syncFreshTimed(b, root, opts, true)
}

func syncFreshTimed(b *testing.B, root string, opts core.Options, timed bool) core.SyncReport {
	b.StopTimer()
	os.RemoveAll(filepath.Join(root, ".orbit"))
	opts.Registry = all.Registry()
	g, err := core.Open(root, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	if timed {
		b.StartTimer()
	}
	rep, err := g.Sync(context.Background(), core.SyncAuto)
	if err != nil {
		b.Fatal(err)
	}
	return rep
}

// benchFromCache times cold builds of root with a copy of the primed
// cache, against cold builds without one.
func benchFromCache(b *testing.B, root, primed string, restore bool) {
	cacheDir := filepath.Join(b.TempDir(), "cache")
	copyDir(b, primed, cacheDir)
	var ratios, cpuRatios []float64
	hits, misses := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	var cold, coldCPU time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer() // syncFresh starts it for the sync alone
		if i == 0 {
			start, cpu := time.Now(), processCPU()
			syncFreshTimed(b, root, core.Options{NoCache: true}, false)
			cold, coldCPU = time.Since(start), processCPU()-cpu
		}
		if restore && i > 0 {
			os.RemoveAll(cacheDir)
			copyDir(b, primed, cacheDir)
		}
		start, cpu := time.Now(), processCPU()
		rep := syncFresh(b, root, core.Options{CacheDir: cacheDir})
		warm, warmCPU := time.Since(start), processCPU()-cpu
		if rep.Cache == nil || rep.Cache.Corrupt != 0 || !rep.Cache.Seeded {
			b.Fatalf("cache report %+v", rep.Cache)
		}
		hits += rep.Cache.Hits
		misses += rep.Cache.Misses
		ratios = append(ratios, warm.Seconds()/cold.Seconds())
		cpuRatios = append(cpuRatios, warmCPU.Seconds()/coldCPU.Seconds())
	}
	b.StopTimer()
	sort.Float64s(ratios)
	sort.Float64s(cpuRatios)
	b.ReportMetric(ratios[len(ratios)/2], "of-cold")
	b.ReportMetric(cpuRatios[len(cpuRatios)/2], "cpu-of-cold") // steadier than wall time on a loaded machine
	b.ReportMetric(float64(misses)/float64(b.N), "parsed/op")
	b.ReportMetric(float64(hits)/float64(b.N), "hits/op")
}

// primedCaches are caches filled by a cold build of a corpus, by corpus
// root, shared by the benchmarks of one process.
var primedCaches = map[string]string{}

func primedCache(b *testing.B, c *Corpus) string {
	if dir, ok := primedCaches[c.Root]; ok {
		return dir
	}
	dir := filepath.Join(filepath.Dir(c.Root), "primed-cache")
	rep := syncFreshTimed(b, c.Root, core.Options{CacheDir: dir}, false)
	if rep.Cache == nil || rep.Cache.Misses == 0 {
		b.Fatalf("priming the cache: %+v", rep.Cache)
	}
	os.RemoveAll(filepath.Join(c.Root, ".orbit"))
	primedCaches[c.Root] = dir
	return dir
}

// clone clones the corpus beside it under another name, at ref ("" is
// HEAD), once per process.
func clone(b *testing.B, root, name, ref string) string {
	dst := filepath.Join(filepath.Dir(root), name)
	if _, err := os.Stat(dst); err == nil {
		return dst
	}
	args := []string{"clone", "-q"}
	if ref != "" {
		args = append(args, "-b", ref)
	}
	cmd := exec.Command("git", append(args, root, dst)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git clone: %v\n%s", err, out)
	}
	return dst
}

func copyDir(b *testing.B, src, dst string) {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", src+"/.", dst).CombinedOutput(); err != nil {
		b.Fatalf("copy %s: %v: %s", src, err, out)
	}
}

// olderTag edits every tenth .go file of root (in path order) and removes
// every fiftieth of the rest, roughly what an older tag of a repository
// shares with it. It returns the originals of the files it changed.
func olderTag(b *testing.B, root string) map[string][]byte {
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	originals := map[string][]byte{}
	edited, removed := 0, 0
	for i, p := range files {
		if i%10 != 0 && i%50 != 1 {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		originals[p] = src
		if i%10 == 0 {
			src = append(bytes.Clone(src), fmt.Sprintf("\nfunc olderTag%d() int { return %d }\n", i, i)...)
			err = os.WriteFile(p, src, 0o644)
			edited++
		} else {
			err = os.Remove(p)
			removed++
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("older tag: %d of %d .go files differ, %d missing", edited, len(files), removed)
	return originals
}
