package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
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
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		b.Skipf("go env GOMODCACHE: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(packagesModule))
	if _, err := os.Stat(filepath.Join(src, "go.sum")); err != nil {
		b.Skipf("%s is not in the module cache (see BenchmarkPackages' doc to fetch it)", packagesModule)
	}
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
