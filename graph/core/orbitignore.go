package core

import "github.com/orbitgraph/orbit/graph/core/internal/indexer"

// DefaultIgnoreFile is the .orbitignore that `orbit graph init` writes: the
// built-in exclusions (vendored code, build output at the root, lock files,
// source maps) as gitignore patterns, with comments. A worktree with it
// indexes exactly the files it indexes without it.
func DefaultIgnoreFile() []byte { return indexer.DefaultIgnoreFile() }
