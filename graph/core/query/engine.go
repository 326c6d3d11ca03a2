package query

import "github.com/orbitgraph/orbit/graph/core/internal/store"

// Engine answers the queries of DESIGN.md, A query from one index, read through its
// store.Reader, and the worktree the index describes (for line numbers and
// source text). It is cheap to make: one per query is fine.
type Engine struct {
	idx  *store.Reader
	root string
}

// NewEngine returns an Engine over the index idx of the worktree at root.
func NewEngine(idx *store.Reader, root string) *Engine {
	return &Engine{idx: idx, root: root}
}

// symbolRow is a symbols row.
type symbolRow = store.Symbol
