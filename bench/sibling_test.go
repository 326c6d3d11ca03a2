package bench

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// BenchmarkPackagesSibling measures issue 17's second cost target: a new
// worktree's first sync when a sibling's cold build already filled the
// extraction cache, with dependency packages at most 5% dearer than
// without. The repository is this one's Go part (its .go files, go.mod
// and go.sum, about 60 required modules) committed to a temporary git
// repository. Each iteration, for each side (without packages and with,
// each first in turn), empties a cache, builds the repository cold with the orbit CLI
// (untimed), adds a worktree and times the CLI's first sync of it: the
// child's user+system CPU, which counts the kernel's copy of the seed.
// It reports sibling-ratio, the median of the with-over-without ratios
// (same-run ratios: the machine may be loaded), and each side's median
// CPU in milliseconds. The modules must be in the module cache (`go mod
// download` in the repository); skipped with -short (two cold builds an
// iteration):
//
//	go test -tags sqlite_fts5 ./bench -run '^$' -bench BenchmarkPackagesSibling -benchtime 15x
func BenchmarkPackagesSibling(b *testing.B) {
	if testing.Short() {
		b.Skip("two cold builds an iteration; run without -short")
	}
	bin := buildOrbit(b)
	repo := goPartRepo(b)
	var ratios []float64
	var cpus [2][]float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var cpu [2]float64
		for _, k := range [][]int{{0, 1}, {1, 0}}[i%2] { // each side first in turn
			flags := [][]string{nil, {"--packages"}}[k]
			dir := b.TempDir()
			env := append(os.Environ(), "ORBIT_CACHE_DIR="+filepath.Join(dir, "cache"))
			orbit := func(root string) (time.Duration, string) {
				cmd := exec.Command(bin, append(append([]string{"graph"}, flags...), "--root", root, "sync")...)
				cmd.Env = env
				out, err := cmd.CombinedOutput()
				if err != nil {
					b.Fatalf("orbit sync %v: %v\n%s", flags, err, out)
				}
				return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), string(out)
			}
			first := filepath.Join(dir, "first")
			git(b, repo, "worktree", "add", "-q", "--detach", first)
			orbit(first)
			sibling := filepath.Join(dir, "sibling")
			git(b, repo, "worktree", "add", "-q", "--detach", sibling)
			took, out := orbit(sibling)
			if !strings.Contains(out, `"seeded":true`) {
				b.Fatalf("the sibling's first sync %v did not start from the seed: %s", flags, out)
			}
			cpu[k] = took.Seconds() * 1000
			cpus[k] = append(cpus[k], cpu[k])
			git(b, repo, "worktree", "remove", "--force", first)
			git(b, repo, "worktree", "remove", "--force", sibling)
		}
		ratios = append(ratios, cpu[1]/cpu[0])
	}
	b.StopTimer()
	b.ReportMetric(median(ratios), "sibling-ratio")
	b.ReportMetric(median(cpus[0]), "nopkg-cpu-ms")
	b.ReportMetric(median(cpus[1]), "pkg-cpu-ms")
}

// goPartRepo commits this repository's .go files, go.mod and go.sum to a
// new git repository and returns its root.
func goPartRepo(b *testing.B) string {
	src, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	dst := filepath.Join(b.TempDir(), "orbit")
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != src && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "bazel-") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") && name != "go.mod" && name != "go.sum" || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	git(b, dst, "init", "-q")
	git(b, dst, "add", "-A")
	git(b, dst, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "go part")
	return dst
}

func git(b *testing.B, dir string, args ...string) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func median(xs []float64) float64 {
	xs = append([]float64(nil), xs...)
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
