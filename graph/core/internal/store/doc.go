// Package store owns the SQLite file of one index: the schema of DESIGN.md, The tables,
// opening and validating a DB, the write transaction a sync runs in (tx.go),
// the read side queries use (Reader: row types, scanners and batched
// lookups, read_*.go), and a canonical dump used to prove determinism. The
// schema's SQL text lives here and nowhere else in core/query.
//
// Layer: core (bottom). It is the only package that imports the SQLite
// driver; it must not import sync, resolve, query or any front end.
package store
