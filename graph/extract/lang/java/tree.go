package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// noNode is the index helpers return when a node does not exist.
const noNode = -1

// tree is a flattened syntax tree over the file's bytes. Node 0 is the
// root; the children of i are i+1, then each child's Next.
type tree struct {
	nodes []node
	src   []byte
}

// kind returns a node's kind id, or 0 for noNode.
func (t *tree) kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].Kind
}

// bytes returns a node's source bytes without copying.
func (t *tree) bytes(i int32) []byte {
	n := &t.nodes[i]
	return t.src[n.Start:n.End]
}

// text returns a node's source text, or "" for noNode.
func (t *tree) text(i int32) string {
	if i < 0 {
		return ""
	}
	return string(t.bytes(i))
}

// span returns a node's byte range.
func (t *tree) span(i int32) extract.Span {
	return extract.Span{Start: t.nodes[i].Start, End: t.nodes[i].End}
}

// first returns the first child of i, or noNode.
func (t *tree) first(i int32) int32 {
	if i >= 0 && i+1 < t.nodes[i].SubEnd {
		return i + 1
	}
	return noNode
}

// next returns the next sibling of i, or noNode.
func (t *tree) next(i int32) int32 { return t.nodes[i].Next }

// child returns the first child of i in field f, or noNode.
func (t *tree) child(i int32, f uint16) int32 {
	for c := t.first(i); c >= 0; c = t.nodes[c].Next {
		if t.nodes[c].Field == f {
			return c
		}
	}
	return noNode
}

// childOfKind returns the first child of i of kind k, or noNode.
func (t *tree) childOfKind(i int32, k uint16) int32 {
	for c := t.first(i); c >= 0; c = t.nodes[c].Next {
		if t.nodes[c].Kind == k {
			return c
		}
	}
	return noNode
}
