package python

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (DESIGN.md, Python dependencies: selection): an import of a
// package (`import asyncio`, `from http import HTTPStatus`) locates its
// directory, which core would read whole (asyncio's 33 modules for
// `asyncio.run`). pyDeps is extract.Selective: it keeps a package's
// __init__, the modules the worktree imports or names through it, and,
// to a fixed point, the modules a kept module imports a name from that
// some reference of the worktree states (a re-export chain:
// `from .runners import *`, `from .base import Certificate`).

var _ extract.Selective = (*pyDeps)(nil)

// Summarize: what a module defines at its top level (outside def and
// class bodies, inside if and try blocks too: def, class, an assignment
// to a name), one "d <name>" line each, and what it imports from other
// modules, one "i <module as written> <name> <name bound>" line each
// (name "*" for a star import).
func (d *pyDeps) Summarize(content []byte) []byte {
	var b strings.Builder
	skip := -1 // the indentation of the def or class whose body is skipped
	for _, l := range logicalLines(content) {
		if skip >= 0 && l.indent > skip {
			continue
		}
		skip = -1
		ws := words(content[l.start:l.end])
		if len(ws) > 0 && ws[0] == "@" {
			continue // a decorator
		}
		if len(ws) > 1 && ws[0] == "async" {
			ws = ws[1:]
		}
		switch {
		case len(ws) > 1 && (ws[0] == "def" || ws[0] == "class"):
			b.WriteString("d " + ws[1] + "\n")
			skip = l.indent
		case len(ws) > 3 && ws[0] == "from" && ws[2] == "import":
			for _, it := range importedNames(ws[3:]) {
				b.WriteString("i " + ws[1] + " " + it[0] + " " + it[1] + "\n")
			}
		case len(ws) > 2 && isIdent(ws[0]) && (ws[1] == "=" && ws[2] != "=" || ws[1] == ":"):
			b.WriteString("d " + ws[0] + "\n")
		}
	}
	return []byte(b.String())
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
func words(line []byte) []string { return appendWords(nil, line) }

// appendWords appends line's words to ws (a scratch slice reused line
// after line saves growing one per line).
func appendWords(ws []string, line []byte) []string {
	for i := 0; i < len(line); {
		if n := skipLexeme(line, i); n > i {
			i = n
			continue
		}
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\\':
			i++
		case c == '.' || isNameByte(c):
			j := i
			for j < len(line) && (line[j] == '.' || isNameByte(line[j])) {
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

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isIdent(w string) bool {
	return w != "" && !strings.Contains(w, ".") && (w[0] < '0' || w[0] > '9')
}

// summary is a parsed Summarize.
type summary struct {
	defs    []string
	imports [][3]string // module as written, name, name bound
}

func parseSummary(b []byte) summary {
	var s summary
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "d":
			s.defs = append(s.defs, f[1])
		case len(f) == 4 && f[0] == "i":
			s.imports = append(s.imports, [3]string{f[1], f[2], f[3]})
		}
	}
	return s
}

// Select keeps a module Locate placed as a file and, of each located
// package directory, its __init__, the
// modules the worktree imports (a name it states through `import
// pkg.mod`, or `from pkg import mod`), and to a fixed point the modules
// a kept one imports from: all of a star import's module when it binds
// a name some reference states, a from-import's when a name it imports
// is stated (a submodule so imported too). The names are short names, as
// references state them, so a re-export chain may keep a module that
// declares a name only some other import states: more is read, never
// less than the chain needs. A directory without an __init__ or
// anything named keeps nothing.
func (d *pyDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	return extract.ReadWhole(d.selectFiles(dirs, names))
}

// selectFiles is Select's answer, file by file: read whole or not at all.
func (d *pyDeps) selectFiles(dirs []extract.SelectDir, names extract.Names) [][]bool {
	type at struct{ dir, file int }
	keep := make([][]bool, len(dirs))
	sums := make([][]summary, len(dirs))
	mods := map[string][]at{}
	module := func(r at) string {
		dir := dirs[r.dir]
		place, f := dir.Place, dir.Files[r.file]
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
	// via: the modules a file's names are reachable through as
	// attributes, its own and those star-importing it
	via := map[at]map[string]bool{}
	var queue []at
	mark := func(r at) {
		if !keep[r.dir][r.file] {
			keep[r.dir][r.file] = true
			queue = append(queue, r)
		}
	}
	for i, dir := range dirs {
		keep[i] = make([]bool, len(dir.Files))
		sums[i] = make([]summary, len(dir.Files))
		for j := range dir.Files {
			if j < len(dir.Summaries) {
				sums[i][j] = parseSummary(dir.Summaries[j])
			}
			m := module(at{i, j})
			mods[m] = append(mods[m], at{i, j})
			via[at{i, j}] = map[string]bool{m: true}
		}
	}
	// namedIn: some reference states a name the file defines or imports
	// through one of the modules vs.
	namedIn := func(r at, vs map[string]bool) bool {
		for v := range vs {
			for _, n := range sums[r.dir][r.file].defs {
				if names.NamedThrough(v, n) {
					return true
				}
			}
			for _, im := range sums[r.dir][r.file].imports {
				if im[1] != "*" && names.NamedThrough(v, im[2]) {
					return true
				}
			}
		}
		return false
	}
	namedVia := func(r at) bool { return namedIn(r, via[r]) }
	pkgOf := func(r at) string { // what r's relative imports are relative to
		m := module(r)
		if f := dirs[r.dir].Files[r.file]; strings.TrimSuffix(path.Base(f), path.Ext(f)) != "__init__" {
			m, _, _ = cutLast(m)
		}
		return m
	}
	// starReaches: r, or a module r star-imports (at any depth), binds
	// a name stated through one of vs.
	var starReaches func(r at, vs map[string]bool, seen map[at]bool) bool
	starReaches = func(r at, vs map[string]bool, seen map[at]bool) bool {
		if seen[r] {
			return false
		}
		seen[r] = true
		if namedIn(r, vs) {
			return true
		}
		for _, im := range sums[r.dir][r.file].imports {
			if im[1] == "*" {
				for _, t := range mods[absModule(im[0], pkgOf(r))] {
					if starReaches(t, vs, seen) {
						return true
					}
				}
			}
		}
		return false
	}
	// reach adds the modules r's names are reached through to t's: a
	// kept t whose set grew is looked at again.
	reach := func(r, t at) {
		grew := false
		for v := range via[r] {
			if !via[t][v] {
				via[t][v], grew = true, true
			}
		}
		if grew && keep[t.dir][t.file] {
			queue = append(queue, t)
		}
	}
	for i, dir := range dirs {
		for j, f := range dir.Files {
			r, m := at{i, j}, module(at{i, j})
			if filePlace(dir.Place) || strings.TrimSuffix(path.Base(f), path.Ext(f)) == "__init__" {
				mark(r)
			} else if parent, stem, ok := cutLast(m); ok && names.NamedThrough(parent, stem) || namedVia(r) {
				mark(r)
			}
		}
	}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		pkg := pkgOf(r)
		for _, im := range sums[r.dir][r.file].imports {
			from := absModule(im[0], pkg)
			if im[1] == "*" {
				for _, t := range mods[from] {
					reach(r, t)
					if !keep[t.dir][t.file] && starReaches(t, via[t], map[at]bool{}) {
						mark(t)
					}
				}
				continue
			}
			named := false
			for v := range via[r] {
				named = named || names.NamedThrough(v, im[2])
			}
			if !named {
				continue
			}
			for _, t := range mods[from] {
				reach(r, t)
				mark(t)
			}
			for _, t := range mods[from+"."+im[1]] {
				mark(t)
			}
		}
	}
	return keep
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
