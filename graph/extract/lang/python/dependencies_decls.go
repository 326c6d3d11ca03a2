package python

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Statements (DESIGN.md, Python dependencies: what is read and parsed): a
// dependency's module is read statement by statement. Its summary names
// each top-level statement (a def or class with its decorators, an
// assignment, an import, a compound statement such as `if` or `try`
// taken whole) with its byte range, the names it binds at module level
// and the dotted names it reads; Select keeps the statements the
// worktree's names reach, to a fixed point, and the extractor has the
// parser skip the rest.

// stmt is one top-level statement of a module.
type stmt struct {
	start, end uint32
	defs       []string    // names bound: def, class, assignment targets (X for `X.y = v`)
	imports    [][3]string // module as written, name ("" for `import m`, "*" for a star), name bound
	needs      []string    // dotted names read: decorators, bases, annotations, values, a def's results
	members    []member    // a top-level class's body, statement by statement
	last       uint32      // a class read member by member: where its last token ends (its ast end)
}

// member is one statement of a top-level class's body: a def or class
// with its decorators, an assignment, or another statement (an if, a
// pass) that is always kept with its class; a docstring, which states
// nothing an importer reads, only when nothing else is. Its range starts
// at its line's start, so that a part kept keeps its indentation.
type member struct {
	start, end uint32
	defs       []string // names bound in the class: the def's, the targets, the attributes a method assigns (self.x = v)
	needs      []string // dotted names read, as stmt's
	always     bool     // kept whenever its class is (it binds no name)
	doc        bool     // a string alone (a docstring): no name bound or read, kept only when its class keeps nothing else
	compound   bool     // an if, try, for, … at the class's level
}

// eachStatement reads src's top-level statements, in order, yielding
// each once it ends. The statement yielded, its lists and its members
// are made again of the same memory for the next one: a summary is
// written out statement by statement, and ~200 modules' statements kept
// at once made a tenth of a cold build's garbage with packages.
func (sc *summaryScratch) eachStatement(src []byte, yield func(*stmt)) {
	var (
		cur       = &sc.cur
		started   bool
		blocks    = sc.blocks[:0] // the def and class blocks around a line
		ws        = sc.ws[:0]
		decorated bool    // the last top-level line was a decorator
		lastLine  logical // the statement's last line so far
	)
	defer func() { sc.blocks, sc.ws = blocks[:0], ws[:0] }()
	text := unsafe.String(unsafe.SliceData(src), len(src)) // words are its substrings; src is not written while they live (Summarize copies them)
	var (
		classBody    bool // the statement is a top-level class whose body is a block
		memberIndent = -1 // its members' indentation, once known
		memberDecor  bool // the last member-level line was a decorator
	)
	for l := range logicalLinesFrom(src, 0) {
		if l.indent == 0 && !decorated && !continuesCompound(src[l.start:l.end]) || !started {
			if started {
				yield(cur.ended(src, lastLine))
			}
			cur.reset(uint32(l.start))
			started = true
			blocks = blocks[:0]
			classBody, memberIndent = false, -1
		}
		s := cur
		s.end, lastLine = uint32(l.end), l
		for len(blocks) > 0 && blocks[len(blocks)-1].indent >= l.indent {
			blocks = blocks[:len(blocks)-1]
		}
		inDef, inClass, defs := false, len(blocks) > 0, 0
		for _, b := range blocks {
			inDef = inDef || b.def
			if b.def {
				defs++
			}
		}
		// What blankBodies keeps of a body is the outermost def's own
		// statements: none of a def or class nested in it.
		self, direct := "", defs == 1 && blocks[len(blocks)-1].def
		if direct {
			self = blocks[len(blocks)-1].self
		}
		if inDef && !direct {
			continue
		}
		var m *member // the class member the line belongs to
		if classBody && len(blocks) > 0 {
			if memberIndent < 0 {
				memberIndent = l.indent
			}
			if l.indent == memberIndent && !memberDecor && !continuesCompound(src[l.start:l.end]) || len(s.members) == 0 {
				s.addMember(uint32(lineStart(src, l.start)))
			}
			m = &s.members[len(s.members)-1]
			m.end = uint32(l.end)
		}
		if inDef && !mayStateResult(src[l.start:l.end]) && (m == nil || !mayBindAttr(src[l.start:l.end])) {
			continue // most of a body: no words made
		}
		line := text[l.start:l.end]
		ws = appendWords(ws[:0], line)
		if len(ws) == 0 {
			continue
		}
		if m != nil {
			m.doc = false
		}
		decorated = l.indent == 0 && ws[0] == "@"
		head := ws
		if len(head) > 1 && head[0] == "async" {
			head = head[1:]
		}
		opens := len(head) > 1 && (head[0] == "def" || head[0] == "class")
		switch {
		case m != nil:
			atMember := l.indent == memberIndent
			if atMember {
				memberDecor = ws[0] == "@"
			}
			m.add(ws, line, atMember && !inDef, opens, inDef, self)
		case inDef:
			if _, ok := resultOrAttr(ws, self); ok { // what blankBodies keeps of a body
				s.needs = appendNeeds(s.needs, ws, line)
			}
		case inClass:
			s.needs = appendNeeds(s.needs, ws, line)
		case opens:
			s.defs = append(s.defs, head[1])
			s.needs = appendNeeds(s.needs, ws, line)
		case ws[0] == "import":
			for _, it := range importedNames(ws[1:]) {
				bound := it[1]
				if it[0] == it[1] {
					bound, _, _ = strings.Cut(it[0], ".") // import a.b binds a
				}
				s.imports = append(s.imports, [3]string{it[0], "", bound})
			}
		case len(ws) > 3 && ws[0] == "from" && ws[2] == "import":
			for _, it := range importedNames(ws[3:]) {
				s.imports = append(s.imports, [3]string{ws[1], it[0], it[1]})
			}
		default:
			s.defs = appendTargets(s.defs, ws)
			s.needs = appendNeeds(s.needs, ws, line)
		}
		if opens && blockHeader(src, l) {
			blocks = append(blocks, lineBlock{l.indent, head[0] == "def", firstParam(ws)})
			classBody = classBody || l.indent == 0 && head[0] == "class"
		}
	}
	if started {
		yield(cur.ended(src, lastLine))
	}
}

