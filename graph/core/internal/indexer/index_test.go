package indexer

import (
	"fmt"
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

// TestMemIndexFacts: a fact key's objects come back distinct and sorted,
// whatever order the files added them in; a key with a word the index
// never saw, or a kind, subject or member of another key, has none.
func TestMemIndexFacts(t *testing.T) {
	m := newMemIndex(newLanguages(all.Registry()))
	fact := func(kind extract.FactKind, subject, member, object string) extract.RawFact {
		return extract.RawFact{Kind: kind, Subject: subject, Member: member, Object: object}
	}
	m.add("a.go", nil, &extract.ExtractedFile{Facts: []extract.RawFact{
		fact(extract.FactType, "p.T", "f", "p.U"),
		fact(extract.FactType, "p.T", "f", "p.A"),
		fact(extract.FactReturns, "p.T", "f", "p.R"),
	}}, false)
	m.add("b.go", nil, &extract.ExtractedFile{Facts: []extract.RawFact{
		fact(extract.FactType, "p.T", "f", "p.U"),
		fact(extract.FactType, "p.T", "", "p.T0"),
	}}, false)
	for _, c := range []struct {
		kind, subject, member string
		want                  []string
	}{
		{"type", "p.T", "f", []string{"p.A", "p.U"}},
		{"returns", "p.T", "f", []string{"p.R"}},
		{"type", "p.T", "", []string{"p.T0"}},
		{"returns", "p.T", "", nil},
		{"type", "p.U", "f", nil},
		{"type", "p.T", "g", nil},
		{"alias", "p.T", "f", nil},
	} {
		if got, _ := m.Facts(c.kind, c.subject, c.member); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Facts(%s, %s, %s) = %q, want %q", c.kind, c.subject, c.member, got, c.want)
		}
	}
}

// TestNameTable: every name interned, across the table's growth, is found
// again under its number with its bytes; one never interned is not found.
func TestNameTable(t *testing.T) {
	names := newNameTable()
	nums := map[string]int32{}
	for i := range 5000 {
		for _, q := range []string{fmt.Sprintf("p%d.T", i%700), fmt.Sprintf("p%d.T.m%d", i%700, i), ""} {
			n := names.intern(q)
			if was, ok := nums[q]; ok && was != n {
				t.Fatalf("intern(%q) = %d, then %d", q, was, n)
			}
			nums[q] = n
		}
	}
	if len(names.slots) != len(nums) {
		t.Errorf("%d slots for %d distinct names", len(names.slots), len(nums))
	}
	for q, n := range nums {
		if got := names.find(q); got != n {
			t.Errorf("find(%q) = %d, want %d", q, got, n)
		}
		if got := names.name(n); got != q {
			t.Errorf("name(%d) = %q, want %q", n, got, q)
		}
	}
	for _, q := range []string{"p700.T", "p1.T.m2", "p1"} {
		if got := names.find(q); got != -1 {
			t.Errorf("find(%q), never interned, = %d", q, got)
		}
	}
}
