package markdown

import (
	"bytes"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// maxTitleLen bounds how far past a destination its link's ")" is looked
// for, so that an unclosed link costs little.
const maxTitleLen = 512

// opener is an unmatched '[' of the inline text being scanned.
type opener struct {
	image bool // "![": an embedded image, not a link
}

// scanLinks records the local targets of inline links "[text](target)"
// in src[start:end]. Code spans and backslash escapes are skipped; images
// and URLs with a scheme are not imports.
func (d *document) scanLinks(start, end uint32) {
	s := d.src[start:end]
	var opens []opener
	unclosed := map[int]bool{}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			i = skipCodeSpan(s, i, unclosed) - 1
		case '[':
			opens = append(opens, opener{image: i > 0 && s[i-1] == '!'})
		case ']':
			if len(opens) == 0 || i+1 >= len(s) || s[i+1] != '(' {
				opens = opens[:max(0, len(opens)-1)]
				continue
			}
			o := opens[len(opens)-1]
			opens = opens[:len(opens)-1]
			ds, de, next, ok := destination(s, i+2)
			if ok && !o.image {
				d.addLink(start+uint32(ds), start+uint32(de))
			}
			i = next - 1
		}
	}
}

// linkDestination records the target of a link reference definition
// ("[ref]: docs/setup.md").
func (d *document) linkDestination(n *tsutil.Node) {
	start, end := n.Start, n.End
	if end-start >= 2 && d.src[start] == '<' && d.src[end-1] == '>' {
		start, end = start+1, end-1
	}
	d.addLink(start, end)
}

// addLink records src[start:end] as an import when it names a local file.
func (d *document) addLink(start, end uint32) {
	if target, ok := localTarget(string(d.src[start:end])); ok {
		d.out.Imports = append(d.out.Imports, extract.RawImport{Path: target, Span: extract.Span{Start: start, End: end}})
	}
}

// skipCodeSpan returns the index past the code span whose opening backtick
// run starts at i, or past the run itself when it is never closed.
// unclosed remembers the run lengths already found to have no closing run,
// so that a paragraph of stray backticks costs linear time.
func skipCodeSpan(s []byte, i int, unclosed map[int]bool) int {
	n := runLen(s, i, '`')
	if unclosed[n] {
		return i + n
	}
	for j := i + n; j < len(s); {
		if s[j] != '`' {
			j++
			continue
		}
		m := runLen(s, j, '`')
		if m == n {
			return j + m
		}
		j += m
	}
	unclosed[n] = true
	return i + n
}

func runLen(s []byte, i int, c byte) int {
	j := i
	for j < len(s) && s[j] == c {
		j++
	}
	return j - i
}

// destination parses a link destination starting at s[i] (just past
// "("). It returns the destination's range and the index past the link's
// ")"; ok is false when this is not a link (no ")" where one must be).
func destination(s []byte, i int) (start, end, next int, ok bool) {
	i = skipBlank(s, i)
	if i < len(s) && s[i] == '<' {
		j := i + 1
		for j < len(s) && s[j] != '>' && s[j] != '\n' {
			j++
		}
		if j == len(s) || s[j] != '>' {
			return i, i, i, false
		}
		next, ok = closeParen(s, j+1)
		return i + 1, j, next, ok
	}
	j, depth := i, 0
	for ; j < len(s) && s[j] > ' '; j++ {
		if s[j] == '\\' {
			j++
		} else if s[j] == '(' {
			depth++
		} else if s[j] == ')' {
			if depth == 0 {
				break
			}
			depth--
		}
	}
	j = min(j, len(s))
	next, ok = closeParen(s, j)
	return i, j, next, ok
}

// closeParen returns the index past the ")" that ends a link whose
// destination ends at j, after an optional title.
func closeParen(s []byte, j int) (int, bool) {
	j = skipBlank(s, j)
	switch {
	case j == len(s):
		return j, false
	case s[j] == ')':
		return j + 1, true
	case s[j] == '"' || s[j] == '\'' || s[j] == '(':
		if k := bytes.IndexByte(s[j:min(len(s), j+maxTitleLen)], ')'); k >= 0 {
			return j + k + 1, true
		}
	}
	return j, false
}

func skipBlank(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	return i
}

// localTarget strips a link target's fragment and query and reports
// whether what is left is a local path: not empty, no URI scheme, not
// protocol-relative.
func localTarget(t string) (string, bool) {
	if i := strings.IndexAny(t, "#?"); i >= 0 {
		t = t[:i]
	}
	if t == "" || strings.HasPrefix(t, "//") || hasScheme(t) {
		return "", false
	}
	return t, true
}

// hasScheme reports whether t starts with "scheme:" (RFC 3986).
func hasScheme(t string) bool {
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':':
			return i > 0
		default:
			return false
		}
	}
	return false
}
