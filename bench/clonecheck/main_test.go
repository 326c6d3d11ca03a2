package main

import "testing"

func TestTokensIgnoreLayoutAndComments(t *testing.T) {
	a, na := tokens([]byte("{\n\ts := 0 // sum\n\treturn s + 1\n}"))
	b, nb := tokens([]byte("{ s := 0; /* c */ return s+1 }"))
	c, _ := tokens([]byte("{ s := 0; return s-1 }"))
	if a != b || na != nb {
		t.Errorf("layout and comments changed the tokens: %d vs %d", na, nb)
	}
	if a == c {
		t.Error("+ and - must differ")
	}
}

func TestPairs(t *testing.T) {
	classes := map[fn]string{{"a.go", 1}: "x", {"a.go", 5}: "x", {"b.go", 2}: "x", {"c.go", 1}: "y"}
	got := pairsOf(classes, func(fn) bool { return true })
	if len(got) != 3 || !got[pair{fn{"a.go", 1}, fn{"a.go", 5}}] {
		t.Errorf("pairs %v, want the 3 of class x", got)
	}
}