// ended is s with its end known: last, its last line's last token's end,
// for a class read member by member (one not kept whole ends there).
func (s *stmt) ended(src []byte, last logical) *stmt {
	if len(s.members) > 0 {
		s.last = uint32(tokenEnd(src, last))
	}
	return s
}

// lineBlock is a def or class block around a line.
type lineBlock struct {
	indent int
	def    bool
	self   string // a def's first parameter
}

// summaryScratch is the memory summarizing a module needs beyond the
// summary, reused from module to module (summaryScratches): ~200 modules
// of the imported directories are summarized in a cold build of Pallets,
// and their lists made anew each time were half the garbage summaries
// made.
type summaryScratch struct {
	cur    stmt // the statement read, its names substrings of the last module read
	blocks []lineBlock
	ws     []string
	b      []byte // the summary written, copied out at the end
	seen   map[string]bool
}

var summaryScratches = newScratches(func() *summaryScratch { return &summaryScratch{seen: map[string]bool{}} })

// reset makes s an empty statement starting at start, its lists' memory
// kept.
func (s *stmt) reset(start uint32) {
	*s = stmt{start: start, defs: s.defs[:0], imports: s.imports[:0], needs: s.needs[:0], members: s.members[:0]}
}

// addMember appends an empty member starting at start (a docstring until
// a line of it has words), reusing the memory of one yielded before.
func (s *stmt) addMember(start uint32) {
	if len(s.members) == cap(s.members) {
		s.members = append(s.members, member{})
	} else {
		s.members = s.members[:len(s.members)+1]
	}
	m := &s.members[len(s.members)-1]
	*m = member{start: start, defs: m.defs[:0], needs: m.needs[:0], doc: true}
}

