package rust

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (extract.Selective; DESIGN.md, Rust: selection): of a
// dependency crate's source directory only these files are read: lib.rs,
// the crate root whose `pub use` items re-export the crate's names; a
// file whose `pub use` re-exports a whole module (`*`); a file declaring
// a name the worktree's Rust files state (an item, an enum variant, a
// struct field, a name a `pub use` re-exports there); and a file holding
// an impl block for a type the worktree names (the trait impls a method
// resolves through). The scan is the module tree's lexer (no parse), with
// function bodies skipped: an item inside one cannot be named from outside.

// crateDecls is what the scan finds in one file.
type crateDecls struct {
	names     []string    // declared at module level: items, free functions, re-exported names
	fns       []crateFn   // free functions (owner "") and the members of impl blocks, traits, structs and enums
	impls     [][2]string // the trait ("" for an inherent impl) and the type of each impl block
	glob      bool        // a `pub use …::*`
	unscanned bool        // Summarize did not scan it
	aliases   [][2]string // `pub use …::X as Y`: X, Y
	items     []crateItem // its module-level items (dependencies_items.go)
}

// crateFn is a function, method, field or variant: its owner (the impl's
// type, the trait, the struct or enum; "" at module level), its name and
// the type names its signature states (a chain's next receiver).
type crateFn struct {
	owner, name string
	types       []string
}

// scanCrateDecls reads a file's declarations.
func scanCrateDecls(b []byte) crateDecls { return scanCrateTokens(lex(b)) }

// summarize is Summarize on a file's tokens.
func summarize(toks []token) []byte {
	return encodeItems(encodeCrateDecls(scanCrateTokens(toks)), scanItems(toks))
}

// scanCrateTokens is scanCrateDecls on a file's tokens.
func scanCrateTokens(toks []token) crateDecls {
	var d crateDecls
	type block struct {
		kind   string // "enum", "struct" (a struct's or a variant's fields), "impl", "trait" or ""
		owner  string // an impl's type, a trait's, struct's or enum's name
		parens int    // ( and [ open inside it
	}
	stack := []block{{}}
	top := func() *block { return &stack[len(stack)-1] }
	owner := func() string {
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].owner != "" {
				return stack[k].owner
			}
		}
		return ""
	}
	ident := func(i int) bool {
		return i < len(toks) && !toks[i].str && isIdentByte(toks[i].text[0]) && !(toks[i].text[0] >= '0' && toks[i].text[0] <= '9')
	}
	typeNames := func(from, to int) []string {
		var out []string
		for k := from; k < to && k < len(toks); k++ {
			if ident(k) && toks[k].text[0] >= 'A' && toks[k].text[0] <= 'Z' && toks[k].text != "Self" {
				out = append(out, toks[k].text)
			}
		}
		return out
	}
	prev := "" // the last token that is not part of an attribute
	pending, pendingOwner := "", ""
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.str {
			prev = ""
			continue
		}
		switch t.text {
		case "#":
			j := i + 1
			if j < len(toks) && toks[j].text == "!" {
				j++
			}
			if j < len(toks) && toks[j].text == "[" {
				i = matching(toks, j, "[", "]")
				continue
			}
		case "fn":
			if !ident(i + 1) {
				break
			}
			name := toks[i+1].text
			j := fnHeaderEnd(toks, i+2)
			d.fns = append(d.fns, crateFn{owner: owner(), name: name, types: typeNames(i+2, j)})
			if j < len(toks) && toks[j].text == "{" {
				j = matching(toks, j, "{", "}") // the body: skipped
			}
			i, prev = j, "}"
			continue
		case "struct", "enum", "union", "trait", "type", "const", "static":
			if ident(i+1) && toks[i+1].text != "fn" && toks[i+1].text != "unsafe" && toks[i+1].text != "async" && toks[i+1].text != "extern" {
				name := toks[i+1].text
				if o := owner(); o != "" {
					d.fns = append(d.fns, crateFn{owner: o, name: name}) // an associated type or const
				} else {
					d.names = append(d.names, name)
				}
				switch t.text {
				case "struct", "union":
					pending, pendingOwner = "struct", name
				case "enum", "trait":
					pending, pendingOwner = t.text, name
				}
				i++
				prev = toks[i].text
				continue
			}
		case "macro_rules":
			if i+2 < len(toks) && toks[i+1].text == "!" && ident(i+2) {
				d.names = append(d.names, toks[i+2].text)
				j := i + 3
				if j < len(toks) && (toks[j].text == "{" || toks[j].text == "(" || toks[j].text == "[") {
					close := map[string]string{"{": "}", "(": ")", "[": "]"}[toks[j].text]
					j = matching(toks, j, toks[j].text, close)
				}
				i, prev = j, "}"
				continue
			}
		case "use":
			if prev != "pub" && prev != ")" { // pub use, pub(crate) use
				break
			}
			j := i + 1
			for ; j < len(toks) && toks[j].text != ";"; j++ {
				switch {
				case toks[j].text == "*":
					d.glob = true
				case ident(j) && toks[j].text != "as" && toks[j].text != "self" && toks[j].text != "crate" && toks[j].text != "super":
					d.names = append(d.names, toks[j].text)
					if j+2 < len(toks) && toks[j+1].text == "as" && ident(j+2) {
						d.aliases = append(d.aliases, [2]string{toks[j].text, toks[j+2].text})
					}
				}
			}
			i, prev = j, ";"
			continue
		case "impl":
			if h, j, ok := implHeader(toks, i+1); ok {
				d.impls = append(d.impls, h)
				pending, pendingOwner = "impl", h[1]
				i, prev = j-1, ""
				continue
			}
		case "{":
			stack = append(stack, block{kind: pending, owner: pendingOwner})
			pending, pendingOwner = "", ""
			prev = "{"
			continue
		case "}":
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case "(", "[":
			top().parens++
		case ")", "]":
			top().parens--
		case ";":
			pending, pendingOwner = "", ""
		default:
			b := top()
			if b.parens == 0 && ident(i) {
				switch {
				case b.kind == "enum" && (prev == "{" || prev == ","):
					d.fns = append(d.fns, crateFn{owner: b.owner, name: t.text})
					if i+1 < len(toks) && toks[i+1].text == "{" {
						pending, pendingOwner = "struct", b.owner // a variant's fields
					}
				case b.kind == "struct" && i+1 < len(toks) && toks[i+1].text == ":" && (i+2 >= len(toks) || toks[i+2].text != ":") && prev != ":":
					j := i + 2
					for depth := 0; j < len(toks); j++ {
						if tx := toks[j].text; !toks[j].str && (tx == "<" || tx == "(" || tx == "[") {
							depth++
						} else if !toks[j].str && (tx == ">" || tx == ")" || tx == "]") {
							depth--
						} else if !toks[j].str && (tx == "," || tx == "}") && depth <= 0 {
							break
						}
					}
					d.fns = append(d.fns, crateFn{owner: b.owner, name: t.text, types: typeNames(i+2, j)})
				}
			}
		}
		prev = t.text
	}
	return d
}

