package extract

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// MinStringLen is the shortest notable string (DESIGN.md, The tables strings filter).
const MinStringLen = 6

// maxStringLen keeps one huge literal (an embedded blob) out of the index.
const maxStringLen = 512

// Notable reports whether a string literal's value is worth indexing (DESIGN.md,
// The tables): at least six characters, not only ASCII punctuation and spaces, and
// not a pure format string such as "%s: %v" or "{}: {}".
func Notable(s string) bool {
	if len(s) < MinStringLen || len(s) > maxStringLen || !utf8.ValidString(s) {
		return false
	}
	if strings.ContainsRune(s, 0) {
		return false
	}
	return hasWordOutsideFormat(s)
}

// hasWordOutsideFormat reports whether s has a letter or digit that is not
// part of a format verb (%s, %-10v, {}, {0}, {name}).
func hasWordOutsideFormat(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			i = skipPercentVerb(s, i)
			continue
		case c == '{':
			if j := strings.IndexByte(s[i:], '}'); j >= 0 && j <= 32 {
				i += j + 1
				continue
			}
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if isWordRune(r) {
				return true
			}
			i += size
			continue
		case isWordRune(rune(c)):
			return true
		}
		i++
	}
	return false
}

// skipPercentVerb skips a printf verb starting at s[i] == '%'.
func skipPercentVerb(s string, i int) int {
	i++
	for i < len(s) && strings.IndexByte("+-# 0123456789.*[]", s[i]) >= 0 {
		i++
	}
	if i < len(s) {
		i++ // the verb letter itself, or a second '%'
	}
	return i
}

func isWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' ||
		r >= 0x80 && r != utf8.RuneError
}

// LineIndex maps byte offsets to 1-based line numbers in O(log n).
type LineIndex []uint32 // offsets of each '\n'

// NewLineIndex indexes the newlines of content once. bytes.Count and
// IndexByte are vectorised: queries index every file they answer lines in.
func NewLineIndex(content []byte) LineIndex {
	n := bytes.Count(content, newline)
	if n == 0 {
		return nil
	}
	idx := make(LineIndex, 0, n)
	for off := 0; ; {
		i := bytes.IndexByte(content[off:], '\n')
		if i < 0 {
			return idx
		}
		idx = append(idx, uint32(off+i))
		off += i + 1
	}
}

var newline = []byte{'\n'}

// Line returns the 1-based line that byte offset off is on.
func (idx LineIndex) Line(off uint32) int {
	lo, hi := 0, len(idx)
	for lo < hi { // first newline at or after off
		m := (lo + hi) / 2
		if idx[m] < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo + 1
}
