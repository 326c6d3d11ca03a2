package java

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (extract.Selective; DESIGN.md, Dependency packages: Java
// selection): of a located directory of Java sources only the files
// declaring a type the worktree names are read, with the closure of what
// those types need: their supertypes and type parameters' bounds, and the
// types of their fields and the return types of their methods whose names
// some reference states (a chain goes on from those). A public top-level
// type lives in a file named after it, but a file may declare more, so a
// file's summary lists every type it declares, at any depth, with what
// its declarations name. Parameters and throws clauses are left out: a
// caller reaches nothing through them. Other JVM languages' sources in a
// located directory (.kt) are always read.

// javaFile is what a dependency's .java file declares and needs.
type javaFile struct {
	size     int // the file's length in bytes
	pkg      string
	single   []string // imported paths, single-type and static (a.b.C, a.B.m)
	onDemand []string // imported with .* (a.b, a.B)
	types    []javaType
}

// javaType is one declared type: its name in the file (Map.Entry), what
// its header names (supertypes, bounds) and its members.
type javaType struct {
	name    string
	uses    []string // simple names (List) or package-qualified ones (java.util.List)
	members []javaMember
}

// javaMember is a field, method, enum constant or record component with
// the types its declaration names (a field's type, a method's result).
type javaMember struct {
	name   string
	static bool // a static member, an enum constant
	uses   []string
	// decl is a method's or constructor's declaration, from its
	// annotations and modifiers to its ';' or '}': Select leaves out
	// those whose names no reference states. It is zero for what stays:
	// a field (a chain goes on from one the worktree reaches without a
	// reference stating its name: `out.write(b)` in a FilterOutputStream
	// names write alone), an enum constant, a record component.
	decl extract.Span
}

// Summarize (extract.Selective) scans a file's declarations; bodies are
// passed over, so only headers and initializers are read.
func (d *javaDeps) Summarize(content []byte) []byte {
	return encodeJavaFile(scanJavaFile(content))
}

// jtok is a token: an identifier or keyword (id), else one punctuation
// byte (c).
type jtok struct {
	id string
	c  byte
}

// lexeme is a token as lexed: where it is, and its byte when it is
// punctuation (0 for a word). No pointer: the garbage collector does not
// scan a file's tokens.
type lexeme struct {
	at, end int32
	c       byte
}

// tokenBufs are token slices to reuse: a file's tokens live for its scan.
var tokenBufs = sync.Pool{New: func() any { return new([]lexeme) }}

// javaTokens lexes the declarations of src into buf: no comment, string
// or character, and of a method's body its braces only (scanDecls), as if
// its bodies had been blanked; gap, when set, gets each body's inside
// and each comment (scanDecls).
func javaTokens(src []byte, buf []lexeme, gap func(from, to int)) []lexeme {
	out := buf[:0]
	tok := func(start, end int) {
		c := src[start]
		if isIdentByte(c) {
			c = 0
		}
		out = append(out, lexeme{at: int32(start), end: int32(end), c: c})
	}
	if gap == nil {
		scanDecls(src, tok, nil, nil)
	} else {
		scanDecls(src, tok, func(open, end int) { gap(open+1, end) }, gap)
	}
	return out
}

// javaScan walks the tokens of one file.
type javaScan struct {
	text string // the file's bytes: an identifier is a slice of them, not an allocation
	t    []lexeme
	k    int
	f    javaFile
	// dropped are the members of a class, enum or record the worktree
	// cannot reach (private or package-private), as token ranges.
	dropped []droppedMember
	// method: the member read last is a method or constructor.
	method bool
}

// newJavaScan lexes src (gap as javaTokens') into a pooled buffer that
// done gives back. The names it reads share src's bytes (a copy of a
// JDK's located directories would weigh as much as they do): src must
// not change while they are read; Summarize and blankBodies copy what
// they keep.
func newJavaScan(src []byte, gap func(from, to int)) *javaScan {
	buf := tokenBufs.Get().(*[]lexeme)
	return &javaScan{text: unsafe.String(unsafe.SliceData(src), len(src)), t: javaTokens(src, *buf, gap)}
}

// done gives the tokens' buffer back; s is not read after.
func (s *javaScan) done() {
	buf := s.t[:0]
	s.t = nil
	tokenBufs.Put(&buf)
}

// droppedMember is one member declaration left out of a type's summary:
// tokens [from, to), the names it declares.
type droppedMember struct {
	ti       int
	from, to int
	names    []string
}

func (s *javaScan) at(k int) jtok {
	if k >= len(s.t) {
		return jtok{c: 0xff} // past the end
	}
	l := s.t[k]
	if l.c != 0 {
		return jtok{c: l.c}
	}
	return jtok{id: s.text[l.at:l.end]}
}

func (s *javaScan) is(k int, c byte) bool { return s.at(k).c == c }

func (s *javaScan) ident(k int) string { return s.at(k).id }

// scanJavaFile summarizes src; the strings of its answer share src's bytes.
func scanJavaFile(src []byte) javaFile {
	s := newJavaScan(src, nil)
	defer s.done()
	s.scan()
	s.f.size = len(src)
	return s.f
}

// scan reads the file's package, imports and types.
func (s *javaScan) scan() {
	for s.k < len(s.t) {
		switch id := s.ident(s.k); {
		case id == "package":
			s.k++
			s.f.pkg, _ = s.dotted()
		case id == "import":
			s.k++
			if s.ident(s.k) == "static" {
				s.k++
			}
			p, star := s.dotted()
			if star {
				s.f.onDemand = append(s.f.onDemand, p)
			} else if p != "" {
				s.f.single = append(s.f.single, p)
			}
		case s.typeDecl(""):
		case s.is(s.k, '@'):
			s.annotation()
		default:
			s.k++
		}
	}
}

// dotted reads a.b.c (and a trailing .*) up to its ';'.
func (s *javaScan) dotted() (p string, star bool) {
	var b strings.Builder
	for s.k < len(s.t) && !s.is(s.k, ';') {
		t := s.at(s.k)
		switch {
		case t.c == '*':
			star = true
		case t.id != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(t.id)
		}
		s.k++
	}
	s.k++
	return b.String(), star
}

// annotation skips @Name, @a.b.Name and @Name(…).
func (s *javaScan) annotation() {
	s.k++ // @
	for s.ident(s.k) != "" {
		s.k++
		if !s.is(s.k, '.') {
			break
		}
		s.k++
	}
	if s.is(s.k, '(') {
		s.skipBalanced()
	}
}

// skipBalanced skips from an opening bracket at k past its match.
func (s *javaScan) skipBalanced() {
	depth := 0
	for ; s.k < len(s.t); s.k++ {
		switch s.at(s.k).c {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			if depth--; depth <= 0 {
				s.k++
				return
			}
		}
	}
}

// typeDecl reads a class, interface, enum, record or annotation type
// declared at k (inside outer, "" at the top), reporting whether one is.
func (s *javaScan) typeDecl(outer string) bool {
	kind := s.ident(s.k)
	name := s.ident(s.k + 1)
	switch {
	case kind == "class" || kind == "interface" || kind == "enum":
	case kind == "record" && name != "" && (s.is(s.k+2, '(') || s.is(s.k+2, '<')):
	case s.is(s.k, '@') && s.ident(s.k+1) == "interface":
		kind, name = "interface", s.ident(s.k+2)
		s.k++
	default:
		return false
	}
	s.k += 2
	if name == "" {
		return true
	}
	q := name
	if outer != "" {
		q = outer + "." + name
	}
	ti := len(s.f.types)
	s.f.types = append(s.f.types, javaType{name: q})
	// The header: type parameters' bounds, a record's components,
	// extends and implements; permits names subtypes, not needs.
	permits := false
	for s.k < len(s.t) && !s.is(s.k, '{') && !s.is(s.k, ';') {
		switch t := s.at(s.k); {
		case t.c == '(' && kind == "record":
			s.k++
			s.params(ti)
		case t.c == '@':
			s.annotation()
		case t.id == "permits":
			permits = true
			s.k++
		case t.id == "extends" || t.id == "implements":
			permits = false
			s.k++
		case t.id != "" && !permits && !javaKeywords[t.id]:
			if u := s.typeName(); u != "" {
				s.f.types[ti].uses = append(s.f.types[ti].uses, u)
			}
		default:
			s.k++
		}
	}
	if !s.is(s.k, '{') {
		return true
	}
	s.k++
	if kind == "enum" {
		s.enumConstants(ti)
	}
	s.body(ti, q, kind == "interface")
	return true
}

// params reads a record's components (Type name, …) up to its ')': each
// is an accessor whose result is its type.
func (s *javaScan) params(ti int) {
	var names []string
	angle := 0
	end := func() {
		if len(names) > 0 {
			m := javaMember{name: lastSegment(names[len(names)-1]), uses: usesOf(names[:len(names)-1])}
			s.f.types[ti].members = append(s.f.types[ti].members, m)
		}
		names = names[:0]
	}
	for s.k < len(s.t) {
		switch t := s.at(s.k); {
		case t.c == ')' && angle == 0:
			end()
			s.k++
			return
		case t.c == ',' && angle == 0:
			end()
		case t.c == '<':
			angle++
		case t.c == '>':
			angle--
		case t.c == '@':
			s.annotation()
			continue
		case t.id != "" && !javaKeywords[t.id]:
			names = append(names, s.qualified())
			continue
		}
		s.k++
	}
}

// enumConstants reads an enum's constants up to the ';' or '}' ending
// them.
func (s *javaScan) enumConstants(ti int) {
	start := true
	for s.k < len(s.t) {
		switch t := s.at(s.k); {
		case t.c == ';':
			s.k++
			return
		case t.c == '}':
			return
		case t.c == ',':
			start = true
			s.k++
		case t.c == '@':
			s.annotation()
		case t.c == '(' || t.c == '{':
			s.skipBalanced()
		case t.id != "" && start:
			s.f.types[ti].members = append(s.f.types[ti].members, javaMember{name: t.id, static: true})
			start = false
			s.k++
		default:
			s.k++
		}
	}
}

// body reads a type's members up to its closing '}'. A member the
// worktree cannot reach (private, or package-private outside an
// interface: what a dependency's extraction drops) is left out.
func (s *javaScan) body(ti int, q string, iface bool) {
	static := false // the modifiers read so far say static
	access := ""    // and public, protected or private
	start := -1     // the declaration's first token (its annotations, modifiers)
	for s.k < len(s.t) {
		if start < 0 {
			start = s.k
		}
		switch t := s.at(s.k); {
		case t.c == '}':
			s.k++
			return
		case t.c == ';':
			s.k++
			static, access, start = false, "", -1
		case t.c == '{': // an initializer
			s.skipBalanced()
			static, access, start = false, "", -1
		case javaKeywords[t.id] || t.c == '-': // modifiers (non-sealed)
			static = static || t.id == "static"
			if t.id == "public" || t.id == "protected" || t.id == "private" {
				access = t.id
			}
			s.k++
		case s.typeDecl(q):
			static, access, start = false, "", -1
		case t.c == '@':
			s.annotation()
		default:
			n := len(s.f.types[ti].members)
			s.member(ti, static)
			whole := s.k > start && (s.is(s.k-1, ';') || s.is(s.k-1, '}')) // the declaration ends here
			if access == "private" || access == "" && !iface {
				if !iface && whole {
					d := droppedMember{ti: ti, from: start, to: s.k}
					for _, m := range s.f.types[ti].members[n:] {
						d.names = append(d.names, m.name)
					}
					s.dropped = append(s.dropped, d)
				}
				s.f.types[ti].members = s.f.types[ti].members[:n]
			} else if whole && s.method {
				decl := extract.Span{Start: uint32(s.t[start].at), End: uint32(s.t[s.k-1].end)}
				for m := n; m < len(s.f.types[ti].members); m++ {
					s.f.types[ti].members[m].decl = decl
				}
			}
			static, access, start = false, "", -1
		}
	}
}

// member reads a field or method declaration: the names of its header
// up to the '(' of a method's parameters or the '=', ',' or ';' after a
// field's name, the last of them its name, the others its type; then
// skips the rest (parameters, throws, a blanked body, an initializer).
func (s *javaScan) member(ti int, static bool) {
	var names []string // qualified names read, types then the member's name
	angle := 0
	s.method = false
	done := func(fields bool) {
		if len(names) == 0 {
			return
		}
		uses := usesOf(names[:len(names)-1])
		add := func(n string) {
			s.f.types[ti].members = append(s.f.types[ti].members, javaMember{name: lastSegment(n), static: static, uses: uses})
		}
		add(names[len(names)-1])
		if !fields {
			return
		}
		// More fields of the same type: `int a = 1, b;`.
		depth := 0
		for ; s.k < len(s.t); s.k++ {
			switch t := s.at(s.k); {
			case t.c == '(' || t.c == '{' || t.c == '[':
				depth++
			case t.c == ')' || t.c == ']':
				depth--
			case t.c == '}':
				if depth == 0 {
					return // the type's end: not ours to take
				}
				depth--
			case t.c == ';' && depth == 0:
				s.k++
				return
			case t.c == ',' && depth == 0:
				if n := s.ident(s.k + 1); n != "" {
					add(n)
				}
			}
		}
	}
	for s.k < len(s.t) {
		switch t := s.at(s.k); {
		case t.c == '@':
			s.annotation()
			continue
		case t.c == '<':
			angle++
		case t.c == '>':
			angle--
		case t.c == '[' && s.is(s.k+1, ']'):
			s.k++
		case t.c == '.' && s.is(s.k+1, '.') && s.is(s.k+2, '.'): // varargs
			s.k += 2
		case angle > 0 && (t.c == ',' || t.c == '?' || t.c == '&'):
		case t.c == '(':
			s.skipBalanced()
			done(false)
			s.method = true
			// throws, a default value, then a body or ';'
			for s.k < len(s.t) {
				switch {
				case s.is(s.k, '{'):
					s.skipBalanced()
					return
				case s.is(s.k, ';'):
					s.k++
					return
				case s.is(s.k, '}'):
					return
				case s.is(s.k, '('), s.is(s.k, '['):
					s.skipBalanced()
				default:
					s.k++
				}
			}
			return
		case t.c == '=' || t.c == ',' || t.c == ';':
			done(true)
			return
		case t.c == '{': // a compact constructor
			s.skipBalanced()
			return
		case t.c == '}':
			return
		case t.id != "" && !javaKeywords[t.id]:
			names = append(names, s.qualified())
			continue
		case t.id != "":
		default:
			// anything else (a stray token): give up on this member
			s.k++
			return
		}
		s.k++
	}
}

// qualified reads a.b.C at k.
func (s *javaScan) qualified() string {
	n := s.ident(s.k)
	s.k++
	for s.is(s.k, '.') && s.ident(s.k+1) != "" {
		n += "." + s.ident(s.k+1)
		s.k += 2
	}
	return n
}

// typeName reads a qualified name in a type's header and returns it as a
// use ("" for none).
func (s *javaScan) typeName() string {
	return useOf(s.qualified())
}

// usesOf turns qualified names read in a declaration into uses.
func usesOf(names []string) []string {
	var out []string
	for _, n := range names {
		if u := useOf(n); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// useOf is what a qualified name needs: its first upper-case segment
// (Map of Map.Entry, a nested type living in its outer type's file),
// with the package before it when there is one (java.util.List); "" when
// it names no type.
func useOf(n string) string {
	for start := 0; start <= len(n); {
		end := strings.IndexByte(n[start:], '.')
		if end < 0 {
			end = len(n)
		} else {
			end += start
		}
		if end > start && n[start] >= 'A' && n[start] <= 'Z' {
			return n[:end] // a prefix of n: no allocation
		}
		start = end + 1
	}
	return ""
}

// javaKeywords are the words of a declaration that name no type.
var javaKeywords = map[string]bool{
	"public": true, "protected": true, "private": true, "static": true, "final": true,
	"abstract": true, "native": true, "synchronized": true, "transient": true, "volatile": true,
	"strictfp": true, "default": true, "sealed": true, "non": true, "void": true, "boolean": true,
	"byte": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "var": true, "extends": true, "super": true, "throws": true, "new": true,
}

// encodeJavaFile writes a summary as lines: "p <pkg>", "i <path>" (a
// single import), "o <path>" (on demand), "t <name> <uses…>" (a type),
// "m <name> <uses…>" (a member of the type before it; "s" when static);
// then "@ <size> <start>-<end>…": the file's length and each member's
// declaration, in the order of the lines above. The positions come last
// so that the declarations' part measures a file as it always did
// (keepSmallest).
func encodeJavaFile(f javaFile) []byte {
	b := make([]byte, 0, 1024)
	line := func(kind byte, name string, uses []string) {
		b = append(append(b, kind, ' '), name...)
		for _, u := range uses {
			b = append(append(b, ' '), u...)
		}
		b = append(b, '\n')
	}
	line('p', f.pkg, nil)
	for _, p := range f.single {
		line('i', p, nil)
	}
	for _, p := range f.onDemand {
		line('o', p, nil)
	}
	for _, t := range f.types {
		line('t', t.name, t.uses)
		for _, m := range t.members {
			kind := byte('m')
			if m.static {
				kind = 's'
			}
			line(kind, m.name, m.uses)
		}
	}
	b = strconv.AppendInt(append(b, positionsMark...), int64(f.size), 10)
	for _, t := range f.types {
		for _, m := range t.members {
			b = strconv.AppendUint(append(b, ' '), uint64(m.decl.Start), 10)
			b = strconv.AppendUint(append(b, '-'), uint64(m.decl.End), 10)
		}
	}
	return append(b, '\n')
}

// positionsMark starts a summary's last line, its positions.
const positionsMark = "@ "

// declarationsPart is a summary without its positions.
func declarationsPart(b []byte) []byte {
	if i := bytes.LastIndex(b, []byte("\n"+positionsMark)); i >= 0 {
		return b[:i+1]
	} else if bytes.HasPrefix(b, []byte(positionsMark)) {
		return nil
	}
	return b
}

func decodeJavaFile(b []byte) javaFile {
	var f javaFile
	decls := declarationsPart(b)
	for _, l := range strings.Split(string(decls), "\n") {
		fs := strings.Fields(l)
		if len(fs) < 2 {
			continue
		}
		switch fs[0] {
		case "p":
			f.pkg = fs[1]
		case "i":
			f.single = append(f.single, fs[1])
		case "o":
			f.onDemand = append(f.onDemand, fs[1])
		case "t":
			f.types = append(f.types, javaType{name: fs[1], uses: fs[2:]})
		case "m", "s":
			if n := len(f.types); n > 0 {
				f.types[n-1].members = append(f.types[n-1].members, javaMember{name: fs[1], static: fs[0] == "s", uses: fs[2:]})
			}
		}
	}
	f.decodePositions(string(b[len(decls):]))
	return f
}

// decodePositions reads a summary's "@" line into f's size and its
// members' declarations; a line that does not fit leaves them zero (no
// member is then left out).
func (f *javaFile) decodePositions(l string) {
	fs := strings.Fields(strings.TrimPrefix(l, positionsMark))
	if len(fs) == 0 {
		return
	}
	size, err := strconv.Atoi(fs[0])
	if err != nil {
		return
	}
	n := 0
	for _, t := range f.types {
		n += len(t.members)
	}
	if len(fs)-1 != n {
		return
	}
	decls := make([]extract.Span, 0, n)
	for _, p := range fs[1:] {
		from, to, _ := strings.Cut(p, "-")
		a, err1 := strconv.ParseUint(from, 10, 32)
		z, err2 := strconv.ParseUint(to, 10, 32)
		if err1 != nil || err2 != nil || a > z || z > uint64(size) {
			return
		}
		decls = append(decls, extract.Span{Start: uint32(a), End: uint32(z)})
	}
	for ti := range f.types {
		for mi := range f.types[ti].members {
			f.types[ti].members[mi].decl, decls = decls[0], decls[1:]
		}
	}
	f.size = size
}

// Select (extract.Selective): the .java files declaring a type the
// worktree names, then, to a fixed point, those declaring what a kept
// file's types need.
func (d *javaDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	return selectJava(dirs, names, d.ImplicitImports())
}

// selectJava selects among dirs' .java files (every other file is read
// whole) for a language whose files import implicit without a statement:
// the files kept (selectJavaFiles), each without the member declarations
// whose names no reference states.
func selectJava(dirs []extract.SelectDir, names extract.Names, implicit []string) [][]extract.Selection {
	files, keep := selectJavaFiles(dirs, names, implicit)
	out := make([][]extract.Selection, len(keep))
	for i, k := range keep {
		out[i] = make([]extract.Selection, len(k))
		for fi, read := range k {
			out[i][fi] = extract.Selection{Read: read}
			if read && files[i][fi] != nil {
				out[i][fi].Keep = files[i][fi].namedParts(names)
			}
		}
	}
	return out
}

// namedParts are the parts of the file to read: all of it but the
// method declarations none of whose names a reference states. Such a
// method cannot be a reference's target, nor lead a chain anywhere; a
// type stays whole otherwise (its header, fields, nested types, enum
// constants). A file nothing is left out of is one part, not nil: the
// index may hold it read in part, and a file read whole whose size and
// time did not change counts as unchanged there. Nil when the summary
// has no positions.
func (f *javaFile) namedParts(names extract.Names) []extract.Span {
	if f.size == 0 {
		return nil
	}
	named := map[extract.Span]bool{}
	var decls []extract.Span
	for _, t := range f.types {
		for _, m := range t.members {
			if m.decl.End == 0 {
				continue
			}
			if _, seen := named[m.decl]; !seen {
				decls = append(decls, m.decl)
			}
			named[m.decl] = named[m.decl] || names.Named(m.name)
		}
	}
	slices.SortFunc(decls, func(a, b extract.Span) int { return cmp.Compare(a.Start, b.Start) })
	var keep []extract.Span
	at := uint32(0)
	for _, d := range decls {
		if named[d] || d.Start < at {
			continue
		}
		keep = append(keep, extract.Span{Start: at, End: d.Start})
		at = d.End
	}
	return append(keep, extract.Span{Start: at, End: uint32(f.size)})
}

// selectJavaFiles selects among dirs' .java files (every other file is
// kept), returning the summaries read (nil for other files) and which
// files are kept.
func selectJavaFiles(dirs []extract.SelectDir, names extract.Names, implicit []string) ([][]*javaFile, [][]bool) {
	type dirFiles struct {
		pkg   string
		files []javaFile
		java  []bool
		top   map[string][]int // a top-level type → the files declaring it
	}
	ds := make([]*dirFiles, len(dirs))
	byPkg := map[string][]int{}
	keep := make([][]bool, len(dirs))
	type at struct{ dir, file int }
	var queue []at
	for i, dir := range dirs {
		df := &dirFiles{top: map[string][]int{}}
		keep[i] = make([]bool, len(dir.Files))
		for fi, name := range dir.Files {
			var f javaFile
			isJava := strings.HasSuffix(name, ".java") && fi < len(dir.Summaries)
			if isJava {
				f = decodeJavaFile(dir.Summaries[fi])
				if df.pkg == "" {
					df.pkg = f.pkg
				}
				for _, t := range f.types {
					if !strings.Contains(t.name, ".") {
						df.top[t.name] = append(df.top[t.name], fi)
					}
				}
			} else {
				keep[i][fi] = true // another language's source: read whole
			}
			df.files = append(df.files, f)
			df.java = append(df.java, isJava)
		}
		if df.pkg == "" {
			df.pkg = strings.ReplaceAll(dir.Place, "/", ".")
		}
		ds[i] = df
		byPkg[df.pkg] = append(byPkg[df.pkg], i)
	}
	keepFile := func(i, fi int) {
		if !keep[i][fi] {
			keep[i][fi] = true
			queue = append(queue, at{i, fi})
		}
	}
	want := func(pkg, name string) {
		for _, i := range byPkg[pkg] {
			for _, fi := range ds[i].top[name] {
				keepFile(i, fi)
			}
		}
	}
	isImplicit := map[string]bool{}
	for _, p := range implicit {
		isImplicit[p] = true
		want(p, "Object") // every class's superclass
	}
	// Seeds: a type a file importing it (single, on demand, or a static
	// import of one of its members) names, or, in an implicitly imported
	// package, any file names, itself or one of its static members (a
	// call of Math.max states max alone).
	for i, df := range ds {
		for fi, f := range df.files {
			if !df.java[fi] {
				continue
			}
		types:
			for _, t := range f.types {
				full := df.pkg + "." + t.name
				last := lastSegment(t.name)
				outer := df.pkg
				if dot := strings.LastIndexByte(t.name, '.'); dot >= 0 {
					outer += "." + t.name[:dot]
				}
				top := outer == df.pkg
				if top && names.Named(last) || names.NamedThrough(full, last) || names.NamedThrough(outer, last) {
					keepFile(i, fi)
					break
				}
				for _, m := range t.members {
					if names.NamedThrough(full+"."+m.name, m.name) || m.static && top && (isImplicit[df.pkg] && names.Named(m.name) || names.NamedThrough(df.pkg, m.name)) {
						keepFile(i, fi)
						break types
					}
				}
			}
		}
	}
	// resolve finds where a use of file f of directory i is declared.
	resolve := func(i int, f *javaFile, u string) {
		if dot := strings.LastIndexByte(u, '.'); dot >= 0 {
			want(u[:dot], u[dot+1:])
			return
		}
		for _, p := range f.single {
			if lastSegment(p) == u {
				pkg, outer := splitImport(p)
				want(pkg, outer)
				return
			}
		}
		want(ds[i].pkg, u)
		for _, p := range f.onDemand {
			want(p, u)
			if pkg, outer := splitImport(p); pkg != p { // the nested types of a.B
				want(pkg, outer)
			}
		}
		for _, p := range implicit {
			want(p, u)
		}
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		f := &ds[it.dir].files[it.file]
		local := map[string]bool{}
		for _, t := range f.types {
			local[lastSegment(t.name)] = true
		}
		for _, t := range f.types {
			for _, u := range t.uses {
				if !local[u] {
					resolve(it.dir, f, u)
				}
			}
			for _, m := range t.members {
				if !names.Named(m.name) {
					continue
				}
				for _, u := range m.uses {
					if !local[u] {
						resolve(it.dir, f, u)
					}
				}
			}
		}
	}
	keepSmallest(keep, dirs) // the package's import keeps a target
	files := make([][]*javaFile, len(ds))
	for i, df := range ds {
		files[i] = make([]*javaFile, len(df.files))
		for fi := range df.files {
			if df.java[fi] {
				files[i][fi] = &df.files[fi]
			}
		}
	}
	return files, keep
}

// keepSmallest is extract.KeepOnePerDir measuring a summary without its
// positions, as the file kept was chosen before they were written.
func keepSmallest(keep [][]bool, dirs []extract.SelectDir) {
	measured := make([]extract.SelectDir, len(dirs))
	for i, d := range dirs {
		measured[i] = extract.SelectDir{Summaries: make([][]byte, len(d.Summaries))}
		for j, s := range d.Summaries {
			measured[i].Summaries[j] = declarationsPart(s)
		}
	}
	extract.KeepOnePerDir(keep, measured)
}

// splitImport splits an import path at its first upper-case segment: the
// package and the top-level type (java.util.Map.Entry: java.util, Map).
// A path with none is a package's member (a.b.c: a.b, c).
func splitImport(p string) (pkg, top string) {
	segs := strings.Split(p, ".")
	for i, seg := range segs {
		if i > 0 && seg != "" && seg[0] >= 'A' && seg[0] <= 'Z' {
			return strings.Join(segs[:i], "."), seg
		}
	}
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return p, ""
}

var _ extract.Selective = (*javaDeps)(nil)

// SelectLangs (extract.SelectLangs): Java's files and Kotlin's, whose
// references into the JDK's sources and a dependency's .java files land
// in what Java's set reads whenever it runs (JVMDependencies).
func (d *javaDeps) SelectLangs() []string { return []string{langName, langMaven, langGradle, "kotlin"} }
