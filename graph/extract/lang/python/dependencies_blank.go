package python

import (
	"bytes"
	"cmp"
	"iter"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file (Input.DeclarationsOnly) keeps its declarations
// only, so the bodies of its functions and methods are blanked before
// parsing, offsets and lines kept: most of a standard-library module is
// bodies (DESIGN.md, Python dependencies: what a body keeps).

// blankBodies returns src with the block body of every def (module
// level, in a class, nested) replaced by spaces, newlines kept, but for
// an ellipsis where the body's first statement starts, so that the block
// still holds a statement and the def parses as one. A body on the def's
// own line (`def f(): pass`) stays, as does every class body. Strings,
// comments, brackets and backslash continuations are followed, so that a
// docstring's or a call's lines at any indentation belong to their
// statement. skip names the whole lines each body blanked below its
// first, for the parser to pass over (tsutil.Door.Skip). Of a file read
// in part (keep) only the kept ranges are scanned and blanked: the
// parser skips what lies between (keptSkip).
func blankBodies(src []byte, keep []extract.Span) (blanked []byte, skip [][2]uint32) {
	return (&blankScratch{}).blankBodies(src, keep)
}

// blankScratch is the memory blanking a dependency's file needs, reused
// from file to file (blankScratches): a cold build with packages blanks
// a copy of ~150 files, and each 4 MB allocated brings the next garbage
// collection closer (one of ~30 in a cold build of Pallets).
type blankScratch struct {
	out    []byte         // the blanked copy: the result, until the scratch is put back
	defs   []blankedDef   // each def blanked, in order (restoreEnds)
	keep   []extract.Span // Input.Keep without the class ends (splitClassEnds)
	ends   []classEnd     // the class ends Input.Keep marks
	ls     []logical      // the logical lines scanned
	ws     []string       // a line's words
	locals map[string]bool
}

var blankScratches = newScratches(func() *blankScratch { return new(blankScratch) })

// grow makes sc.out n bytes long, what it held lost; it grows to
// twice what it was at least, so that a larger file comes rarely.
func (sc *blankScratch) grow(n int) []byte {
	if cap(sc.out) < n {
		sc.out = make([]byte, 0, max(n, 2*cap(sc.out), 64<<10))
	}
	sc.out = sc.out[:n]
	return sc.out
}

// blankBodies is blankBodies with sc's memory: the result may be sc.out.
func (sc *blankScratch) blankBodies(src []byte, keep []extract.Span) (blanked []byte, skip [][2]uint32) {
	ls := sc.ls[:0]
	defer func() { sc.ls = ls[:0] }()
	sc.defs = sc.defs[:0]
	if keep == nil {
		ls = appendLogicalLines(ls, src, 0)
	}
	for _, sp := range keep { // each starts a line and ends at one's end
		ls = appendLogicalLines(ls, src[:min(int(sp.End)+1, len(src))], int(sp.Start))
	}
	var plans []plan
	var tables [][2]int // the insides of constant displays (blankTables)
	type class struct {
		indent int
		name   string
	}
	var classes []class                                    // the classes around the line
	text := unsafe.String(unsafe.SliceData(src), len(src)) // words are its substrings: src is never written (out is a copy)
	for k := 0; k < len(ls); k++ {
		l := ls[k]
		for len(classes) > 0 && classes[len(classes)-1].indent >= l.indent {
			classes = classes[:len(classes)-1]
		}
		if bytes.HasPrefix(src[l.start:l.end], []byte("class")) {
			if ws := appendWords(sc.ws[:0], text[l.start:min(l.end, l.start+64)]); len(ws) > 1 && ws[0] == "class" {
				classes = append(classes, class{l.indent, ws[1]})
			}
		}
		if !isDef(src[l.start:l.end]) || !blockHeader(src, l) {
			tables = constantTables(src, l, tables)
			continue
		}
		m := k + 1
		for m < len(ls) && ls[m].indent > l.indent {
			m++
		}
		if m == k+1 {
			continue // no body below: a def the file cuts short
		}
		p := sc.planBody(src, text, ls[k:m])
		for _, c := range classes {
			p.class += c.name + "."
		}
		plans = append(plans, p)
		k = m - 1
	}
	if len(plans) == 0 && len(tables) == 0 {
		return src, nil
	}
	// An attribute one method of a class assigns from a local keeps
	// none of its assignments, in any method of the class: the others
	// would agree where the whole file's disagree.
	attrsLeft := map[string]bool{}
	for _, p := range plans {
		for kind := range p.left {
			attrsLeft[p.class+kind] = kind != "result"
		}
	}
	out := sc.grow(len(src))
	copy(out, src)
	for _, p := range plans {
		from, to := p.body[0].start, p.body[len(p.body)-1].end
		last := p.body[len(p.body)-1]
		sc.defs = append(sc.defs, blankedDef{start: uint32(p.head.start), end: uint32(tokenEnd(src, last)), lineEnd: uint32(last.end)})
		for j := from; j < to; j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = ' '
			}
		}
		if !p.keep(src, out, attrsLeft) {
			room := 0
			for from+room < to && out[from+room] == ' ' {
				room++
			}
			if room >= 3 {
				copy(out[from:], "...")
			} else {
				out[from] = '0' // a one-byte statement: `x`
			}
		}
		skip = blankLines(out, from, to, skip)
	}
	if len(tables) == 0 {
		return out, skip
	}
	for _, r := range tables {
		for j := r[0]; j < r[1]; j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = ' '
			}
		}
		skip = blankLines(out, r[0], r[1], skip)
	}
	return out, mergeRanges(skip)
}

