package kotlin

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// chain and target are the JVM extractors' receiver chain and ref target.
type (
	chain  = jvm.Chain
	target = jvm.Target
)

// typeChain is the chain of a declared type: its candidate without type
// arguments or "?"; function types and type parameters give none.
func (w *walker) typeChain(ty int32) chain {
	if w.t.Kind(ty) == kinds.nullableType {
		ty = w.t.FirstKid(ty)
	}
	if w.t.Kind(ty) != kinds.userType {
		return chain{}
	}
	q, alts := w.typeCandidate(ty)
	if q == "" {
		return chain{}
	}
	return chain{Recv: []string{q}, Alts: alts}
}

// object is the receiver of a member access recv.f: the chain of a value,
// or a type or object (isType) named for a static, object or companion
// member.
func (w *walker) object(recv int32) (c chain, isType bool) {
	switch w.t.Kind(recv) {
	case kinds.ident, kinds.navigation:
		if v, ok := w.valueName(recv); ok {
			return v, false
		}
		if segs, ok := w.segments(recv); ok {
			if q, alts, ok := w.staticTarget(segs); ok {
				return chain{Recv: []string{q}, Alts: alts}, true
			}
		}
		if w.t.Kind(recv) == kinds.ident {
			return chain{}, false
		}
	}
	return w.value(recv), false
}

// valueName is the chain of a name used as a value, when the file binds
// it: a local, a property of an enclosing class or its companion, a
// top-level property of the file. ok is false for other names.
func (w *walker) valueName(i int32) (chain, bool) {
	if w.t.Kind(i) != kinds.ident {
		return chain{}, false
	}
	name := w.t.Raw(i)
	if l, ok := w.findLocal(name); ok {
		return l.value, true
	}
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if !fr.class || fr.info == nil {
			continue
		}
		if fr.info.hasProp(name) {
			return chain{Recv: fr.self}.Then(string(name)), true
		}
		if c := fr.info.companion; c != nil && c.hasProp(name) && fr.info.companionQ != "" {
			return chain{Recv: []string{fr.info.companionQ, string(name)}}, true
		}
	}
	if _, ok := w.fileProps[string(name)]; ok {
		return chain{Recv: []string{w.fileFuncs[string(name)]}}, true
	}
	return chain{}, false
}

// value is the chain of an expression: this, a bound name, a navigation,
// a call's result, a cast, x!!; anything else gives none.
func (w *walker) value(e int32) chain {
	t := w.t
	switch t.Kind(e) {
	case kinds.this:
		if fr := w.thisFrame(); fr != nil && t.FirstKid(e) < 0 { // not this@Label
			return chain{Recv: fr.self}
		}
	case kinds.super:
		if fr := w.thisFrame(); fr != nil && fr.class && t.FirstKid(e) < 0 {
			return chain{Recv: fr.superRecv}
		}
	case kinds.ident:
		c, _ := w.valueName(e)
		return c
	case kinds.parenExpr:
		return w.value(t.FirstKid(e))
	case kinds.asExpr:
		return w.typeChain(lastChild(t, e))
	case kinds.unaryExpr:
		if b := t.Raw(e); len(b) > 2 && string(b[len(b)-2:]) == "!!" {
			return w.value(t.FirstKid(e))
		}
	case kinds.navigation:
		name := w.navName(e)
		if name < 0 || w.navOp(e, name) == "::" {
			return chain{}
		}
		c, _ := w.object(t.FirstKid(e))
		return c.Then(t.Text(name))
	case kinds.call:
		return w.callResult(e)
	}
	return chain{}
}

func lastChild(t *tree, i int32) int32 {
	last := int32(noNode)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		last = c
	}
	return last
}

// callResult is the chain of a call's result: the call's own target
// followed by "()" (a constructor call yields its class).
func (w *walker) callResult(call int32) chain {
	t := w.t
	callee := t.FirstKid(call)
	var tg target
	var name int32
	switch t.Kind(callee) {
	case kinds.ident:
		name = callee
		tg, _ = w.nameTarget(t.Raw(callee))
	case kinds.navigation:
		name = w.navName(callee)
		if name < 0 || w.navOp(callee, name) == "::" {
			return chain{}
		}
		tg = w.memberTarget(t.FirstKid(callee), t.Raw(name))
	default:
		return chain{}
	}
	if tg.Recv != nil {
		return chain{Recv: tg.Recv, Alts: tg.Alts}.Then(t.Text(name), extract.CallResult)
	}
	if tg.Q == "" {
		return chain{}
	}
	return chain{Recv: []string{tg.Q, extract.CallResult}, Alts: tg.Alts}
}
