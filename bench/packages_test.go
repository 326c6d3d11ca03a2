package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// packagesModule is the Go module BenchmarkPackages indexes: 22 required
// modules, 323 Go files (DESIGN.md, Dependency packages: sharing and
// cost).
const packagesModule = "github.com/bazelbuild/bazel-gazelle@v0.54.0"

// BenchmarkPackages measures what indexing dependency packages costs a
// cold build with a cold extraction cache (issue 17's target: at most 25%
// more CPU than without packages): each iteration builds a copy of
// bazel-gazelle v0.54.0 from scratch without packages, then with, each
// with an empty cache, and reports cpu-ratio, the median of the
// with-over-without CPU ratios (same-run ratios: the machine may be
// loaded), user-ratio, the same of user CPU alone (system time, mostly
// creating files, swings with the file system's recent history), and the
// external files read. It reads the module and its
// requirements from the module cache and is skipped when they are not
// there; to fetch them:
//
//	d=$(mktemp -d) && cd $d && go mod init x && go mod download -x github.com/bazelbuild/bazel-gazelle@v0.54.0 &&
//	  cp -r $(go env GOMODCACHE)/github.com/bazelbuild/bazel-gazelle@v0.54.0 g && chmod -R u+w g && cd g && go mod download
//
// then: go test -tags sqlite_fts5 ./bench -run '^$' -bench BenchmarkPackages -benchtime 5x
// (skipped with -short: each iteration is two cold builds, seconds).
func BenchmarkPackages(b *testing.B) {
	if testing.Short() {
		b.Skip("two cold builds an iteration; run without -short")
	}
	src := packagesSource(b)
	root := filepath.Join(b.TempDir(), "gazelle")
	copyDir(b, src, root)
	if out, err := exec.Command("chmod", "-R", "u+w", root).CombinedOutput(); err != nil {
		b.Fatalf("chmod: %v: %s", err, out)
	}
	var ratios, userRatios []float64
	files := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var cpu, user [2]float64
		for k, packages := range []bool{false, true} {
			cache := filepath.Join(b.TempDir(), "cache")
			start, startUser := processCPU(), processUserCPU()
			rep := syncFresh(b, root, core.Options{CacheDir: cache, Packages: packages})
			cpu[k], user[k] = (processCPU() - start).Seconds(), (processUserCPU() - startUser).Seconds()
			if packages {
				if rep.Packages == nil || rep.Packages.Files == 0 {
					b.Fatalf("no external files read: %+v", rep.Packages)
				}
				files = rep.Packages.Files
			}
			os.RemoveAll(cache)
		}
		ratios = append(ratios, cpu[1]/cpu[0])
		userRatios = append(userRatios, user[1]/user[0])
	}
	b.StopTimer()
	sort.Float64s(ratios)
	sort.Float64s(userRatios)
	b.ReportMetric(ratios[len(ratios)/2], "cpu-ratio")
	b.ReportMetric(userRatios[len(userRatios)/2], "user-ratio")
	b.ReportMetric(float64(files), "external-files")
}

// BenchmarkPackagesOneFile measures a one-file sync of bazel-gazelle
// v0.54.0 (a function appended to language/go/fileinfo.go, naming nothing
// the worktree did not name) with dependency packages and without, in
// the same run: two copies, each built once, then edited and synced in
// turn. It reports each side's p50 and p95 wall and CPU (pkg-… with
// packages, nopkg-… without), p50-ratio, the with-over-without ratio of
// the wall medians, and selected/op, how often a sync selected the
// dependency files again (0 expected: the edit changes no name; DESIGN.md,
// Selecting again only when its inputs change). cache=off runs without
// the extraction cache. Skipped with -short or when the module is not in
// the module cache (see BenchmarkPackages):
//
//	go test -tags sqlite_fts5 ./bench -run '^$' -bench BenchmarkPackagesOneFile -benchtime 40x
func BenchmarkPackagesOneFile(b *testing.B) {
	if testing.Short() {
		b.Skip("two cold builds first; run without -short")
	}
	src := packagesSource(b)
	for _, noCache := range []bool{false, true} {
		name := "cache=on"
		if noCache {
			name = "cache=off"
		}
		b.Run(name, func(b *testing.B) { benchPackagesOneFile(b, src, noCache) })
	}
}

func benchPackagesOneFile(b *testing.B, src string, noCache bool) {
	const oneFile = "language/go/fileinfo.go"
	type side struct {
		g          *core.Graph
		path       string
		orig       []byte
		wall, cpus []time.Duration
	}
	var sides [2]*side // without packages, with
	selected := 0      // languages whose dependency files a sync selected again
	for k, packages := range []bool{false, true} {
		root := filepath.Join(b.TempDir(), "gazelle")
		copyDir(b, src, root)
		if out, err := exec.Command("chmod", "-R", "u+w", root).CombinedOutput(); err != nil {
			b.Fatalf("chmod: %v: %s", err, out)
		}
		g, err := core.Open(root, core.Options{Registry: all.Registry(), CacheDir: filepath.Join(b.TempDir(), "cache"), NoCache: noCache, Packages: packages})
		if err != nil {
			b.Fatal(err)
		}
		defer g.Close()
		if _, err := g.Sync(context.Background(), core.SyncAuto); err != nil {
			b.Fatal(err)
		}
		s := &side{g: g, path: filepath.Join(root, filepath.FromSlash(oneFile))}
		if s.orig, err = os.ReadFile(s.path); err != nil {
			b.Fatal(err)
		}
		sides[k] = s
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, s := range sides {
			b.StopTimer()
			edit := fmt.Sprintf("%s\nfunc benchEdit%d() int { return %d }\n", s.orig, i%3, i)
			if err := os.WriteFile(s.path, []byte(edit), 0o644); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			start, cpu := time.Now(), processCPU()
			rep, err := s.g.Sync(context.Background(), core.SyncAuto)
			s.wall = append(s.wall, time.Since(start))
			s.cpus = append(s.cpus, processCPU()-cpu)
			if err != nil || rep.FilesChanged != 1 || (k == 1) != (rep.Packages != nil) {
				b.Fatalf("one-file sync: %+v, %v", rep, err)
			}
			if rep.Packages != nil {
				selected += rep.Packages.Selected
			}
		}
	}
	b.StopTimer()
	ms := func(ds []time.Duration, q int) float64 {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return float64(ds[len(ds)*q/100].Microseconds()) / 1000
	}
	for k, prefix := range []string{"nopkg-", "pkg-"} {
		s := sides[k]
		b.ReportMetric(ms(s.wall, 50), prefix+"p50-ms")
		b.ReportMetric(ms(s.wall, 95), prefix+"p95-ms")
		b.ReportMetric(ms(s.cpus, 50), prefix+"p50-cpu-ms")
		b.ReportMetric(ms(s.cpus, 95), prefix+"p95-cpu-ms")
	}
	b.ReportMetric(ms(sides[1].wall, 50)/ms(sides[0].wall, 50), "p50-ratio")
	b.ReportMetric(float64(selected)/float64(b.N), "selected/op") // 0: the edit names nothing new
}

// packagesSource is packagesModule's directory in the module cache; the
// benchmark is skipped when it is not there.
func packagesSource(b *testing.B) string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		b.Skipf("go env GOMODCACHE: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(packagesModule))
	if _, err := os.Stat(filepath.Join(src, "go.sum")); err != nil {
		b.Skipf("%s is not in the module cache (see BenchmarkPackages' doc to fetch it)", packagesModule)
	}
	return src
}
