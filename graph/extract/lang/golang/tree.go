package golang

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// tree is the flattened file over its text, with the Go extractor's own
// helpers.
type tree struct{ tsutil.Tree[string] }

// field returns the field id of i in its parent, or 0.
func (t *tree) field(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.Nodes[i].Field
}

// parent returns the parent of i, or -1.
func (t *tree) parent(i int32) int32 {
	if i < 0 {
		return -1
	}
	return t.Nodes[i].Parent
}

// onlyChild returns the single child of i, or -1 when it has none or more.
func (t *tree) onlyChild(i int32) int32 {
	c := t.FirstKid(i)
	if c < 0 || t.Nodes[c].Next >= 0 {
		return -1
	}
	return c
}

// unwrap skips parentheses around an expression or type.
func (t *tree) unwrap(i int32) int32 {
	for k := t.Kind(i); k == kinds.parenExpr || k == kinds.parenType; k = t.Kind(i) {
		i = t.FirstKid(i)
	}
	return i
}