// implHeader reads an impl block's header from toks[i] (after `impl`) to
// its `{`: the trait's last path segment ("" for an inherent impl) and
// the type's, and the index of the `{`.
func implHeader(toks []token, i int) (h [2]string, brace int, ok bool) {
	angle := 0
	if i < len(toks) && toks[i].text == "<" {
		for ; i < len(toks); i++ {
			switch toks[i].text {
			case "<":
				angle++
			case ">":
				angle--
			}
			if angle == 0 {
				i++
				break
			}
		}
	}
	last, trait := "", ""
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.str {
			continue
		}
		switch t.text {
		case "<":
			angle++
		case ">":
			if i > 0 && toks[i-1].text == "-" {
				continue // ->
			}
			angle--
		case "{", ";":
			if angle == 0 {
				return [2]string{trait, last}, i, t.text == "{"
			}
		case "for":
			if angle == 0 {
				trait, last = last, ""
			}
		case "where":
			if angle == 0 {
				for ; i < len(toks) && toks[i].text != "{" && toks[i].text != ";"; i++ {
				}
				return [2]string{trait, last}, i, i < len(toks) && toks[i].text == "{"
			}
		default:
			if angle == 0 && isIdentByte(t.text[0]) && t.text != "dyn" && t.text != "mut" && t.text != "const" && t.text != "unsafe" {
				last = t.text
			}
		}
	}
	return h, i, false
}

// Summarize (extract.Selective): one declaration a line: "d name",
// "f Owner name Type…" ("-" for no owner), "i Trait Type" ("-" for no
// trait), "g".
// Once every crate located has its module tree (none is read whole: a
// path dependency, a crate without src/lib.rs), Select takes the
// declarations of the files a dependent reaches from the module tree,
// which lexed them: Summarize scans nothing, and its summary says so
// (`u`). A file so summarized that Select still reads without the module
// tree's (an include!d one, or a summary kept from another host) is read
// whole.
func (d *rustDeps) Summarize(content []byte) []byte {
	if d.allPruned() {
		return []byte(unscannedLine)
	}
	return summarize(lex(content))
}

// unscannedLine is the summary of a file Summarize did not scan.
const unscannedLine = "u\n"

