package ruby

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// isConstChain reports whether i is a constant path: Foo, Foo::Bar, ::Foo.
func (w *walker) isConstChain(i int32) bool {
	_, _, ok := w.constPath(i)
	return ok
}

// constPath is a constant path as written, "::"-joined without a leading
// "::" (abs reports one). ok is false when a scope is not a constant
// (obj.class::X).
func (w *walker) constPath(i int32) (path string, abs, ok bool) {
	t := w.t
	switch t.Kind(i) {
	case kinds.constant:
		return t.Text(i), false, t.Nodes[i].End > t.Nodes[i].Start
	case kinds.scopeRes:
		nm := t.Child(i, fields.name)
		if t.Kind(nm) != kinds.constant || t.Nodes[nm].End == t.Nodes[nm].Start {
			return "", false, false
		}
		sc := t.Child(i, fields.scope)
		if sc < 0 {
			return t.Text(nm), true, true
		}
		if _, abs, ok = w.constPath(sc); !ok {
			return "", false, false
		}
		path = strings.TrimPrefix(t.Text(i), "::")
		if strings.ContainsAny(path, " \t\r\n\\") { // Foo:: Bar, split lines
			path = strings.Join(strings.Fields(strings.ReplaceAll(path, "\\", " ")), "")
		}
		return path, abs, true
	}
	return "", false, false
}

// constRef emits a type ref for a constant path, named by its last
// constant, and returns its pending candidate (-1 when there is none: a
// scope that is not a constant is walked and the name kept alone).
func (w *walker) constRef(i int32) int {
	t := w.t
	path, abs, ok := w.constPath(i)
	if !ok {
		nm := t.Child(i, fields.name)
		for c := range t.Kids(i) {
			if c != nm {
				w.walk(c)
			}
		}
		if nm >= 0 {
			w.addRef(nm, extract.RefType, t.Text(nm), "")
		}
		return -1
	}
	last := i
	if t.Nodes[i].Kind == kinds.scopeRes {
		last = t.Child(i, fields.name)
	}
	ref := w.addRef(last, extract.RefType, t.Text(last), "")
	w.consts = append(w.consts, pendingConst{ref: ref, rel: -1, cref: w.cref, path: path, abs: abs})
	return len(w.consts) - 1
}

// relation emits a ref and a relation of kind from the class or module
// `from` to the constant at i.
func (w *walker) relation(i int32, from string, kind extract.RelationKind) {
	p := w.constRef(i)
	if p < 0 {
		return
	}
	w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, Kind: kind, Span: w.t.Span(i)})
	w.consts[p].rel = len(w.out.Relations) - 1
}

// mixins handles include, prepend and extend in a class or module body
// (Object at the top level). Of the three relation kinds, include and
// prepend read as implements (the module's methods become the class's
// instance interface, as Java's implements); extend adds them to the
// object's singleton class, which reads best as impl (Rust's `impl Trait
// for Type`: the type gains the trait's methods); extends stays the
// superclass. Arguments that are not constants (extend self) are walked.
func (w *walker) mixins(name string, args int32) {
	kind := extract.RelImplements
	if name == "extend" {
		kind = extract.RelImpl
	}
	for a := range w.t.Kids(args) {
		if w.isConstChain(a) {
			w.relation(a, w.owner(), kind)
		} else {
			w.walk(a)
		}
	}
}
