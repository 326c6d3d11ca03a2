package config_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/config"
)

// goEnv returns `go env name`, or "".
func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// benchRoots are the corpora BenchmarkExtract samples: the Go
// distribution and the Go module cache.
func benchRoots() []string { return []string{goEnv("GOROOT"), goEnv("GOMODCACHE")} }

// corpusRoots are the directories TestCorpus reads: ORBIT_CORPUS_DIRS
// (colon-separated) or the bench roots plus /usr/share/doc, /etc and an
// npm tree installed under /tmp.
func corpusRoots() []string {
	if dirs := os.Getenv("ORBIT_CORPUS_DIRS"); dirs != "" {
		return strings.Split(dirs, ":")
	}
	return append(benchRoots(), "/usr/share/doc", "/etc", "/tmp/orbit-mdcfg-corpus/node_modules")
}

// lockFiles are skipped by core's default ignore rules; the corpus skips
// them too.
func lockFile(p string) bool {
	base := path.Base(p)
	return strings.HasSuffix(base, ".lock") || base == "package-lock.json" || base == "pnpm-lock.yaml"
}

// corpusFiles lists the config files under roots, sorted, skipping the
// test when there are none. Roots that do not exist are ignored.
func corpusFiles(tb testing.TB, roots []string) []string {
	var files []string
	e := config.New()
	for _, root := range roots {
		if root == "" {
			continue
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && e.Supports(p) && !lockFile(p) {
				files = append(files, p)
			}
			return nil // unreadable entries are not the extractor's business
		})
	}
	if len(files) == 0 {
		tb.Skipf("no config files under %v", roots)
	}
	slices.Sort(files)
	return files
}

// TestCorpus extracts every config file of a real corpus (set
// ORBIT_CORPUS=1): no panic, every row well formed.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	e := config.New()
	files, bytes, configs := map[string]int{}, map[string]int64{}, map[string]int{}
	diags := map[string]int{}
	var total int64
	var elapsed time.Duration
	for _, p := range corpusFiles(t, corpusRoots()) {
		src, err := os.ReadFile(p)
		if err != nil || len(src) > 1<<20 { // core skips files over 1 MiB
			continue
		}
		start := time.Now()
		f := e.Extract(extract.Input{Path: p, Content: src})
		elapsed += time.Since(start)
		checkFile(t, p, src, f)
		files[f.Lang]++
		bytes[f.Lang] += int64(len(src))
		total += int64(len(src))
		for _, c := range f.Configs {
			configs[c.Kind.String()]++
		}
		for _, d := range diagKinds(f.Diagnostics) {
			diags[f.Lang+": "+d]++
		}
	}
	for _, lang := range []string{"yaml", "toml", "json", "env"} {
		t.Logf("%-4s %6d files %7.2f MB %8d configs", lang, files[lang], float64(bytes[lang])/1e6, configs[lang])
	}
	t.Logf("%.1f MB at %.1f MB/s (one core, extraction only)", float64(total)/1e6, float64(total)/1e6/elapsed.Seconds())
	t.Logf("files with diagnostics, by kind: %v", diags)
}

var digits = regexp.MustCompile(`[0-9]+`)

// diagKinds names the kinds of diagnostics a file has, once each: the
// message up to its first colon ("syntax error", "key limit"), or for a
// data file its reason with the numbers left out.
func diagKinds(ds []extract.Diagnostic) []string {
	var kinds []string
	for _, d := range ds {
		k, reason, _ := strings.Cut(d.Message, ": ")
		if strings.HasPrefix(k, "data file") {
			k = "data file (" + digits.ReplaceAllString(reason, "N") + ")"
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}
