package markdown_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
)

// benchRoots are the corpora BenchmarkExtract samples: the Go
// distribution and Debian's /usr/share/doc.
func benchRoots(tb testing.TB) []string {
	roots := []string{"/usr/share/doc"}
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		roots = append([]string{strings.TrimSpace(string(out))}, roots...)
	}
	return roots
}

// corpusRoots are the directories TestCorpus reads: ORBIT_CORPUS_DIRS
// (colon-separated) or the bench roots plus the Go module cache and an
// npm tree installed under /tmp.
func corpusRoots(tb testing.TB) []string {
	if dirs := os.Getenv("ORBIT_CORPUS_DIRS"); dirs != "" {
		return strings.Split(dirs, ":")
	}
	roots := benchRoots(tb)
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		roots = append(roots, strings.TrimSpace(string(out)))
	}
	return append(roots, "/tmp/orbit-mdcfg-corpus/node_modules")
}

// corpusFiles lists the Markdown files under roots, sorted, skipping the
// test when there are none. Roots that do not exist are ignored.
func corpusFiles(tb testing.TB, roots []string) []string {
	var files []string
	e := markdown.New()
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && e.Supports(p) {
				files = append(files, p)
			}
			return nil // unreadable entries are not the extractor's business
		})
	}
	if len(files) == 0 {
		tb.Skipf("no Markdown files under %v", roots)
	}
	slices.Sort(files)
	return files
}

// TestCorpus extracts every Markdown file of a real corpus (set
// ORBIT_CORPUS=1) and compares heading counts with universal-ctags.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	files := corpusFiles(t, corpusRoots(t))
	e := markdown.New()
	var bytes int64
	var imports, diagFiles int
	byDepth := map[int]int{}
	ours := map[string]int{}
	var elapsed time.Duration
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil || len(src) > 1<<20 { // core skips files over 1 MiB
			continue
		}
		start := time.Now()
		f := e.Extract(extract.Input{Path: p, Content: src})
		elapsed += time.Since(start)
		checkFile(t, p, src, f)
		bytes += int64(len(src))
		imports += len(f.Imports)
		if len(f.Diagnostics) > 0 {
			diagFiles++
		}
		for _, s := range f.Symbols {
			byDepth[strings.IndexByte(s.Signature, ' ')]++
		}
		ours[p] = len(f.Symbols)
	}
	t.Logf("%d files, %.1f MB, %.1f MB/s (one core, extraction only); sections by depth %v; "+
		"%d imports; %d files with diagnostics", len(ours), float64(bytes)/1e6,
		float64(bytes)/1e6/elapsed.Seconds(), byDepth, imports, diagFiles)
	compareCtags(t, ours)
}

// compareCtags logs how universal-ctags' heading count differs from ours,
// file by file, listing the files that differ most.
func compareCtags(t *testing.T, ours map[string]int) {
	list := filepath.Join(t.TempDir(), "files")
	var names []string
	for p := range ours {
		names = append(names, p)
	}
	slices.Sort(names)
	if err := os.WriteFile(list, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	theirs := ctagsCounts(t, list)
	type diff struct {
		path     string
		us, them int
	}
	var diffs []diff
	var sumUs, sumThem int
	for _, p := range names {
		sumUs += ours[p]
		sumThem += theirs[p]
		if ours[p] != theirs[p] {
			diffs = append(diffs, diff{p, ours[p], theirs[p]})
		}
	}
	slices.SortFunc(diffs, func(a, b diff) int { return abs(b.us-b.them) - abs(a.us-a.them) })
	t.Logf("headings: ours %d, ctags %d; %d of %d files differ", sumUs, sumThem, len(diffs), len(names))
	for _, d := range diffs[:min(len(diffs), 25)] {
		t.Logf("  %s: ours %d, ctags %d", d.path, d.us, d.them)
	}
}

// ctagsCounts runs universal-ctags over the files listed in list and
// counts its Markdown tags (all headings) per file.
func ctagsCounts(t *testing.T, list string) map[string]int {
	// Line numbers keep repeated headings ("### Bug Fixes") from being
	// merged as identical tag lines.
	out, err := exec.Command("ctags", "-f", "-", "--sort=no", "--fields=+n", "--languages=Markdown",
		"--language-force=Markdown", "-L", list).Output()
	if err != nil {
		t.Skipf("ctags: %v", err)
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if f := strings.Split(sc.Text(), "\t"); len(f) > 2 {
			counts[f[1]]++
		}
	}
	return counts
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
