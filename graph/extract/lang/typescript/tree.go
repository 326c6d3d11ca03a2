package typescript

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// noNode is the index returned when a child does not exist.
const noNode = tsutil.NoNode

// tree is the flattened file over its bytes; a struct rather than an alias
// so that it can carry this package's own helpers.
type tree struct{ tsutil.Tree[[]byte] }

// onlyKid returns the single child of i, or noNode when it has none or
// several.
func (t *tree) onlyKid(i int32) int32 {
	c := t.FirstKid(i)
	if c == noNode || t.Nodes[c].SubEnd != t.Nodes[i].SubEnd {
		return noNode
	}
	return c
}

// empty reports whether i is a zero-width node tree-sitter inserted to
// recover from a syntax error.
func (t *tree) empty(i int32) bool { return t.Nodes[i].End == t.Nodes[i].Start }