// allPruned: some crate's module tree was read, and every one keeps a
// part of its crate.
func (d *rustDeps) allPruned() bool {
	d.treesDone()
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.reached) > 0 && !d.wholeCrate
}

func encodeCrateDecls(s crateDecls) []byte {
	var b []byte
	line := func(fields ...string) { // written field by field: no string built per line
		for i, f := range fields {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, f...)
		}
		b = append(b, '\n')
	}
	for _, n := range s.names {
		line("d", n)
	}
	for _, f := range s.fns {
		b = append(b, "f "...)
		b = append(b, extract.SummaryField(f.owner)...)
		b = append(b, ' ')
		b = append(b, f.name...)
		for _, t := range f.types {
			b = append(b, ' ')
			b = append(b, t...)
		}
		b = append(b, '\n')
	}
	for _, h := range s.impls {
		line("i", extract.SummaryField(h[0]), h[1])
	}
	for _, a := range s.aliases {
		line("a", a[0], a[1])
	}
	if s.glob {
		line("g")
	}
	return b
}

func decodeCrateDecls(b []byte) crateDecls {
	var d crateDecls
	var buf [6]string
	for rest := string(b); rest != ""; {
		var l string
		l, rest, _ = strings.Cut(rest, "\n")
		f := summaryFields(l, buf[:0])
		switch {
		case len(f) == 2 && f[0] == "d":
			d.names = append(d.names, f[1])
		case len(f) >= 3 && f[0] == "f":
			fn := crateFn{owner: extract.FromSummaryField(f[1]), name: f[2]}
			if len(f) > 3 {
				fn.types = slices.Clone(f[3:])
			}
			d.fns = append(d.fns, fn)
		case len(f) == 3 && f[0] == "i":
			d.impls = append(d.impls, [2]string{extract.FromSummaryField(f[1]), f[2]})
		case len(f) == 3 && f[0] == "a":
			d.aliases = append(d.aliases, [2]string{f[1], f[2]})
		case len(f) == 1 && f[0] == "g":
			d.glob = true
		case len(f) == 1 && f[0] == "u":
			d.unscanned = true
		case len(f) == 6 && f[0] == "r":
			if it, ok := decodeItem(f[1:]); ok {
				d.items = append(d.items, it)
			}
		}
	}
	return d
}

// summaryFields appends a summary line's space-separated fields to f (a
// line Summarize wrote: single spaces, none leading). Its slices share
// the line's bytes: decoding the many item lines of a large crate (winapi)
// allocates nothing per field.
func summaryFields(l string, f []string) []string {
	for l != "" {
		var field string
		field, l, _ = strings.Cut(l, " ")
		if field != "" {
			f = append(f, field)
		}
	}
	return f
}

// alwaysNamed are traits a method call resolves through without the
// worktree naming them (auto-deref).
var alwaysNamed = map[string]bool{"Deref": true, "DerefMut": true}

// Select (extract.Selective): see the top of this file; a file the module
// tree does not reach (it extracts to nothing) is not read. The wanted types
// are those the worktree names and, to a fixed point, those the signature
// of a wanted function states: a free function the worktree names, or a
// member it names of a wanted type (to_value(…)?.as_object() names
// neither Value nor a variable's type, but to_value returns a Value).
func (d *rustDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	decls := d.decodeDirs(dirs)
	w := newCrateWants(decls, names)
	read := d.selectFiles(dirs, decls, w)
	out := make([][]extract.Selection, len(dirs))
	for i, files := range read {
		out[i] = make([]extract.Selection, len(files))
		var dead map[string][]extract.Span
		if dirs[i].Pkg < len(d.pkgs) {
			dead = d.crateReach(dirs[i].Pkg).dead
		}
		for j, r := range files {
			if r {
				var keep []extract.Span // an unscanned file: all of it
				if !decls[i][j].unscanned {
					keep = keptSpans(decls[i][j].items, w.keepItem)
				}
				out[i][j] = extract.Selection{Read: true, Keep: withoutSpans(keep, dead[srcRel(dirs[i].Place, dirs[i].Files[j])])}
			}
		}
	}
	return out
}

// reachedFile: a dependent reaches file of dir (reachable; every file of
// a crate read whole).
func (d *rustDeps) reachedFile(dir extract.SelectDir, file string) bool {
	if dir.Pkg >= len(d.pkgs) {
		return true
	}
	reached := d.reach(dir.Pkg)
	rel := srcRel(dir.Place, file)
	k := sort.SearchStrings(reached, rel)
	return reached == nil || k < len(reached) && reached[k] == rel
}

// srcRel is a file of a place relative to the crate's src: the places
// are "..." and "lib.rs".
func srcRel(place, file string) string {
	if place != "..." && place != "lib.rs" {
		return path.Join(strings.TrimSuffix(place, "/..."), file)
	}
	return file
}

