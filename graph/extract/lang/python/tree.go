package python

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// noNode is the index returned when a child does not exist.
const noNode = tsutil.NoNode

// tree is the flattened file over its bytes; a struct rather than an alias
// so that it can carry this package's own helpers.
type tree struct{ tsutil.Tree[[]byte] }