// add reads one line of the member: in a def's body what blankBodies
// keeps (resultOrAttr, self the def's first parameter) and the
// attributes a method assigns; at the member's level (head), and in a
// compound statement's blocks, a def's or class's name, decorators, an
// assignment's targets; elsewhere (a nested class's body) every name.
func (m *member) add(ws []string, line string, head, opens, inDef bool, self string) {
	switch {
	case inDef:
		if self != "" {
			m.defs = appendAttrs(m.defs, ws, self)
		}
		if _, ok := resultOrAttr(ws, self); !ok {
			return
		}
	case (head || m.compound) && opens:
		name := ws[1]
		if ws[0] == "async" && len(ws) > 2 {
			name = ws[2]
		}
		m.defs = append(m.defs, name)
	case (head || m.compound) && ws[0] == "@":
	case head && compoundKeyword[ws[0]]:
		m.compound = true
	case (head || m.compound) && len(ws) > 2 && ws[1] == ":" && isIdent(ws[0]): // x: T = v binds x alone
		m.defs = append(m.defs, ws[0])
	case head || m.compound:
		m.defs = appendMemberTargets(m.defs, ws)
	}
	m.needs = appendNeeds(m.needs, ws, line)
}

// compoundKeyword starts a class body's compound statement (`if
// sys.platform == "win32":` around methods), which binds what its
// blocks bind; one that binds nothing is always kept.
var compoundKeyword = map[string]bool{"if": true, "for": true, "while": true, "try": true, "with": true, "async": true, "match": true, "import": true, "from": true}

// appendMemberTargets appends the names a class body's assignment
// binds: the words before its last top-level = outside brackets
// (`table[KEY] = f` binds table, not KEY).
func appendMemberTargets(defs []string, ws []string) []string {
	last, depth := -1, 0
	for i, w := range ws {
		switch w {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "=":
			if assigns(ws, i, depth) {
				last = i
			}
		}
	}
	depth = 0
	for _, w := range ws[:max(last, 0)] {
		switch {
		case w == "(" || w == "[" || w == "{":
			depth++
		case w == ")" || w == "]" || w == "}":
			depth--
		case depth == 0 && isNameByte(w[0]) && (w[0] < '0' || w[0] > '9'):
			top, _, _ := strings.Cut(w, ".")
			defs = append(defs, top)
		}
	}
	return defs
}

// appendAttrs appends the attributes a method's line assigns
// (`self.x = v`, `self.x: T`), self its first parameter.
func appendAttrs(defs []string, ws []string, self string) []string {
	for i, w := range ws {
		if !attrOf(w, self) {
			continue
		}
		attr := w[len(self)+1:]
		if attr == "" || strings.Contains(attr, ".") || i+1 >= len(ws) {
			continue
		}
		if ws[i+1] == ":" || ws[i+1] == "=" && (i+2 >= len(ws) || ws[i+2] != "=") {
			defs = append(defs, attr)
		}
	}
	return defs
}

// mayBindAttr: a def body's line may assign an attribute (a dot before
// its first = or :), by its bytes.
func mayBindAttr(line []byte) bool {
	d := bytes.IndexByte(line, '.')
	if d < 0 || bytes.IndexByte(line[:d], '=') >= 0 || bytes.IndexByte(line[:d], ':') >= 0 {
		return false
	}
	return bytes.IndexByte(line[d:], '=') >= 0 || bytes.IndexByte(line[d:], ':') >= 0
}

// continuesCompound: a line at the module's indentation that goes on
// with the compound statement before it (except, else, elif, finally).
func continuesCompound(line []byte) bool {
	if len(line) == 0 || line[0] != 'e' && line[0] != 'f' {
		return false
	}
	for _, kw := range []string{"except", "else", "elif", "finally"} {
		if rest, ok := bytes.CutPrefix(line, []byte(kw)); ok && (len(rest) == 0 || !isNameByte(rest[0])) {
			return true
		}
	}
	return false
}

// mayStateResult: a body's line may be one resultOrAttr keeps, by its
// bytes.
func mayStateResult(line []byte) bool {
	if bytes.HasPrefix(line, []byte("return")) || bytes.HasPrefix(line, []byte("yield")) {
		return true
	}
	eq := bytes.IndexByte(line, '=')
	return eq > 0 && bytes.IndexByte(line[:eq], '.') >= 0
}

