package ruby

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A gem's file that Select reads is read in part (DESIGN.md, Ruby and
// Rust packages: selection by name): its classes, modules, constants and
// whatever is not a method are kept, and of its methods those the
// worktree names; the others are blanked before parsing (their bodies
// are most of a gem's bytes). A method is left out only when the scan
// is sure of its extent: a `def` line whose next lines of code are
// indented deeper up to an `end` as indented as the `def`. Kept always,
// without their bodies: initialize and operators; kept whole: a method
// assigning an instance variable a Foo.new (the type fact an attribute's
// chain resolves through).

// rbDef is a method the scan may leave out or read without its body: its
// byte range (from its `def`, or the comment lines right above it, to its
// `end`) and its name; body, when not 0, is where the line after its
// `def` line starts (the `def` line holds the whole header): a method
// read is read without its body, [body, the `end`).
type rbDef struct {
	start, body, end int
	name             string
}

// scanDefs finds the methods of src it may leave out. Only a line whose
// first word is `def` starts the work.
func scanDefs(src []byte) []rbDef {
	var defs []rbDef
	doc := -1 // where the comment lines right above the line at start, -1 for none
	for at := 0; at < len(src); {
		line, next := lineAt(src, at)
		indent, code := indentOf(line)
		if bytes.Equal(line, []byte("__END__")) || bytes.HasPrefix(line, []byte("__END__\r")) {
			break
		}
		if len(code) > 0 && code[0] == '#' {
			if doc < 0 {
				doc = at
			}
			at = next
			continue
		}
		start := at + indent
		if doc >= 0 {
			start = doc // a method's documentation goes with it
		}
		doc = -1
		code = withoutVisibility(code)
		if !bytes.HasPrefix(code, []byte("def ")) {
			at = next
			continue
		}
		name := defName(code[4:])
		end, ok := defEnd(src, next, indent)
		if ok && name != "" && !assignsNew(src[next:end]) {
			body := 0
			if wholeHeader(code) && next < end-3 {
				body = next
			}
			defs = append(defs, rbDef{start: start, body: body, end: end, name: name})
		}
		if ok {
			next = end
		}
		at = next
	}
	return defs
}

// withoutVisibility is code past a visibility call a def is the argument
// of (`private def x`), which the def's range takes with it.
func withoutVisibility(code []byte) []byte {
	for _, v := range [][]byte{[]byte("private "), []byte("protected "), []byte("public "), []byte("private_class_method ")} {
		if rest, ok := bytes.CutPrefix(code, v); ok && bytes.HasPrefix(rest, []byte("def ")) {
			return rest
		}
	}
	return code
}

// lineAt is the line starting at src[at] (without its newline) and the
// offset of the next one.
func lineAt(src []byte, at int) ([]byte, int) {
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		return src[at : at+i], at + i + 1
	}
	return src[at:], len(src)
}

// indentOf is a line's indentation (spaces and tabs) and what follows.
func indentOf(line []byte) (int, []byte) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i, bytes.TrimRight(line[i:], "\r")
}

// defName is a method's name from what follows `def `: `self.x` and
// `Const.x` are x.
func defName(rest []byte) string {
	rest = bytes.TrimLeft(rest, " \t")
	n := bytes.IndexAny(rest, " \t(;=")
	if n < 0 {
		n = len(rest)
	}
	if n < len(rest) && rest[n] == '=' && n+1 < len(rest) && rest[n+1] == '(' {
		n++ // a writer: def x=(v)
	}
	name := string(rest[:n])
	if j := strings.LastIndexByte(name, '.'); j > 0 && j+1 < len(name) {
		name = name[j+1:]
	}
	return name
}

// defEnd is the offset just past the `end` closing a def whose line is
// indented by indent and whose next line starts at at: every line of code
// up to it must be indented deeper (a comment or blank line aside), but a
// method's own rescue, else or ensure clause after a line of its body, and
// it must be `end` alone. ok is false otherwise.
func defEnd(src []byte, at, indent int) (int, bool) {
	body := false
	for at < len(src) {
		line, next := lineAt(src, at)
		in, code := indentOf(line)
		switch {
		case len(code) == 0 || code[0] == '#':
		case in > indent:
			body = true
		case in == indent && isEnd(code):
			return at + in + 3, true
		case in == indent && body && (startsWord(code, "rescue") || startsWord(code, "ensure") || startsWord(code, "else")):
		default:
			return 0, false
		}
		at = next
	}
	return 0, false
}

