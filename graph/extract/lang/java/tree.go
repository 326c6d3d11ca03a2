package java

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// node is one named syntax node copied out of tree-sitter by
// tsutil.ParseFlat, so that the walk makes no cgo calls.
type node = tsutil.Node

// tree is the flattened file over its bytes.
type tree = tsutil.Tree[[]byte]

// noNode is the index helpers return when a node does not exist.
const noNode = tsutil.NoNode
