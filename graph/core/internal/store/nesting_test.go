package store

import "testing"

func TestInnermost(t *testing.T) {
	// class C [0,100) holds method m [10,50) holds closure-less body;
	// function f [60,90) is a sibling of m inside C.
	syms := []Symbol{
		{Extent: Extent{ID: 3, Start: 60, End: 90}, Qualified: "C.f"},
		{Extent: Extent{ID: 1, Start: 0, End: 100}, Qualified: "C"},
		{Extent: Extent{ID: 2, Start: 10, End: 50}, Qualified: "C.m"},
	}
	SortNested(syms)
	for _, tc := range []struct {
		start, end int64
		want       string
	}{{20, 25, "C.m"}, {55, 58, "C"}, {60, 65, "C.f"}, {95, 99, "C"}, {45, 55, "C"}} {
		got, ok := Innermost(syms, tc.start, tc.end)
		if !ok || got.Qualified != tc.want {
			t.Errorf("Innermost(%d,%d) = %q, %v; want %q", tc.start, tc.end, got.Qualified, ok, tc.want)
		}
	}
	if _, ok := Innermost(syms, 100, 101); ok {
		t.Error("a site past every symbol has no encloser")
	}
}

// TestInnermostTies: of spans starting together the narrowest holding the
// site wins, of equal spans the last id; empty spans never enclose.
func TestInnermostTies(t *testing.T) {
	xs := []Extent{{ID: 1, Start: 0, End: 50}, {ID: 2, Start: 0, End: 20}, {ID: 4, Start: 0, End: 20}, {ID: 3, Start: 5, End: 5}}
	SortNested(xs)
	if got, _ := Innermost(xs, 5, 10); got.ID != 4 {
		t.Errorf("innermost of equal spans = %d, want 4", got.ID)
	}
	if got, _ := Innermost(xs, 5, 30); got.ID != 1 {
		t.Errorf("innermost past the narrow spans = %d, want 1", got.ID)
	}
}
