package core_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestRefsCPPOverloads: a C++ method declared in its class (a prototype,
// with a default argument) and defined out of line is one method per
// overload: the selector picks the definition, each call goes to the
// overload taking its argument count, counting the prototype's default
// arguments, calling the class constructs (a type use, no callee), and a
// gtest TEST_F body calls its fixture's members.
func TestRefsCPPOverloads(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"store.h": "namespace app {\nclass Store {\n public:\n  void put(int a, int b = 0);\n" +
			"  void put(const char* s, int a, int b);\n  static Store Make() { return Store(); }\n};\n}  // namespace app\n",
		"store.cc": "#include \"store.h\"\n\nnamespace app {\nvoid Store::put(int a, int b) {}\n" +
			"void Store::put(const char* s, int a, int b) {}\n\nclass Local {\n public:\n  void run();\n};\nvoid Local::run() {}\n}  // namespace app\n",
		"store_test.cc": "#include \"store.h\"\n\nnamespace app {\nclass StoreTest {\n public:\n  Store s;\n" +
			"  void Fill() { s.put(1); s.put(1, 2); }\n};\n\nTEST_F(StoreTest, Put) {\n  Fill();\n  s.put(\"x\", 1, 2);\n}\n}  // namespace app\n",
	})
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()
	sites := func(sel string) string {
		t.Helper()
		res, err := g.Refs(ctx, sel, query.RefsOptions{})
		if err != nil {
			t.Fatalf("refs %s: %v", sel, err)
		}
		var out []string
		for _, r := range res.Refs {
			if r.Kind == "call" {
				out = append(out, fmt.Sprintf("%s:%d:%d %s", r.File, r.Line, r.Column, r.Confidence))
			}
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	if got, want := sites("symbol:store.cc#Store.put@4"), "store_test.cc:7:19 import_resolved store_test.cc:7:29 import_resolved"; got != want {
		t.Errorf("refs of put(int, int = 0): %s; want %s", got, want)
	}
	if got, want := sites("symbol:store.cc#Store.put@5"), "store_test.cc:12:5 import_resolved"; got != want {
		t.Errorf("refs of put(const char*, int, int): %s; want %s", got, want)
	}
	if res, err := g.Show(ctx, "symbol:store.cc#Local.run", 0); err != nil || res.Line != 11 || res.SymbolKind != "method" {
		t.Errorf("symbol:store.cc#Local.run picks %+v, %v; want its definition at line 11", res, err)
	}
	if res, err := g.Callees(ctx, "symbol:store.h#Store.Make", query.CalleesOptions{MinConfidence: "fuzzy"}); err != nil || len(res.Callees) != 0 {
		t.Errorf("callees of Make: %+v, %v; want none (Store() constructs, as a type use)", res, err)
	}
	if got, want := sites("symbol:store_test.cc#StoreTest.Fill"), "store_test.cc:11:3 exact"; got != want {
		t.Errorf("refs of the fixture's Fill: %s; want %s", got, want)
	}
}
