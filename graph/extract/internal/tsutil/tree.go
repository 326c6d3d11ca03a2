package tsutil

import (
	"iter"
	"sync"

	"github.com/orbitgraph/orbit/graph/extract"
)

// NoNode is the index Tree's helpers take and return for a missing node.
const NoNode = -1

// Tree is a file flattened by ParseFlat over its source. Node 0 is the root;
// the children of node i are i+1, then each child's SubEnd, up to i's SubEnd.
// S is string or []byte, whichever the extractor slices its source as.
type Tree[S ~string | ~[]byte] struct {
	Nodes []Node
	Src   S
}

// Kind returns the kind id of i, or 0 for NoNode.
func (t *Tree[S]) Kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.Nodes[i].Kind
}

// Text returns the source text of i, or "" for NoNode.
func (t *Tree[S]) Text(i int32) string {
	if i < 0 {
		return ""
	}
	return string(t.Src[t.Nodes[i].Start:t.Nodes[i].End])
}

// Kids iterates over the children of i.
func (t *Tree[S]) Kids(i int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		end := t.Nodes[i].SubEnd
		for c := i + 1; c < end; c = t.Nodes[c].SubEnd {
			if !yield(c) {
				return
			}
		}
	}
}

// Child returns the first child of i in field f, or NoNode.
func (t *Tree[S]) Child(i int32, f uint16) int32 {
	if i < 0 {
		return NoNode
	}
	end := t.Nodes[i].SubEnd
	for c := i + 1; c < end; c = t.Nodes[c].SubEnd {
		if t.Nodes[c].Field == f {
			return c
		}
	}
	return NoNode
}

// ChildOfKind returns the first child of i of kind k, or NoNode.
func (t *Tree[S]) ChildOfKind(i int32, k uint16) int32 {
	if i < 0 {
		return NoNode
	}
	end := t.Nodes[i].SubEnd
	for c := i + 1; c < end; c = t.Nodes[c].SubEnd {
		if t.Nodes[c].Kind == k {
			return c
		}
	}
	return NoNode
}

// FirstKid returns the first child of i, or NoNode.
func (t *Tree[S]) FirstKid(i int32) int32 {
	if i >= 0 && i+1 < t.Nodes[i].SubEnd {
		return i + 1
	}
	return NoNode
}

// Next returns the next sibling of i, or NoNode.
func (t *Tree[S]) Next(i int32) int32 {
	if i < 0 {
		return NoNode
	}
	return t.Nodes[i].Next
}

// Raw returns the source of i as S, without copying.
func (t *Tree[S]) Raw(i int32) S {
	n := &t.Nodes[i]
	return t.Src[n.Start:n.End]
}

// Span returns the byte range of i.
func (t *Tree[S]) Span(i int32) extract.Span {
	return extract.Span{Start: t.Nodes[i].Start, End: t.Nodes[i].End}
}

// nodeBufs recycles the node arrays ParseFlat fills, between files and
// across languages.
var nodeBufs = sync.Pool{New: func() any { return new([]Node) }}

// maxPooledNodes keeps a large file's array (24 bytes a node; 64Ki nodes
// is about 180 KB of Go) out of the pool, where it stayed live through two
// collections, megabytes no other file would use before the pool dropped it.
const maxPooledNodes = 1 << 16

// GetNodes returns a node array for ParseFlat; hand it back with PutNodes.
func GetNodes() *[]Node { return nodeBufs.Get().(*[]Node) }

// PutNodes returns buf to the pool, unless it is huge.
func PutNodes(buf *[]Node) {
	if cap(*buf) <= maxPooledNodes {
		*buf = (*buf)[:0]
		nodeBufs.Put(buf)
	}
}
