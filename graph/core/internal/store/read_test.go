package store

import "testing"

// TestPathsWhere: a directory is the half-open range of paths below it, so
// a sibling sharing its prefix (store vs storehouse) stays out.
func TestPathsWhere(t *testing.T) {
	cond, args := Paths{Dir: "store"}.where("p")
	if cond != "p >= ? AND p < ?" || len(args) != 2 {
		t.Fatalf("where = %q %v", cond, args)
	}
	lo, hi := args[0].(string), args[1].(string)
	for p, in := range map[string]bool{"store/a.go": true, "store/sub/b.go": true, "store": false, "storehouse/c.go": false, "store.go": false, "stora/x": false} {
		if got := p >= lo && p < hi; got != in {
			t.Errorf("%s in dir:store = %v, want %v", p, got, in)
		}
	}
	for _, all := range []Paths{{}, {Dir: "."}} {
		if cond, args := all.where("p"); cond != "1" || args != nil {
			t.Errorf("%+v: %q %v", all, cond, args)
		}
	}
	if cond, args := (Paths{File: "a.go"}).where("p"); cond != "p = ?" || len(args) != 1 || args[0] != "a.go" {
		t.Errorf("file: %q %v", cond, args)
	}
}

func TestGlobEscape(t *testing.T) {
	if got := globEscape("a*b?c[d"); got != "a[*]b[?]c[[]d" {
		t.Errorf("globEscape = %q", got)
	}
}

func TestPlaceholders(t *testing.T) {
	for n, want := range map[int]string{1: "?", 3: "?,?,?"} {
		if got := placeholders(n); got != want {
			t.Errorf("placeholders(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestInBatches: the batches cover the values in order, none larger than
// the size, so IN lists stay under SQLite's variable limit.
func TestInBatches(t *testing.T) {
	var sizes []int
	var seen []int
	vals := make([]int, 1201)
	for i := range vals {
		vals[i] = i
	}
	inBatches(vals, maxBatch, func(b []int) error {
		sizes = append(sizes, len(b))
		seen = append(seen, b...)
		return nil
	})
	if len(sizes) != 3 || sizes[0] != 500 || sizes[1] != 500 || sizes[2] != 201 {
		t.Errorf("batch sizes = %v", sizes)
	}
	for i, v := range seen {
		if v != i {
			t.Fatalf("value %d at %d: batches reorder", v, i)
		}
	}
}
