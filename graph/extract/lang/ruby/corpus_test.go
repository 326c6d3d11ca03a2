package ruby_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

// corpusFiles lists the Ruby files of the real corpus: everything under
// Ruby's library prefix (/usr/lib/ruby after `apt-get install ruby`: the
// standard library, the bundled gems with their tests, Rakefiles and
// Gemfiles), or under ORBIT_RUBY_CORPUS when set.
func corpusFiles(tb testing.TB) (string, []string) {
	tb.Helper()
	dir := os.Getenv("ORBIT_RUBY_CORPUS")
	if dir == "" {
		out, err := exec.Command("ruby", "-e", `print RbConfig::CONFIG["rubylibprefix"]`).Output()
		if err != nil {
			tb.Skipf("no ruby to find the standard library: %v", err)
		}
		dir = string(out)
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && ruby.New().Supports(p) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		tb.Skipf("no Ruby files under %s: %v", dir, err)
	}
	slices.Sort(files)
	return dir, files
}

// TestCorpus extracts every file of the real corpus (only with
// ORBIT_CORPUS=1): no panic, well-formed records, and a summary to compare
// with universal-ctags on the same files.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	dir, files := corpusFiles(t)
	e := ruby.New()
	var s corpusStats
	s.init()
	var elapsed time.Duration
	for _, rel := range files {
		src, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		f := e.Extract(extract.Input{Path: rel, Content: src})
		elapsed += time.Since(start)
		if msg := wellFormed(f, uint32(len(src))); msg != "" && !strings.HasPrefix(msg, "parse:") {
			t.Errorf("%s: %s", rel, msg)
		}
		s.add(f, len(src))
	}
	t.Logf("%d files, %.1f MB, %.1f MB/s (one core, extraction only)\n%s", len(files),
		float64(s.bytes)/1e6, float64(s.bytes)/1e6/elapsed.Seconds(), s)
	if _, err := exec.LookPath("ctags"); err == nil {
		t.Logf("universal-ctags on the same files: %v", ctagsKinds(t, dir, "Ruby"))
	}
}

type corpusStats struct {
	bytes                                        int
	symbols, refs, rels                          map[string]int
	imports, strings, configs, diagnosed, timeou int
}

func (s *corpusStats) init() {
	s.symbols, s.refs, s.rels = map[string]int{}, map[string]int{}, map[string]int{}
}

func (s *corpusStats) add(f *extract.ExtractedFile, size int) {
	s.bytes += size
	for _, x := range f.Symbols {
		s.symbols[x.Kind.String()]++
	}
	for _, r := range f.Refs {
		s.refs[r.Kind.String()]++
	}
	for _, r := range f.Relations {
		s.rels[r.Kind.String()]++
	}
	s.imports += len(f.Imports)
	s.strings += len(f.Strings)
	s.configs += len(f.Configs)
	if len(f.Diagnostics) > 0 {
		s.diagnosed++
	}
}

func (s corpusStats) String() string {
	return fmt.Sprintf("symbols %s\nrefs %s\nrelations %s\nimports %d, strings %d, configs %d; %d files with diagnostics",
		counts(s.symbols), counts(s.refs), counts(s.rels), s.imports, s.strings, s.configs, s.diagnosed)
}

// counts renders a count map sorted by key, with its total.
func counts(m map[string]int) string {
	var b strings.Builder
	total := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(&b, "%s=%d ", k, m[k])
		total += m[k]
	}
	return fmt.Sprintf("%d: %s", total, strings.TrimSpace(b.String()))
}

// ctagsKinds counts universal-ctags' tags of one language under dir, by kind.
func ctagsKinds(t *testing.T, dir, lang string) string {
	out, err := exec.Command("ctags", "-R", "--output-format=json", "--fields=+K",
		"--languages="+lang, "-f", "-", dir).Output()
	if err != nil {
		return "ctags failed: " + err.Error()
	}
	m := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var tag struct{ Type, Kind string }
		if json.Unmarshal(sc.Bytes(), &struct {
			Type *string `json:"_type"`
			Kind *string `json:"kind"`
		}{&tag.Type, &tag.Kind}) == nil && tag.Type == "tag" {
			m[tag.Kind]++
		}
	}
	return counts(m)
}
