package indexer

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// TestMemIndexLookupAndDefines: a name's definitions come back in the
// order they were added, with their files, kinds, positions and arities;
// Defines marks the worktree's own names and every namespace enclosing
// one, not a dependency's; an add after Defines is seen by the next one.
func TestMemIndexLookupAndDefines(t *testing.T) {
	m := newMemIndex(newLanguages(all.Registry()))
	sym := func(q string, kind extract.SymbolKind, start uint32) extract.RawSymbol {
		return extract.RawSymbol{Qualified: q, Kind: kind, Span: extract.Span{Start: start, End: start + 1}}
	}
	two := extract.Arity{Min: 2, Max: 2, Known: true}
	a := sym("p.T.m", extract.KindMethod, 40)
	a.Arity = two
	m.add("a.go", []int64{1, 2}, &extract.ExtractedFile{Symbols: []extract.RawSymbol{sym("p.T", extract.KindStruct, 10), a}}, false)
	m.add("@go/dep/d.go", []int64{3, 4}, &extract.ExtractedFile{Symbols: []extract.RawSymbol{sym("p.T.m", extract.KindMethod, 5), sym("dep.x.Y", extract.KindFunction, 7)}}, true)
	m.add("b.go", []int64{5}, &extract.ExtractedFile{Symbols: []extract.RawSymbol{sym("p.T.m", extract.KindFunction, 70)}}, false)

	got, _ := m.Lookup("p.T.m")
	want := []resolve.Symbol{
		{ID: 2, File: "a.go", Kind: "method", Start: 40, Arity: two},
		{ID: 3, File: "@go/dep/d.go", Kind: "method", Start: 5, External: true},
		{ID: 5, File: "b.go", Kind: "function", Start: 70},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Lookup(p.T.m) = %+v, want %+v", got, want)
	}
	for _, q := range []string{"p", "dep.x", "nothing"} {
		if got, _ := m.Lookup(q); got != nil {
			t.Errorf("Lookup(%s) = %+v, want none", q, got)
		}
	}
	defines := func(want map[string]bool) {
		t.Helper()
		for ns, w := range want {
			if got, _ := m.Defines(ns); got != w {
				t.Errorf("Defines(%s) = %v, want %v", ns, got, w)
			}
		}
	}
	defines(map[string]bool{"p": true, "p.T": true, "p.T.m": true, "dep": false, "dep.x": false, "dep.x.Y": false, "q": false})
	m.add("c.go", []int64{6}, &extract.ExtractedFile{Symbols: []extract.RawSymbol{sym("dep.x.Z", extract.KindFunction, 1)}}, false)
	defines(map[string]bool{"p": true, "dep": true, "dep.x": true, "dep.x.Z": true, "dep.x.Y": false})
	if got, _ := m.Lookup("dep.x"); got != nil {
		t.Errorf("Lookup(dep.x), a namespace only, = %+v, want none", got)
	}
}
