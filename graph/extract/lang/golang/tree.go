package golang

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// tree is a flattened syntax tree over the file's text. Node 0 is the root.
type tree struct {
	nodes []node
	src   string
}

// kind returns a node's kind id, or 0 for -1.
func (t *tree) kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].Kind
}

// text returns a node's source text, or "" for -1.
func (t *tree) text(i int32) string {
	if i < 0 {
		return ""
	}
	n := &t.nodes[i]
	return t.src[n.Start:n.End]
}

// field returns the field id of i in its parent, or 0.
func (t *tree) field(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].Field
}

// firstChild returns the first child of i, or -1.
func (t *tree) firstChild(i int32) int32 {
	if j := i + 1; i >= 0 && int(j) < len(t.nodes) && t.nodes[j].Parent == i {
		return j
	}
	return -1
}

// next returns the next sibling of i, or -1.
func (t *tree) next(i int32) int32 { return t.nodes[i].Next }

// parent returns the parent of i, or -1.
func (t *tree) parent(i int32) int32 {
	if i < 0 {
		return -1
	}
	return t.nodes[i].Parent
}

// child returns the first child of i in field fid, or -1.
func (t *tree) child(i int32, fid uint16) int32 {
	for c := t.firstChild(i); c >= 0; c = t.nodes[c].Next {
		if t.nodes[c].Field == fid {
			return c
		}
	}
	return -1
}

// childOfKind returns the first child of i of kind kid, or -1.
func (t *tree) childOfKind(i int32, kid uint16) int32 {
	for c := t.firstChild(i); c >= 0; c = t.nodes[c].Next {
		if t.nodes[c].Kind == kid {
			return c
		}
	}
	return -1
}

// onlyChild returns the single child of i, or -1 when it has none or more.
func (t *tree) onlyChild(i int32) int32 {
	c := t.firstChild(i)
	if c < 0 || t.nodes[c].Next >= 0 {
		return -1
	}
	return c
}

// unwrap skips parentheses around an expression or type.
func (t *tree) unwrap(i int32) int32 {
	for k := t.kind(i); k == kinds.parenExpr || k == kinds.parenType; k = t.kind(i) {
		i = t.firstChild(i)
	}
	return i
}
