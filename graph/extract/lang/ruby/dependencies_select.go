package ruby

import (
	"regexp"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Selection (extract.Selective; DESIGN.md, Ruby packages: selection): of
// the files a require locates (a gem's whole require path, a standard
// library file) only those declaring a name the worktree's Ruby files
// state are read, with, to a fixed point, the files declaring the
// superclasses and mixins of what a kept file declares (an inherited
// method resolves through them). A line scan finds the declarations
// without a parse: it may see more than the extractor does (a def inside
// a heredoc), which keeps a file too many, never one too few.

var (
	classLineRE = tsutil.LazyRegexp(`^\s*(?:class|module)\s+(?:::)?([A-Z]\w*(?:::[A-Z]\w*)*)(?:\s*<\s*(?:::)?([A-Z]\w*(?:::[A-Z]\w*)*))?`)
	attrLineRE  = tsutil.LazyRegexp(`^\s*(?:attr|attr_reader|attr_writer|attr_accessor)\b(.*)`)
	aliasLineRE = tsutil.LazyRegexp(`^\s*(?:alias_method\s*\(?\s*|alias\s+|define_method\s*\(?\s*|define_singleton_method\s*\(?\s*)[:"']*([^\s,:"')]+)`)
	mixinLineRE = tsutil.LazyRegexp(`^\s*(?:include|extend|prepend)\s*\(?\s*((?:::)?[A-Z][\w:]*(?:\s*,\s*(?:::)?[A-Z][\w:]*)*)`)
	attrNameRE  = tsutil.LazyRegexp(`[:"']([A-Za-z_]\w*[?!]?)`)
)

// rbDecls is what a line scan finds in a file: the classes and modules
// it declares (not those merely wrapping a nested one), its constants,
// and, by owner (the class or module the lines nest in by indentation,
// "Object" at the top), its methods, attributes and aliases and the
// superclasses and mixins they name.
type rbDecls struct {
	classes, consts []string
	wraps           []string    // classes and modules that only wrap a nested one
	methods, needs  [][2]string // owner, name
	defs            []rbDef     // the methods it may leave out (dependencies_defs.go)
}

// scanDecls reads a file's declarations line by line. A class or module
// whose next statement opens another class or module only wraps it
// (`module Test` / `module Unit` / `class TestCase`): its name, which
// every file of a gem may open, does not select the file; the nested
// one's does. A line indented as deep as an open class or module, or
// less, closes it: a heredoc at the margin makes what follows the top
// level's, whose methods are always read.
func scanDecls(src []byte) rbDecls {
	var d rbDecls
	lines := strings.Split(string(src), "\n")
	next := func(i int) string { // the next line holding code
		for i++; i < len(lines); i++ {
			if l := strings.TrimSpace(lines[i]); l != "" && l[0] != '#' {
				return l
			}
		}
		return ""
	}
	type open struct {
		indent int
		name   string
	}
	var stack []open
	owner := func() string {
		if len(stack) == 0 {
			return "Object"
		}
		return stack[len(stack)-1].name
	}
	comment := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case comment:
			comment = !strings.HasPrefix(l, "=end")
			continue
		case strings.HasPrefix(l, "=begin"):
			comment = true
			continue
		case t == "__END__":
			return d
		case t == "" || t[0] == '#':
			continue
		}
		indent := indentWidth(l)
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		if !declarative(t) {
			continue // most lines: no regular expression runs
		}
		if strings.HasPrefix(t, "class <<") {
			stack = append(stack, open{indent, owner()}) // its methods are the owner's
			continue
		}
		// Each expression below is anchored at its keyword (or a
		// constant's capital): only the one the line starts with can
		// match, and it alone runs.
		if m := matchIf(startsWith(t, "class", "module"), classLineRE(), l); m != nil {
			name := lastSegment(m[1])
			oneLine := strings.Contains(l[len(m[0]):], ";")
			if n := next(i); oneLine || !classLineRE().MatchString(n) {
				d.classes = append(d.classes, name)
			} else {
				d.wraps = append(d.wraps, name)
			}
			if m[2] != "" {
				d.needs = append(d.needs, [2]string{name, lastSegment(m[2])})
			}
			if !oneLine {
				stack = append(stack, open{indent, name})
			}
			continue
		}
		if name, ok := defLineName(t); ok {
			if j := strings.LastIndexByte(name, '.'); j > 0 && j+1 < len(name) {
				name = name[j+1:] // def self.x, def Const.x
			}
			d.methods = append(d.methods, [2]string{owner(), name})
			if s, ok := strings.CutSuffix(name, "="); ok && s != "" && s != "=" && s != "!" && s != "<" && s != ">" && s != "[]" {
				d.methods = append(d.methods, [2]string{owner(), s}) // foo= also as foo
			}
			continue
		}
		if m := matchIf(startsWith(t, "attr"), attrLineRE(), l); m != nil {
			for _, a := range attrNameRE().FindAllStringSubmatch(m[1], -1) {
				d.methods = append(d.methods, [2]string{owner(), a[1]}, [2]string{owner(), a[1] + "="})
			}
			continue
		}
		if m := matchIf(startsWith(t, "alias", "define_"), aliasLineRE(), l); m != nil {
			d.methods = append(d.methods, [2]string{owner(), m[1]})
			continue
		}
		if m := matchIf(startsWith(t, "include", "extend", "prepend"), mixinLineRE(), l); m != nil {
			for _, c := range strings.Split(m[1], ",") {
				d.needs = append(d.needs, [2]string{owner(), lastSegment(strings.TrimSpace(c))})
			}
			continue
		}
		if name, ok := constLineName(t); ok {
			d.consts = append(d.consts, name)
		}
	}
	return d
}