// constantTables appends the insides of the displays (a dict, list, set
// or tuple written out) of logical line l that span lines and hold
// constants only — strings, numbers, True, False, None, such displays —
// the outermost of each: a table (html.entities' 2,231 entries) states
// nothing an importer reads, and the display left empty is a value of
// the same kind (DESIGN.md, Python dependencies: what is read and
// parsed). A def's or class's head and a decorator are left whole (a
// signature is shown as written).
func constantTables(src []byte, l logical, tables [][2]int) [][2]int {
	line := src[l.start:l.end]
	if bytes.IndexByte(line, '\n') < 0 || isDef(line) || line[0] == '@' || bytes.HasPrefix(line, []byte("class")) {
		return tables
	}
	type open struct {
		at       int
		constant bool // a display, holding constants only so far
	}
	var opens []open
	prev := byte('=') // the last byte read but blanks: a name's or number's is 'a'
	spoil := func() {
		if len(opens) > 0 {
			opens[len(opens)-1].constant = false
		}
	}
	for j := l.start; j < l.end; {
		c := src[j]
		if n := skipLexeme(src, j); n > j {
			if c != '#' {
				prev = '"'
			}
			j = n
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\\':
		case c == '(' || c == '[' || c == '{':
			display := !isNameByte(prev) && prev != ')' && prev != ']' && prev != '}' && prev != '"' // not a call's or subscript's
			if !display {
				spoil()
			}
			opens = append(opens, open{j, display})
		case c == ')' || c == ']' || c == '}':
			if len(opens) == 0 {
				break
			}
			o := opens[len(opens)-1]
			opens = opens[:len(opens)-1]
			switch {
			case !o.constant:
				spoil()
			case bytes.IndexByte(src[o.at:j], '\n') >= 0:
				for len(tables) > 0 && tables[len(tables)-1][0] > o.at {
					tables = tables[:len(tables)-1] // inside this one
				}
				tables = append(tables, [2]int{o.at + 1, j})
			}
		case isNameByte(c) || c == '.':
			k := j
			for k < l.end && (isNameByte(src[k]) || src[k] == '.') {
				k++
			}
			if k < l.end && (src[k] == '"' || src[k] == '\'') && stringPrefix(line[j-l.start:k-l.start]) {
				j = k // the string's prefix
				continue
			}
			if !constantWord(src[j:k]) {
				spoil()
			}
			j, prev = k, 'a'
			continue
		case c == ',' || c == ':' || c == '-' || c == '+':
		default:
			spoil()
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\\' {
			prev = c
		}
		j++
	}
	return tables
}

