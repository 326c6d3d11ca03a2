package c_test

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/c"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. The
// path is a header, so inputs that look like C++ take the C++ extractor.
// Seeds are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/c`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "int", "int f(", "struct {", "#define", "#include", "#include <", "typedef ;",
		"enum { A = , };", "static int X f(void) {}", "\"unterminated", "'x", "/* open", "a::b",
		"namespace", "template <", "int (*(*f)(int))(char);", "#if\n#else\n#endif\n#endif",
		"getenv(\"\")", "\xff\xfe garbage \xef\xbb\xbf", strings.Repeat("(", 3000),
	}
	extracttest.Fuzz(f, c.New(), extract.Input{Path: "include/fuzz.h"}, seeds, cpptest.CheckFuzz)
}
