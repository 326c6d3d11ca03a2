// Package indexer brings an index up to date with the files on disk (DESIGN.md, A sync):
// scan (honoring .gitignore and .orbitignore), diff by mtime+size then
// BLAKE3, extract changed files in parallel with an ordered merge, and write
// everything in one transaction, resolving references (DESIGN.md, A sync).
//
// Layer: core. It imports extract, store, resolve and dbpath; never query,
// render or a front end.
package indexer
