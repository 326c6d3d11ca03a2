package cpp

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// noNode is the index returned when a child does not exist.
const noNode = tsutil.NoNode

// tree is the flattened file over its bytes; a struct rather than an alias
// so that it can carry this package's own helpers.
type tree struct{ tsutil.Tree[[]byte] }

// empty reports whether i is missing or zero-width: a name tree-sitter
// inserted to recover from a syntax error.
func (t *tree) empty(i int32) bool { return i < 0 || t.Nodes[i].End == t.Nodes[i].Start }
