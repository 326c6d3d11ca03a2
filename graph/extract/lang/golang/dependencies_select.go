package golang

import (
	"go/token"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (extract.Selective; DESIGN.md, Dependency packages): of a
// dependency's package only the files declaring what the worktree names
// are read, with the closure of what those declarations need: the
// identifiers of their signatures, types, fields and initializers (not
// function bodies nor composite literals' elements, which
// DeclarationsOnly blanks), every exported method of a type read, and
// what they name in the other packages read. A tokenizer reading Go's
// tokens as go/scanner does (goTokens) finds the declarations without a
// parse.

// fileDecls is what a file of a dependency declares and needs.
type fileDecls struct {
	pkg     string      // its package clause
	imports [][2]string // local name ("" for the package's own), path
	decls   []goDecl
	size    int // the file's length in bytes
}

// goDecl is one top-level declaration, or one spec of a parenthesized
// group (with the specs without a value that repeat it, in a const
// group).
type goDecl struct {
	value   bool     // a var or const declaration
	recv    string   // a method's receiver type, "" otherwise
	names   []string // what it declares (a method: its name)
	uses    []string // identifiers it names: "x", or "pkg.Sel" through an import
	members []string // a type's exported fields and interface methods
	// at is the offset of the keyword starting its top-level
	// declaration (the specs of a group share it): a selected
	// declaration is read from there to the next one's.
	at int
	// inGroup: a spec of a parenthesized group, read alone: the group's
	// head up to open (past its '('), the spec from from to to, and the
	// group's close (its ')') to the next declaration. A const spec that
	// repeats the one before it (no type, no value: iota's idiom) is one
	// declaration with it.
	inGroup              bool
	open, from, to, shut int
	// refs holds uses and members still encoded, in a decoded summary:
	// most declarations are never reached (decodeRefs).
	refs string
}

// Summarize (extract.Selective) scans a file's top-level declarations.
// The scan reads content in place, as a string (not a copy of every file
// of every imported directory): what it finds does not outlive the call,
// encodeDecls copies it.
func (d *goDeps) Summarize(content []byte) []byte {
	return encodeDecls(scanDecls(unsafe.String(unsafe.SliceData(content), len(content))))
}

// lexer is goTokens with one token of lookahead.
type lexer struct {
	goTokens
	at     int // the offset of the token next returned last
	peeked bool
	pat    int
	ptok   token.Token
	plit   string
}

func (z *lexer) next() (token.Token, string) {
	if z.peeked {
		z.peeked, z.at = false, z.pat
		return z.ptok, z.plit
	}
	at, tok, lit := z.scan()
	z.at = at
	return tok, lit
}

func (z *lexer) peek() token.Token {
	if !z.peeked {
		z.pat, z.ptok, z.plit = z.scan()
		z.peeked = true
	}
	return z.ptok
}

// off is the offset in src of the token next returned last.
func (z *lexer) off() int { return z.at }

// unread puts back the token next returned last.
func (z *lexer) unread(tok token.Token, lit string) {
	z.peeked, z.pat, z.ptok, z.plit = true, z.at, tok, lit
}

// scanDecls reads a file's package clause, imports and declarations.
func scanDecls(src string) fileDecls {
	z := lexer{goTokens: newGoTokens(src)}
	f := fileDecls{size: len(src)}
	for {
		tok, _ := z.next()
		at, from := z.off(), len(f.decls)
		switch tok {
		case token.EOF:
			return f
		case token.PACKAGE:
			if t, lit := z.next(); t == token.IDENT {
				f.pkg = lit
			}
		case token.IMPORT:
			z.imports(&f)
		case token.FUNC:
			z.function(&f)
		case token.TYPE, token.VAR, token.CONST:
			z.group(&f, tok)
		}
		for i := from; i < len(f.decls); i++ {
			f.decls[i].at = at
		}
	}
}

// imports reads an import declaration, one spec or a group.
func (z *lexer) imports(f *fileDecls) {
	group := z.peek() == token.LPAREN
	if group {
		z.next()
	}
	local := ""
	for {
		tok, lit := z.next()
		switch tok {
		case token.EOF:
			return
		case token.RPAREN:
			return
		case token.IDENT:
			local = lit
		case token.PERIOD:
			local = "."
		case token.STRING:
			if p, err := strconv.Unquote(lit); err == nil {
				f.imports = append(f.imports, [2]string{local, p})
			}
			local = ""
			if !group {
				return
			}
		}
	}
}

// function reads a func declaration: its receiver's type, its name and
// its signature; the body is skipped.
func (z *lexer) function(f *fileDecls) {
	tok, lit := z.next()
	recv := ""
	if tok == token.LPAREN { // (r *T[K]): the last identifier outside brackets
		for depth := 0; ; {
			tok, lit = z.next()
			if tok == token.EOF {
				return
			}
			if tok == token.LBRACK || tok == token.LPAREN {
				depth++
			} else if tok == token.RBRACK || tok == token.RPAREN {
				if depth--; depth < 0 {
					break
				}
			} else if tok == token.IDENT && depth == 0 {
				recv = lit
			}
		}
		if recv == "" {
			recv = "_"
		}
		tok, lit = z.next()
	}
	if tok != token.IDENT {
		return
	}
	d := goDecl{recv: recv, names: []string{lit}}
	z.params()
	z.uses(&d, true)
	f.decls = append(f.decls, d)
}

// params skips a function's type parameters and parameters: a caller
// passes values of their types and reaches nothing through them, while
// its results are what a chain of calls goes on from (f().Method()).
func (z *lexer) params() {
	for _, open := range []token.Token{token.LBRACK, token.LPAREN} {
		if z.peek() != open {
			continue
		}
		z.next()
		for depth := 1; depth > 0; {
			switch tok, _ := z.next(); tok {
			case token.EOF:
				return
			case token.LPAREN, token.LBRACK, token.LBRACE:
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
			}
		}
	}
}

// group reads a type, var or const declaration, one spec or a group, each
// spec a declaration of its own, but for a const spec that repeats the
// one before it (names alone), which joins that one's.
func (z *lexer) group(f *fileDecls, kw token.Token) {
	if z.peek() != token.LPAREN {
		d := goDecl{value: kw != token.TYPE}
		z.spec(&d, kw)
		z.uses(&d, false)
		f.decls = append(f.decls, d)
		return
	}
	z.next()
	open, first := z.off()+1, len(f.decls)
	for {
		switch z.peek() {
		case token.EOF:
			return // unclosed: each spec is read with the rest of the file
		case token.RPAREN:
			z.next()
			z.closeGroup(f.decls[first:], open, z.off())
			return
		case token.SEMICOLON:
			z.next()
			continue
		}
		from := z.pat
		d := goDecl{value: kw != token.TYPE}
		z.spec(&d, kw)
		repeats := kw == token.CONST && len(f.decls) > first && (z.peek() == token.SEMICOLON || z.peek() == token.RPAREN)
		closed := z.uses(&d, false)
		if repeats {
			prev := &f.decls[len(f.decls)-1]
			prev.names = append(prev.names, d.names...)
		} else {
			d.from = from
			f.decls = append(f.decls, d)
		}
		if closed {
			z.closeGroup(f.decls[first:], open, z.off())
			return
		}
	}
}

// closeGroup marks a group's specs as read alone, each up to the next
// one's start, the last up to shut (the group's ')').
func (z *lexer) closeGroup(specs []goDecl, open, shut int) {
	for i := range specs {
		d := &specs[i]
		d.inGroup, d.open, d.shut, d.to = true, open, shut, shut
		if i+1 < len(specs) {
			d.to = specs[i+1].from
		}
	}
}

// spec reads the names a spec declares: a type's name, a var's or
// const's list.
func (z *lexer) spec(d *goDecl, kw token.Token) {
	for {
		tok, lit := z.next()
		if tok != token.IDENT {
			z.unread(tok, lit) // not a name: put it back
			return
		}
		d.names = append(d.names, lit)
		if kw == token.TYPE || z.peek() != token.COMMA {
			return
		}
		z.next()
	}
}

// uses reads the rest of a declaration, keeping the identifiers it names,
// up to its end: a ';' outside brackets, or (body) the function's body,
// which is skipped. A struct's or interface's braces are read, but for
// their unexported fields and methods, which no importer reaches (an
// embedded type is read: its members are promoted); any other brace (a
// composite literal, a func literal's body) is skipped. It reports
// whether a ')' closed the enclosing group.
func (z *lexer) uses(d *goDecl, body bool) (closed bool) {
	var open []token.Token // the brackets open: '(', '[', and a type's '{'
	prev := token.ILLEGAL
	for {
		tok, lit := z.next()
		switch tok {
		case token.EOF:
			return true
		case token.LPAREN, token.LBRACK:
			open = append(open, tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(open) == 0 {
				return true
			}
			open = open[:len(open)-1]
		case token.LBRACE:
			if prev == token.STRUCT || prev == token.INTERFACE {
				open = append(open, tok)
				break
			}
			z.skipBraces()
			if body && len(open) == 0 {
				return false
			}
		case token.SEMICOLON:
			if len(open) == 0 {
				return false
			}
		case token.IDENT:
			inType := len(open) > 0 && open[len(open)-1] == token.LBRACE
			if inType && (prev == token.LBRACE || prev == token.SEMICOLON) {
				next := z.peek()
				if !exported(lit) && (next == token.LPAREN || namesNext(next)) {
					z.skipMember() // an unexported method or field
					prev = token.SEMICOLON
					continue
				}
				if exported(lit) && (next == token.LPAREN || namesNext(next)) {
					d.members = append(d.members, lit)
				}
				if next == token.LPAREN { // an interface's method: its results
					z.params()
					prev = token.RPAREN
					continue
				}
			}
			if start := z.at; z.peek() == token.PERIOD {
				z.next()
				t, sel := z.next()
				if t == token.IDENT {
					d.uses = append(d.uses, z.selector(start, lit, sel))
					prev = t
					continue
				}
				z.unread(t, sel)
			}
			if len(open) > 0 && namesNext(z.peek()) {
				break // a parameter's or field's name
			}
			d.uses = append(d.uses, lit)
		}
		prev = tok
	}
}

// selector is "x.sel" for x at start and sel, the token next returned
// last: a slice of the source when nothing lies between them.
func (z *lexer) selector(start int, x, sel string) string {
	if z.at == start+len(x)+1 {
		return z.src[start : z.at+len(sel)]
	}
	return x + "." + sel
}

// skipMember skips the rest of a field or method of a struct or
// interface, up to its ';' or before the brace closing the type.
func (z *lexer) skipMember() {
	for depth := 0; ; {
		switch z.peek() {
		case token.EOF:
			return
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth == 0 {
				return
			}
			depth--
		case token.SEMICOLON:
			if depth == 0 {
				z.next()
				return
			}
		}
		z.next()
	}
}

// namesNext: in a parameter or field list, an identifier followed by
// the start of a type is a name, not a type.
func namesNext(t token.Token) bool {
	switch t {
	case token.IDENT, token.MUL, token.MAP, token.CHAN, token.FUNC, token.STRUCT, token.INTERFACE, token.ELLIPSIS, token.ARROW:
		return true
	}
	return false
}

// skipBraces skips to the brace closing the one next returned last: a
// function's body or a literal's elements, most of a file, are passed
// over by blank.go's matching (which knows strings, runes and comments)
// rather than tokenized. uses calls it right after reading '{', with
// nothing peeked.
func (z *lexer) skipBraces() {
	z.peeked = false
	z.restart(matching(z.src, z.at))
}

// encodeDecls writes a summary as lines: "p <pkg>", "n <size>", "i
// <local|-> <path>", "d|v <recv|-> <names,…> @<at>[:<open>:<from>:<to>:<shut>]
// <uses …> <+member …>" (v: a var or const; the offsets of a group's spec).
func encodeDecls(f fileDecls) []byte {
	b := make([]byte, 0, 64+32*len(f.decls))
	b = append(append(append(b, "p "...), f.pkg...), '\n')
	b = append(strconv.AppendInt(append(b, "n "...), int64(f.size), 10), '\n')
	for _, im := range f.imports {
		b = append(append(append(append(append(b, "i "...), extract.SummaryField(im[0])...), ' '), im[1]...), '\n')
	}
	for _, d := range f.decls {
		kind := "d "
		if d.value {
			kind = "v "
		}
		b = append(append(append(b, kind...), extract.SummaryField(d.recv)...), ' ')
		if len(d.names) == 0 {
			b = append(b, '-')
		}
		for i, n := range d.names {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, n...)
		}
		b = strconv.AppendInt(append(b, " @"...), int64(d.at), 10)
		if d.inGroup {
			for _, o := range []int{d.open, d.from, d.to, d.shut} {
				b = strconv.AppendInt(append(b, ':'), int64(o), 10)
			}
		}
		for _, u := range d.uses {
			b = append(append(b, ' '), u...)
		}
		for _, m := range d.members {
			b = append(append(b, " +"...), m...)
		}
		b = append(b, '\n')
	}
	return b
}

// decodeDecls reads a summary; a declaration's uses and members stay
// encoded in refs until Select reaches it (decodeRefs). Its strings are
// b's bytes read in place (summaries are many, and written once): Select
// keeps none of them past its call.
func decodeDecls(b []byte) fileDecls {
	rest := unsafe.String(unsafe.SliceData(b), len(b))
	n := strings.Count(rest, "\n") // at least its declarations
	// one holds the names of the declarations of a single name (most).
	f, one := fileDecls{decls: make([]goDecl, 0, n)}, make([]string, 0, n)
	for rest != "" {
		var line, kind string
		line, rest, _ = strings.Cut(rest, "\n")
		kind, line, _ = strings.Cut(line, " ")
		switch kind {
		case "p":
			f.pkg = line
		case "n":
			f.size, _ = strconv.Atoi(line)
		case "i":
			if fs := strings.Fields(line); len(fs) == 2 {
				f.imports = append(f.imports, [2]string{extract.FromSummaryField(fs[0]), fs[1]})
			}
		case "d", "v":
			recv, line, _ := strings.Cut(line, " ")
			names, line, _ := strings.Cut(line, " ")
			at, refs, _ := strings.Cut(line, " ")
			d := goDecl{value: kind == "v", recv: extract.FromSummaryField(recv), refs: refs}
			switch n := extract.FromSummaryField(names); {
			case n == "":
			case strings.IndexByte(n, ',') < 0:
				one = append(one, n)
				d.names = one[len(one)-1 : len(one) : len(one)]
			default:
				d.names = strings.Split(n, ",")
			}
			if at, ok := strings.CutPrefix(at, "@"); ok {
				d.decodeAt(at)
			}
			f.decls = append(f.decls, d)
		}
	}
	return f
}

// decodeAt reads "at", or "at:open:from:to:shut" for a spec of a group.
func (d *goDecl) decodeAt(s string) {
	at, group, ok := strings.Cut(s, ":")
	d.at, _ = strconv.Atoi(at)
	if !ok {
		return
	}
	var offs [4]int
	for i := range offs {
		var o string
		o, group, _ = strings.Cut(group, ":")
		offs[i], _ = strconv.Atoi(o)
	}
	d.inGroup = true
	d.open, d.from, d.to, d.shut = offs[0], offs[1], offs[2], offs[3]
}

// decodeRefs reads a decoded declaration's uses and members, once.
func (d *goDecl) decodeRefs() *goDecl {
	for rest := d.refs; rest != ""; {
		var u string
		u, rest, _ = strings.Cut(rest, " ")
		if m, ok := strings.CutPrefix(u, "+"); ok {
			d.members = append(d.members, m)
		} else if u != "" {
			d.uses = append(d.uses, u)
		}
	}
	d.refs = ""
	return d
}

// exported: Go's rule for a name another package may use.
func exported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// Select (extract.Selective): the declarations of an exported name the
// worktree names, then, to a fixed point, those of what a kept
// declaration names and the exported methods of a kept type that some
// reference names. A file is read as far as it holds kept declarations:
// its package clause and imports, and each of them, from its keyword to
// the next top-level declaration's (comments between come along). A
// directory none of whose files is kept keeps its smallest, package
// clause and imports only (an import of it, `_ "net/http/pprof"`, still
// has its target).
func (d *goDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	type declAt struct {
		file int
		decl *goDecl
	}
	type pkgDecls struct {
		files   []fileDecls
		decls   map[string][]declAt // top-level name → its declarations
		methods map[string][]declAt // type → its exported methods
		name    string              // the package clause
		wanted  map[string]bool
	}
	// heads: a package-level variable of a type whose field or method
	// a file importing the package names may head a chain the worktree
	// writes as one selector (benchmath.AssumeNothing.Summary(…) states
	// Summary, not AssumeNothing).
	var heads func(p *pkgDecls, ats []declAt, ip string) bool
	pkgs := make([]*pkgDecls, len(dirs))
	byPath := map[string]int{}
	for i, dir := range dirs {
		p := &pkgDecls{files: make([]fileDecls, 0, len(dir.Summaries)), methods: map[string][]declAt{}, wanted: map[string]bool{}}
		n := 0
		for _, s := range dir.Summaries {
			f := decodeDecls(s)
			p.files = append(p.files, f)
			n += len(f.decls)
			if p.name == "" {
				p.name = f.pkg
			}
		}
		p.decls = make(map[string][]declAt, n)
		for fi := range p.files {
			for di := range p.files[fi].decls {
				dc := &p.files[fi].decls[di]
				switch {
				case dc.recv != "":
					if len(dc.names) == 1 && exported(dc.names[0]) {
						p.methods[dc.recv] = append(p.methods[dc.recv], declAt{fi, dc})
					}
				default:
					for _, n := range dc.names {
						if n != "_" {
							p.decls[n] = append(p.decls[n], declAt{fi, dc})
						}
					}
				}
			}
		}
		pkgs[i] = p
		byPath[d.importPath(dir)] = i
	}
	heads = func(p *pkgDecls, ats []declAt, ip string) bool {
		for _, at := range ats {
			if !at.decl.value {
				continue
			}
			for _, u := range at.decl.decodeRefs().uses {
				for _, t := range p.decls[u] {
					for _, m := range t.decl.decodeRefs().members {
						if names.NamedThrough(ip, m) {
							return true
						}
					}
				}
				for _, m := range p.methods[u] {
					if names.NamedThrough(ip, m.decl.names[0]) {
						return true
					}
				}
			}
		}
		return false
	}
	keep := make([][]bool, len(dirs))
	for i := range dirs {
		keep[i] = make([]bool, len(dirs[i].Files))
	}
	kept := map[*goDecl]bool{}
	type item struct {
		dir  int
		name string
	}
	var queue []item
	want := func(dir int, name string) {
		p := pkgs[dir]
		if p.wanted[name] {
			return
		}
		if _, ok := p.decls[name]; !ok {
			return // not declared here: a builtin, a parameter, a field
		}
		p.wanted[name] = true
		queue = append(queue, item{dir, name})
	}
	for i, p := range pkgs {
		seeds := make([]string, 0, len(p.decls))
		ip := d.importPath(dirs[i])
		for n, ats := range p.decls {
			if exported(n) && (names.NamedThrough(ip, n) || heads(p, ats, ip)) {
				seeds = append(seeds, n)
			}
		}
		sort.Strings(seeds)
		for _, n := range seeds {
			want(i, n)
		}
	}
	follow := func(dir int, at declAt) {
		keep[dir][at.file] = true
		kept[at.decl] = true
		f := &pkgs[dir].files[at.file]
		for _, u := range at.decl.decodeRefs().uses {
			x, sel, qualified := strings.Cut(u, ".")
			if !qualified {
				want(dir, u)
				continue
			}
			other := -1
			for _, im := range f.imports {
				if im[0] == x {
					other = lookup(byPath, im[1])
				} else if im[0] == "" {
					if o := lookup(byPath, im[1]); o >= 0 && pkgs[o].name == x {
						other = o
					}
				}
				if other >= 0 {
					break
				}
			}
			if other >= 0 {
				want(other, sel)
			} else {
				want(dir, x) // a package-level variable's field or method
			}
		}
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		p := pkgs[it.dir]
		for _, at := range p.decls[it.name] {
			follow(it.dir, at)
		}
		for _, at := range p.methods[it.name] {
			if names.Named(at.decl.names[0]) {
				follow(it.dir, at)
			}
		}
	}
	extract.KeepOnePerDir(keep, dirs)
	out := make([][]extract.Selection, len(dirs))
	for i, k := range keep {
		out[i] = make([]extract.Selection, len(k))
		for fi, read := range k {
			if read {
				out[i][fi] = extract.Selection{Read: true, Keep: pkgs[i].files[fi].spans(kept)}
			}
		}
	}
	return out
}

// spans are the parts of a file read: the package clause and imports
// (all before its first declaration) and its kept declarations, each up
// to the next declaration (a spec of a group: the group's head, the spec
// up to the next one, the group's close), adjacent parts merged.
func (f *fileDecls) spans(kept map[*goDecl]bool) []extract.Span {
	first := f.size
	if len(f.decls) > 0 {
		first = f.decls[0].at
	}
	parts := []extract.Span{{Start: 0, End: uint32(first)}}
	for i := range f.decls {
		d := &f.decls[i]
		if !kept[d] {
			continue
		}
		next := i + 1 // the next declaration's start, else the file's end
		for next < len(f.decls) && f.decls[next].at == d.at {
			next++
		}
		stop := f.size
		if next < len(f.decls) {
			stop = f.decls[next].at
		}
		if !d.inGroup {
			parts = append(parts, extract.Span{Start: uint32(d.at), End: uint32(stop)})
			continue
		}
		parts = append(parts,
			extract.Span{Start: uint32(d.at), End: uint32(d.open)},
			extract.Span{Start: uint32(d.from), End: uint32(d.to)},
			extract.Span{Start: uint32(d.shut), End: uint32(stop)})
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Start < parts[j].Start })
	out := parts[:1]
	for _, p := range parts[1:] {
		if last := &out[len(out)-1]; p.Start <= last.End {
			last.End = max(last.End, p.End)
			continue
		}
		out = append(out, p)
	}
	return out
}

func lookup(byPath map[string]int, p string) int {
	if i, ok := byPath[p]; ok {
		return i
	}
	return -1
}

// importPath is the import path of a located directory.
func (d *goDeps) importPath(dir extract.SelectDir) string {
	p := d.pkgs[dir.Pkg]
	switch {
	case p.Kind == extract.PackageStdlib:
		return dir.Place
	case dir.Place == "":
		return p.Name
	}
	return p.Name + "/" + dir.Place
}