// appendTargets appends the names a module-level statement binds: the
// targets before a `=` outside brackets (augmented and annotated too),
// an annotated name, a for's targets, what follows `as`; X for `X.y = v`,
// which adds to X.
func appendTargets(defs []string, ws []string) []string {
	add := func(w string) {
		top, _, _ := strings.Cut(w, ".")
		if top != "" && isNameByte(top[0]) && (top[0] < '0' || top[0] > '9') {
			defs = append(defs, top)
		}
	}
	if len(ws) > 2 && ws[1] == ":" { // x: T, not try:
		add(ws[0])
	}
	depth := 0
	for i, w := range ws {
		switch w {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "as":
			if i+1 < len(ws) {
				add(ws[i+1])
			}
		case "for":
			for _, t := range ws[i+1:] {
				if t == "in" {
					break
				}
				add(t)
			}
		case "=":
			if assigns(ws, i, depth) {
				for _, t := range ws[:i] {
					add(t)
				}
			}
		}
	}
	return defs
}

// appendNeeds appends the dotted names of a line's words and of its
// short single-line strings (a forward reference: `-> "Response"`).
func appendNeeds(needs []string, ws []string, line string) []string {
	for _, w := range ws {
		if isNameByte(w[0]) && (w[0] < '0' || w[0] > '9') || len(w) > 1 && w[0] == '.' && isNameByte(w[1]) {
			needs = append(needs, w) // .x: a member of what comes before (f().x)
		}
	}
	if strings.IndexByte(line, '"') < 0 && strings.IndexByte(line, '\'') < 0 {
		return needs
	}
	for i := 0; i < len(line); {
		if c := line[i]; c != '#' && c != '"' && c != '\'' {
			i++
			continue
		}
		n := skipLexeme(line, i)
		if q := line[i]; (q == '"' || q == '\'') && n-i < 80 && !(n-i >= 6 && line[i+1] == q && line[i+2] == q) {
			from := len(needs)
			needs = appendWords(needs, line[i+1:max(i+1, n-1)])
			kept := from // of the string's words, the names
			for _, w := range needs[from:] {
				if isNameByte(w[0]) && (w[0] < '0' || w[0] > '9') {
					needs[kept] = w
					kept++
				}
			}
			needs = needs[:kept]
		}
		i = n
	}
	return needs
}

// Summarize (extract.Selective) writes a module's statements: "s start
// end", then "d name" per name bound, "i module name bound" per import
// ("=" for the empty name of `import m`), "n dotted" per name read, each
// once; then, of a class with members, "e end" (where its last token
// ends) and its members, each "m start end" ("M" for one always
// kept: it binds no name and is no docstring) with its own "d" and "n"
// lines.
func (d *pyDeps) Summarize(content []byte) []byte {
	sc := summaryScratches.get()
	defer summaryScratches.put(sc)
	b, seen := sc.b[:0], sc.seen
	sc.eachStatement(content, func(s *stmt) {
		b = appendRange(b, "s ", s.start, s.end)
		b = appendNames(b, "d ", s.defs, seen)
		for _, im := range s.imports {
			name := im[1]
			if name == "" {
				name = "="
			}
			b = append(append(append(append(append(append(append(b, "i "...), im[0]...), ' '), name...), ' '), im[2]...), '\n')
		}
		b = appendNames(b, "n ", s.needs, seen)
		if s.last > 0 {
			b = append(strconv.AppendUint(append(b, "e "...), uint64(s.last), 10), '\n')
		}
		for _, m := range s.members {
			tag := "m "
			if (m.always || len(m.defs) == 0) && !m.doc {
				tag = "M "
			}
			b = appendRange(b, tag, m.start, m.end)
			b = appendNames(b, "d ", m.defs, seen)
			b = appendNames(b, "n ", m.needs, seen)
		}
	})
	sc.b = b[:0]
	return append(make([]byte, 0, len(b)), b...)
}

func appendRange(b []byte, tag string, start, end uint32) []byte {
	b = append(b, tag...)
	b = strconv.AppendUint(b, uint64(start), 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, uint64(end), 10)
	return append(b, '\n')
}

// appendNames writes one line per name, each once (seen: unique's).
func appendNames(b []byte, tag string, names []string, seen map[string]bool) []byte {
	for _, n := range unique(names, seen) {
		b = append(append(append(b, tag...), n...), '\n')
	}
	return b
}

