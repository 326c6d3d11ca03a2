// Package core is the public Go API of Orbit Graph (DESIGN.md, Packages): open the index
// of a worktree, sync it, and query it. The CLI and the MCP server call these
// functions and nothing below them.
//
// Layer: core (top). It imports extract, extract/all and core's own
// subpackages; never cli or mcp.
package core
