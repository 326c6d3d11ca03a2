// Package check answers `orbit graph check`: code-path checks over the
// index (DESIGN.md, Checks). It reads a frozen catalog of callables and
// their call edges from the store, infers entry points apart from the
// rules, and runs rules that each see only that frozen data: unreachable
// subtrees, test-only reachable code, duplicated bodies, cycles and
// package coupling. Nothing is parsed again: the body digests and
// decorators were stored at extraction time.
//
// Layer: below graph/core's face, beside query. It imports store,
// resolve and extract; never the indexer, the CLI or the MCP server.
package check