// decodeDirs is the declarations of the files of dirs a dependent
// reaches: the module tree's, else their summaries'. What the others
// declare is no dependent's to name.
func (d *rustDeps) decodeDirs(dirs []extract.SelectDir) [][]crateDecls {
	decls := make([][]crateDecls, len(dirs))
	for i, dir := range dirs {
		decls[i] = make([]crateDecls, len(dir.Files))
		var tree map[string]crateDecls
		if dir.Pkg < len(d.pkgs) {
			tree = d.crateReach(dir.Pkg).decls
		}
		for j, f := range dir.Files {
			if !d.reachedFile(dir, f) {
				continue
			}
			if x, ok := tree[srcRel(dir.Place, f)]; ok {
				decls[i][j] = x
			} else if j < len(dir.Summaries) {
				decls[i][j] = decodeCrateDecls(dir.Summaries[j])
			}
		}
	}
	return decls
}

// crateWants is what the worktree wants of the crates read.
type crateWants struct {
	names   extract.Names
	aliased map[string]bool // re-exported `as` a name the worktree names
	added   map[string]bool // types a wanted function's signature states
	// viaImpl are the types and traits an item read needs beyond those:
	// a type with a named member (`packed::Config::new()` names new, not
	// Config), the traits a wanted type implements (its impl blocks are
	// read) and the types the named members of those traits state.
	viaImpl map[string]bool
}

func (w *crateWants) named(n string) bool  { return w.aliased[n] || w.names.Named(n) }
func (w *crateWants) wanted(t string) bool { return w.added[t] || w.named(t) }

// member: a named free function, or a named member of a wanted type.
func (w *crateWants) member(f crateFn) bool {
	return w.named(f.name) && (f.owner == "" || w.wanted(f.owner))
}

// keepItem says whether an item of a file read is read.
func (w *crateWants) keepItem(it crateItem) bool {
	switch it.kind {
	case itemFn:
		return w.named(it.name)
	case itemType:
		return w.wanted(it.name) || w.viaImpl[it.name]
	case itemImpl:
		return w.wanted(it.name) || w.viaImpl[it.name]
	case itemSyntax:
		return false
	}
	return true
}

// newCrateWants closes the names over re-exports and signatures, then
// the items over the impls of what they keep, each to a fixed point.
func newCrateWants(decls [][]crateDecls, names extract.Names) *crateWants {
	w := &crateWants{names: names, aliased: map[string]bool{}, added: map[string]bool{}, viaImpl: map[string]bool{}}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			for _, x := range fd {
				for _, a := range x.aliases {
					if !w.aliased[a[0]] && w.named(a[1]) {
						w.aliased[a[0]], changed = true, true
					}
				}
				for _, f := range x.fns {
					if !w.member(f) {
						continue
					}
					for _, t := range f.types {
						if !w.wanted(t) {
							w.added[t], changed = true, true
						}
					}
				}
			}
		}
	}
	kept := func(t string) bool { return w.wanted(t) || w.viaImpl[t] }
	for _, fd := range decls {
		for _, x := range fd {
			for _, f := range x.fns {
				if f.owner != "" && w.named(f.name) {
					w.viaImpl[f.owner] = true
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			for _, x := range fd {
				for _, h := range x.impls {
					if h[0] != "" && kept(h[1]) && !kept(h[0]) {
						w.viaImpl[h[0]], changed = true, true
					}
				}
				for _, f := range x.fns {
					if f.owner == "" || !w.viaImpl[f.owner] || !w.named(f.name) {
						continue
					}
					for _, t := range f.types {
						if !kept(t) {
							w.viaImpl[t], changed = true, true
						}
					}
				}
			}
		}
	}
	return w
}

// selectFiles is which files Select reads.
func (d *rustDeps) selectFiles(dirs []extract.SelectDir, decls [][]crateDecls, w *crateWants) [][]bool {
	keep := make([][]bool, len(dirs))
	for i, dir := range dirs {
		keep[i] = make([]bool, len(dir.Files))
		for j, f := range dir.Files {
			x := decls[i][j]
			if !d.reachedFile(dir, f) {
				continue
			}
			keep[i][j] = f == "lib.rs" || x.glob || x.unscanned || slices.ContainsFunc(x.names, w.named) || slices.ContainsFunc(x.fns, w.member) ||
				slices.ContainsFunc(x.impls, func(h [2]string) bool {
					return h[0] != "" && (w.named(h[0]) || alwaysNamed[h[0]]) && w.wanted(h[1])
				})
		}
	}
	return keep
}

var _ extract.Selective = (*rustDeps)(nil)
