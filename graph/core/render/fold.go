package render

import (
	"fmt"
	"strings"
)

// minFold is the shortest prefix worth folding.
const minFold = 8

// maxPad is the widest a name column is padded to: a longer name overflows
// rather than widening every line.
const maxPad = 60

// commonPrefix is the longest prefix, ending in '/', that every non-empty
// name shares: the module path Go qualified names repeat
// ("github.com/org/repo/"). "" when there is none worth folding.
func commonPrefix(names ...string) string {
	prefix, seen := "", 0
	for _, n := range names {
		if n == "" {
			continue
		}
		seen++
		if seen == 1 {
			prefix = n
			continue
		}
		i := 0
		for i < len(prefix) && i < len(n) && prefix[i] == n[i] {
			i++
		}
		prefix = prefix[:i]
	}
	prefix = prefix[:strings.LastIndexByte(prefix, '/')+1]
	if seen < 3 || len(prefix) < minFold {
		return ""
	}
	return prefix
}

// folded drops prefix from a name that has it.
func folded(name, prefix string) string {
	if prefix == "" {
		return name
	}
	return strings.TrimPrefix(name, prefix)
}

// foldNote says once what the names of a listing have in common (issue 20:
// the bytes an agent reads per entry).
func foldNote(b *strings.Builder, prefix string) {
	if prefix != "" {
		fmt.Fprintf(b, "(names below are under %s)\n", prefix)
	}
}

// column is the width a name column is padded to: its widest name, at most
// maxPad, so short names do not pay for a fixed width.
func column(names []string) int {
	w := 0
	for _, n := range names {
		w = max(w, len(n))
	}
	return min(w, maxPad)
}

// ellipsis marks a name folded in a listing where not every name shares
// the prefix (a call tree reaching into the standard library, a file's
// imports): "…graph/cli.app.open" under "github.com/orbitgraph/orbit/".
const ellipsis = "…"

// markedNote says what ellipsis stands for.
func markedNote(b *strings.Builder, prefix string) {
	if prefix != "" {
		fmt.Fprintf(b, "(%s below stands for %s)\n", ellipsis, prefix)
	}
}

// marked folds prefix off a name that has it, marking the fold.
func marked(name, prefix string) string {
	if rest, ok := strings.CutPrefix(name, prefix); ok && prefix != "" {
		return ellipsis + rest
	}
	return name
}

// padded writes s left-aligned in width bytes, as fmt's %-*s does.
func padded(b *strings.Builder, s string, width int) {
	b.WriteString(s)
	for i := len(s); i < width; i++ {
		b.WriteByte(' ')
	}
}
