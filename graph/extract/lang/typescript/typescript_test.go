package typescript_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, typescript.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, typescript.New(), "typescript", map[string]bool{
		"a.ts": true, "a.mts": true, "a.cts": true, "types/a.d.ts": true, "A.TSX": true,
		"a.js": true, "a.mjs": true, "a.cjs": true, "a.jsx": true,
		"a.json": false, "a.tsbuildinfo": false, "ts": false, "a.vue": false, "a.d": false,
	})
}

// TestLangByExtension checks that ExtractedFile.Lang tells JavaScript from
// TypeScript and that the namespace drops the whole extension.
func TestLangByExtension(t *testing.T) {
	ex := typescript.New()
	for p, want := range map[string][2]string{
		"src/a.ts": {"typescript", "src/a"}, "src/a.d.ts": {"typescript", "src/a"},
		"src/a.d.mts": {"typescript", "src/a"}, "src/A.tsx": {"typescript", "src/A"},
		"lib/a.js": {"javascript", "lib/a"}, "lib/a.cjs": {"javascript", "lib/a"},
		"lib/a.mjs": {"javascript", "lib/a"}, "ui/App.jsx": {"javascript", "ui/App"},
		"src/index.ts": {"typescript", "src/index"}, "a.config.js": {"javascript", "a.config"},
		"src/.ts": {"typescript", "src/.ts"},
	} {
		f := ex.Extract(extract.Input{Path: p, Content: []byte("export const x = 1\n")})
		if f.Lang != want[0] || f.Namespace != want[1] {
			t.Errorf("%s: Lang, Namespace = %q, %q; want %q, %q", p, f.Lang, f.Namespace, want[0], want[1])
		}
	}
}

func TestParseTimeout(t *testing.T) {
	ex := typescript.New().WithTimeout(time.Nanosecond)
	src := strings.Repeat("function f(a: number) { return g(a) + h(a) * 2 }\n", 20000)
	f := ex.Extract(extract.Input{Path: "src/slow.ts", Content: []byte(src)})
	extracttest.TimedOut(t, f, "typescript", "src/slow")
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, typescript.New(), extracttest.GoldenInputs(t))
}