// startsWord: code starts with the keyword w, as a word.
func startsWord(code []byte, w string) bool {
	rest, ok := bytes.CutPrefix(code, []byte(w))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '#' || rest[0] == ';')
}

// wholeHeader: a `def` line (its code) surely holds the whole header, so
// that the lines below it are its body: outside its plain strings ('…'
// or "…" without escapes or interpolation) and before a comment, its
// brackets balance, and it has no other literal that could hide or
// continue one (heredoc, %-literal, regular expression, backquote), and
// no trailing comma, operator or backslash.
func wholeHeader(code []byte) bool {
	depth, last := 0, byte(' ')
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '#':
			i = len(code) // a comment ends the line
			continue
		case '\'', '"':
			j := bytes.IndexByte(code[i+1:], c)
			if j < 0 || bytes.IndexByte(code[i+1:i+1+j], '\\') >= 0 || c == '"' && bytes.Contains(code[i+1:i+1+j], []byte("#{")) {
				return false
			}
			i += j + 1
		case '`', '%', '/', '\\':
			return false
		case '<':
			if i+1 < len(code) && code[i+1] == '<' {
				return false
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		if c := code[i]; c != ' ' && c != '\t' {
			last = c
		}
	}
	return depth == 0 && !bytes.ContainsRune([]byte(",|=&+-*<>.:"), rune(last))
}

// assignsNew: some line of body may assign an instance variable a
// Foo.new: a line with an `@` and a `.new` (`@x = Foo.new`,
// `(@x ||= Foo.new).y`), or a statement starting with an instance
// variable whose line ends with the `=` (the `.new` on the next).
func assignsNew(body []byte) bool {
	for body != nil {
		line, next := lineAt(body, 0)
		if bytes.IndexByte(line, '@') >= 0 {
			if bytes.Contains(line, []byte(".new")) {
				return true
			}
			if _, code := indentOf(line); code[0] == '@' && bytes.HasSuffix(bytes.TrimRight(code, " \t"), []byte("=")) {
				return true
			}
		}
		if next >= len(body) {
			return false
		}
		body = body[next:]
	}
	return false
}

// isEnd: a line of code that is `end`, with a comment at most.
func isEnd(code []byte) bool {
	rest, ok := bytes.CutPrefix(code, []byte("end"))
	rest = bytes.TrimLeft(rest, " \t")
	return ok && (len(rest) == 0 || rest[0] == '#')
}

// droppable: a method that may be left out when the worktree does not
// name it.
func droppable(name string) bool {
	if name == "" || name == "initialize" {
		return false
	}
	c := name[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// appendDefs appends the summary lines of defs to b: "d start body end name".
func appendDefs(b []byte, defs []rbDef) []byte {
	for _, d := range defs {
		b = append(b, "d "...)
		b = strconv.AppendInt(b, int64(d.start), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(d.body), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(d.end), 10)
		b = append(b, ' ')
		b = append(b, d.name...)
		b = append(b, '\n')
	}
	return b
}

// decodeDef reads the fields of a "d" line after "d".
func decodeDef(rest string) (rbDef, bool) {
	f := strings.Fields(rest)
	if len(f) != 4 {
		return rbDef{}, false
	}
	start, err1 := strconv.Atoi(f[0])
	body, err2 := strconv.Atoi(f[1])
	end, err3 := strconv.Atoi(f[2])
	ok := err1 == nil && err2 == nil && err3 == nil && start <= end && (body == 0 || start < body && body <= end-3)
	return rbDef{start: start, body: body, end: end, name: f[3]}, ok
}

// keptParts is what Select reads of a file: all but the methods the
// worktree does not name (a writer x= is named by x too) and the bodies
// of those it names, of initialize and of operators (a dependency's
// method gives its name, parameters and extent, which its `def` line and
// `end` keep); nil, all of it, when nothing is left out.
func keptParts(defs []rbDef, names extract.Names) []extract.Span {
	var keep []extract.Span
	at, dropped := 0, false
	for _, d := range defs {
		if d.start < at {
			continue
		}
		if !droppable(d.name) || names.Named(d.name) || names.Named(strings.TrimSuffix(d.name, "=")) {
			if d.body == 0 {
				continue
			}
			keep = append(keep, extract.Span{Start: uint32(at), End: uint32(d.body)})
			at, dropped = d.end-3, true // its `end`
			continue
		}
		keep = append(keep, extract.Span{Start: uint32(at), End: uint32(d.start)})
		at, dropped = d.end, true
	}
	if !dropped {
		return nil
	}
	return append(keep, extract.Span{Start: uint32(at), End: 1<<32 - 1})
}
