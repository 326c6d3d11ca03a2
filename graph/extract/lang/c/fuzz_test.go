package c_test

import (
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/c"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. The
// path is a header, so inputs that look like C++ take the C++ extractor.
// Seeds are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/c`.
func FuzzExtract(f *testing.F) {
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "int", "int f(", "struct {", "#define", "#include", "#include <", "typedef ;",
		"enum { A = , };", "static int X f(void) {}", "\"unterminated", "'x", "/* open", "a::b",
		"namespace", "template <", "int (*(*f)(int))(char);", "#if\n#else\n#endif\n#endif",
		"getenv(\"\")", "\xff\xfe garbage \xef\xbb\xbf", strings.Repeat("(", 3000),
	} {
		f.Add(s)
	}
	ex := c.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "include/fuzz.h", Content: []byte(src)}
		got := ex.Extract(in)
		if msg := cpptest.WellFormed(got, in.Content); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
		for _, d := range got.Diagnostics {
			if strings.HasPrefix(d.Message, "parse:") {
				t.Errorf("parse failed: %s", d.Message)
			}
		}
	})
}
