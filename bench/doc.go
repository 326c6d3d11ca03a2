// Package bench holds Orbit Graph's macro benchmarks (cold build, no-op sync,
// one-file sync, queries) over pinned corpora: the Go standard library of the
// toolchain in go.mod, and a ~200k-line slice of it.
//
// Run: go test -tags sqlite_fts5 -run '^$' -bench . -count 10 ./bench
package bench
