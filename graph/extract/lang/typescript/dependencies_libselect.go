package typescript

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// The standard library read in part (extract.Selective): lib.dom.d.ts
// alone is 1.9 MB, and a worktree names a few hundred of its members. A
// lib file's summary lists its top-level declarations and, for an
// interface, its members, with their byte spans; Select keeps a
// declaration the worktree names, and of an interface it names or a
// builtin, the header, the members it names and the closing brace.
// Other packages' files are read whole, as before.

// libMarker starts every lib file (after its licence comment).
var libMarker = []byte(`/// <reference no-default-lib="true"/>`)

// libDecl is one top-level declaration of a lib file.
type libDecl struct {
	name       string
	start, end int
	open       int // after the `{` of an interface's body; 0 for others
	close      int // at the `}` closing it
	members    []libMember
}

// libMember is one member of an interface.
type libMember struct {
	name       string
	start, end int
}

// Summarize: a lib file's declarations; nil (read whole) for any other.
func (d *npmDeps) Summarize(content []byte) []byte {
	if !bytes.Contains(content[:min(len(content), extract.HeadSize)], libMarker) {
		return nil
	}
	var b []byte
	line := func(kind byte, name string, nums ...int) {
		b = append(append(append(b, kind, ' '), name...), ' ')
		for i, n := range nums {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, '\n')
	}
	for _, dc := range scanLib(content) {
		line('D', dc.name, dc.start, dc.end, dc.open, dc.close)
		for _, m := range dc.members {
			line('M', m.name, m.start, m.end)
		}
	}
	return b
}

// Select reads the standard library's files in part and every other
// file whole.
func (d *npmDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	out := make([][]extract.Selection, len(dirs))
	for i, dir := range dirs {
		out[i] = make([]extract.Selection, len(dir.Files))
		for j := range dir.Files {
			if dir.Pkg != d.lib {
				out[i][j] = extract.Selection{Read: true}
				continue
			}
			keep := libKeep(parseLibSummary(dir.Summaries[j]), names.Named)
			out[i][j] = extract.Selection{Read: len(keep) > 0, Keep: keep}
		}
	}
	return out
}

// libKeep is what of a lib file to parse: a declaration named, whole,
// but an interface in part, when the worktree can reach it (it names it,
// or it is a builtin, which gives evidence but no reference, or the
// interface of a builtin's static members (ObjectConstructor), and it
// declares a member named): its header, the members named and its
// closing brace. lib.dom.d.ts has
// hundreds of interfaces with a `get` or a `value`; a worktree reaches
// few of them.
func libKeep(decls []libDecl, named func(string) bool) []extract.Span {
	var keep []extract.Span
	span := func(a, b int) extract.Span { return extract.Span{Start: uint32(a), End: uint32(b)} }
	for _, dc := range decls {
		if dc.open == 0 {
			if named(dc.name) {
				keep = append(keep, span(dc.start, dc.end))
			}
			continue
		}
		var members []extract.Span
		for _, m := range dc.members {
			if named(m.name) {
				members = append(members, span(m.start, m.end))
			}
		}
		if named(dc.name) || (builtins[dc.name] || staticTypes[dc.name]) && len(members) > 0 {
			keep = append(keep, span(dc.start, dc.open))
			keep = append(keep, members...)
			keep = append(keep, span(dc.close, dc.end))
		}
	}
	return keep
}

// parseLibSummary reads Summarize's lines back ("D name start end open
// close", "M name start end").
func parseLibSummary(s []byte) []libDecl {
	var out []libDecl
	for line := range strings.SplitSeq(string(s), "\n") {
		f := strings.Fields(line)
		n := make([]int, len(f))
		for i := 2; i < len(f); i++ {
			n[i], _ = strconv.Atoi(f[i])
		}
		switch {
		case len(f) == 6 && f[0] == "D":
			out = append(out, libDecl{name: f[1], start: n[2], end: n[3], open: n[4], close: n[5]})
		case len(f) == 4 && f[0] == "M" && len(out) > 0:
			last := &out[len(out)-1]
			last.members = append(last.members, libMember{name: f[1], start: n[2], end: n[3]})
		}
	}
	return out
}

// libScanner walks a lib file's text: comments and strings skipped,
// brackets counted.
type libScanner struct {
	src []byte
	i   int
}

