package java

import (
	"bytes"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file (Input.DeclarationsOnly) keeps its declarations
// only, so the bodies of its methods and constructors are blanked before
// parsing, offsets and lines kept: most of a JDK file is bodies. Its
// comments are blanked too: no declaration needs them (a body's digest
// counts a comment as a space), and Javadoc is most of what a JDK file's
// blanked bodies leave. The whole lines blanked are named for the parser
// to pass over without lexing them (tsutil.Door.Skip). Selection's
// Summarize lexes the same declarations in the same pass (scanDecls),
// without a copy.

// blankBodies returns src with the inside of every method and constructor
// body, every comment outside them, every member pruneUnreachable would
// drop and the ranges of also (the parts of a file read in part left
// out) replaced by spaces, newlines kept (scanDecls finds the others),
// and the runs of whole blank lines they leave, sorted.
func blankBodies(src []byte, also [][2]int) (out []byte, skip [][2]uint32) {
	gaps := also
	s := newJavaScan(src, func(from, to int) { gaps = append(gaps, [2]int{from, to}) })
	s.scan()
	gaps = union(append(gaps, s.unreachable()...))
	s.done()
	out = append([]byte(nil), src...)
	for _, g := range gaps {
		blank(out[g[0]:g[1]])
	}
	for _, g := range gaps {
		lines, ok := wholeLines(out, g[0], g[1])
		if !ok {
			continue
		}
		// Blank lines alone between two runs join them: no string can
		// stand there, and the parser sees fewer ranges.
		if n := len(skip); n > 0 && (lines[0] <= skip[n-1][1] || isBlank(out[skip[n-1][1]:lines[0]])) {
			skip[n-1][1] = max(skip[n-1][1], lines[1])
			continue
		}
		skip = append(skip, lines)
	}
	return out, skip
}

// outside are the ranges of a file of size n that keep (Input.Keep)
// leaves out, in order.
func outside(keep []extract.Span, n int) [][2]int {
	var out [][2]int
	at := 0
	for _, sp := range keep {
		if int(sp.Start) > at {
			out = append(out, [2]int{at, min(int(sp.Start), n)})
		}
		at = max(at, int(sp.End))
	}
	if keep != nil && at < n {
		out = append(out, [2]int{at, n})
	}
	return out
}

// unreachable are the byte ranges of the members of a class, enum or
// record the worktree cannot reach (pruneUnreachable drops them after the
// parse; not parsing them is what saves), but those sharing a name with
// a member or nested type that stays: pruneUnreachable keeps what the
// dropped one states then.
func (s *javaScan) unreachable() [][2]int {
	var out [][2]int
	for _, d := range s.dropped {
		q := s.f.types[d.ti].name
		if s.namesKept(q, d.names) || d.to > len(s.t) {
			continue
		}
		out = append(out, [2]int{int(s.t[d.from].at), int(s.t[d.to-1].end)})
	}
	return out
}

// namesKept: one of names is a kept member of type q or a type nested in it.
func (s *javaScan) namesKept(q string, names []string) bool {
	for _, t := range s.f.types {
		if t.name == q {
			for _, m := range t.members {
				if slices.Contains(names, m.name) {
					return true
				}
			}
		} else if len(t.name) > len(q) && t.name[len(q)] == '.' && strings.HasPrefix(t.name, q) && slices.Contains(names, t.name[len(q)+1:]) {
			return true // a type nested in q (no q+"." made for each)
		}
	}
	return false
}

// union sorts ranges and joins those that overlap.
func union(rs [][2]int) [][2]int {
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// blank turns b's bytes to spaces but its newlines ('\n', '\r'), a line
// at a time, copied from spaces (bodies and comments are long).
func blank(b []byte) {
	for len(b) > 0 {
		end := bytes.IndexByte(b, '\n')
		if end < 0 {
			end = len(b)
		}
		if line := b[:end]; bytes.IndexByte(line, '\r') < 0 {
			for len(line) > 0 {
				line = line[copy(line, spaces[:]):]
			}
		} else {
			for i, c := range line {
				if c != '\r' {
					line[i] = ' '
				}
			}
		}
		b = b[min(end+1, len(b)):]
	}
}

var spaces = [256]byte(bytes.Repeat([]byte{' '}, 256))

// wholeLines is the run of whole lines that the blanked [from, to) of src
// takes: from the start of its first line, when the blanks before from
// reach it (else of its second), to after the newline ending its last
// line, when only blanks stand between to and it (else its last but one).
func wholeLines(src []byte, from, to int) ([2]uint32, bool) {
	lo := from
	for lo > 0 && isInlineSpace(src[lo-1]) {
		lo--
	}
	if lo > 0 && src[lo-1] != '\n' {
		first := bytes.IndexByte(src[from:to], '\n')
		if first < 0 {
			return [2]uint32{}, false
		}
		lo = from + first + 1
	}
	hi := to
	for hi < len(src) && isInlineSpace(src[hi]) {
		hi++
	}
	if hi < len(src) && src[hi] == '\n' {
		hi++
	} else {
		last := bytes.LastIndexByte(src[lo:to], '\n')
		if last < 0 {
			return [2]uint32{}, false
		}
		hi = lo + last + 1
	}
	if hi <= lo {
		return [2]uint32{}, false
	}
	return [2]uint32{uint32(lo), uint32(hi)}, true
}

// isInlineSpace: a blank that does not end a line.
func isInlineSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' }

// isBlank: b holds blanks and newlines only.
func isBlank(b []byte) bool {
	for _, c := range b {
		if !isInlineSpace(c) && c != '\n' {
			return false
		}
	}
	return true
}

// scanDecls lexes src as a dependency's declarations: tok, when set, gets
// each token outside comments, strings and characters (an identifier or
// keyword, else one punctuation byte) but those inside a method's or
// constructor's body, and body each such body: the "{" at open after a
// parameter list's ")" and an optional throws clause, and its closing
// "}" at end (len(src) when none), both of them tokens; comment, when
// set, each comment outside them, [start, end). A record header's ")"
// opens no body, and a lambda's "->" stands between.
func scanDecls(src []byte, tok func(start, end int), body func(open, end int), comment func(start, end int)) {
	var parens []bool // open parentheses: whether each is a record header's
	afterParams, inThrows := false, false
	for i := 0; i < len(src); {
		c := src[i]
		if c == '/' || c == '"' || c == '\'' {
			if n := skipLexeme(src, i); n > i {
				if c == '/' && comment != nil {
					comment(i, n)
				}
				i = n
				continue
			}
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			for i++; i < len(src) && isSpace[src[i]]; i++ {
			}
			continue
		}
		if isIdentByte(c) {
			// a throws clause: `) throws IOException, a.B {`
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			if tok != nil {
				tok(i, j)
			}
			if string(src[i:j]) == "throws" {
				inThrows = afterParams
			} else if !inThrows {
				afterParams = false
			}
			i = j
			continue
		}
		if tok != nil {
			tok(i, i+1)
		}
		switch {
		case c == '(':
			parens = append(parens, isRecordHeader(src, i))
			afterParams, inThrows = false, false
		case c == ')':
			afterParams, inThrows = len(parens) > 0 && !parens[len(parens)-1], false
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		case c == '{' && afterParams && len(parens) == 0:
			end := matchBrace(src, i)
			if body != nil {
				body(i, end)
			}
			i, afterParams, inThrows = end, false, false
			continue
		case c == '.' || c == ',':
			afterParams = afterParams && inThrows
		default:
			afterParams, inThrows = false, false
		}
		i++
	}
}

// isRecordHeader: the "(" at i follows `record Name` or `record Name<…>`.
func isRecordHeader(src []byte, i int) bool {
	j := skipSpaceBack(src, i-1)
	if j >= 0 && src[j] == '>' {
		for depth := 0; j >= 0; j-- {
			if src[j] == '>' {
				depth++
			} else if src[j] == '<' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		j = skipSpaceBack(src, j-1)
	}
	for j >= 0 && isIdentByte(src[j]) {
		j--
	}
	j = skipSpaceBack(src, j)
	return j >= 5 && string(src[j-5:j+1]) == "record" && (j < 6 || !isIdentByte(src[j-6]))
}

func skipSpaceBack(src []byte, j int) int {
	for j >= 0 && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
		j--
	}
	return j
}

// matchBrace is the index of the "}" closing the "{" at i (len(src) when
// none does).
func matchBrace(src []byte, i int) int {
	depth := 0
	for i < len(src) {
		for !braceStop[src[i]] { // most of a body: a tight loop
			if i++; i == len(src) {
				return i
			}
		}
		switch src[i] {
		case '/', '"', '\'':
			if n := skipLexeme(src, i); n > i {
				i = n
				continue
			}
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
		i++
	}
	return len(src)
}

// skipLexeme returns the end of the comment, string, text block or
// character literal starting at i, or i when none starts there.
func skipLexeme(src []byte, i int) int {
	switch {
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
		if n := bytes.IndexByte(src[i:], '\n'); n >= 0 {
			return i + n
		}
		return len(src)
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
		if n := bytes.Index(src[i+2:], []byte("*/")); n >= 0 {
			return i + 2 + n + 2
		}
		return len(src)
	case src[i] == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		for i += 3; i+2 < len(src); i++ {
			if src[i] == '\\' {
				i++
			} else if src[i] == '"' && src[i+1] == '"' && src[i+2] == '"' {
				return i + 3
			}
		}
		return len(src)
	case src[i] == '"' || src[i] == '\'':
		q := src[i]
		for i++; i < len(src) && src[i] != q && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		return min(i+1, len(src))
	}
	return i
}

func isIdentByte(c byte) bool { return identByte[c] }

// Byte tables for the scans' inner loops (a load, not a chain of
// comparisons): identByte, an identifier's (Unicode letters' bytes
// included); isSpace, a blank or newline; braceStop, what matchBrace
// stops at.
var identByte, isSpace, braceStop = func() (ident, space, stop [256]bool) {
	for c := range 256 {
		ident[c] = c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	for _, c := range " \t\n\r\f" {
		space[c] = true
	}
	for _, c := range "{}/\"'" {
		stop[c] = true
	}
	return
}()