// unique is ws without repeats, in order, in ws's place (a short list
// is searched, not hashed; seen is a map to reuse).
func unique(ws []string, seen map[string]bool) []string {
	out := ws[:0]
	if len(ws) <= 16 {
		for _, w := range ws {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	}
	clear(seen)
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// parseStatements reads a Summarize. The names, imports and members
// of all statements share one array each (appendTail): a summary's
// lines of one list come together, and ~200 modules' lists made one by
// one were a tenth of what selecting allocates.
func parseStatements(b []byte) []stmt {
	out := make([]stmt, 0, bytes.Count(b, []byte("\ns "))+1)
	names := make([]string, 0, bytes.Count(b, []byte("\n")))
	imports := make([][3]string, 0, bytes.Count(b, []byte("\ni ")))
	members := make([]member, 0, bytes.Count(b, []byte("\nm "))+bytes.Count(b, []byte("\nM ")))
	text := unsafe.String(unsafe.SliceData(b), len(b)) // names are its substrings: a summary is never written, and they live as long as Select
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		tag, f, _ := strings.Cut(line, " ")
		switch {
		case tag == "s":
			start, end := parseRange(f)
			out = append(out, stmt{start: start, end: end})
		case len(out) == 0 || f == "":
		case tag == "e":
			last, _ := strconv.ParseUint(f, 10, 32)
			out[len(out)-1].last = uint32(last)
		case tag == "m" || tag == "M":
			s := &out[len(out)-1]
			start, end := parseRange(f)
			s.members = appendTail(&members, s.members, member{start: start, end: end, always: tag == "M"})
		case tag == "d" || tag == "n":
			s := &out[len(out)-1]
			defs, needs := &s.defs, &s.needs
			if len(s.members) > 0 {
				m := &s.members[len(s.members)-1]
				defs, needs = &m.defs, &m.needs
			}
			if tag == "d" {
				*defs = appendTail(&names, *defs, f)
			} else {
				*needs = appendTail(&names, *needs, f)
			}
		case tag == "i":
			m, rest, _ := strings.Cut(f, " ")
			name, bound, _ := strings.Cut(rest, " ")
			if name == "=" {
				name = ""
			}
			s := &out[len(out)-1]
			s.imports = appendTail(&imports, s.imports, [3]string{m, name, bound})
		}
	}
	return out
}

// appendTail appends v to list, which is the tail of *all (what was
// appended to it last) or empty, in all's memory; a list that is not
// its tail is copied.
func appendTail[T any](all *[]T, list []T, v T) []T {
	a := *all
	if len(list) > 0 && (len(a) == 0 || &a[len(a)-1] != &list[len(list)-1]) {
		return append(list[:len(list):len(list)], v)
	}
	start := len(a) - len(list)
	a = append(a, v)
	*all = a
	return a[start:len(a):len(a)]
}

// parseRange reads "start end".
func parseRange(f string) (uint32, uint32) {
	a, b, _ := strings.Cut(f, " ")
	start, _ := strconv.ParseUint(a, 10, 32)
	end, _ := strconv.ParseUint(b, 10, 32)
	return uint32(start), uint32(end)
}

// keptSkip is what the parser need not read of a file read in part:
// the whole lines between the kept ranges and the blank lines of the
// bodies (body, from blankBodies, inside the kept ranges), merged, in
// order.
func keptSkip(keep []extract.Span, body [][2]uint32, n int) [][2]uint32 {
	var out [][2]uint32
	add := func(r [2]uint32) {
		if r[0] >= r[1] {
			return
		}
		if k := len(out) - 1; k >= 0 && out[k][1] >= r[0] {
			out[k][1] = max(out[k][1], r[1])
			return
		}
		out = append(out, r)
	}
	from := uint32(0) // where the gap after the last kept range starts
	for _, sp := range keep {
		for len(body) > 0 && body[0][0] < sp.Start {
			add(body[0])
			body = body[1:]
		}
		add([2]uint32{from, min(sp.Start, uint32(n))})
		from = min(sp.End+1, uint32(n)) // past the statement's newline
	}
	for _, b := range body {
		add(b)
	}
	add([2]uint32{from, uint32(n)})
	return out
}
