package core_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestCalleesThroughPrototype: a C function declared in a header and
// defined in a .c file is one callee, whose target is the definition
// (issue 13: the prototype counted as a second symbol, so no C callee got
// a target).
func TestCalleesThroughPrototype(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"util.h":  "int twice(int x);\n",
		"util.c":  "#include \"util.h\"\n\nint twice(int x) { return 2 * x; }\n",
		"main.c":  "#include \"util.h\"\n\nint main(void) { return twice(21); }\n",
		"other.c": "static int twice_of(int x) { return x; }\n",
	})
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	res, err := g.Callees(context.Background(), "symbol:main.c#main", query.CalleesOptions{MinConfidence: "fuzzy"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Callees) != 1 || res.Callees[0].Target == nil || res.Callees[0].Target.Path != "util.c" {
		t.Fatalf("callees of main: %+v; want twice, defined in util.c", res.Callees)
	}
}