// constantWord: a number, True, False or None.
func constantWord(w []byte) bool {
	if w[0] >= '0' && w[0] <= '9' || len(w) > 1 && w[0] == '.' && w[1] >= '0' && w[1] <= '9' {
		return true
	}
	switch string(w) {
	case "True", "False", "None":
		return true
	}
	return false
}

// stringPrefix: w is a string literal's prefix that makes no f-string
// (r, b, u, br, rb in any case).
func stringPrefix(w []byte) bool {
	if len(w) > 2 {
		return false
	}
	for _, c := range w {
		switch c | 0x20 {
		case 'r', 'b', 'u':
		default:
			return false
		}
	}
	return true
}

// mergeRanges sorts ranges by start and merges those that overlap or
// touch.
func mergeRanges(rs [][2]uint32) [][2]uint32 {
	slices.SortFunc(rs, func(a, b [2]uint32) int { return cmp.Compare(a[0], b[0]) })
	out := rs[:0]
	for _, r := range rs {
		if k := len(out) - 1; k >= 0 && out[k][1] >= r[0] {
			out[k][1] = max(out[k][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// logical is one logical line: its first byte (past the indentation),
// the newline ending it (or len(src)) and its indentation's width.
type logical struct {
	start, end, indent int
}

// lineByte marks the bytes scanLogicalLines looks at: brackets, newlines,
// backslashes and what starts a comment or a string.
var lineByte = [256]bool{'(': true, '[': true, '{': true, ')': true, ']': true, '}': true,
	'\n': true, '\\': true, '#': true, '"': true, '\'': true}

// appendLogicalLines appends the logical lines of src from i, a line's
// start, on, blank and comment-only lines left out: a line goes on
// through open brackets, strings and backslash continuations.
func appendLogicalLines(ls []logical, src []byte, i int) []logical {
	for l := range logicalLinesFrom(src, i) {
		ls = append(ls, l)
	}
	return ls
}

// logicalLinesFrom yields the logical lines of src from i, a line's
// start, on, none kept (a module's summary reads each once).
func logicalLinesFrom(src []byte, i int) iter.Seq[logical] {
	return func(yield func(logical) bool) {
		scanLogicalLines(src, i, yield)
	}
}

func scanLogicalLines(src []byte, i int, yield func(logical) bool) {
	for i < len(src) {
		j, col := i, 0
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f') {
			if src[j] == '\t' {
				col = col/8*8 + 8
			} else {
				col++
			}
			j++
		}
		if j < len(src) && src[j] == '#' {
			j = skipLexeme(src, j)
		}
		if j >= len(src) || src[j] == '\n' || src[j] == '\r' {
			i = j + 1
			continue
		}
		start, depth := j, 0
		for j < len(src) {
			c := src[j]
			if !lineByte[c] { // most bytes: no call
				j++
				continue
			}
			if n := skipLexeme(src, j); n > j {
				j = n
				continue
			}
			switch {
			case c == '\\' && j+1 < len(src) && (src[j+1] == '\n' || src[j+1] == '\r'):
				j++
				if src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n' {
					j++
				}
			case c == '(' || c == '[' || c == '{':
				depth++
			case (c == ')' || c == ']' || c == '}') && depth > 0:
				depth--
			case c == '\n' && depth == 0:
				if !yield(logical{start, j, col}) {
					return
				}
				start = -1
			}
			if start < 0 {
				break
			}
			j++
		}
		if start >= 0 && !yield(logical{start, len(src), col}) {
			return
		}
		i = j + 1
	}
}

// tokenEnd is where logical line l's last token ends, its trailing
// blanks and comment left out: where Python's ast ends the statement.
// Only a line holding a # is scanned (a string may hold it too).
func tokenEnd(src []byte, l logical) int {
	line := src[l.start:l.end]
	end := len(line)
	if bytes.IndexByte(line, '#') >= 0 {
		end = 0
		for j := 0; j < len(line); {
			switch c := line[j]; c {
			case '#':
				j = skipLexeme(line, j)
			case '"', '\'':
				j = skipLexeme(line, j)
				end = j
			case ' ', '\t', '\f', '\r', '\n', '\\':
				j++
			default:
				j++
				end = j
			}
		}
	}
	for end > 0 && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\f' || line[end-1] == '\r') {
		end--
	}
	return l.start + end
}

// isDef: the logical line is a def's (`def`, `async def`).
func isDef(line []byte) bool {
	if rest, ok := cutWord(line, "async"); ok {
		line = rest
	}
	_, ok := cutWord(line, "def")
	return ok
}

// cutWord cuts the keyword w and the blanks after it off the start of b.
func cutWord(b []byte, w string) ([]byte, bool) {
	if len(b) <= len(w) || string(b[:len(w)]) != w || b[len(w)] != ' ' && b[len(w)] != '\t' {
		return b, false
	}
	b = b[len(w):]
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b, true
}

// blockHeader: the def's line ends at its colon (at bracket depth 0),
// with at most a comment after it, so its body is the block below.
func blockHeader(src []byte, l logical) bool {
	depth := 0
	for j := l.start; j < l.end; {
		if !lineByte[src[j]] && src[j] != ':' { // most bytes
			j++
			continue
		}
		if n := skipLexeme(src, j); n > j {
			j = n
			continue
		}
		switch c := src[j]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ':' && depth == 0:
			for j++; j < l.end; j++ {
				switch src[j] {
				case ' ', '\t', '\r', '\\', '\n':
				case '#':
					return true
				default:
					return false
				}
			}
			return true
		}
		j++
	}
	return false
}

// skipLexeme returns the end of the comment (its newline) or string
// literal (single or triple quoted; a backslash escapes the next byte,
// which is how a raw string reads too) starting at i, or i when none
// starts there. A string's prefix (r, b, f) is an identifier's bytes
// before it and changes nothing here.
func skipLexeme[T ~string | ~[]byte](src T, i int) int {
	switch c := src[i]; c {
	case '#': // to the line's end, found by IndexByte
		end := len(src)
		if k := indexByte(src[i:], '\n'); k >= 0 {
			end = i + k
		}
		if k := indexByte(src[i:end], '\r'); k >= 0 {
			end = i + k
		}
		return end
	case '"', '\'':
		if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
			return tripleEnd(src, i+3, c)
		}
		for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		if i < len(src) && src[i] == c {
			i++
		}
		return i
	}
	return i
}

