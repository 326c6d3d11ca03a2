package extracttest

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

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// CorpusFiles lists the files under dir that keep accepts, as sorted
// slash-separated paths relative to dir. It skips the test when there are
// none, so that a machine without the corpus passes.
func CorpusFiles(tb testing.TB, dir string, keep func(path string) bool) []string {
	tb.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && keep(p) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		tb.Skipf("no corpus files under %s: %v", dir, err)
	}
	slices.Sort(files)
	return files
}

// Sample reads files (as CorpusFiles lists them under dir): all of them
// when n <= 0, else every k-th, about n, so that benchmarks see the same
// spread of the corpus from run to run.
func Sample(tb testing.TB, dir string, files []string, n int) []extract.Input {
	tb.Helper()
	step := 1
	if n > 0 {
		step = max(1, len(files)/n)
	}
	var ins []extract.Input
	for i := 0; i < len(files) && (n <= 0 || len(ins) < n); i += step {
		content, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(files[i])))
		if err != nil {
			tb.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: files[i], Content: content})
	}
	return ins
}

// TotalBytes is the size of all the inputs' contents.
func TotalBytes(ins []extract.Input) int64 {
	var n int64
	for _, in := range ins {
		n += int64(len(in.Content))
	}
	return n
}

// BenchExtract measures ex over ins: bytes/s, allocations and files/s.
func BenchExtract(b *testing.B, ex extract.Extractor, ins []extract.Input) {
	b.SetBytes(TotalBytes(ins))
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			ex.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchParse measures tree-sitter's parse of ins with nothing walked: the
// floor BenchExtract stands on.
func BenchParse(b *testing.B, l *tsutil.Lang, ins []extract.Input) {
	b.SetBytes(TotalBytes(ins))
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// Stats tallies a corpus run by record kind, for a log line to compare
// with universal-ctags and with earlier runs.
type Stats struct {
	Files                                int
	Bytes                                int64
	Elapsed                              time.Duration // in Extract only
	Symbols, Refs, Relations             map[string]int
	Imports, Strings, Configs, Diagnosed int
}

// Extract runs ex on in, timing it, and tallies the result.
func (s *Stats) Extract(ex extract.Extractor, in extract.Input) *extract.ExtractedFile {
	start := time.Now()
	f := ex.Extract(in)
	s.Elapsed += time.Since(start)
	if s.Symbols == nil {
		s.Symbols, s.Refs, s.Relations = map[string]int{}, map[string]int{}, map[string]int{}
	}
	s.Files++
	s.Bytes += int64(len(in.Content))
	for _, x := range f.Symbols {
		s.Symbols[x.Kind.String()]++
	}
	for _, r := range f.Refs {
		s.Refs[r.Kind.String()]++
	}
	for _, r := range f.Relations {
		s.Relations[r.Kind.String()]++
	}
	s.Imports += len(f.Imports)
	s.Strings += len(f.Strings)
	s.Configs += len(f.Configs)
	if len(f.Diagnostics) > 0 {
		s.Diagnosed++
	}
	return f
}

func (s *Stats) String() string {
	mb := float64(s.Bytes) / 1e6
	return fmt.Sprintf("%d files, %.1f MB, %.1f MB/s (one core, extraction only)\n"+
		"symbols %s\nrefs %s\nrelations %s\nimports %d, strings %d, configs %d; %d files with diagnostics",
		s.Files, mb, mb/s.Elapsed.Seconds(), Counts(s.Symbols), Counts(s.Refs), Counts(s.Relations),
		s.Imports, s.Strings, s.Configs, s.Diagnosed)
}

// Counts renders a count map sorted by key: "a=1 b=2 (total 3)".
func Counts(m map[string]int) string {
	var b strings.Builder
	total := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(&b, "%s=%d ", k, m[k])
		total += m[k]
	}
	fmt.Fprintf(&b, "(total %d)", total)
	return b.String()
}

// CtagsKinds counts universal-ctags' tags of one language under dir, by
// kind; "" when ctags is not installed.
func CtagsKinds(dir, lang string) string {
	if _, err := exec.LookPath("ctags"); err != nil {
		return ""
	}
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
	return Counts(m)
}
