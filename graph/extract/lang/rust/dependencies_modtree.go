package rust

import (
	"bytes"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Which files of a dependency crate a dependent can reach (DESIGN.md,
// Dependency packages: Rust's reachable files). From lib.rs, the `mod`
// items name the crate's module files; a module that is not `pub` and
// that no `pub use` names cannot be named from outside (only what a
// `pub use` re-exports can, and that keeps the module), and a module
// whose `#[cfg(...)]` cannot hold here (test, doc, another target's
// platform) is not compiled at all. A proc-macro crate exports only its
// macros, from lib.rs. The files that remain are the ones a dependency's
// extraction keeps; the others extract to nothing. The scan is textual
// (comments, strings and char literals skipped), with no parse. A public
// module is read only when the worktree's imports or a `pub use` read
// may name it (modWants; DESIGN.md, Rust packages: a lazy module tree).

// depCrate is the context of a dependency crate's files: the crate's
// targets (lib.rs) and the files, relative to src, that a dependent can
// reach, sorted; nil keeps every file.
type depCrate struct {
	targets []target
	keep    []string
	// globs is, by module path, its glob re-exports within the crate
	// closed over theirs (globClosures), as an alias fact's object.
	globs map[string]string
}

// ownTargets are the targets a context names: a crate's, or a
// dependency's.
func ownTargets(own any) []target {
	switch o := own.(type) {
	case []target:
		return o
	case depCrate:
		return o.targets
	}
	return nil
}

// unreachable reports whether a dependency's file (Input.DeclarationsOnly)
// is one no dependent can reach: its extraction is empty.
func unreachable(in extract.Input) bool {
	c, ok := in.Module.Own.(depCrate)
	if !ok || c.keep == nil || !in.DeclarationsOnly {
		return false
	}
	rel := strings.TrimPrefix(in.Path, in.Module.Root+"/")
	i := sort.SearchStrings(c.keep, rel)
	return i == len(c.keep) || c.keep[i] != rel
}

// modDecl is one `mod name;` a file declares.
type modDecl struct {
	name, pathAttr string
	inline         []string // the inline modules (`mod a { … }`) it sits in
	visible        bool     // it and the inline modules around it are `pub`
}

// fileScan is what the scan finds in one file.
type fileScan struct {
	mods      []modDecl
	pubUse    map[string]bool // identifiers a `pub use` names
	exported  bool            // a #[macro_export] macro: named from the crate root
	includes  []string        // include!("…") paths
	procMacro bool
	dead      []extract.Span // the insides of cfg_if! branches that cannot be compiled here
	globs     [][]string     // the paths of its module's glob re-exports (`pub use self::unix::*`)
}

// reachable lists the files of the crate at src (a host path, lib.rs its
// root) a dependent can reach, sorted; nil when lib.rs cannot be read.
// cfg is the host's platform.
func reachable(h extract.Host, src string, cfg cfgEnv) []string {
	return moduleTree(h, src, cfg, nil).keep
}

// crateReach is what the module tree finds of a dependency crate: the
// files a dependent can reach (reachable), and by file the insides of
// its cfg_if! branches that cannot be compiled here.
type crateReach struct {
	keep  []string
	dead  map[string][]extract.Span
	globs map[string][]string // globClosures
	// decls are the kept files' declarations (those not lexed, include!d
	// ones, have their Summarize's).
	decls map[string]crateDecls
}

// modJoin appends segments to a module path ("" is the crate root).
func modJoin(mod string, segs ...string) string {
	for _, s := range segs {
		if s == "" {
			continue
		}
		if mod == "" {
			mod = s
		} else {
			mod += "::" + s
		}
	}
	return mod
}

// globTarget is the module of the crate a glob re-export of module mod
// names (segs, before the *), when it is one of the modules known: from
// self, super, crate, a child module, or (a 2015 crate's paths) the root.
func globTarget(mod string, segs []string, known map[string]bool) (string, bool) {
	base := mod
	switch segs[0] {
	case "self":
		segs = segs[1:]
	case "crate":
		base, segs = "", segs[1:]
	case "super":
	default:
		if !known[modJoin(mod, segs[0])] {
			base = ""
		}
	}
	for len(segs) > 0 && segs[0] == "super" {
		if base == "" {
			return "", false
		}
		i := strings.LastIndex(base, "::")
		base, segs = base[:max(i, 0)], segs[1:]
	}
	to := modJoin(base, segs...)
	return to, known[to] && to != mod
}

// maxGlobClosure bounds the modules one glob fact names.
const maxGlobClosure = 64

// globClosures is, for each module with glob re-exports of the crate's
// modules (direct), those modules breadth first, each followed in turn
// by its own (libc: unix, then linux_like, then linux, then gnu and
// arch, …). The resolver follows an alias fact's first candidate that
// defines a name, else its first one only, a few times: libc's Linux
// definitions sit five globs down, behind siblings that define nothing
// (fixed_width_ints before unix), so the whole closure is the fact.
func globClosures(direct map[string][]string) map[string][]string {
	out := map[string][]string{}
	for mod, first := range direct {
		seen := map[string]bool{mod: true}
		var list []string
		queue := first
		for len(queue) > 0 && len(list) < maxGlobClosure {
			m := queue[0]
			queue = queue[1:]
			if seen[m] {
				continue
			}
			seen[m] = true
			list = append(list, m)
			queue = append(queue, direct[m]...)
		}
		out[mod] = list
	}
	return out
}

// moduleTree is reachable, with the dead cfg_if! branches, the glob
// closures and, by file kept, its declarations (Select's summary), for
// the modules want names (nil: every module).
func moduleTree(h extract.Host, src string, cfg cfgEnv, want *modWants) crateReach {
	if isProcMacro(h, src) {
		r := crateReach{keep: []string{"lib.rs"}, decls: map[string]crateDecls{}}
		if b, err := h.ReadFile(path.Join(src, "lib.rs")); err == nil {
			r.decls["lib.rs"] = treeDecls(lex(b))
		}
		return r
	}
	t := &modTree{h: h, src: src, cfg: cfg, want: want, seen: map[string]bool{}, pubUse: map[string]bool{}}
	t.add("lib.rs", -1, "", "", true)
	if len(t.nodes) == 0 {
		return crateReach{}
	}
	t.walk()
	return t.result()
}

// modTree is the module tree of one crate as it is read.
type modTree struct {
	h      extract.Host
	src    string
	cfg    cfgEnv
	want   *modWants
	nodes  []treeNode
	seen   map[string]bool
	pubUse map[string]bool // identifiers the `pub use` items of the files read name
	queue  []int
	// deferred are the public modules no import path of the worktree
	// names (yet): read once a `pub use` names them (a fixed point).
	deferred []deferredMod
}

type treeNode struct {
	file    string
	parent  int  // -1 for lib.rs
	visible bool // pub, or named by a pub use (decided below)
	name    string
	mod     string // its module path in the crate ("" for lib.rs)
	scan    fileScan
	decls   *crateDecls // nil for an include!d file (not lexed)
}

// deferredMod is a `mod` item of node parent not followed yet.
type deferredMod struct {
	parent int
	decl   modDecl
}

// add reads a module's file; false when it cannot be read.
func (t *modTree) add(file string, parent int, name, mod string, visible bool) bool {
	if t.seen[file] {
		return true
	}
	b, err := t.h.ReadFile(path.Join(t.src, file))
	if err != nil {
		return false
	}
	t.seen[file] = true
	toks := lex(b)
	// Its declarations now, kept or not (decided once the tree is read):
	// the tokens are dropped rather than held for the whole tree.
	decls := treeDecls(toks)
	t.nodes = append(t.nodes, treeNode{file: file, parent: parent, name: name, mod: mod, visible: visible, scan: scanTokens(toks, t.cfg), decls: &decls})
	t.queue = append(t.queue, len(t.nodes)-1)
	return true
}

// walk reads the modules breadth first, then those deferred that a `pub
// use` read since names, until none is left to read.
func (t *modTree) walk() {
	for {
		for len(t.queue) > 0 {
			i := t.queue[0]
			t.queue = t.queue[1:]
			t.visit(i)
		}
		rest := t.deferred[:0:0]
		for _, d := range t.deferred {
			if t.pubUse[d.decl.name] {
				t.follow(d.parent, d.decl)
			} else {
				rest = append(rest, d)
			}
		}
		if len(rest) == len(t.deferred) {
			return
		}
		t.deferred = rest
	}
}

// visit follows the `mod` items and include!s of node i.
func (t *modTree) visit(i int) {
	for k := range t.nodes[i].scan.pubUse {
		t.pubUse[k] = true
	}
	for _, m := range t.nodes[i].scan.mods {
		mod := modJoin(t.nodes[i].mod, append(slices.Clone(m.inline), m.name)...)
		if m.visible && !t.want.wants(mod) && !t.pubUse[m.name] {
			t.deferred = append(t.deferred, deferredMod{i, m})
			continue
		}
		t.follow(i, m)
	}
	f := t.nodes[i].file
	dir := extract.ParentDir(f)
	for _, inc := range t.nodes[i].scan.includes {
		if c := path.Join(dir, inc); !strings.HasPrefix(c, "../") && !t.seen[c] {
			t.seen[c] = true
			t.nodes = append(t.nodes, treeNode{file: c, parent: i, visible: true, mod: t.nodes[i].mod})
		}
	}
}

// follow reads the file of module m, declared in node i.
func (t *modTree) follow(i int, m modDecl) {
	f := t.nodes[i].file
	dir := extract.ParentDir(f)
	childDir := dir // lib.rs, mod.rs: beside it; a.rs: in a/
	if b := path.Base(f); b != "lib.rs" && b != "mod.rs" {
		childDir = strings.TrimSuffix(f, ".rs")
	}
	base := path.Join(append([]string{childDir}, m.inline...)...)
	mod := modJoin(t.nodes[i].mod, append(slices.Clone(m.inline), m.name)...)
	var cands []string
	switch {
	case m.pathAttr != "" && len(m.inline) == 0:
		cands = []string{path.Join(dir, m.pathAttr)}
	case m.pathAttr != "":
		cands = []string{path.Join(base, m.pathAttr)}
	default:
		cands = []string{path.Join(base, m.name+".rs"), path.Join(base, m.name, "mod.rs")}
	}
	for _, c := range cands {
		if c == ".." || strings.HasPrefix(c, "../") {
			continue
		}
		if t.add(c, i, m.name, mod, m.visible) {
			break
		}
	}
}

// result is what the tree read: the files kept, with their declarations,
// the dead cfg_if! branches and the glob closures.
func (t *modTree) result() crateReach {
	nodes, pubUse := t.nodes, t.pubUse
	r := crateReach{dead: map[string][]extract.Span{}, decls: map[string]crateDecls{}}
	known := map[string]bool{}
	for _, n := range nodes {
		known[n.mod] = true
	}
	direct := map[string][]string{}
	for _, n := range nodes {
		for _, g := range n.scan.globs {
			if to, ok := globTarget(n.mod, g, known); ok {
				direct[n.mod] = append(direct[n.mod], to)
			}
		}
	}
	r.globs = globClosures(direct)
	for i := range nodes {
		if d := nodes[i].scan.dead; d != nil {
			r.dead[nodes[i].file] = d
		}
		ok := nodes[i].scan.exported
		if !ok {
			ok = true
			for j := i; j >= 0; j = nodes[j].parent {
				if !nodes[j].visible && !pubUse[nodes[j].name] {
					ok = false
					break
				}
			}
		}
		if ok {
			r.keep = append(r.keep, nodes[i].file)
			if nodes[i].decls != nil { // an include!d file is not lexed: Summarize's
				r.decls[nodes[i].file] = *nodes[i].decls
			}
		}
	}
	sort.Strings(r.keep)
	return r
}

// treeDecls is a file's declarations, as Summarize's summary decodes to.
func treeDecls(toks []token) crateDecls {
	d := scanCrateTokens(toks)
	d.items = scanItems(toks)
	return d
}

// modWants are the paths into a crate the worktree imports (the crate's
// own name left out): a public module is read when it lies on one of
// them, or below one (`use winapi::um;` may go on to um::winnt inline),
// or when a `pub use` read names it. The modules an inline path passes
// through are imported as such (inlineModPath): on one, none below.
// winapi's 404 files are all public modules behind features
// (undecided), and tokio imports 21 paths of it.
type modWants struct {
	all     bool            // the crate itself is imported: every module
	onPath  map[string]bool // each module path a path imported passes through
	imports map[string]bool // the paths imported
}

// newModWants: paths are import paths into the crate (first segment its
// name). An inline-module import (isInlineModPath) names the modules on
// it, not those below.
func newModWants(paths []string) *modWants {
	w := &modWants{onPath: map[string]bool{}, imports: map[string]bool{}}
	for _, p := range paths {
		_, rest, ok := strings.Cut(strings.TrimPrefix(p, "::"), "::")
		if !ok || rest == "" {
			w.all = true
			continue
		}
		if !isInlineModPath(p) {
			w.imports[rest] = true
		}
		for i := 0; i < len(rest); i++ {
			if strings.HasPrefix(rest[i:], "::") {
				w.onPath[rest[:i]] = true
			}
		}
		w.onPath[rest] = true
	}
	return w
}

// wants: mod (a module path in the crate) lies on or below a path
// imported.
func (w *modWants) wants(mod string) bool {
	if w == nil || w.all || w.onPath[mod] {
		return true
	}
	for m := mod; m != ""; {
		if w.imports[m] {
			return true
		}
		i := strings.LastIndex(m, "::")
		if i < 0 {
			break
		}
		m = m[:i]
	}
	return false
}

// isProcMacro: the crate's Cargo.toml (above src) says [lib] proc-macro.
func isProcMacro(h extract.Host, src string) bool {
	b, err := h.ReadFile(path.Join(path.Dir(src), "Cargo.toml"))
	if err != nil {
		return false
	}
	var m struct {
		Lib struct {
			ProcMacro  bool `toml:"proc-macro"`
			ProcMacro2 bool `toml:"proc_macro"`
		}
	}
	if toml.Unmarshal(b, &m) != nil {
		return false
	}
	return m.Lib.ProcMacro || m.Lib.ProcMacro2
}

// token is a lexeme of the scan: an identifier, a string literal's
// contents (str), or one punctuation byte.
type token struct {
	text string
	str  bool
	at   int // its offset in the source
}

// lex splits Rust source into identifiers, string literals and
// punctuation, skipping comments, char literals, lifetimes and numbers.
func lex(b []byte) []token { return lexNoting(b, nil) }

// lexNoting is lex, appending to comments (when not nil) the span of
// each comment it skips.
func lexNoting(b []byte, comments *[]extract.Span) []token {
	out := make([]token, 0, len(b)/5) // about a token to 5 bytes: grown once or twice, not a dozen times
	text := string(b)                 // one copy: each token's text is a slice of it, allocated with it
	n := len(b)
	for i := 0; i < n; {
		c := b[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < n && b[i+1] == '/':
			from := i
			for i < n && b[i] != '\n' {
				i++
			}
			noteComment(comments, from, i)
		case c == '/' && i+1 < n && b[i+1] == '*':
			from := i
			depth := 0
			for i < n {
				if b[i] == '/' && i+1 < n && b[i+1] == '*' {
					depth++
					i += 2
				} else if b[i] == '*' && i+1 < n && b[i+1] == '/' {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					i++
				}
			}
			noteComment(comments, from, i)
		case c == '"':
			j := i + 1
			for j < n && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, token{text[i+1 : min(j, n)], true, i})
			i = j + 1
		case (c == 'r' || c == 'b') && rawStart(b, i) > 0:
			j := rawStart(b, i) // after the opening quote
			hashes := 0
			for k := i; k < j; k++ {
				if b[k] == '#' {
					hashes++
				}
			}
			end := "\"" + strings.Repeat("#", hashes)
			k := bytes.Index(b[j:], []byte(end))
			if k < 0 {
				k = n - j
			}
			out = append(out, token{text[j : j+k], true, i})
			i = j + k + len(end)
		case c == '\'':
			// a char literal ('a', '\n', '"', 'é') or a lifetime ('a)
			if i+1 < n && b[i+1] == '\\' {
				j := i + 2
				for j < n && b[j] != '\'' && b[j] != '\n' {
					j++
				}
				i = j + 1
			} else if _, size := utf8.DecodeRune(b[i+1:]); i+1+size < n && b[i+1+size] == '\'' {
				i += 2 + size
			} else {
				i++
				for i < n && identByte[b[i]] {
					i++
				}
			}
		case identByte[c] && !(c >= '0' && c <= '9'):
			j := i
			for j < n && identByte[b[j]] {
				j++
			}
			if j-i == 1 && c == 'r' && j < n && b[j] == '#' { // r#ident
				j++
				i = j
				for j < n && identByte[b[j]] {
					j++
				}
			}
			out = append(out, token{text: text[i:j], at: i})
			i = j
		case c >= '0' && c <= '9':
			for i < n && (identByte[b[i]] || b[i] == '.' && i+1 < n && b[i+1] >= '0' && b[i+1] <= '9') {
				i++
			}
		case c < utf8.RuneSelf:
			out = append(out, token{text: punctText[c], at: i})
			i++
		default:
			_, size := utf8.DecodeRune(b[i:])
			i += size
		}
	}
	return out
}

// noteComment appends the comment b[from:to] to comments, when not nil.
func noteComment(comments *[]extract.Span, from, to int) {
	if comments != nil {
		*comments = append(*comments, extract.Span{Start: uint32(from), End: uint32(to)})
	}
}

// punctText is each ASCII byte as a string: a punctuation token's text,
// allocated once rather than once a token.
var punctText = func() (t [utf8.RuneSelf]string) {
	for c := range t {
		t[c] = string(rune(c))
	}
	return t
}()

// identByte is isIdentByte as a table: the lexer's inner loops.
var identByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isIdentByte(byte(c))
	}
	return t
}()

