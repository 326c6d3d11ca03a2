package indexer

import (
	"context"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestTSConfigPathsEndToEnd syncs a repository whose imports go through
// tsconfig paths and baseUrl, and checks each ref reaches the symbol the
// mapping names, graded import_resolved; then changes the tsconfig and
// checks an incremental sync follows.
func TestTSConfigPathsEndToEnd(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"web/tsconfig.json": `{
  // aliases
  "compilerOptions": {
    "baseUrl": "src",
    "paths": {"@ui/*": ["components/*"],},
  },
}`,
		"web/src/components/button.ts": "export function Button() {}\n",
		"web/src/other/button.ts":      "export function Button() {}\n",
		"web/src/lib/util.ts":          "export function util() {}\n",
		"web/src/app.ts":               "import { Button } from \"@ui/button\";\nimport { util } from \"lib/util\";\n\nexport function main() {\n  Button();\n  util();\n}\n",
	})
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	reg := all.Registry()
	sync := func(full bool) map[string][2]string {
		t.Helper()
		if _, err := Run(Options{Location: loc, Registry: reg, Full: full}); err != nil {
			t.Fatal(err)
		}
		return callRefs(t, loc.Path, "web/src/app.ts")
	}
	want := map[string][2]string{
		"Button": {"web/src/components/button:Button", "import_resolved"},
		"util":   {"web/src/lib/util:util", "import_resolved"},
	}
	if got := sync(true); !reflect.DeepEqual(got, want) {
		t.Fatalf("cold: call refs %v, want %v", got, want)
	}
	repo.Write("web/tsconfig.json", `{"compilerOptions": {"baseUrl": "src", "paths": {"@ui/*": ["other/*"]}}}`)
	want["Button"] = [2]string{"web/src/other/button:Button", "import_resolved"}
	if got := sync(false); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the tsconfig changed: call refs %v, want %v", got, want)
	}
	repo.Remove("web/tsconfig.json")
	want = map[string][2]string{"Button": {"@ui/button:Button", "import_resolved"}, "util": {"lib/util:util", "import_resolved"}}
	if got := sync(false); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the tsconfig went: call refs %v, want %v (imports of packages outside the index)", got, want)
	}
}

// callRefs maps the name of each call ref of a file to its target and
// confidence.
func callRefs(t *testing.T, dbPath, file string) map[string][2]string {
	t.Helper()
	st, err := store.Open(dbPath, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	calls, err := st.Reader().CallsFrom(context.Background(), []string{file})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	for _, c := range calls {
		out[c.TargetName] = [2]string{c.TargetQualified, c.Confidence}
	}
	return out
}
