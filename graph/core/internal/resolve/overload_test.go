package resolve

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestOverloadTaking: prototypes are no overloads of their own but lend
// their default arguments; among several definitions taking a call, the
// referring file's own is meant unless it declares another.
func TestOverloadTaking(t *testing.T) {
	ar := func(lo, hi int16) extract.Arity { return extract.Arity{Known: true, Min: lo, Max: hi} }
	proto, method := Prototype, "method"
	sym := func(id int64, file, kind string, a extract.Arity) Symbol {
		return Symbol{ID: id, File: file, Kind: kind, Arity: a}
	}
	for _, tc := range []struct {
		name string
		defs []Symbol
		args extract.Arity
		file string
		want int64
	}{
		{"declaration and definition", []Symbol{sym(1, "a.h", proto, ar(2, 2)), sym(2, "a.cc", method, ar(2, 2))}, extract.Exactly(2), "b.cc", 2},
		{"use without arguments", []Symbol{sym(1, "a.h", proto, ar(2, 2)), sym(2, "a.cc", method, ar(2, 2))}, extract.Arity{}, "b.cc", 2},
		{"default argument", []Symbol{sym(1, "a.h", proto, ar(1, 2)), sym(2, "a.cc", method, ar(2, 2))}, extract.Exactly(1), "b.cc", 2},
		{"overloads by arity", []Symbol{sym(1, "a.h", proto, ar(2, 2)), sym(2, "a.h", proto, ar(3, 3)),
			sym(3, "a.cc", method, ar(2, 2)), sym(4, "a.cc", method, ar(3, 3))}, extract.Exactly(3), "b.cc", 4},
		{"too many arguments", []Symbol{sym(1, "a.h", proto, ar(1, 1)), sym(2, "a.cc", method, ar(1, 1))}, extract.Exactly(2), "b.cc", 0},
		{"same arity elsewhere", []Symbol{sym(1, "a.cc", method, ar(0, 0)), sym(2, "b.cc", method, ar(0, 0))}, extract.Exactly(0), "c.cc", 0},
		{"the file's own", []Symbol{sym(1, "a.cc", method, ar(0, 0)), sym(2, "b.cc", method, ar(0, 0))}, extract.Exactly(0), "b.cc", 2},
		{"the file declares two", []Symbol{sym(1, "a.h", proto, ar(2, 2)), sym(2, "a.h", proto, ar(2, 2)),
			sym(3, "a.h", method, ar(2, 2)), sym(4, "a.cc", method, ar(2, 2))}, extract.Exactly(2), "a.h", 0},
		{"no arities (C)", []Symbol{sym(1, "a.h", proto, extract.Arity{}), sym(2, "a.c", "function", extract.Arity{})}, extract.Arity{}, "b.c", 0},
		{"java overloads, no count", []Symbol{sym(1, "A.java", method, ar(1, 1)), sym(2, "A.java", method, ar(2, 2))}, extract.Arity{}, "B.java", 0},
	} {
		if got := overloadTaking(tc.defs, tc.args, tc.file); got != tc.want {
			t.Errorf("%s: overloadTaking = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestNearestTwin: of two definitions of a name in one file, a use means
// the nearest before it, or the first when none precedes it.
func TestNearestTwin(t *testing.T) {
	defs := []Symbol{{ID: 1, File: "a.ts", Kind: "function", Start: 100}, {ID: 2, File: "a.ts", Kind: "function", Start: 300},
		{ID: 3, File: "b.ts", Kind: "function", Start: 200}, {ID: 4, File: "a.ts", Kind: "interface", Start: 250}}
	for _, tc := range []struct {
		file   string
		offset uint32
		want   int64
	}{{"a.ts", 150, 1}, {"a.ts", 50, 1}, {"a.ts", 299, 1}, {"a.ts", 300, 2}, {"a.ts", 900, 2}, {"b.ts", 900, 0}} {
		if got := nearestTwin(defs, tc.file, tc.offset); got != tc.want {
			t.Errorf("nearestTwin(%s@%d) = %d, want %d", tc.file, tc.offset, got, tc.want)
		}
	}
}

// TestMemberOrNot: TypeScript's interface $constructor { init() } beside a
// function $constructor that nests a function init: c.init() means the
// method, a bare init() the function.
func TestMemberOrNot(t *testing.T) {
	defs := []Symbol{{ID: 1, File: "core.ts", Kind: "method"}, {ID: 2, File: "core.ts", Kind: "function"}}
	if got := memberOrNot(defs, true); got != 1 {
		t.Errorf("through a receiver: %d, want the method 1", got)
	}
	if got := memberOrNot(defs, false); got != 2 {
		t.Errorf("bare: %d, want the function 2", got)
	}
	if got := memberOrNot(defs[:1], true); got != 0 {
		t.Errorf("one kind only: %d, want 0", got)
	}
}
