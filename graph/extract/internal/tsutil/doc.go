// Package tsutil holds the only tree-sitter helpers of the extractors: Door,
// the front door every tree-sitter extractor's Extract goes through (parse,
// diagnostics, the one recover of the extract tree), a parser pool per
// language, parse with a timeout, node kind and field id
// tables, node → Span/text conversions, and ParseFlat, which copies a parsed
// tree into a pointer-free []Node in one cgo call so that extractors walk it
// without cgo of their own, through Tree's helpers.
//
// Layer: extract (leaf). Trees never escape: Parse hands the root node to a
// callback and closes the tree when it returns; ParseFlat closes it before
// returning. All the hand-declared tree-sitter C API is in tsapi.h.
package tsutil
