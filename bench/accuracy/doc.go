// Command accuracy measures Orbit Graph's refs and callees answers for Go
// against compiler truth: an oracle type-checks a corpus with go/packages and
// go/types and records, for every function and method, the sites that truly
// use it and the calls its body truly makes; a seeded sample of those targets
// is then asked of the index, and precision, recall and F1 are printed per
// confidence level (DESIGN.md, Confidence) and per floor.
//
// Layer: a tool on top of core. It calls core's public API exactly as the CLI
// does and never reads the index below it.
//
// Run: go run -tags sqlite_fts5 ./bench/accuracy -corpus /work/main
package main
