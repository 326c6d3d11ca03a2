package rust

import (
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Facts (RESOLUTION.md) are the type evidence this file's declarations
// state for receivers elsewhere: what a function returns, what type a
// field or static has, what a `pub use` re-exports. A type counts only
// when it is a plain path type, through references (Self as the impl's
// type), so Option, Result, Vec and generic parameters state nothing.
// Unlike a variable's written type, a fact's type is not read through
// generic arguments: a declaration's Wrapper<T> is as often an
// anyhow::Result, an Arc or a crate's Result alias as a type with methods.

func (w *walker) addFact(kind extract.FactKind, subject, member, object string, sp extract.Span) {
	w.out.Facts = append(w.out.Facts, extract.RawFact{
		Kind: kind, Subject: subject, Member: member, Object: object, Span: sp})
}

// returnsFact states that function fn returns the type written at typ.
func (w *walker) returnsFact(fn string, typ int32, sp extract.Span, sc *scope) {
	if q := w.factType(typ, sc); q != "" {
		w.addFact(extract.FactReturns, fn, "", q, sp)
	}
}

// typeFact states that subject (with member, its field member) has the
// type written at typ.
func (w *walker) typeFact(subject, member string, typ int32, sp extract.Span, sc *scope) {
	if q := w.factType(typ, sc); q != "" {
		w.addFact(extract.FactType, subject, member, q, sp)
	}
}

// factType is the candidate of a plain path type written at typ (through
// references), or "".
func (w *walker) factType(typ int32, sc *scope) string {
	x, t := w.x, w.t
	inner := typ
	for inner != noNode && t.Nodes[inner].Kind == x.referenceType {
		inner = t.Child(inner, x.fType)
	}
	if k := t.Kind(inner); k != x.typeIdent && k != x.scopedTypeIdent {
		return ""
	}
	return w.typeCandidate(inner, sc)
}

// fieldFacts states the types of a struct's or union's named fields.
func (w *walker) fieldFacts(owner string, list int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(list) {
		if t.Nodes[c].Kind != x.fieldDecl {
			continue
		}
		if n := t.Child(c, x.fName); n != noNode && !t.empty(n) {
			w.typeFact(owner, t.Text(n), t.Child(c, x.fType), t.Span(c), sc)
		}
	}
}

// aliasFact states what a module-level `pub use` leaf re-exports: the
// name it binds in the module is another name for its path, and a glob
// makes every name of the module possibly one of the path's.
func (w *walker) aliasFact(l useLeaf, sp extract.Span, sc *scope) {
	switch {
	case l.glob:
		// Several globs of one module (each under its own cfg, or names
		// split between them) are one fact whose candidates pass 2 tries
		// in order: the first that defines the name is where it comes from.
		// A dependency crate's glob of its own module brings that
		// module's globs too (depCrate.globs).
		paths := []string{l.path}
		if c, ok := w.where.Own.(depCrate); ok {
			if all := strings.Split(c.globs[sc.mod], "\n"); slices.Contains(all, l.path) {
				paths = all
			}
		}
		for k := range w.out.Facts {
			f := &w.out.Facts[k]
			if f.Kind == extract.FactAlias && f.Subject == sc.mod && f.Member == "*" {
				for _, p := range paths {
					if !slices.Contains(strings.Split(f.Object, "\n"), p) {
						f.Object += "\n" + p
					}
				}
				return
			}
		}
		w.addFact(extract.FactAlias, sc.mod, "*", strings.Join(paths, "\n"), sp)
	case l.local != "" && l.local != "_" && l.local != "self":
		w.addFact(extract.FactAlias, join(sc.mod, l.local), "", l.path, sp)
	}
}

// reexports reports a use declaration with a visibility (pub, pub(crate))
// written directly in a module.
func (w *walker) reexports(decl int32, sc *scope) bool {
	if sc.kind != scopeModule {
		return false
	}
	for c := range w.t.Kids(decl) {
		if w.t.Nodes[c].Kind == w.x.visibility {
			return true
		}
	}
	return false
}
