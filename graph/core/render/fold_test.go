package render

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// foldedAs is how a listing with a fold note writes name: folded off the
// note's prefix (every name has it), or marked with … where it does.
func foldedAs(t *testing.T, text, name string) string {
	t.Helper()
	for _, l := range strings.SplitN(text, "\n", 3)[:2] {
		if p, ok := strings.CutPrefix(l, "(names below are under "); ok {
			p = strings.TrimSuffix(p, ")")
			if !strings.HasPrefix(name, p) {
				t.Errorf("%s is not under %s", name, p)
			}
			return strings.TrimPrefix(name, p)
		}
		if p, ok := strings.CutPrefix(l, "(… below stands for "); ok {
			if rest, ok := strings.CutPrefix(name, strings.TrimSuffix(p, ")")); ok {
				return "…" + rest
			}
			return name
		}
	}
	t.Fatalf("no fold note in\n%s", text)
	return ""
}

func render[T any](t *testing.T, f func(w *strings.Builder, v T) error, v T) string {
	t.Helper()
	var b strings.Builder
	if err := f(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Folding loses nothing: every qualified name of the answer is in its text,
// shortened by the prefix its note states, and after the note the prefix
// is not said again (the header line names the target in full).
func TestFoldedListings(t *testing.T) {
	const mod = "github.com/org/repo/"
	names := []string{mod + "app/lib.Serve", mod + "app/callers.Caller00", mod + "app/callers.Caller01", mod + "app/lib.helper"}
	sym := func(i int) query.SymbolRef {
		return query.SymbolRef{Name: "n", Qualified: names[i], Kind: "function", Path: "lib/lib.go", Line: i + 1}
	}
	impact := query.ImpactResult{Target: sym(0), Depth: 1}
	callees := query.CalleesResult{Source: sym(0)}
	search := query.SearchResult{}
	for i := 1; i < len(names); i++ {
		impact.Symbols = append(impact.Symbols, query.ImpactNode{SymbolRef: sym(i), Distance: 1, Edge: "call", Direction: "inbound", Confidence: "exact", Via: names[0]})
		callees.Callees = append(callees.Callees, query.Callee{Name: "n", Qualified: names[i], Kind: "call", Confidence: "exact", Line: i})
		search.Matches = append(search.Matches, query.Match{Kind: "symbol", Qualified: names[i], SymbolKind: "function", Path: "a.go", Line: i})
	}
	ext := "fmt.Errorf"
	// Calls leaving the index: the indexed targets' path is marked.
	mixed := callees
	mixed.Callees = append([]query.Callee{{Name: "Errorf", Qualified: ext, Kind: "call", Confidence: "import_resolved", Line: 9}}, callees.Callees...)
	for i := 1; i < len(mixed.Callees); i++ {
		target := sym(i)
		mixed.Callees[i].Target = &target
	}
	conf := "exact"
	root := &query.TraceNode{Name: "serve", Path: "main.go", Line: 1}
	for i := range names {
		root.Children = append(root.Children, &query.TraceNode{Name: "n", QualifiedName: &names[i], Confidence: &conf, Path: "lib/lib.go", Line: i + 1, Children: []*query.TraceNode{}})
	}
	root.Children = append(root.Children, &query.TraceNode{Name: "Errorf", QualifiedName: &ext, Confidence: &conf, Children: []*query.TraceNode{}})
	trace := query.TraceResult{Root: root}
	deps := query.DepsResult{Files: []query.FileDeps{{File: "main.go", Imports: []query.Dep{
		{TargetPath: "fmt"}, {TargetPath: mod + "app/lib", InternalPath: "lib"},
		{TargetPath: mod + "app/callers", InternalPath: "callers"}, {TargetPath: mod + "app/util", InternalPath: "util"}}}}}

	for _, c := range []struct {
		name  string
		text  string
		wants []string
	}{
		{"impact", render(t, func(w *strings.Builder, v query.ImpactResult) error { return ImpactText(w, v) }, impact), names},
		{"callees", render(t, func(w *strings.Builder, v query.CalleesResult) error { return CalleesText(w, v) }, callees), names[1:]},
		{"callees leaving the index", render(t, func(w *strings.Builder, v query.CalleesResult) error { return CalleesText(w, v) }, mixed), append([]string{ext}, names[1:]...)},
		{"search", render(t, func(w *strings.Builder, v query.SearchResult) error { return SearchText(w, v) }, search), names[1:]},
		{"trace", render(t, func(w *strings.Builder, v query.TraceResult) error { return TraceText(w, v) }, trace), append([]string{ext}, names...)},
		{"deps", render(t, func(w *strings.Builder, v query.DepsResult) error { return DepsText(w, v) }, deps), []string{"fmt", mod + "app/lib", mod + "app/callers"}},
	} {
		_, entries, _ := strings.Cut(c.text, " below ")
		_, entries, _ = strings.Cut(entries, "\n") // the lines after the note
		if strings.Contains(entries, mod) {
			t.Errorf("%s: the module path is said again after its note:\n%s", c.name, c.text)
		}
		for _, n := range c.wants {
			if short := foldedAs(t, c.text, n); !strings.Contains(c.text, " "+short+" ") && !strings.Contains(c.text, " "+short+"\n") {
				t.Errorf("%s: %s is lost in\n%s", c.name, n, c.text)
			}
		}
	}
}
