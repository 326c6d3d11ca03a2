package java

import "github.com/orbitgraph/orbit/graph/extract"

// chain is what an expression evaluates to, as a Receiver chain
// (RESOLUTION.md) and the alternatives of its first element; recv is nil
// when the file gives no evidence.
type chain struct {
	recv, alts []string
}

// then is c followed by steps, in a new slice: chains are shared by
// variables and frames, so they are never appended to in place.
func (c chain) then(steps ...string) chain {
	if c.recv == nil {
		return chain{}
	}
	r := make([]string, 0, len(c.recv)+len(steps))
	return chain{recv: append(append(r, c.recv...), steps...), alts: c.alts}
}

// target is where a ref points: a candidate and its alternatives, or a
// receiver chain whose member Name is (then alts belong to recv[0]).
type target struct {
	q          string
	alts, recv []string
}

// typeChain is the chain of a declared type: its candidate, with
// generics erased; arrays, primitives, type parameters and `var` give none.
func (w *walker) typeChain(ty int32) chain {
	q, alts := w.typeCandidate(ty)
	if q == "" {
		return chain{}
	}
	return chain{recv: []string{q}, alts: alts}
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
			return chain{recv: []string{q}, alts: alts}, true
		}
		if w.t.Kind(obj) == kinds.ident {
			return chain{}, false // an inherited field, a package: not in view
		}
	case kinds.super:
		if fr := w.innermostClass(); fr != nil {
			return chain{recv: fr.superRecv, alts: fr.superAlts}, false
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
			return chain{recv: fr.self}
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
		if f < 0 || t.Kind(f) != kinds.ident {
			return chain{}
		}
		c, _ := w.object(t.FirstKid(e))
		return c.then(t.Text(f))
	case kinds.call:
		return w.callResult(e)
	}
	return chain{}
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
	if tg.recv != nil {
		return chain{recv: tg.recv, alts: tg.alts}.then(t.Text(name), extract.CallResult)
	}
	if tg.q == "" {
		return chain{}
	}
	return chain{recv: []string{tg.q, extract.CallResult}, alts: tg.alts}
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
		return target{q: c.recv[0] + "." + string(nm), alts: suffixed(c.alts, "."+string(nm))}
	}
	return target{recv: c.recv, alts: c.alts}
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
			return target{recv: fr.self}
		}
	}
	if q, ok := w.statics[string(name)]; ok {
		return target{q: q}
	}
	fr := w.innermostClass()
	if fr == nil {
		return target{}
	}
	if !fr.supers && len(w.staticOnDemand) > 0 {
		alts := prefixed(w.staticOnDemand, string(name))
		if len(alts) == 1 {
			return target{q: alts[0]}
		}
		return target{q: alts[0], alts: alts[1:]}
	}
	return target{recv: fr.self}
}

// suffixed is a+suffix for each a.
func suffixed(list []string, suffix string) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a + suffix
	}
	return out
}
