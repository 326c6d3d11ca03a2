package ruby

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// tree is the flattened file; its source is a string so that text does
// not copy.
type tree = tsutil.Tree[string]

// noNode is the index returned when a child does not exist.
const noNode = tsutil.NoNode
