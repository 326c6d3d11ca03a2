package python

import "github.com/orbitgraph/orbit/graph/extract/internal/signature"

// oneLine is Python's Style: a backslash continues a line, and the
// trailing comma of a parameter list written one per line is dropped.
var oneLine = signature.New(signature.Style{Space: " \t\r\f\\", Comments: "#", Quotes: `"'`, LineQuotes: `"'`,
	Triple: true, Open: "([{", Close: ")]}", CommaClose: ")]}", CommaOnNewline: true})

// normalizeSignature puts a def or class header on one line.
func normalizeSignature(b []byte) string { return oneLine.Normalize(b) }
