package kotlin

import (
	"bytes"
	"strings"
)

// signature is a declaration's header without its leading annotations,
// up to its body (or its end), on one normalized line.
func (w *walker) signature(i, body int32) string {
	end := w.t.Nodes[i].End
	if body >= 0 {
		end = w.t.Nodes[body].Start
	}
	return normalize(bytes.TrimRight(w.t.Src[w.headStart(i):end], " \t\r\n;"))
}

// headStart is where a declaration's signature starts: past the
// annotations that lead its modifiers.
func (w *walker) headStart(i int32) uint32 {
	t := w.t
	start := t.Nodes[i].Start
	mods := t.FirstKid(i)
	if t.Kind(mods) != kinds.modifiers {
		return start
	}
	for c := t.FirstKid(mods); c >= 0; c = t.Next(c) {
		if t.Kind(c) != kinds.annotation || w.skipBlank(start) != t.Nodes[c].Start {
			break
		}
		start = t.Nodes[c].End
	}
	return w.skipBlank(start)
}

// skipBlank returns the first offset at or after p that is not white
// space or a comment.
func (w *walker) skipBlank(p uint32) uint32 {
	rest := skipSpaceAndComments(w.t.Src[p:])
	return uint32(len(w.t.Src) - len(rest))
}

// normalize turns source text into one line: comments dropped, white space
// collapsed to single spaces, none just inside brackets or before a comma,
// and trailing commas dropped.
// String and character literals are copied as written.
func normalize(s []byte) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			space, i = true, i+1
			continue
		case c == '/' && i+1 < len(s) && (s[i+1] == '/' || s[i+1] == '*'):
			rest := skipSpaceAndComments(s[i:])
			space, i = true, len(s)-len(rest)
			continue
		}
		if strings.IndexByte(")]>", c) >= 0 && len(b) > 0 && b[len(b)-1] == ',' {
			b = b[:len(b)-1] // a trailing comma
		}
		if space && len(b) > 0 && strings.IndexByte("([<", b[len(b)-1]) < 0 && strings.IndexByte(")]>,", c) < 0 {
			b = append(b, ' ')
		}
		space = false
		j := literalEnd(s, i)
		b = append(b, s[i:j]...)
		i = j
	}
	return string(b)
}

// literalEnd returns the end of the token starting at s[i]: a whole string
// or character literal, or the single byte otherwise.
func literalEnd(s []byte, i int) int {
	q := s[i]
	if q != '"' && q != '\'' {
		return i + 1
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(s)
}
