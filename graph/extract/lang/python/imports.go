package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// importItem is one imported module or name of an import statement.
type importItem struct {
	node   int32  // the dotted_name, aliased_import or wildcard_import
	path   string // absolute dotted module path, or the relative path as written
	symbol string // imported name; "*" for a star import; "" for `import m`
	alias  string
	local  string // the name the import binds; "" for a star import
	target string // what local refers to; "" when unresolvable
	ref    string // qualified name of the use ref; "" when unresolvable
}

// importItems calls fn for each item of an import, import-from or
// __future__ import statement, in source order.
func (w *walker) importItems(stmt int32, fn func(importItem)) {
	x, t := w.x, w.t
	if t.Nodes[stmt].Kind == x.importStmt {
		for c := range t.Kids(stmt) {
			if t.Nodes[c].Field == x.fName {
				fn(w.moduleItem(c))
			}
		}
		return
	}
	path, resolved := "__future__", true
	if m := t.Child(stmt, x.fModuleName); m != noNode {
		path, resolved = w.modulePath(m)
	}
	for c := range t.Kids(stmt) {
		switch {
		case t.Nodes[c].Kind == x.wildcard:
			fn(importItem{node: c, path: path, symbol: "*"})
		case t.Nodes[c].Field == x.fName:
			fn(w.fromItem(c, path, resolved))
		}
	}
}

// moduleItem is `import a.b` (binds a) or `import a.b as c` (binds c).
func (w *walker) moduleItem(c int32) importItem {
	name, alias := w.splitAlias(c)
	it := importItem{node: c, path: name, alias: alias, local: alias, target: name, ref: name}
	if alias == "" {
		it.local, _, _ = strings.Cut(name, ".")
		it.target = it.local
	}
	return it
}

// fromItem is `from path import name [as alias]`.
func (w *walker) fromItem(c int32, path string, resolved bool) importItem {
	name, alias := w.splitAlias(c)
	it := importItem{node: c, path: path, symbol: name, alias: alias, local: alias}
	if it.local == "" {
		it.local = name
	}
	if resolved {
		it.target = path + "." + name
		it.ref = it.target
	}
	return it
}

// bindImport records what an import binds in sc; at module level, a star
// import's module, and for `import a.b` the module paths a and a.b.
func (w *walker) bindImport(it importItem, sc *scope) {
	switch {
	case it.local != "":
		sc.bind(it.local, binding{kind: bindImport, target: it.target})
	case it.symbol == "*" && sc.kind == scopeModule && it.path != "" && !strings.HasPrefix(it.path, "."):
		w.stars = append(w.stars, it.path)
	}
	if it.symbol != "" || it.path == "" {
		return
	}
	if w.modules == nil {
		w.modules = make(map[string]bool)
	}
	for p := it.path; ; {
		w.modules[p] = true
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
}

// splitAlias reads a dotted_name or an aliased_import.
func (w *walker) splitAlias(c int32) (name, alias string) {
	x, t := w.x, w.t
	if t.Nodes[c].Kind != x.aliasedImport {
		return w.dotted(c), ""
	}
	if a := t.Child(c, x.fAlias); a != noNode {
		alias = t.Text(a)
	}
	if n := t.Child(c, x.fName); n != noNode {
		name = w.dotted(n)
	}
	return name, alias
}

// modulePath reads the module of a from-import. A relative module is
// resolved against the file's package; when it climbs above the root it is
// kept as written and reported unresolved.
func (w *walker) modulePath(m int32) (string, bool) {
	x, t := w.x, w.t
	if t.Nodes[m].Kind != x.relImport {
		return w.dotted(m), true
	}
	dots, mod := 0, ""
	for c := range t.Kids(m) {
		switch t.Nodes[c].Kind {
		case x.importPrefix:
			dots = len(t.Raw(c))
		case x.dottedName:
			mod = w.dotted(c)
		}
	}
	if abs, ok := resolveRelative(w.pkg, dots, mod); ok {
		return abs, true
	}
	return strings.Repeat(".", dots) + mod, false
}

// dotted joins the identifiers of a dotted_name with single dots, dropping
// any whitespace or comments written between them.
func (w *walker) dotted(i int32) string {
	t := w.t
	switch {
	case t.Nodes[i].Kind == w.x.identifier:
		return t.Text(i)
	case t.Nodes[i].SubEnd == i+2:
		return t.Text(i + 1)
	}
	var b strings.Builder
	for c := range t.Kids(i) {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(t.Raw(c))
	}
	return b.String()
}

// imports emits the records of an import statement: one RawImport and one
// use ref per item (none for a star import).
func (w *walker) imports(stmt int32, sc *scope) {
	w.importItems(stmt, func(it importItem) {
		if it.path == "" || it.symbol == "" && it.local == "" {
			return // a name missing from broken code
		}
		sp := w.t.Span(it.node)
		w.out.Imports = append(w.out.Imports, extract.RawImport{Path: it.path, Symbol: it.symbol, Alias: it.alias, Span: sp})
		w.importFacts(it, sp, sc)
		if it.symbol == "*" {
			return
		}
		name := it.symbol
		if name == "" {
			name = lastSegment(it.path)
		}
		w.addRef(sp, lastSegment(name), it.ref, extract.RefUse)
	})
}
