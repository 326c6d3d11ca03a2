package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
)

// header is a declaration's signature: its text from the first modifier
// (attributes left out) up to its body, accessors, initializer, constructor
// initializer or expression body, on one normalized line without the
// closing semicolon.
func (w *walker) header(i int32) string {
	t := w.t
	start, end := t.Nodes[i].Start, t.Nodes[i].End
	seenOther := false
	for c := range t.Kids(i) {
		n := &t.Nodes[c]
		if n.Kind == kinds.attributeList && !seenOther {
			start = n.End
			continue
		}
		if n.Field == fields.body || n.Field == fields.accessors || n.Field == fields.value ||
			n.Kind == kinds.ctorInit {
			end = n.Start
			break
		}
		seenOther = true
	}
	return strings.TrimSuffix(normalize(t.Src[start:end]), ";")
}

// oneLine is C#'s Style: preprocessor lines are dropped; @"..." strings
// have no escapes.
var oneLine = signature.New(signature.Style{Space: " \t\r", Comments: "//", Hashes: true, Quotes: `"'`,
	Verbatim: true, Open: "([", Close: ")],"})

// normalize puts source text on one line.
func normalize(s string) string { return oneLine.NormalizeString(s) }

// scanNamespace finds the first namespace declaration by a lexical scan,
// for files whose parse failed: a line that starts with "namespace".
func scanNamespace(src []byte) string {
	for line := range strings.Lines(string(src)) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "namespace")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		rest = strings.TrimSpace(rest)
		end := strings.IndexFunc(rest, func(r rune) bool {
			return !(r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80)
		})
		if end < 0 {
			end = len(rest)
		}
		return rest[:end]
	}
	return ""
}