// rawStart is the index after the opening quote of a raw or byte string
// starting at i (r"…", r#"…"#, br"…"), 0 when none starts there.
func rawStart(b []byte, i int) int {
	if i > 0 && isIdentByte(b[i-1]) {
		return 0
	}
	j := i
	if b[j] == 'b' {
		j++ // b"…" is lexed as b, then a string
	}
	if j >= len(b) || b[j] != 'r' {
		return 0
	}
	j++
	for j < len(b) && b[j] == '#' {
		j++
	}
	if j < len(b) && b[j] == '"' {
		return j + 1
	}
	return 0
}

// block is a brace the scan is inside.
type block struct {
	mod     string // "" for a brace that is not an inline module's
	visible bool
}

// scanFile finds a file's module declarations (with their visibility,
// #[path] and whether their #[cfg] can hold), the identifiers its `pub
// use` items name, #[macro_export] and include!.
func scanFile(b []byte, cfg cfgEnv) fileScan { return scanTokens(lex(b), cfg) }

// scanTokens is scanFile on a file's tokens.
func scanTokens(toks []token, cfg cfgEnv) fileScan {
	fs := fileScan{pubUse: map[string]bool{}}
	var stack []block
	var attrs [][]token
	pub := false // a pending `pub` with no restriction
	restricted := false
	reset := func() { attrs, pub, restricted = nil, false, false }
	dead := map[int]int{} // the { of a dead cfg_if! branch → its }
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.str {
			continue
		}
		if open := isCfgIf(toks, i); open >= 0 {
			for _, b := range cfg.deadBranches(cfgIfBranches(toks, open)) {
				dead[b.open] = b.close
			}
		}
		switch t.text {
		case "#":
			inner := i+1 < len(toks) && toks[i+1].text == "!"
			j := i + 1
			if inner {
				j++
			}
			if j >= len(toks) || toks[j].text != "[" {
				continue
			}
			end := matching(toks, j, "[", "]")
			a := toks[j+1 : end]
			if len(a) == 1 && a[0].text == "macro_export" {
				fs.exported = true
			}
			if !inner {
				attrs = append(attrs, a)
			}
			i = end
		case "pub":
			pub = true
			if i+1 < len(toks) && toks[i+1].text == "(" {
				restricted = true
				i = matching(toks, i+1, "(", ")")
			}
		case "use":
			if g, ok := globPath(toks, i+1); ok && pub && !inInlineMod(stack) {
				fs.globs = append(fs.globs, g)
			}
			if pub && !restricted {
				j := i + 1
				for ; j < len(toks) && toks[j].text != ";"; j++ {
					if !toks[j].str && isIdentByte(toks[j].text[0]) {
						fs.pubUse[toks[j].text] = true
					}
				}
				i = j
			}
			reset()
		case "include":
			if i+3 < len(toks) && toks[i+1].text == "!" && toks[i+2].text == "(" && toks[i+3].str {
				fs.includes = append(fs.includes, toks[i+3].text)
			}
		case "mod":
			if i+2 >= len(toks) || toks[i+1].str || !isIdentByte(toks[i+1].text[0]) {
				continue
			}
			name, next := toks[i+1].text, toks[i+2].text
			if next != ";" && next != "{" {
				continue
			}
			visible := pub && !restricted
			live, pathAttr := true, ""
			for _, a := range attrs {
				if len(a) > 2 && a[0].text == "cfg" && a[1].text == "(" {
					if v, _ := cfg.eval(a[2:]); v == cfgFalse {
						live = false
					}
				}
				if len(a) == 3 && a[0].text == "path" && a[1].text == "=" && a[2].str {
					pathAttr = a[2].text
				}
			}
			var inline []string
			for _, s := range stack {
				if s.mod != "" {
					inline = append(inline, s.mod)
					visible = visible && s.visible
				}
			}
			if next == "{" {
				if !live {
					i = matching(toks, i+2, "{", "}")
					reset()
					continue
				}
				stack = append(stack, block{mod: name, visible: visible})
				i += 2
			} else {
				if live {
					fs.mods = append(fs.mods, modDecl{name: name, pathAttr: pathAttr, inline: inline, visible: visible})
				}
				i += 2
			}
			reset()
		case "{":
			if close, ok := dead[i]; ok {
				if from, to := t.at+1, toks[close].at; to > from {
					fs.dead = append(fs.dead, extract.Span{Start: uint32(from), End: uint32(to)})
				}
				i = close
				reset()
				continue
			}
			stack = append(stack, block{})
			reset()
		case "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			reset()
		case ";", ",":
			reset()
		}
	}
	return fs
}

