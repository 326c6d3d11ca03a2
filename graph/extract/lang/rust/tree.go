package rust

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// noNode is the index returned when a child does not exist.
const noNode = tsutil.NoNode

// tree is the flattened file over its bytes; a struct rather than an alias
// so that it can carry this package's own helpers.
type tree struct{ tsutil.Tree[[]byte] }

// kidCount counts the children of i.
func (t *tree) kidCount(i int32) int {
	n := 0
	for range t.Kids(i) {
		n++
	}
	return n
}

// between returns the source between the end of a and the start of b.
func (t *tree) between(a, b int32) []byte {
	s, e := t.Nodes[a].End, t.Nodes[b].Start
	if e < s {
		return nil
	}
	return t.Src[s:e]
}

// empty reports a zero-width node, one tree-sitter inserted to recover from
// a syntax error.
func (t *tree) empty(i int32) bool { return t.Nodes[i].End == t.Nodes[i].Start }
