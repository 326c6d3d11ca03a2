// Package query answers questions from an index (spec §9): one file per
// query, typed results shaped like the spec's JSON, caps and truncation
// applied here so that every front end gets the same answer.
//
// Layer: core. It reads the index through database/sql and the worktree's
// files for source text and line numbers; it must not import sync, store's
// write path, render or a front end.
package query