// tripleEnd is the end of the triple-quoted string whose text starts at
// from: past the first unescaped c followed by two more (a quote is
// escaped by an odd run of backslashes before it), or len(src). The
// quotes are found by IndexByte: docstrings are most of a module.
func tripleEnd[T ~string | ~[]byte](src T, from int, c byte) int {
	for i := from; i < len(src); {
		k := indexByte(src[i:], c)
		if k < 0 {
			break
		}
		j := i + k
		b := j
		for b > from && src[b-1] == '\\' {
			b--
		}
		if (j-b)%2 == 0 && j+2 < len(src) && src[j+1] == c && src[j+2] == c {
			return j + 3
		}
		i = j + 1
	}
	return len(src)
}

// indexByte is strings.IndexByte or bytes.IndexByte, as s is.
func indexByte[T ~string | ~[]byte](s T, c byte) int {
	switch v := any(s).(type) {
	case string:
		return strings.IndexByte(v, c)
	case []byte:
		return bytes.IndexByte(v, c)
	}
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// blankLines adds to skip the runs of whole blank lines of out[from:to]
// (and the newline at to).
func blankLines(out []byte, from, to int, skip [][2]uint32) [][2]uint32 {
	start := -1 // the blank run's first line
	for ls := bytes.LastIndexByte(out[:from], '\n') + 1; ls <= to && ls < len(out); {
		le := bytes.IndexByte(out[ls:], '\n')
		if le < 0 {
			le = len(out)
		} else {
			le += ls
		}
		blank := len(bytes.Trim(out[ls:le], " \t\r")) == 0
		switch {
		case blank && start < 0:
			start = ls
		case !blank && start >= 0:
			skip = append(skip, [2]uint32{uint32(start), uint32(ls)})
			start = -1
		}
		ls = le + 1
		if le >= to {
			break
		}
	}
	if start >= 0 {
		skip = append(skip, [2]uint32{uint32(start), uint32(min(to+1, len(out)))})
	}
	return skip
}

// plan is what a def's blanked body keeps: the statements that say
// something of the def's result or its object's attributes, `return v`,
// `yield`, `self.x = v` (self the def's first parameter), when v's first
// name is no local of the def (nothing in the body binds it: an
// assignment, a for, an as, an import, a nested def or class), so that
// it means there what it means in the whole body. A statement left out
// (its value starts at a local, it stands in a one-line block, or its
// indentation mixes tabs and spaces) takes the others of its kind with
// it (left): the def's results, or an attribute's assignments.
type plan struct {
	class  string  // the classes around the def, "A.B."
	head   logical // the def's line
	body   []logical
	indent []byte
	cands  []logical
	kinds  []string
	left   map[string]bool
}

func (sc *blankScratch) planBody(src []byte, text string, ls []logical) plan {
	head, body := ls[0], ls[1:]
	ws := appendWords(sc.ws[:0], text[head.start:head.end])
	defer func() { sc.ws = ws[:0] }()
	self := firstParam(ws)
	p := plan{head: head, body: body, indent: src[lineStart(src, body[0].start):body[0].start]}
	if annotatedResult(ws) {
		p.leave("result") // its annotation states its result: its returns state nothing (facts.go)
	}
	if sc.locals == nil {
		sc.locals = map[string]bool{}
	}
	locals := sc.locals
	clear(locals)
	var roots []string
	nested := -1
	for _, l := range body {
		if nested >= 0 && l.indent > nested {
			continue
		}
		nested = -1
		if !mayMatter(src[l.start:l.end]) {
			continue
		}
		ws = appendWords(ws[:0], text[l.start:l.end])
		bindsLocals(ws, locals)
		if len(ws) > 0 && (ws[0] == "def" || ws[0] == "class" || ws[0] == "async" || ws[0] == "@") {
			nested = l.indent
			continue
		}
		if root, ok := resultOrAttr(ws, self); ok {
			line := src[l.start:l.end]
			if ws[0] == "return" && valueGivesNothing(line[len("return"):], false) {
				p.leave("result")
			}
			if eq := bytes.IndexByte(line, '='); len(ws) > 1 && ws[1] == "=" && eq >= 0 && valueGivesNothing(line[eq+1:], true) {
				continue // self.x = v states no type of x, and takes no other statement's with it
			}
			p.cands, roots = append(p.cands, l), append(roots, root)
			p.kinds = append(p.kinds, stateKind(ws))
			continue
		}
		for i, w := range ws { // in a one-line block: `if x: return y`
			if w == "return" || w == "yield" {
				p.leave("result")
			} else if attrOf(w, self) && i+1 < len(ws) && (ws[i+1] == "=" || ws[i+1] == ":") {
				p.leave(w[len(self):])
			}
		}
	}
	for i, l := range p.cands {
		if locals[roots[i]] || !bytes.HasPrefix(src[lineStart(src, l.start):l.start], p.indent) {
			p.leave(p.kinds[i])
		}
	}
	return p
}

// annotatedResult: a def's head (its words) annotates its result: `->`
// outside its brackets.
func annotatedResult(head []string) bool {
	depth := 0
	for i, w := range head {
		switch w {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "-":
			if depth == 0 && i+1 < len(head) && head[i+1] == ">" {
				return true
			}
		}
	}
	return false
}

// valueGivesNothing: the value v (of a return, or of an assignment to
// self.x) evidently gives no type, so that a return leaves its def
// without an inferred result whatever its other returns say (facts.go:
// results.ok false) and an assignment states no type of its attribute:
// the walker reads the value of a name, an attribute, a call, an await
// or parentheses only, and this one starts at a literal (True and False
// too; None too when none, not for a return, where it means an Optional
// result), an operator, not or lambda, or goes on at its top level
// otherwise than by calls and attributes (a subscript, an operator, a
// tuple, a conditional). A value in parentheses or followed by another
// = (`self.x = y = f()`) is never judged.
func valueGivesNothing(v []byte, none bool) bool {
	v = bytes.TrimLeft(v, " \t")
	if rest, ok := cutWord(v, "await"); ok {
		v = rest
	}
	if len(v) == 0 || v[0] == '#' || v[0] == '\\' || v[0] == '\r' || v[0] == '\n' || v[0] == '(' || v[0] == ';' {
		return false
	}
	if !isNameByte(v[0]) || v[0] >= '0' && v[0] <= '9' {
		return true // a string, a number, a display, an operator
	}
	i := 0
	for i < len(v) && isNameByte(v[i]) {
		i++
	}
	switch string(v[:i]) {
	case "True", "False", "not", "lambda":
		return true
	case "None":
		if none {
			return true
		}
	}
	if i < len(v) && (v[i] == '"' || v[i] == '\'') {
		return true // a prefixed string
	}
	for i < len(v) {
		switch c := v[i]; {
		case c == ' ' || c == '\t' || c == '\\' || c == '\r' || c == '\n':
			i++
		case c == '#':
			i = skipLexeme(v, i)
		case c == '.':
			for i++; i < len(v) && isNameByte(v[i]); i++ {
			}
		case c == '(':
			i = closeBracket(v, i)
		case c == ';': // the value ends
			return false
		case c == '=':
			return i+1 < len(v) && v[i+1] == '=' // ==, or another target
		default:
			return true
		}
	}
	return false
}

// closeBracket is the end of the bracketed group opening at v[i] (past
// its closing bracket), strings and comments followed, or len(v).
func closeBracket(v []byte, i int) int {
	depth := 0
	for i < len(v) {
		switch c := v[i]; c {
		case '#', '"', '\'':
			i = skipLexeme(v, i)
			continue
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return len(v)
}

// leave notes that kind (a result, an attribute) is stated by none of
// the statements kept.
func (p *plan) leave(kind string) {
	if p.left == nil {
		p.left = map[string]bool{}
	}
	p.left[kind] = true
}

// keep moves the planned statements into out, each to the body's
// indentation (the blocks around it are gone), its lines and those
// after it kept. It reports whether the body's first statement is one
// of them.
func (p plan) keep(src, out []byte, attrsLeft map[string]bool) bool {
	first := false
	for i, l := range p.cands {
		if p.left[p.kinds[i]] || attrsLeft[p.class+p.kinds[i]] {
			continue
		}
		d := l.start - lineStart(src, l.start) - len(p.indent)
		copy(out[l.start-d:], src[l.start:l.end])
		for j := l.end - d; j < l.end; j++ {
			out[j] = ' '
		}
		first = first || l.start == p.body[0].start
	}
	return first
}

func lineStart(src []byte, off int) int { return bytes.LastIndexByte(src[:off], '\n') + 1 }

// mayMatter: a body's statement may bind a local, be kept or hold a
// return (a compound statement's header, a one-line block): what
// planBody reads the words of. Most calls do none of it.
func mayMatter(line []byte) bool {
	if bytes.IndexByte(line, '=') >= 0 || bytes.Contains(line, []byte("return")) || bytes.Contains(line, []byte("yield")) ||
		bytes.Contains(line, []byte("isinstance")) || bytes.Contains(line, []byte(" as ")) {
		return true
	}
	for _, kw := range []string{"for", "async", "import", "from", "def", "class", "global", "nonlocal", "@"} {
		if bytes.HasPrefix(line, []byte(kw)) {
			return true
		}
	}
	return false
}

// stateKind is what a kept statement states: the def's result, or one
// attribute.
func stateKind(ws []string) string {
	if ws[0] == "return" || ws[0] == "yield" {
		return "result"
	}
	_, attr, _ := strings.Cut(ws[0], ".")
	return "." + attr
}

// firstParam is the first parameter a def's words name ("" for none).
func firstParam(ws []string) string {
	for i, w := range ws {
		if w == "(" {
			if i+1 < len(ws) && isIdent(ws[i+1]) {
				return ws[i+1]
			}
			return ""
		}
	}
	return ""
}

// resultOrAttr: the statement's words are a return or a yield, or an
// assignment to an attribute of self (ok); root is its value's first name
// ("" when it has none: a bare return, a string; a mark when the value
// starts otherwise).
func resultOrAttr(ws []string, self string) (root string, ok bool) {
	switch {
	case len(ws) > 0 && (ws[0] == "return" || ws[0] == "yield"):
		if len(ws) == 1 {
			return "", true
		}
		return firstName(ws[1:]), true
	case len(ws) > 2 && attrOf(ws[0], self) && strings.Count(ws[0], ".") == 1:
		if ws[1] == "=" && ws[2] != "=" {
			return firstName(ws[2:]), true
		}
		if ws[1] == ":" {
			for i := 2; i+1 < len(ws); i++ {
				if ws[i] == "=" {
					return firstName(ws[i+1:]), true
				}
			}
			return "(", true
		}
	}
	return "", false
}

// attrOf: word w is an attribute of self (`self.x`, `self.x.y`; self
// not empty), without a string made per word.
func attrOf(w, self string) bool {
	return self != "" && len(w) > len(self) && w[len(self)] == '.' && w[:len(self)] == self
}

// firstName is the name a value's words start with, up to its first dot
// ("await x.y" → x).
func firstName(ws []string) string {
	if len(ws) > 1 && (ws[0] == "await" || ws[0] == "from") {
		ws = ws[1:]
	}
	top, _, _ := strings.Cut(ws[0], ".")
	return top
}

// bindsLocals adds the names a statement's words bind in its function:
// the targets before a `=` outside brackets (augmented and annotated
// too) or a walrus, a for's targets, what follows `as`, an import's
// names, a nested def's or class's name, a global's or nonlocal's; and
// a name an isinstance narrows (its type differs in the block it
// guards, which is gone).
func bindsLocals(ws []string, locals map[string]bool) {
	add := func(w string) {
		if isIdent(w) { // not self.x: an attribute is no local
			locals[w] = true
		}
	}
	if len(ws) == 0 {
		return
	}
	switch ws[0] {
	case "def", "class", "global", "nonlocal", "import", "from":
		for _, w := range ws[1:] {
			add(w)
		}
		return
	case "async":
		if len(ws) > 2 {
			add(ws[2])
		}
	case "for":
		for _, w := range ws[1:] {
			if w == "in" {
				break
			}
			add(w)
		}
	}
	depth := 0
	for i, w := range ws {
		if w == "isinstance" && i+2 < len(ws) && ws[i+1] == "(" {
			add(ws[i+2]) // narrowed in the block it guards
		}
		switch w {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "as", "for":
			if i+1 < len(ws) {
				add(ws[i+1])
			}
		case "=":
			if i > 1 && ws[i-1] == ":" {
				add(ws[i-2]) // a walrus
			}
			if assigns(ws, i, depth) {
				for _, t := range ws[:i] {
					add(t)
				}
			}
		}
	}
}

// assigns reports whether ws[i], an "=" at bracket depth depth, is an
// assignment's: at the top level and not part of ==, <=, >= or != (the
// word scan splits those in two).
func assigns(ws []string, i, depth int) bool {
	prev, next := "", ""
	if i > 0 {
		prev = ws[i-1]
	}
	if i+1 < len(ws) {
		next = ws[i+1]
	}
	return depth == 0 && next != "=" && prev != "=" && prev != "<" && prev != ">" && prev != "!"
}

// blankAll is src blank but for its line breaks (what
// extract.BlankOutside makes of a file nothing of which is kept),
// found by IndexByte rather than byte by byte; it is sc.out.
func (sc *blankScratch) blankAll(src []byte) []byte {
	out := sc.grow(len(src))
	if len(out) > 0 {
		out[0] = ' '
		for n := 1; n < len(out); n *= 2 {
			copy(out[n:], out[:n])
		}
	}
	for _, c := range []byte{'\n', '\r'} {
		for i := 0; i < len(src); {
			k := bytes.IndexByte(src[i:], c)
			if k < 0 {
				break
			}
			out[i+k] = c
			i += k + 1
		}
	}
	return out
}

// blankedDef is a def whose body was blanked: where its line starts,
// where its body's last token ends (Python's ast end) and its last
// line's newline.
type blankedDef struct{ start, end, lineEnd uint32 }

// restoreEnds gives back their ends to the symbols blanking cut short: a
// def whose body keeps nothing, or only its first statements, parses as
// ending there, but its extent is the def's as written (show prints it,
// and a class ending with it ends with its body too). Every symbol that
// holds a blanked def's line and ends inside its body ends at the body's
// last token, as Python's ast has it (tree-sitter's block takes a
// comment on its last line, which a kept last statement brings). The
// defs are in order and apart (a nested def is in a blanked body), so
// the one a symbol ends in is found by a binary search.
func (sc *blankScratch) restoreEnds(syms []extract.RawSymbol) {
	defs := sc.defs
	for i := range syms {
		s := &syms[i].Span
		k := sort.Search(len(defs), func(k int) bool { return defs[k].lineEnd >= s.End })
		if k < len(defs) && defs[k].start < s.End && s.Start <= defs[k].start {
			s.End = defs[k].end
		}
	}
}

// classEnd is where a class read member by member ends, as an empty
// range of Input.Keep marks it (appendKept), with the range kept just
// before the mark: the class's last part parsed.
type classEnd struct {
	last extract.Span
	end  uint32
}

// splitClassEnds is keep without its empty ranges, which mark where a
// class whose last line is not kept as written ends (appendKept), and
// those ends (sc.ends): keep itself when it marks none.
func (sc *blankScratch) splitClassEnds(keep []extract.Span) []extract.Span {
	sc.ends = sc.ends[:0]
	if !slices.ContainsFunc(keep, func(sp extract.Span) bool { return sp.Start == sp.End }) {
		return keep
	}
	parts := sc.keep[:0]
	for _, sp := range keep {
		if sp.Start == sp.End && len(parts) > 0 {
			sc.ends = append(sc.ends, classEnd{parts[len(parts)-1], sp.End})
		} else if sp.Start != sp.End {
			parts = append(parts, sp)
		}
	}
	sc.keep = parts
	return parts
}

// restoreClassEnds ends each class whose end Keep marks where its
// source does: the symbol that starts before the range kept last of it
// and ends in that range (the class; its members start in their own
// ranges) ends at the class's end.
func (sc *blankScratch) restoreClassEnds(syms []extract.RawSymbol) {
	ends := sc.ends
	if len(ends) == 0 {
		return
	}
	for i := range syms {
		s := &syms[i].Span
		k := sort.Search(len(ends), func(k int) bool { return ends[k].last.End >= s.End })
		if k < len(ends) && s.Start < ends[k].last.Start && ends[k].last.Start <= s.End {
			s.End = ends[k].end
		}
	}
}