// indentWidth is how many spaces and tabs l starts with.
func indentWidth(l string) int {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	return i
}

// defLineName is the name a line (trimmed) starting `def` declares, as
// written up to a space, `(` or `;` (`self.x`, `x=`); ok is false for any
// other line. A hand-written match: def and constant lines are most of
// those the scan reads, and a regular expression's backtracking over
// each was most of its cost.
func defLineName(t string) (string, bool) {
	rest, ok := strings.CutPrefix(t, "def")
	if !ok || rest == "" || !reSpace(rest[0]) {
		return "", false
	}
	i := 0
	for i < len(rest) && reSpace(rest[i]) {
		i++
	}
	j := i
	for j < len(rest) && !reSpace(rest[j]) && rest[j] != '(' && rest[j] != ';' {
		j++
	}
	return rest[i:j], j > i
}

// constLineName is the constant a line (trimmed) assigns (`A = …`,
// `A::B ||= …`, not `A == …` or `A => …`), its last segment; ok is false
// for any other line.
func constLineName(t string) (string, bool) {
	i, name := 0, ""
	for {
		if i >= len(t) || t[i] < 'A' || t[i] > 'Z' {
			return "", false
		}
		j := i + 1
		for j < len(t) && wordByte(t[j]) {
			j++
		}
		name, i = t[i:j], j
		if !strings.HasPrefix(t[i:], "::") || i+2 >= len(t) || t[i+2] < 'A' || t[i+2] > 'Z' {
			break
		}
		i += 2
	}
	for i < len(t) && reSpace(t[i]) {
		i++
	}
	if strings.HasPrefix(t[i:], "||") || strings.HasPrefix(t[i:], "&&") {
		i += 2
	}
	if i >= len(t) || t[i] != '=' {
		return "", false
	}
	if i++; i < len(t) && (t[i] == '=' || t[i] == '~' || t[i] == '>') {
		return "", false
	}
	return name, true
}

// reSpace: c is a space as a regular expression's \s is.
func reSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// wordByte: c is a word character as a regular expression's \w is.
func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// declarative: the line (trimmed) may be one scanDecls reads: it starts
// with a keyword or method that declares, or with a constant.
func declarative(t string) bool {
	if c := t[0]; c >= 'A' && c <= 'Z' {
		return true
	}
	switch t[0] {
	case 'a', 'c', 'd', 'e', 'i', 'm', 'p':
		for _, k := range declWords {
			if strings.HasPrefix(t, k) {
				return true
			}
		}
	}
	return false
}

// matchIf is re's submatches in l, when the line may match at all.
func matchIf(may bool, re *regexp.Regexp, l string) []string {
	if !may {
		return nil
	}
	return re.FindStringSubmatch(l)
}

// startsWith: t starts with one of words.
func startsWith(t string, words ...string) bool {
	for _, w := range words {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}

var declWords = []string{"attr", "alias", "class", "def", "define_", "extend", "include", "module", "prepend"}

func lastSegment(q string) string {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return q[i+2:]
	}
	return q
}

// Summarize (extract.Selective): one declaration a line, "c Class",
// "w Wrapper", "k CONST", "m Owner method", "n Owner Need".
func (d *rbDeps) Summarize(content []byte) []byte {
	s := scanDecls(content)
	b := make([]byte, 0, len(content)/8)
	line := func(fields ...string) { // written field by field: no string is built per line
		for i, f := range fields {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, f...)
		}
		b = append(b, '\n')
	}
	for _, n := range s.classes {
		line("c", n)
	}
	for _, n := range s.wraps {
		line("w", n)
	}
	for _, n := range s.consts {
		line("k", n)
	}
	for _, m := range s.methods {
		line("m", m[0], m[1])
	}
	for _, m := range s.needs {
		line("n", m[0], m[1])
	}
	return appendDefs(b, scanDefs(content))
}

