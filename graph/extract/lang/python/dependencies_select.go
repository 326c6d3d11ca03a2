package python

import (
	"path"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (DESIGN.md, Python dependencies: what is read and parsed):
// an import of a package (`import asyncio`, `from http import
// HTTPStatus`) locates its directory, which core would read whole
// (asyncio's 33 modules for `asyncio.run`), and a module holds far more
// than the worktree names. pyDeps is extract.Selective: it reads a
// package's __init__, the modules the worktree imports, and of each
// module the statements (dependencies_decls.go) binding a name the
// worktree states through it; then, to a fixed point, what a kept
// statement reads (a class's bases, a def's decorators, annotations and
// results, an assignment's value) and what a kept import binds, through
// star imports and re-exports (`from .runners import *`, `from .base
// import Certificate`) into the modules they name.

var _ extract.Selective = (*pyDeps)(nil)

// Select answers per file: not read, or read with the kept statements'
// ranges (none for an __init__ or a module Locate placed that only
// stands for its module).
func (d *pyDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	s := newSelector(d, dirs, names)
	s.seed()
	s.run()
	out := make([][]extract.Selection, len(dirs))
	for i := range dirs {
		out[i] = make([]extract.Selection, len(dirs[i].Files))
		for j := range dirs[i].Files {
			if !s.read[i][j] {
				continue
			}
			keep := []extract.Span{}
			for k, st := range s.stmts[i][j] {
				if s.kept[i][j][k] {
					keep = s.appendKept(keep, [3]int{i, j, k}, st)
				}
			}
			out[i][j] = extract.Selection{Read: true, Keep: keep}
		}
	}
	return out
}

// at is a file of the directories Select is given.
type at struct{ dir, file int }

// selector is one Select's state.
type selector struct {
	dirs   []extract.SelectDir
	names  extract.Names
	stmts  [][][]stmt
	module [][]string
	mods   map[string][]at // module name → its files (a .py and its .pyi)
	read   [][]bool
	kept   [][][]bool
	queue  [][4]int // dir, file, statement, member (-1: the statement)
	needed map[[2]string]bool
	files  map[at]*fileIndex

	members map[string][]memberAt // member name → the members binding it, of the classes kept
	wanted  map[string]bool       // member names kept statements read (the worktree's are names.Named)
	mkept   map[[3]int][]bool     // a kept class's members kept
}

// memberAt is member m of statement stmt (a class) of file at.
type memberAt struct {
	at
	stmt, m int
}

// fileIndex is a file's statements by the names they bind, its star
// imports, and the dotted names resolved in it already.
type fileIndex struct {
	binders  map[string][]int
	stars    []int
	resolved map[string]bool
}

// index is r's fileIndex, made on first use.
func (s *selector) index(r at) *fileIndex {
	if x := s.files[r]; x != nil {
		return x
	}
	x := &fileIndex{binders: map[string][]int{}, resolved: map[string]bool{}}
	for k, st := range s.stmts[r.dir][r.file] {
		for _, n := range boundNames(st) {
			if b := x.binders[n]; len(b) == 0 || b[len(b)-1] != k {
				x.binders[n] = append(b, k)
			}
		}
		for _, im := range st.imports {
			if im[1] == "*" {
				x.stars = append(x.stars, k)
				break
			}
		}
	}
	s.files[r] = x
	return x
}

func newSelector(d *pyDeps, dirs []extract.SelectDir, names extract.Names) *selector {
	s := &selector{dirs: dirs, names: names, mods: map[string][]at{}, needed: map[[2]string]bool{}, files: map[at]*fileIndex{},
		members: map[string][]memberAt{}, wanted: map[string]bool{}, mkept: map[[3]int][]bool{}}
	s.stmts, s.module = make([][][]stmt, len(dirs)), make([][]string, len(dirs))
	s.read, s.kept = make([][]bool, len(dirs)), make([][][]bool, len(dirs))
	for i, dir := range dirs {
		s.stmts[i], s.module[i] = make([][]stmt, len(dir.Files)), make([]string, len(dir.Files))
		s.read[i], s.kept[i] = make([]bool, len(dir.Files)), make([][]bool, len(dir.Files))
		for j := range dir.Files {
			if j < len(dir.Summaries) {
				s.stmts[i][j] = parseStatements(dir.Summaries[j])
			}
			s.kept[i][j] = make([]bool, len(s.stmts[i][j]))
			m := d.moduleOf(dir, j)
			s.module[i][j] = m
			s.mods[m] = append(s.mods[m], at{i, j})
		}
	}
	return s
}

// moduleOf is the dotted module of dir.Files[j].
func (d *pyDeps) moduleOf(dir extract.SelectDir, j int) string {
	place, f := dir.Place, dir.Files[j]
	if filePlace(place) { // the module imported: a/b.py
		place, f = extract.ParentDir(place), path.Base(place)
	}
	pkg := strings.ReplaceAll(place, "/", ".")
	if ix := d.pkgs[dir.Pkg].IndexDir; ix != "" {
		pkg = strings.Trim(ix+"."+pkg, ".")
	}
	stem := strings.TrimSuffix(strings.TrimSuffix(f, path.Ext(f)), "/__init__")
	if stem == "__init__" {
		return pkg
	}
	return strings.Trim(pkg+"."+strings.ReplaceAll(stem, "/", "."), ".")
}

// isInit: the file is a package's __init__.
func isInit(f string) bool { return strings.TrimSuffix(path.Base(f), path.Ext(f)) == "__init__" }

// pkgOf is the package r's relative imports are relative to.
func (s *selector) pkgOf(r at) string {
	m := s.module[r.dir][r.file]
	if !isInit(s.dirs[r.dir].Files[r.file]) {
		m, _, _ = cutLast(m)
	}
	return m
}

// seed reads a module Locate placed as a file, each __init__ and each
// module the worktree names through its package, and needs each name the
// worktree states through a module (or, for a module named through its
// package, through that package) that the module, or one star-importing
// it, binds.
func (s *selector) seed() {
	starredBy := map[string][]string{} // module → the modules star-importing it
	for i, dir := range s.dirs {
		for j := range dir.Files {
			r := at{i, j}
			for _, st := range s.stmts[i][j] {
				for _, im := range st.imports {
					if im[1] == "*" {
						t := absModule(im[0], s.pkgOf(r))
						starredBy[t] = append(starredBy[t], s.module[i][j])
					}
				}
			}
		}
	}
	for i, dir := range s.dirs {
		for j, f := range dir.Files {
			m := s.module[i][j]
			parent, stem, sub := cutLast(m)
			sub = sub && !isInit(f) && s.names.NamedThrough(parent, stem)
			if filePlace(dir.Place) || isInit(f) || sub {
				s.read[i][j] = true
			}
			through := s.starClosure(m, starredBy)
			for _, st := range s.stmts[i][j] {
				for _, n := range boundNames(st) {
					for _, v := range through {
						if s.names.NamedThrough(v, n) {
							s.need(v, n)
						}
					}
					if sub && s.names.NamedThrough(parent, n) {
						s.need(m, n)
					}
				}
			}
		}
	}
}

// starClosure is m and the modules star-importing it, at any depth.
func (s *selector) starClosure(m string, starredBy map[string][]string) []string {
	out := []string{m}
	seen := map[string]bool{m: true}
	for k := 0; k < len(out); k++ {
		for _, v := range starredBy[out[k]] {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// boundNames are the names a statement binds, a star import's aside.
func boundNames(st stmt) []string {
	out := append([]string(nil), st.defs...)
	for _, im := range st.imports {
		if im[1] != "*" {
			out = append(out, im[2])
		}
	}
	return out
}

// need keeps what binds name n in module m: its statements binding it,
// a star import of a module that provides it, a submodule so named.
func (s *selector) need(m, n string) {
	if s.needed[[2]string{m, n}] {
		return
	}
	s.needed[[2]string{m, n}] = true
	for _, r := range s.mods[m] {
		s.resolve(r, n)
	}
	for _, r := range s.mods[m+"."+n] {
		s.read[r.dir][r.file] = true
	}
}

// resolve keeps what the dotted name w, read in file r, starts at: the
// statements binding its first name, or the star imports that may; an
// import so kept is followed (its module's statement binding the name,
// and for a module bound, the rest of w in it).
func (s *selector) resolve(r at, w string) {
	x := s.index(r)
	if x.resolved[w] {
		return
	}
	x.resolved[w] = true
	c, tail, _ := strings.Cut(w, ".")
	sts := s.stmts[r.dir][r.file]
	for _, k := range x.binders[c] {
		s.keep(r, k)
		for _, im := range sts[k].imports {
			if im[2] != c || im[1] == "*" {
				continue
			}
			if im[1] == "" { // import a.b (binds a) or import a.b as c
				full := w
				if top, _, _ := strings.Cut(im[0], "."); top != c {
					full = im[0]
					if tail != "" {
						full += "." + tail
					}
				}
				s.needDotted(full)
				continue
			}
			from := absModule(im[0], s.pkgOf(r))
			s.need(from, im[1])
			if tail != "" {
				t, _, _ := strings.Cut(tail, ".")
				s.need(from+"."+im[1], t)
			}
		}
	}
	if len(x.binders[c]) > 0 {
		return
	}
	for _, k := range x.stars {
		for _, im := range sts[k].imports {
			if im[1] == "*" {
				if from := absModule(im[0], s.pkgOf(r)); s.provides(from, c, map[string]bool{}) {
					s.keep(r, k)
					s.need(from, c)
				}
			}
		}
	}
}

// needDotted reads the modules a dotted name of a plain import runs
// through (`a.b.c.F`: a, a.b, a.b.c) and needs the name after the last.
func (s *selector) needDotted(full string) {
	parts := strings.Split(full, ".")
	for k := 1; k <= len(parts); k++ {
		m := strings.Join(parts[:k], ".")
		for _, r := range s.mods[m] {
			s.read[r.dir][r.file] = true
		}
		if k < len(parts) && len(s.mods[m]) > 0 && len(s.mods[m+"."+parts[k]]) == 0 {
			s.need(m, parts[k])
		}
	}
}

// provides: module m binds n, itself or through a star import, or has
// a submodule n.
func (s *selector) provides(m, n string, seen map[string]bool) bool {
	if seen[m] {
		return false
	}
	seen[m] = true
	if len(s.mods[m+"."+n]) > 0 {
		return true
	}
	for _, r := range s.mods[m] {
		x := s.index(r)
		if len(x.binders[n]) > 0 {
			return true
		}
		for _, k := range x.stars {
			for _, im := range s.stmts[r.dir][r.file][k].imports {
				if im[1] == "*" && s.provides(absModule(im[0], s.pkgOf(r)), n, seen) {
					return true
				}
			}
		}
	}
	return false
}

// keep keeps statement k of r and reads r.
func (s *selector) keep(r at, k int) {
	if s.kept[r.dir][r.file][k] {
		return
	}
	s.kept[r.dir][r.file][k] = true
	s.read[r.dir][r.file] = true
	s.queue = append(s.queue, [4]int{r.dir, r.file, k, -1})
}

// run follows kept statements and members to a fixed point: each name
// one reads. A kept class keeps the members always kept and those
// binding a member name the worktree or a kept statement reads, or else
// its first (a body is never empty).
func (s *selector) run() {
	for len(s.queue) > 0 {
		q := s.queue[0]
		s.queue = s.queue[1:]
		r, st := at{q[0], q[1]}, s.stmts[q[0]][q[1]][q[2]]
		if q[3] >= 0 {
			for _, w := range st.members[q[3]].needs {
				s.use(r, q[2], w)
			}
			continue
		}
		for _, w := range st.needs {
			s.use(r, -1, w)
		}
		for mi, m := range st.members {
			for _, n := range m.defs {
				s.members[n] = append(s.members[n], memberAt{r, q[2], mi})
			}
			if m.always || slices.ContainsFunc(m.defs, s.memberNamed) {
				s.keepMember(memberAt{r, q[2], mi})
			}
		}
		if len(st.members) > 0 && s.mkept[[3]int{q[0], q[1], q[2]}] == nil {
			s.keepMember(memberAt{r, q[2], 0}) // a body is never empty
		}
	}
}

// use follows a dotted name a kept statement of r reads (or a member of
// class statement class): its first name in the module (and, in a
// class, among the class's members), the names after it as members of
// any class (`self.x.y`, `f().y`: x, y).
func (s *selector) use(r at, class int, w string) {
	first, rest, _ := strings.Cut(w, ".")
	if first != "" {
		s.resolve(r, w)
	}
	for rest != "" {
		var n string
		n, rest, _ = strings.Cut(rest, ".")
		s.wantMember(n)
	}
	if class < 0 || first == "" {
		return
	}
	for mi, m := range s.stmts[r.dir][r.file][class].members {
		if slices.Contains(m.defs, first) {
			s.keepMember(memberAt{r, class, mi})
		}
	}
}

// memberNamed: the worktree or a kept statement reads member name n.
func (s *selector) memberNamed(n string) bool { return s.wanted[n] || s.names.Named(n) }

// wantMember keeps the members named n of every kept class, now and
// when their class is kept (run).
func (s *selector) wantMember(n string) {
	if n == "" || s.memberNamed(n) {
		return
	}
	s.wanted[n] = true
	for _, ma := range s.members[n] {
		s.keepMember(ma)
	}
}

// keepMember keeps a member of a kept class.
func (s *selector) keepMember(ma memberAt) {
	key := [3]int{ma.dir, ma.file, ma.stmt}
	kept := s.mkept[key]
	if kept == nil {
		kept = make([]bool, len(s.stmts[ma.dir][ma.file][ma.stmt].members))
		s.mkept[key] = kept
	}
	if kept[ma.m] {
		return
	}
	kept[ma.m] = true
	s.queue = append(s.queue, [4]int{ma.dir, ma.file, ma.stmt, ma.m})
}

// appendKept appends a kept statement's ranges: the statement, or of a
// class read member by member its head (to its body's first line), then
// each member kept, then an empty range where the class ends (its last
// token's end, Python's ast end) when its last member is not kept or
// its last line goes on past that token (a comment, which tree-sitter's
// block takes): the extractor, which parses the kept ranges only, ends
// the class there (restoreClassEnds).
func (s *selector) appendKept(keep []extract.Span, key [3]int, st stmt) []extract.Span {
	if len(st.members) == 0 {
		return append(keep, extract.Span{Start: st.start, End: st.end})
	}
	keep = append(keep, extract.Span{Start: st.start, End: st.members[0].start - 1}) // to the newline before the body
	kept := s.mkept[key]
	for mi, m := range st.members {
		if kept[mi] {
			keep = append(keep, extract.Span{Start: m.start, End: m.end})
		}
	}
	if st.last > 0 && (!kept[len(kept)-1] || st.last < st.end) {
		keep = append(keep, extract.Span{Start: st.last, End: st.last})
	}
	return keep
}

// importedNames reads `a as b, c` or `(a, b)`: each name with the one
// it binds.
func importedNames(ws []string) [][2]string {
	var out [][2]string
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if w == "(" || w == ")" || w == "," {
			continue
		}
		bound := w
		if i+2 < len(ws) && ws[i+1] == "as" {
			bound = ws[i+2]
			i += 2
		}
		out = append(out, [2]string{w, bound})
	}
	return out
}

// words splits a logical line into dotted names (`a.b`, `.`, `..x`) and
// single punctuation bytes, leaving out blanks, comments, strings and
// backslash continuations.
func words[T ~string | ~[]byte](line T) []string { return appendWords(nil, line) }

// appendWords appends line's words to ws (a scratch slice reused line
// after line saves growing one per line). Of a string line, the words are
// its substrings: no allocation each.
func appendWords[T ~string | ~[]byte](ws []string, line T) []string {
	for i := 0; i < len(line); {
		switch wordClass[line[i]] {
		case wordBlank:
			i++
		case wordLexeme:
			i = skipLexeme(line, i)
		case wordName:
			j := i + 1
			for j < len(line) && wordClass[line[j]] == wordName {
				j++
			}
			ws = append(ws, string(line[i:j]))
			i = j
		default:
			ws = append(ws, string(line[i:i+1]))
			i++
		}
	}
	return ws
}

// What a byte is to appendWords (one lookup per byte): a blank (or a
// backslash continuation), the start of a comment or string, part of a
// dotted name, or punctuation (wordPunct, the zero value).
const (
	wordPunct = iota
	wordBlank
	wordLexeme
	wordName
)

var wordClass = func() (t [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\\':
			t[c] = wordBlank
		case b == '#' || b == '"' || b == '\'':
			t[c] = wordLexeme
		case b == '.' || isNameByte(b):
			t[c] = wordName
		}
	}
	return t
}()

func isNameByte(c byte) bool { return nameBytes[c] }

// nameBytes marks the bytes of a name: letters, digits, _ and any
// byte of a multibyte character (a table: the scans ask of every byte).
var nameBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	return t
}()

func isIdent(w string) bool {
	return w != "" && !strings.Contains(w, ".") && (w[0] < '0' || w[0] > '9')
}

// filePlace: Locate placed a module's file (a/b.py, a/__init__.pyi),
// not a package's directory.
func filePlace(place string) bool { return extract.HasExt(place, ".py", ".pyi") }

// cutLast splits a dotted name at its last dot.
func cutLast(m string) (string, string, bool) {
	i := strings.LastIndexByte(m, '.')
	if i < 0 {
		return "", m, false
	}
	return m[:i], m[i+1:], true
}

// absModule is the module a from-import names, relative to package pkg
// when it starts with dots (`.x`, `..`, `.`).
func absModule(m, pkg string) string {
	rest := strings.TrimLeft(m, ".")
	up := len(m) - len(rest)
	if up == 0 {
		return m
	}
	for ; up > 1; up-- {
		pkg, _, _ = cutLast(pkg)
	}
	if rest == "" {
		return pkg
	}
	if pkg == "" {
		return rest
	}
	return pkg + "." + rest
}
