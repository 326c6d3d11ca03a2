// Package tsutil holds the only tree-sitter helpers of the extractors: a
// parser pool per language, parse with a timeout, node kind and field id
// tables, and node → Span/text conversions.
//
// Layer: extract (leaf). Trees never escape: Parse hands the root node to a
// callback and closes the tree when it returns.
package tsutil
