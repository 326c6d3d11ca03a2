package config

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// errorKind is the kind id tree-sitter gives ERROR nodes ((TSSymbol)-1).
const errorKind = 0xFFFF

// tree is a flattened syntax tree over the file's text. Node 0 is the root.
type tree struct {
	nodes []tsutil.Node
	src   []byte
}

func (t *tree) kind(i int32) uint16 { return t.nodes[i].Kind }

// text returns a node's source text.
func (t *tree) text(i int32) string {
	n := &t.nodes[i]
	return string(t.src[n.Start:n.End])
}

// children calls fn for each child of i in order, looking through ERROR
// nodes, so that what a syntax error wraps is still read; fn returns false
// to stop.
func (t *tree) children(i int32, fn func(c int32) bool) {
	end := t.nodes[i].SubEnd
	for c := i + 1; c < end; {
		if t.nodes[c].Kind == errorKind {
			c++ // its first child, or its next sibling when it has none
			continue
		}
		if !fn(c) {
			return
		}
		c = t.nodes[c].SubEnd
	}
}

// field returns the first child of i in field fid, or -1.
func (t *tree) field(i int32, fid uint16) int32 {
	found := int32(-1)
	t.children(i, func(c int32) bool {
		if t.nodes[c].Field == fid {
			found = c
		}
		return found < 0
	})
	return found
}
