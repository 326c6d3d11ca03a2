package python

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Statements (DESIGN.md, Python dependencies: what is read and parsed): a
// dependency's module is read statement by statement. Its summary names
// each top-level statement (a def or class with its decorators, an
// assignment, an import, a compound statement such as `if` or `try`
// taken whole) with its byte range, the names it binds at module level
// and the dotted names it reads; Select keeps the statements the
// worktree's names reach, to a fixed point, and the extractor blanks the
// rest (extract.BlankOutside).

// stmt is one top-level statement of a module.
type stmt struct {
	start, end uint32
	defs       []string    // names bound: def, class, assignment targets (X for `X.y = v`)
	imports    [][3]string // module as written, name ("" for `import m`, "*" for a star), name bound
	needs      []string    // dotted names read: decorators, bases, annotations, values, a def's results
}

// statements reads src's top-level statements, in order.
func statements(src []byte) []stmt {
	type block struct {
		indent int
		def    bool
	}
	var (
		out       []stmt
		blocks    []block // the def and class blocks around a line
		ws        []string
		decorated bool // the last top-level line was a decorator
	)
	text := string(src) // words are its substrings
	for _, l := range logicalLines(src) {
		if l.indent == 0 && !decorated && !continuesCompound(src[l.start:l.end]) || len(out) == 0 {
			out = append(out, stmt{start: uint32(l.start)})
			blocks = blocks[:0]
		}
		s := &out[len(out)-1]
		s.end = uint32(l.end)
		for len(blocks) > 0 && blocks[len(blocks)-1].indent >= l.indent {
			blocks = blocks[:len(blocks)-1]
		}
		inDef, inClass := false, len(blocks) > 0
		for _, b := range blocks {
			inDef = inDef || b.def
		}
		if inDef && !mayStateResult(src[l.start:l.end]) {
			continue // most of a body: no words made
		}
		line := text[l.start:l.end]
		ws = appendWords(ws[:0], line)
		if len(ws) == 0 {
			continue
		}
		decorated = l.indent == 0 && ws[0] == "@"
		head := ws
		if len(head) > 1 && head[0] == "async" {
			head = head[1:]
		}
		opens := len(head) > 1 && (head[0] == "def" || head[0] == "class")
		switch {
		case inDef:
			if statesResult(ws) { // what blankBodies keeps of a body
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
			blocks = append(blocks, block{l.indent, head[0] == "def"})
		}
	}
	return out
}

// continuesCompound: a line at the module's indentation that goes on
// with the compound statement before it (except, else, elif, finally).
func continuesCompound(line []byte) bool {
	for _, kw := range []string{"except", "else", "elif", "finally"} {
		if rest, ok := bytes.CutPrefix(line, []byte(kw)); ok && (len(rest) == 0 || !isNameByte(rest[0])) {
			return true
		}
	}
	return false
}

// mayStateResult: a body's line may be one statesResult keeps, by its
// bytes.
func mayStateResult(line []byte) bool {
	if bytes.HasPrefix(line, []byte("return")) || bytes.HasPrefix(line, []byte("yield")) {
		return true
	}
	eq := bytes.IndexByte(line, '=')
	return eq > 0 && bytes.IndexByte(line[:eq], '.') >= 0
}

// statesResult: a body's statement blankBodies may keep: a return, a
// yield, an assignment to an attribute.
func statesResult(ws []string) bool {
	return ws[0] == "return" || ws[0] == "yield" ||
		len(ws) > 1 && strings.Contains(ws[0], ".") && (ws[1] == "=" || ws[1] == ":")
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
		if isNameByte(w[0]) && (w[0] < '0' || w[0] > '9') {
			needs = append(needs, w)
		}
	}
	if strings.IndexByte(line, '"') < 0 && strings.IndexByte(line, '\'') < 0 {
		return needs
	}
	for i := 0; i < len(line); {
		n := skipLexeme(line, i)
		if n == i {
			i++
			continue
		}
		if q := line[i]; (q == '"' || q == '\'') && n-i < 80 && !(n-i >= 6 && line[i+1] == q && line[i+2] == q) {
			for _, w := range words(line[i+1 : max(i+1, n-1)]) {
				if isNameByte(w[0]) && (w[0] < '0' || w[0] > '9') {
					needs = append(needs, w)
				}
			}
		}
		i = n
	}
	return needs
}

// Summarize (extract.Selective) writes a module's statements: "s start
// end", then "d name" per name bound, "i module name bound" per import
// ("=" for the empty name of `import m`), "n dotted" per name read, each
// once.
func (d *pyDeps) Summarize(content []byte) []byte {
	var b []byte
	for _, s := range statements(content) {
		b = append(b, "s "...)
		b = strconv.AppendUint(b, uint64(s.start), 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(s.end), 10)
		b = append(b, '\n')
		for _, n := range unique(s.defs) {
			b = append(append(append(b, "d "...), n...), '\n')
		}
		for _, im := range s.imports {
			name := im[1]
			if name == "" {
				name = "="
			}
			b = append(append(append(append(append(append(append(b, "i "...), im[0]...), ' '), name...), ' '), im[2]...), '\n')
		}
		for _, n := range unique(s.needs) {
			b = append(append(append(b, "n "...), n...), '\n')
		}
	}
	return b
}

// unique is ws without repeats, in order.
func unique(ws []string) []string {
	seen := make(map[string]bool, len(ws))
	out := ws[:0:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// parseStatements reads a Summarize.
func parseStatements(b []byte) []stmt {
	var out []stmt
	text := string(b) // names are its substrings
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "s":
			start, _ := strconv.ParseUint(f[1], 10, 32)
			end, _ := strconv.ParseUint(f[2], 10, 32)
			out = append(out, stmt{start: uint32(start), end: uint32(end)})
		case len(out) == 0:
		case len(f) == 2 && f[0] == "d":
			out[len(out)-1].defs = append(out[len(out)-1].defs, f[1])
		case len(f) == 2 && f[0] == "n":
			out[len(out)-1].needs = append(out[len(out)-1].needs, f[1])
		case len(f) == 4 && f[0] == "i":
			if f[2] == "=" {
				f[2] = ""
			}
			out[len(out)-1].imports = append(out[len(out)-1].imports, [3]string{f[1], f[2], f[3]})
		}
	}
	return out
}

// keptSkip is what the parser need not read of a file read in part:
// the whole lines between the kept ranges (extract.BlankOutside made them blank)
// and the blank lines of the bodies (body, from blankBodies, inside the
// kept ranges), merged, in order.
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
