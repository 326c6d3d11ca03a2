package java

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// tree is the flattened file over its bytes.
type tree = tsutil.Tree[[]byte]

// noNode is the index helpers return when a node does not exist.
const noNode = tsutil.NoNode
