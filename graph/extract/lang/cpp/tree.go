package cpp

import (
	"iter"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat. Nodes are in pre-order, so the children of node i are
// i+1, then each child's SubEnd, up to nodes[i].SubEnd.
type node = tsutil.Node

// noNode is the index returned when a child does not exist.
const noNode = -1

// tree is a parsed file as a flat array; it holds no cgo pointers.
type tree struct {
	nodes []node
	src   []byte
}

// kind returns the kind of i, or 0 for noNode.
func (t *tree) kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].Kind
}

// kids iterates over the children of node i.
func (t *tree) kids(i int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		end := t.nodes[i].SubEnd
		for c := i + 1; c < end; c = t.nodes[c].SubEnd {
			if !yield(c) {
				return
			}
		}
	}
}

// child returns the first child of i with field f, or noNode.
func (t *tree) child(i int32, f uint16) int32 {
	if i < 0 {
		return noNode
	}
	end := t.nodes[i].SubEnd
	for c := i + 1; c < end; c = t.nodes[c].SubEnd {
		if t.nodes[c].Field == f {
			return c
		}
	}
	return noNode
}

// childOfKind returns the first child of i of kind k, or noNode.
func (t *tree) childOfKind(i int32, k uint16) int32 {
	end := t.nodes[i].SubEnd
	for c := i + 1; c < end; c = t.nodes[c].SubEnd {
		if t.nodes[c].Kind == k {
			return c
		}
	}
	return noNode
}

// bytes returns the source bytes of i, without copying.
func (t *tree) bytes(i int32) []byte {
	n := &t.nodes[i]
	return t.src[n.Start:n.End]
}

// text returns the source text of i.
func (t *tree) text(i int32) string { return string(t.bytes(i)) }

// span returns the byte range of i.
func (t *tree) span(i int32) extract.Span {
	return extract.Span{Start: t.nodes[i].Start, End: t.nodes[i].End}
}

// empty reports whether i is missing or zero-width: a name tree-sitter
// inserted to recover from a syntax error.
func (t *tree) empty(i int32) bool { return i < 0 || t.nodes[i].End == t.nodes[i].Start }