// skipSpace moves past white space and comments.
func (s *libScanner) skipSpace() {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.i++
		case bytes.HasPrefix(s.src[s.i:], []byte("//")):
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.i++
			}
		case bytes.HasPrefix(s.src[s.i:], []byte("/*")):
			end := bytes.Index(s.src[s.i+2:], []byte("*/"))
			if end < 0 {
				s.i = len(s.src)
				return
			}
			s.i += 2 + end + 2
		default:
			return
		}
	}
}

// word reads an identifier at the current position ("" if none).
func (s *libScanner) word() string {
	start := s.i
	for s.i < len(s.src) && isIdentByte(s.src[s.i]) {
		s.i++
	}
	return string(s.src[start:s.i])
}

// declKeywords come before a top-level declaration's name.
var declKeywords = map[string]bool{"declare": true, "export": true, "interface": true, "var": true, "let": true,
	"const": true, "function": true, "type": true, "namespace": true, "module": true, "class": true,
	"abstract": true, "enum": true}

// scanLib lists the top-level declarations of a lib file. A declaration
// ends at its `;`, or at the `}` closing an interface or namespace body.
func scanLib(src []byte) []libDecl {
	s := &libScanner{src: src}
	var out []libDecl
	for {
		s.skipSpace()
		if s.i >= len(src) {
			return out
		}
		dc := libDecl{start: s.i}
		block, iface := false, false
		for {
			w := s.word()
			iface = iface || w == "interface"
			if iface || w == "namespace" || w == "module" || w == "class" || w == "enum" {
				block = true
			}
			if !declKeywords[w] {
				dc.name = w
				break
			}
			s.skipSpace()
		}
		s.rest(&dc, block)
		if !iface {
			dc.open, dc.close, dc.members = 0, 0, nil
		}
		if dc.name != "" {
			out = append(out, dc)
		}
	}
}

// rest scans to the end of a declaration from after its name, recording
// an interface's members.
func (s *libScanner) rest(dc *libDecl, block bool) {
	depth := 0
	for s.i < len(s.src) {
		s.skipSpace()
		if s.i >= len(s.src) {
			break
		}
		c := s.src[s.i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			s.skipString(c)
			continue
		case block && c == '<':
			depth++ // a header's type parameters: `<T = {}>`
		case block && c == '>' && s.src[s.i-1] != '=':
			depth--
		case c == '{' && depth == 0 && block:
			depth++
			s.i++
			dc.open = s.i
			s.members(dc)
			if s.i < len(s.src) { // at the closing brace
				dc.close = s.i
				s.i++
			}
			dc.end = s.i
			return
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case c == ';' && depth <= 0:
			s.i++
			dc.end = s.i
			return
		}
		s.i++
	}
	dc.end = s.i
}

// members scans an interface body up to its closing brace.
func (s *libScanner) members(dc *libDecl) {
	for {
		s.skipSpace()
		if s.i >= len(s.src) || s.src[s.i] == '}' {
			return
		}
		start := s.i
		m := libMember{name: s.memberName(), start: start}
		s.i = start
		depth := 0
	scan:
		for s.i < len(s.src) {
			s.skipSpace()
			if s.i >= len(s.src) {
				break
			}
			switch c := s.src[s.i]; {
			case c == '"' || c == '\'' || c == '`':
				s.skipString(c)
				continue
			case c == '{' || c == '(' || c == '[':
				depth++
			case c == '}' && depth == 0:
				break scan // a last member without `;`
			case c == '}' || c == ')' || c == ']':
				depth--
			case c == ';' && depth == 0:
				s.i++
				break scan
			}
			s.i++
		}
		m.end = s.i
		if m.name != "" {
			dc.members = append(dc.members, m)
		}
	}
}

// memberName is the name a member declares: `readonly length: number`,
// `get size(): number`, `map<U>(…)`; "" for call, construct, index and
// computed signatures.
func (s *libScanner) memberName() string {
	w := s.word()
	for w == "readonly" || w == "get" || w == "set" {
		s.skipSpace()
		next := s.word()
		if next == "" {
			return w // a member named readonly, get or set
		}
		w = next
	}
	if w == "new" {
		s.skipSpace()
		if s.i < len(s.src) && (s.src[s.i] == '(' || s.src[s.i] == '<') {
			return ""
		}
	}
	return w
}

// skipString moves past a string literal starting with quote q.
func (s *libScanner) skipString(q byte) {
	s.i++
	for s.i < len(s.src) && s.src[s.i] != q {
		if s.src[s.i] == '\\' {
			s.i++
		}
		s.i++
	}
	s.i++
}