func decodeDecls(b []byte) rbDecls {
	var d rbDecls
	for _, l := range strings.Split(string(b), "\n") {
		kind, rest, _ := strings.Cut(l, " ")
		owner, name, two := strings.Cut(rest, " ")
		switch {
		case kind == "c":
			d.classes = append(d.classes, rest)
		case kind == "w":
			d.wraps = append(d.wraps, rest)
		case kind == "k":
			d.consts = append(d.consts, rest)
		case kind == "m" && two:
			d.methods = append(d.methods, [2]string{owner, name})
		case kind == "n" && two:
			d.needs = append(d.needs, [2]string{owner, name})
		case kind == "d":
			if def, ok := decodeDef(rest); ok {
				d.defs = append(d.defs, def)
			}
		}
	}
	return d
}

// alwaysWanted are the classes whose methods any receiver may have.
var alwaysWanted = []string{"Object", "Kernel", "BasicObject"}

// Select (extract.Selective). The wanted classes and modules are those
// the worktree names, Object, Kernel and BasicObject, and, to a fixed
// point, the superclasses and mixins of a wanted one (across every
// directory read: a gem's class may extend another gem's). A file is
// kept when it declares a class, module or constant the worktree names,
// a method or attribute the worktree names of a wanted class, or a
// superclass or mixin of a wanted class (the relation an inherited
// method resolves through). A class or module the worktree names that
// no file declares but as a wrapper (yaml/dbm.rb's `module YAML`) keeps
// the first file wrapping it, so that the name has its target.
// A file read is read in part: all but the methods the worktree does not
// name (dependencies_defs.go).
func (d *rbDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	decls := decodeDirs(dirs)
	read := d.selectFiles(decls, names)
	out := make([][]extract.Selection, len(dirs))
	for i, files := range read {
		out[i] = make([]extract.Selection, len(files))
		for j, r := range files {
			if r {
				out[i][j] = extract.Selection{Read: true, Keep: keptParts(decls[i][j].defs, names)}
			}
		}
	}
	return out
}

// decodeDirs decodes the summaries of dirs.
func decodeDirs(dirs []extract.SelectDir) [][]rbDecls {
	decls := make([][]rbDecls, len(dirs))
	for i, dir := range dirs {
		decls[i] = make([]rbDecls, len(dir.Files))
		for j := range dir.Files {
			if j < len(dir.Summaries) {
				decls[i][j] = decodeDecls(dir.Summaries[j])
			}
		}
	}
	return decls
}

// selectFiles is which files Select reads.
func (d *rbDeps) selectFiles(decls [][]rbDecls, names extract.Names) [][]bool {
	needs := map[string][]string{} // class → its superclasses and mixins, from every file
	for _, fd := range decls {
		for _, x := range fd {
			for _, n := range x.needs {
				needs[n[0]] = append(needs[n[0]], n[1])
			}
		}
	}
	wanted := map[string]bool{}
	var queue []string
	want := func(c string) {
		if !wanted[c] {
			wanted[c] = true
			queue = append(queue, c)
		}
	}
	for _, c := range alwaysWanted {
		want(c)
	}
	for c := range needs {
		if names.Named(c) {
			want(c)
		}
	}
	for _, fd := range decls {
		for _, x := range fd {
			for _, c := range x.classes {
				if names.Named(c) {
					want(c)
				}
			}
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range needs[c] {
			want(n)
		}
	}
	keep := make([][]bool, len(decls))
	for i, fd := range decls {
		keep[i] = make([]bool, len(fd))
		for j, x := range fd {
			keep[i][j] = slices.ContainsFunc(x.classes, names.Named) || slices.ContainsFunc(x.consts, names.Named) ||
				slices.ContainsFunc(x.methods, func(m [2]string) bool { return wanted[m[0]] && names.Named(m[1]) }) ||
				slices.ContainsFunc(x.needs, func(n [2]string) bool { return wanted[n[0]] })
		}
	}
	declared := map[string]bool{}
	for i, fd := range decls {
		for j, x := range fd {
			for _, c := range x.classes {
				declared[c] = true
			}
			if keep[i][j] {
				for _, c := range x.wraps {
					declared[c] = true
				}
			}
		}
	}
	for i, fd := range decls {
		for j, x := range fd {
			for _, c := range x.wraps {
				if !declared[c] && names.Named(c) {
					declared[c], keep[i][j] = true, true
				}
			}
		}
	}
	return keep
}

var _ extract.Selective = (*rbDeps)(nil)
