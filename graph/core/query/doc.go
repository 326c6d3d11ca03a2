// Package query answers questions from an index (DESIGN.md, A query): one file per
// query, typed results (their JSON is the answer format), caps and truncation
// applied here so that every front end gets the same answer.
//
// Layer: core. It reads the index through store.Reader (typed rows; the
// SQL lives in store) and the worktree's files for source text and line
// numbers; it must not import the indexer, store's write path, render or a
// front end.
package query
