package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// chain and target are the JVM extractors' receiver chain and ref target.
type (
	chain  = jvm.Chain
	target = jvm.Target
)

// typeChain is the chain of a declared type: its candidate, with
// generics erased; arrays, primitives, type parameters and `var` give none.
func (w *walker) typeChain(ty int32) chain {
	q, alts := w.typeCandidate(ty)
	if q == "" {
		return chain{}
	}
	return chain{Recv: []string{q}, Alts: alts}
}

// object is the receiver of a member access obj.name: the chain of a
// value, or a type (isType) when obj names one, for a static member.
func (w *walker) object(obj int32) (c chain, isType bool) {
	switch w.t.Kind(obj) {
	case kinds.ident, kinds.fieldAccess:
		if w.t.Kind(obj) == kinds.ident {
			if v := w.lookupVar(w.t.Raw(obj)); v != nil {
				return v.value, false
			}
		}
		if q, alts, ok := w.staticTarget(obj); ok {
			return chain{Recv: []string{q}, Alts: alts}, true
		}
		if w.t.Kind(obj) == kinds.ident {
			return w.inheritedField(w.t.Text(obj)), false
		}
	case kinds.super:
		if fr := w.innermostClass(); fr != nil {
			return chain{Recv: fr.superRecv, Alts: fr.superAlts}, false
		}
		return chain{}, false
	}
	return w.value(obj), false
}

// value is the chain of an expression: this, a variable, a field access,
// a call's result, new T(…), a cast; anything else gives none.
func (w *walker) value(e int32) chain {
	t := w.t
	switch t.Kind(e) {
	case kinds.this:
		if fr := w.innermostClass(); fr != nil {
			return chain{Recv: fr.self}
		}
	case kinds.ident:
		if v := w.lookupVar(t.Raw(e)); v != nil {
			return v.value
		}
	case kinds.parenExpr:
		return w.value(t.FirstKid(e))
	case kinds.castExpr, kinds.newExpr:
		return w.typeChain(t.Child(e, fields.typ))
	case kinds.fieldAccess:
		f := t.Child(e, fields.field)
		if f >= 0 && t.Kind(f) == kinds.this { // Outer.this
			if c, isType := w.object(t.FirstKid(e)); isType {
				return c
			}
			return chain{}
		}
		if f < 0 || t.Kind(f) != kinds.ident {
			return chain{}
		}
		c, _ := w.object(t.FirstKid(e))
		return c.Then(t.Text(f))
	case kinds.call:
		return w.callResult(e)
	}
	return chain{}
}

// inheritedField is the chain of a name that no variable, field or type in
// view declares: a field inherited by an enclosing class. It is [C, name]
// for the innermost enclosing class C that extends or implements
// something (an anonymous class stands for the type it instantiates), the
// classes around it being alternative roots; none when no enclosing class
// has a supertype.
func (w *walker) inheritedField(name string) chain {
	var roots []string
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if !fr.class || !fr.supers {
			continue
		}
		switch {
		case len(fr.self) > 0:
			roots = append(roots, fr.self[0])
		case len(fr.superRecv) > 0:
			roots = append(roots, fr.superRecv[0])
			roots = append(roots, fr.superAlts...)
		}
	}
	if len(roots) == 0 {
		return chain{}
	}
	return chain{Recv: []string{roots[0], name}, Alts: roots[1:]}
}

// callResult is the chain of a call's result: the call's own target
// followed by "()".
func (w *walker) callResult(call int32) chain {
	t := w.t
	name := t.Child(call, fields.name)
	if name < 0 {
		return chain{}
	}
	tg := w.callRef(t.Child(call, fields.object), name)
	if tg.Recv != nil {
		return chain{Recv: tg.Recv, Alts: tg.Alts}.Then(t.Text(name), extract.CallResult)
	}
	if tg.Q == "" {
		return chain{}
	}
	return chain{Recv: []string{tg.Q, extract.CallResult}, Alts: tg.Alts}
}

// callRef is the target of calling name on obj (noNode when unqualified):
// a static method of a type names it, a value with evidence gives a
// receiver, anything else is name-only.
func (w *walker) callRef(obj, name int32) target {
	nm := w.t.Raw(name)
	if obj < 0 {
		return w.bareCall(nm)
	}
	c, isType := w.object(obj)
	if isType {
		return target{Q: c.Recv[0] + "." + string(nm), Alts: jvm.Suffixed(c.Alts, "."+string(nm))}
	}
	if q, alts := w.capsType(obj); q != "" {
		if c.Recv == nil {
			return target{Q: q + "." + string(nm), Alts: jvm.Suffixed(alts, "."+string(nm))}
		}
		// An inherited constant first, else the type.
		return target{Recv: c.Recv, Alts: c.Alts, Q: q + "." + string(nm)}
	}
	return target{Recv: c.Recv, Alts: c.Alts}
}

// capsType is the type an ALL_CAPS name nothing in view declares may be
// (ASCII, UUID: a type of this package or of an on-demand import), which
// a call on it falls back to when no inherited field has that name.
func (w *walker) capsType(obj int32) (q string, alts []string) {
	if w.t.Kind(obj) != kinds.ident {
		return "", nil
	}
	name := w.t.Raw(obj)
	if len(name) < 2 || name[0] < 'A' || name[0] > 'Z' || jvm.IsUpperCamel(name) || w.lookupVar(name) != nil {
		return "", nil
	}
	if _, found := w.lookupType(name); found {
		return "", nil
	}
	return jvm.Join(w.pkg, string(name)), w.onDemand(string(name))
}

// bareCall is the target of an unqualified call m(): the innermost
// enclosing class that declares m, else a single static import of m,
// else the innermost class itself (m may be inherited). A class that
// extends nothing cannot inherit m, so then the static on-demand imports
// are the candidates.
func (w *walker) bareCall(name []byte) target {
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if _, ok := fr.methods[string(name)]; ok && fr.class {
			return target{Recv: fr.self}
		}
	}
	if q, ok := w.statics[string(name)]; ok {
		return target{Q: q}
	}
	fr := w.innermostClass()
	if fr == nil {
		return target{}
	}
	if !fr.supers && len(w.staticOnDemand) > 0 {
		alts := jvm.Prefixed(w.staticOnDemand, string(name))
		if len(alts) == 1 {
			return target{Q: alts[0]}
		}
		return target{Q: alts[0], Alts: alts[1:]}
	}
	return target{Recv: fr.self}
}
