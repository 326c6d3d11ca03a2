package tsutil

import (
	"slices"
	"testing"
)

// TestTree checks the helpers on a hand-built tree: root 0 over "ab cd"
// with children 1 (field 7, holding 2) and 3 (field 8).
func TestTree(t *testing.T) {
	nodes := []Node{
		{Kind: 1, Start: 0, End: 5, Parent: -1, Next: -1, SubEnd: 4},
		{Kind: 2, Field: 7, Start: 0, End: 2, Parent: 0, Next: 3, SubEnd: 3},
		{Kind: 3, Start: 0, End: 1, Parent: 1, Next: -1, SubEnd: 3},
		{Kind: 4, Field: 8, Start: 3, End: 5, Parent: 0, Next: -1, SubEnd: 4},
	}
	str := &Tree[string]{Nodes: nodes, Src: "ab cd"}
	byt := &Tree[[]byte]{Nodes: nodes, Src: []byte("ab cd")}
	if got := slices.Collect(str.Kids(0)); !slices.Equal(got, []int32{1, 3}) {
		t.Errorf("Kids(0) = %v", got)
	}
	for _, c := range []struct {
		name      string
		got, want int32
	}{
		{"Child(0, 8)", str.Child(0, 8), 3},
		{"Child(0, 9)", str.Child(0, 9), NoNode},
		{"Child(NoNode, 7)", str.Child(NoNode, 7), NoNode},
		{"ChildOfKind(0, 2)", str.ChildOfKind(0, 2), 1},
		{"ChildOfKind(NoNode, 2)", str.ChildOfKind(NoNode, 2), NoNode},
		{"FirstKid(1)", str.FirstKid(1), 2},
		{"FirstKid(2)", str.FirstKid(2), NoNode},
		{"FirstKid(NoNode)", str.FirstKid(NoNode), NoNode},
		{"Next(1)", str.Next(1), 3},
		{"Next(NoNode)", str.Next(NoNode), NoNode},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if str.Kind(3) != 4 || str.Kind(NoNode) != 0 {
		t.Errorf("Kind(3), Kind(NoNode) = %d, %d", str.Kind(3), str.Kind(NoNode))
	}
	if str.Text(3) != "cd" || byt.Text(1) != "ab" || str.Text(NoNode) != "" || string(byt.Raw(3)) != "cd" {
		t.Errorf("Text(3), Text(1), Text(NoNode), Raw(3) = %q, %q, %q, %q", str.Text(3), byt.Text(1), str.Text(NoNode), byt.Raw(3))
	}
	if sp := str.Span(3); sp.Start != 3 || sp.End != 5 {
		t.Errorf("Span(3) = %+v", sp)
	}
}
