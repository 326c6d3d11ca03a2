package ruby

import (
	"iter"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// noNode is the index returned when a child does not exist.
const noNode = -1

// tree is a flattened syntax tree over the file's text. Node 0 is the
// root; the children of node i are i+1, then each child's SubEnd, up to
// i's SubEnd.
type tree struct {
	nodes []node
	src   string
}

// kind returns a node's kind id, or 0 for noNode.
func (t *tree) kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].Kind
}

// text returns a node's source text, or "" for noNode.
func (t *tree) text(i int32) string {
	if i < 0 {
		return ""
	}
	return t.src[t.nodes[i].Start:t.nodes[i].End]
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
	if i < 0 {
		return noNode
	}
	end := t.nodes[i].SubEnd
	for c := i + 1; c < end; c = t.nodes[c].SubEnd {
		if t.nodes[c].Kind == k {
			return c
		}
	}
	return noNode
}

// firstKid returns the first child of i, or noNode.
func (t *tree) firstKid(i int32) int32 {
	if i >= 0 && i+1 < t.nodes[i].SubEnd {
		return i + 1
	}
	return noNode
}

// span returns the byte range of i.
func (t *tree) span(i int32) extract.Span {
	return extract.Span{Start: t.nodes[i].Start, End: t.nodes[i].End}
}
