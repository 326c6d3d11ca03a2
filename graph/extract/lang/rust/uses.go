package rust

import "github.com/orbitgraph/orbit/graph/extract"

// useLeaf is one imported path of a use tree.
type useLeaf struct {
	node  int32  // the leaf: a path, `self`, a use_as_clause or a use_wildcard
	path  string // the full path, expanded (see expandUse); the module of a glob
	name  string // the last segment as written
	local string // the name the leaf binds; "" for a glob, "_" for `as _`
	alias string
	glob  bool
}

// useLeaves calls fn for each leaf of a use declaration, in source order.
func (w *walker) useLeaves(decl int32, sc *scope, fn func(useLeaf)) {
	arg := w.t.Child(decl, w.x.fArgument)
	if arg == noNode {
		return
	}
	w.useTree(arg, nil, false, sc, fn)
}

// useTree walks a use tree under the path prefix (its segments as written;
// abs for a leading ::).
func (w *walker) useTree(i int32, prefix [][]byte, abs bool, sc *scope, fn func(useLeaf)) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.useList:
		for c := range t.Kids(i) {
			w.useTree(c, prefix, abs, sc, fn)
		}
	case x.scopedUseList:
		if p := t.Child(i, x.fPath); p != noNode {
			if !w.pathSegs(p) {
				return
			}
			if len(prefix) == 0 {
				abs = w.abs
			}
			prefix = append(prefix[:len(prefix):len(prefix)], w.segs...)
		} else if len(prefix) == 0 {
			abs = true // use ::{a, b}
		}
		if l := t.Child(i, x.fList); l != noNode {
			w.useTree(l, prefix, abs, sc, fn)
		}
	case x.useWildcard:
		segs := prefix
		if p := t.FirstKid(i); p != noNode {
			if !w.pathSegs(p) {
				return
			}
			if len(prefix) == 0 {
				abs = w.abs
			}
			segs = append(prefix[:len(prefix):len(prefix)], w.segs...)
		}
		if len(segs) > 0 {
			fn(useLeaf{node: i, path: w.expandUse(segs, abs, sc), glob: true})
		}
	case x.useAs:
		p, a := t.Child(i, x.fPath), t.Child(i, x.fAlias)
		if p == noNode || a == noNode {
			return
		}
		if l, ok := w.usePath(i, p, prefix, abs, sc); ok {
			l.alias = t.Text(a)
			l.local = l.alias
			fn(l)
		}
	default:
		if l, ok := w.usePath(i, i, prefix, abs, sc); ok {
			fn(l)
		}
	}
}

// usePath makes the leaf for path p (written at node leaf) under prefix.
// A `self` leaf imports the prefix itself.
func (w *walker) usePath(leaf, p int32, prefix [][]byte, abs bool, sc *scope) (useLeaf, bool) {
	var segs [][]byte
	if w.t.Nodes[p].Kind == w.x.self && len(prefix) > 0 {
		segs = prefix
	} else {
		if !w.pathSegs(p) {
			return useLeaf{}, false
		}
		if len(prefix) == 0 {
			abs = w.abs
		}
		segs = append(prefix[:len(prefix):len(prefix)], w.segs...)
	}
	name := string(segs[len(segs)-1])
	if n := len(segs); n >= 2 && isUpper(segs[n-1]) && isUpper(segs[n-2]) {
		// Only an enum's variants can be imported from a type
		// (`use syn::Meta::Path`): the name stands for the enum, as
		// Type::Variant does in a path.
		segs = segs[:n-1]
	}
	return useLeaf{node: leaf, path: w.expandUse(segs, abs, sc), name: name, local: name}, true
}

// useDecl emits a use declaration's imports, one use ref per named leaf
// and, for a `pub use`, alias facts; the names it binds were bound by
// collect.
func (w *walker) useDecl(i int32, sc *scope) {
	reexport := w.reexports(i, sc)
	w.useLeaves(i, sc, func(l useLeaf) {
		if l.path == "" {
			return
		}
		sp := w.t.Span(l.node)
		if reexport {
			w.aliasFact(l, sp, sc)
		}
		if l.glob {
			w.out.Imports = append(w.out.Imports, extract.RawImport{Path: l.path, Symbol: "*", Span: sp})
			return
		}
		w.out.Imports = append(w.out.Imports, extract.RawImport{Path: l.path, Alias: l.alias, Span: sp})
		w.addRef(sp, l.name, l.path, extract.RefUse)
	})
}
