package golang

import "strings"

// funcSignature is a function or method declaration up to its body.
func (x *fileExtractor) funcSignature(decl int32) string {
	end := x.t.Nodes[decl].End
	if body := x.t.Child(decl, fields.body); body >= 0 {
		end = x.t.Nodes[body].Start
	}
	return normalize(x.t.Src[x.t.Nodes[decl].Start:end])
}

// typeSignature is "type Name[P any] struct", "type Name = Other" or
// "type Name underlying", cut before any inline struct or interface body.
func (x *fileExtractor) typeSignature(spec int32) string {
	typ := x.t.Child(spec, fields.typ)
	prefix := "type " + normalize(x.t.Src[x.t.Nodes[spec].Start:x.nodeStart(typ)]) + " "
	switch x.t.Kind(typ) {
	case kinds.structType:
		return prefix + "struct"
	case kinds.interfaceType:
		return prefix + "interface"
	}
	under := normalize(x.t.Text(typ))
	if i := strings.IndexByte(under, '{'); i >= 0 {
		under = strings.TrimRight(under[:i], " ")
	}
	return prefix + under
}

// valueSignature is "const Name", "var Name" or with the declared type,
// "var Name Type"; values are left out.
func (x *fileExtractor) valueSignature(keyword, name string, spec int32) string {
	if typ := x.t.Child(spec, fields.typ); typ >= 0 {
		return keyword + " " + name + " " + normalize(x.t.Text(typ))
	}
	return keyword + " " + name
}

// nodeStart is a node's start offset, or the end of the file for -1.
func (x *fileExtractor) nodeStart(i int32) uint32 {
	if i < 0 {
		return uint32(len(x.t.Src))
	}
	return x.t.Nodes[i].Start
}

// normalize turns source text into one line: comments dropped, white space
// collapsed to single spaces, none just inside brackets or before a comma,
// and trailing commas removed. String literals are copied as written.
func normalize(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			space, i = true, i+1
			continue
		case strings.HasPrefix(s[i:], "//"):
			space, i = true, skipLine(s, i)
			continue
		case strings.HasPrefix(s[i:], "/*"):
			space, i = true, skipBlockComment(s, i)
			continue
		}
		b = separate(b, c, space)
		space = false
		j := literalEnd(s, i)
		b = append(b, s[i:j]...)
		i = j
	}
	return string(b)
}

// separate writes the space that a run of white space or comments stands
// for when c needs it, and drops a trailing comma before a closing bracket.
func separate(b []byte, c byte, space bool) []byte {
	if len(b) == 0 {
		return b
	}
	last := b[len(b)-1]
	closing := c == ')' || c == ']' || c == '}'
	if closing && last == ',' {
		return b[:len(b)-1]
	}
	if space && last != '(' && last != '[' && last != '{' && !closing && c != ',' {
		b = append(b, ' ')
	}
	return b
}

// literalEnd returns the end of the token starting at s[i]: a whole string
// or rune literal, or the single byte otherwise.
func literalEnd(s string, i int) int {
	q := s[i]
	if q != '"' && q != '\'' && q != '`' {
		return i + 1
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if q != '`' {
				j++
			}
		case q:
			return j + 1
		}
	}
	return len(s)
}

func skipLine(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

func skipBlockComment(s string, i int) int {
	if j := strings.Index(s[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(s)
}
