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
	for _, tc := range []struct {
		name string
		defs []Symbol
		args extract.Arity
		file string
		want int64
	}{
		{"declaration and definition", []Symbol{{1, "a.h", proto, ar(2, 2), false}, {2, "a.cc", method, ar(2, 2), false}}, extract.Exactly(2), "b.cc", 2},
		{"use without arguments", []Symbol{{1, "a.h", proto, ar(2, 2), false}, {2, "a.cc", method, ar(2, 2), false}}, extract.Arity{}, "b.cc", 2},
		{"default argument", []Symbol{{1, "a.h", proto, ar(1, 2), false}, {2, "a.cc", method, ar(2, 2), false}}, extract.Exactly(1), "b.cc", 2},
		{"overloads by arity", []Symbol{{1, "a.h", proto, ar(2, 2), false}, {2, "a.h", proto, ar(3, 3), false},
			{3, "a.cc", method, ar(2, 2), false}, {4, "a.cc", method, ar(3, 3), false}}, extract.Exactly(3), "b.cc", 4},
		{"too many arguments", []Symbol{{1, "a.h", proto, ar(1, 1), false}, {2, "a.cc", method, ar(1, 1), false}}, extract.Exactly(2), "b.cc", 0},
		{"same arity elsewhere", []Symbol{{1, "a.cc", method, ar(0, 0), false}, {2, "b.cc", method, ar(0, 0), false}}, extract.Exactly(0), "c.cc", 0},
		{"the file's own", []Symbol{{1, "a.cc", method, ar(0, 0), false}, {2, "b.cc", method, ar(0, 0), false}}, extract.Exactly(0), "b.cc", 2},
		{"the file declares two", []Symbol{{1, "a.h", proto, ar(2, 2), false}, {2, "a.h", proto, ar(2, 2), false},
			{3, "a.h", method, ar(2, 2), false}, {4, "a.cc", method, ar(2, 2), false}}, extract.Exactly(2), "a.h", 0},
		{"no arities (C)", []Symbol{{1, "a.h", proto, extract.Arity{}, false}, {2, "a.c", "function", extract.Arity{}, false}}, extract.Arity{}, "b.c", 0},
		{"java overloads, no count", []Symbol{{1, "A.java", method, ar(1, 1), false}, {2, "A.java", method, ar(2, 2), false}}, extract.Arity{}, "B.java", 0},
	} {
		if got := overloadTaking(tc.defs, tc.args, tc.file); got != tc.want {
			t.Errorf("%s: overloadTaking = %d, want %d", tc.name, got, tc.want)
		}
	}
}
