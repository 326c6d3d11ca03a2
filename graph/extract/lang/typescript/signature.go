package typescript

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
)

// header is the signature of a declaration: the source from the start of
// from (after its decorators) up to stop (a body or value), or to the end
// of i when stop is noNode, on one normalized line.
func (w *walker) header(from, i, stop int32) string {
	t := w.t
	start := t.Nodes[from].Start
	for c := range t.Kids(from) {
		if t.Nodes[c].Kind != w.x.decorator {
			break
		}
		start = t.Nodes[c].End
	}
	end := t.Nodes[i].End
	if stop != noNode && t.Nodes[stop].Start >= start {
		end = t.Nodes[stop].Start
	}
	return normalizeSignature(t.Src[start:max(start, end)])
}

// oneLine is TypeScript's and JavaScript's Style: template literals run
// across lines, and the trailing comma of a list written one item per
// line is dropped.
var oneLine = signature.New(signature.Style{Space: " \t\r\f", Comments: "//", Quotes: "\"'`", LineQuotes: `"'`,
	Open: "([{", Close: ")]}", CommaClose: ")]}", CommaOnNewline: true})

// normalizeSignature puts a declaration header on one line, without a
// trailing `{`, `=>`, `=`, `;` or `,`.
func normalizeSignature(b []byte) string {
	return trimHeaderEnd(oneLine.Normalize(b))
}

// trimHeaderEnd drops what ends a header rather than belongs to it.
func trimHeaderEnd(s string) string {
	for {
		s = strings.TrimRight(s, " ")
		switch {
		case strings.HasSuffix(s, "=>"):
			s = s[:len(s)-2]
		case s != "" && strings.IndexByte("{=;,", s[len(s)-1]) >= 0 && !strings.HasSuffix(s, "=="):
			s = s[:len(s)-1]
		default:
			return s
		}
	}
}
