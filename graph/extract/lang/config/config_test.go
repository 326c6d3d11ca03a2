package config_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/config"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) { extracttest.Run(t, config.New()) }

func TestSupports(t *testing.T) {
	e := config.New()
	if e.Lang() != "config" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for p, want := range map[string]string{
		"a.yaml": "yaml", "ci/.travis.yml": "yaml", "A.YML": "yaml", "pyproject.toml": "toml",
		"package.json": "json", ".env": "env", "svc/.env.local": "env", ".env.example": "env",
		"deploy/prod.env": "env", ".env.json": "json", ".env.yaml": "yaml", "data/people.csv": "csv", "S.TSV": "tsv",
		".envrc": "", "env": "", "a.jsonc": "", "a.json5": "", "environment.txt": "", "x.envy": "", "a.csv.gz": "", "a.tab": "",
	} {
		got := e.Supports(p)
		if got != (want != "") {
			t.Errorf("Supports(%q) = %v", p, got)
		}
		if got {
			if lang := e.Extract(extract.Input{Path: p}).Lang; lang != want {
				t.Errorf("Extract(%q).Lang = %q, want %q", p, lang, want)
			}
		}
	}
}

func TestParseTimeout(t *testing.T) {
	e := config.New().WithTimeout(time.Nanosecond)
	for path, src := range map[string]string{
		"big.yaml": strings.Repeat("key: {a: [1, 2, {b: c}]}\nlist:\n  - x: 1\n", 20000),
		"big.toml": strings.Repeat("[t]\na = { b = [1, 2, { c = 3 }] }\n", 20000),
		"big.json": "{" + strings.Repeat(`"k": {"a": [1, 2, {"b": "c"}]}, `, 20000) + `"z": 1}`,
	} {
		got := e.Extract(extract.Input{Path: path, Content: []byte(src)})
		if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
			t.Errorf("%s: diagnostics = %+v, want one timeout", path, got.Diagnostics)
		}
		if got.Lang != strings.TrimPrefix(filepath.Ext(path), ".") || got.Namespace != path || len(got.Configs) != 0 {
			t.Errorf("%s: Lang %q, Namespace %q, %d configs", path, got.Lang, got.Namespace, len(got.Configs))
		}
	}
}

// TestKeyCap checks that a file with more keys than the cap keeps the
// first 5000, in order, and says so. (A golden case would need 5000
// annotated lines.)
func TestKeyCap(t *testing.T) {
	for path, line := range map[string]string{"big.yaml": "k%d: 1", "big.toml": "k%d = 1", ".env": "K%d=1"} {
		got := config.New().Extract(extract.Input{Path: path, Content: manyKeys(line, 6000)})
		if n := len(got.Configs); n != 5000 || !strings.EqualFold(got.Configs[n-1].Key, "k4999") {
			t.Errorf("%s: %d configs, last %+v", path, n, got.Configs[n-1])
		}
		if len(got.Diagnostics) != 1 || !strings.HasPrefix(got.Diagnostics[0].Message, "key limit") {
			t.Errorf("%s: diagnostics = %+v", path, got.Diagnostics)
		}
	}
}

// TestJSONKeyLimit checks that JSON past 1000 keys is data: no rows, and
// a diagnostic; at 1000 keys it is still configuration.
func TestJSONKeyLimit(t *testing.T) {
	for n, want := range map[int]int{1000: 1000, 1001: 0} {
		src := append(append([]byte("{"), manyKeys(`"k%d": 1,`, n-1)...), `"last": 1}`...)
		got := config.New().Extract(extract.Input{Path: "big.json", Content: src})
		if len(got.Configs) != want {
			t.Errorf("%d keys: %d configs, want %d", n, len(got.Configs), want)
		}
		if data := len(got.Diagnostics) == 1 && strings.HasPrefix(got.Diagnostics[0].Message, "data file"); data != (want == 0) {
			t.Errorf("%d keys: diagnostics = %+v", n, got.Diagnostics)
		}
	}
}

// manyKeys returns n lines of format, each given its line index.
func manyKeys(format string, n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return []byte(b.String())
}

func TestKeyLengthLimit(t *testing.T) {
	long := strings.Repeat("x", 600)
	got := config.New().Extract(extract.Input{Path: "a.json", Content: []byte(`{"` + long + `": {"a": 1}, "b": 2}`)})
	if len(got.Configs) != 1 || got.Configs[0].Key != "b" {
		t.Errorf("configs = %+v", got.Configs)
	}
	if len(got.Diagnostics) != 1 || !strings.HasPrefix(got.Diagnostics[0].Message, "length limit") {
		t.Errorf("diagnostics = %+v", got.Diagnostics)
	}
}

// TestAliasBomb checks that nested aliases ("billion laughs") stay cheap:
// the expansion budget stops them, with a diagnostic.
func TestAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a {x: 1, y: 2}\n")
	prev := "a"
	for i := range 20 {
		name := fmt.Sprintf("l%d", i)
		fmt.Fprintf(&b, "%s: &%s [%s]\n", name, name, strings.Repeat("*"+prev+", ", 9)+"*"+prev)
		prev = name
	}
	start := time.Now()
	got := config.New().Extract(extract.Input{Path: "bomb.yaml", Content: []byte(b.String())})
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	if len(got.Configs) > 5000 {
		t.Errorf("%d configs", len(got.Configs))
	}
	var msgs []string
	for _, d := range got.Diagnostics {
		msgs = append(msgs, d.Message)
	}
	if !strings.Contains(strings.Join(msgs, "\n"), "limit") {
		t.Errorf("diagnostics = %q, want a limit", msgs)
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, config.New(), extracttest.GoldenInputs(t))
}

// checkFile checks the invariants core relies on.
func checkFile(t *testing.T, rel string, src []byte, f *extract.ExtractedFile) {
	t.Helper()
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			t.Errorf("%s: %s", rel, d.Message)
		}
	}
	if len(f.Symbols)+len(f.Refs)+len(f.Imports)+len(f.Strings)+len(f.Commands) != 0 || f.Namespace != rel {
		t.Errorf("%s: unexpected records or namespace %q", rel, f.Namespace)
	}
	lines := extract.NewLineIndex(src)
	size := uint32(len(src))
	for i, c := range f.Configs {
		if c.Key == "" || len(c.Key) > 512 || c.Span.Start > c.Span.End || c.Span.End > size ||
			c.Line != lines.Line(c.Span.Start) || i > 0 && c.Span.Start < f.Configs[i-1].Span.Start {
			t.Errorf("%s: bad config %d %+v", rel, i, c)
		}
	}
	if len(f.Configs) > 5000 {
		t.Errorf("%s: %d configs", rel, len(f.Configs))
	}
}