// globPath reads a `use` item's path at toks[i] when it is a glob
// (`self::unix::*;`): its segments before the *.
func globPath(toks []token, i int) ([]string, bool) {
	var segs []string
	for ; i+1 < len(toks); i += 3 {
		if toks[i].str || !isIdentByte(toks[i].text[0]) {
			return nil, false
		}
		segs = append(segs, toks[i].text)
		if i+4 < len(toks) && toks[i+1].text == ":" && toks[i+2].text == ":" && toks[i+3].text == "*" && toks[i+4].text == ";" {
			return segs, true
		}
		if i+2 >= len(toks) || toks[i+1].text != ":" || toks[i+2].text != ":" {
			return nil, false
		}
	}
	return nil, false
}

// inInlineMod: the scan is inside an inline module (`mod a { … }`).
func inInlineMod(stack []block) bool {
	for _, b := range stack {
		if b.mod != "" {
			return true
		}
	}
	return false
}

// matching is the index of the token closing the one at i (len-1 when
// unclosed).
func matching(toks []token, i int, open, close string) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].str {
			continue
		}
		switch toks[j].text {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// cfgEnv is what a #[cfg] predicate is checked against: the host's
// target (from rustc's host triple; unknown without one). Features,
// debug_assertions and whatever else the build chooses are unknown: a
// module is left out only when its cfg is false whatever they are.
type cfgEnv struct {
	known  bool
	values map[string]string // target_os, target_family, target_arch, …
	unix   bool
}

type cfgValue uint8

const (
	cfgUnknown cfgValue = iota
	cfgTrue
	cfgFalse
)

// hostCfg reads a host triple (x86_64-unknown-linux-gnu).
func hostCfg(triple string) cfgEnv {
	parts := strings.Split(triple, "-")
	if len(parts) < 3 {
		return cfgEnv{}
	}
	env := cfgEnv{known: true, values: map[string]string{"target_arch": parts[0], "target_vendor": parts[1]}}
	osName := parts[2]
	switch {
	case osName == "darwin":
		osName = "macos"
	case strings.HasPrefix(osName, "windows"):
		osName = "windows"
	}
	env.values["target_os"] = osName
	if len(parts) > 3 {
		env.values["target_env"] = parts[3]
	} else {
		env.values["target_env"] = ""
	}
	switch osName {
	case "linux", "macos", "freebsd", "netbsd", "openbsd", "dragonfly", "android", "ios", "solaris", "illumos":
		env.unix = true
		env.values["target_family"] = "unix"
	case "windows":
		env.values["target_family"] = "windows"
	default:
		return cfgEnv{}
	}
	switch parts[0] {
	case "x86_64", "aarch64":
		env.values["target_pointer_width"] = "64"
		env.values["target_endian"] = "little"
	}
	return env
}

// eval checks a predicate list's first predicate, returning it and the
// tokens after it.
func (e cfgEnv) eval(toks []token) (cfgValue, []token) {
	if len(toks) == 0 || toks[0].str {
		return cfgUnknown, nil
	}
	name, rest := toks[0].text, toks[1:]
	if len(rest) > 0 && rest[0].text == "(" && (name == "all" || name == "any" || name == "not") {
		end := matching(toks, 1, "(", ")")
		var args []cfgValue
		for in := toks[2:end]; len(in) > 0; {
			var v cfgValue
			v, in = e.eval(in)
			args = append(args, v)
			if len(in) > 0 && in[0].text == "," {
				in = in[1:]
			} else {
				break
			}
		}
		return combine(name, args), toks[end+1:]
	}
	if len(rest) > 1 && rest[0].text == "=" && rest[1].str {
		val := rest[1].text
		rest = rest[2:]
		if name == "feature" || !e.known {
			return cfgUnknown, rest
		}
		have, ok := e.values[name]
		switch {
		case !ok:
			return cfgUnknown, rest
		case have == val:
			return cfgTrue, rest
		}
		return cfgFalse, rest
	}
	switch name {
	case "test", "doc", "doctest", "miri":
		return cfgFalse, rest
	case "unix", "windows":
		if !e.known {
			return cfgUnknown, rest
		}
		if (name == "unix") == e.unix {
			return cfgTrue, rest
		}
		return cfgFalse, rest
	}
	return cfgUnknown, rest
}

// combine is all, any or not of three-valued arguments.
func combine(op string, args []cfgValue) cfgValue {
	switch op {
	case "not":
		if len(args) != 1 {
			return cfgUnknown
		}
		switch args[0] {
		case cfgTrue:
			return cfgFalse
		case cfgFalse:
			return cfgTrue
		}
		return cfgUnknown
	case "all":
		out := cfgTrue
		for _, a := range args {
			if a == cfgFalse {
				return cfgFalse
			}
			if a == cfgUnknown {
				out = cfgUnknown
			}
		}
		return out
	}
	out := cfgFalse // any
	for _, a := range args {
		if a == cfgTrue {
			return cfgTrue
		}
		if a == cfgUnknown {
			out = cfgUnknown
		}
	}
	return out
}
