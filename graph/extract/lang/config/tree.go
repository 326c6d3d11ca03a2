package config

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// errorKind is the kind id tree-sitter gives ERROR nodes ((TSSymbol)-1).
const errorKind = 0xFFFF

// tree is the flattened file over its bytes, with the look-through-ERROR
// walk that config formats need.
type tree struct{ tsutil.Tree[[]byte] }

// children calls fn for each child of i in order, looking through ERROR
// nodes, so that what a syntax error wraps is still read; fn returns false
// to stop.
func (t *tree) children(i int32, fn func(c int32) bool) {
	end := t.Nodes[i].SubEnd
	for c := i + 1; c < end; {
		if t.Nodes[c].Kind == errorKind {
			c++ // its first child, or its next sibling when it has none
			continue
		}
		if !fn(c) {
			return
		}
		c = t.Nodes[c].SubEnd
	}
}

// field returns the first child of i in field fid, or -1.
func (t *tree) field(i int32, fid uint16) int32 {
	found := int32(-1)
	t.children(i, func(c int32) bool {
		if t.Nodes[c].Field == fid {
			found = c
		}
		return found < 0
	})
	return found
}
