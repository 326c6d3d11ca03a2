package config_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/config"
)

// FuzzExtract checks that no input, read as each of the four formats,
// makes Extract panic (or hit its internal error recovery), produce spans
// outside the file or unordered rows, or differ between runs. Seeds are
// the golden sources plus a few fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/config`.
func FuzzExtract(f *testing.F) {
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "{", "[", "a:", "? ", "- - -", "&a *a", "a: &a\n  b: *a", "<<: *x", "<<: [*a, {b: 1}]",
		"[[a]]\n[a.b]\n[[a.b]]", "a.\"b", "x = [{", `{"\ud83d\ude00": 1, "\u": 2, "\x": 3}`, "export", "A='",
		"A=\"\\\"", "%YAML 1.2\n---\n...\n---", "\xef\xbb\xbfK=V\r\n", "a: 'x\n  b: 1",
	} {
		f.Add(s)
	}
	e := config.New()
	f.Fuzz(func(t *testing.T, src string) {
		for _, path := range []string{"f.yaml", "f.toml", "f.json", ".env"} {
			in := extract.Input{Path: path, Content: []byte(src)}
			got := e.Extract(in)
			checkFile(t, path, in.Content, got)
			if again := e.Extract(in); !reflect.DeepEqual(got, again) {
				t.Errorf("%s: two runs differ on %q", path, src)
			}
			for _, d := range got.Diagnostics {
				if strings.HasPrefix(d.Message, "parse:") {
					t.Errorf("%s: parse failed: %s", path, d.Message)
				}
			}
		}
	})
}
