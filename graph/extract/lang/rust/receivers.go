package rust

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Receivers (RESOLUTION.md): a method call x.m() says what type x has only
// when the file does — self in an impl, a parameter or let with a written
// type, a value built as T { … } or returned by a call. Generic
// parameters, impl Trait and dyn Trait give nothing: trait dispatch is not
// resolved (DESIGN.md, Confidence).

// methodCall emits the call ref of recv.m(…), with the receiver's chain
// when its type is in evidence and by name only otherwise.
func (w *walker) methodCall(fe int32, sc *scope) {
	x, t := w.x, w.t
	recv, f := t.Child(fe, x.fValue), t.Child(fe, x.fField)
	if recv != noNode {
		w.walk(recv, sc)
	}
	if f == noNode || t.Nodes[f].Kind != x.fieldIdent || t.empty(f) {
		return
	}
	r := w.exprReceiver(recv, sc)
	w.addRecvRef(t.Span(f), t.Text(f), r)
}

// addRecvRef adds a call ref to name, a member of r when r has evidence.
func (w *walker) addRecvRef(sp extract.Span, name string, r receiver) {
	i := w.addRef(sp, name, "", extract.RefCall)
	if r.chain != nil {
		w.out.Refs[i].Receiver, w.out.Refs[i].Alternatives = r.chain, r.alts
	}
}

// exprReceiver is the evidence for the type of expression e.
func (w *walker) exprReceiver(e int32, sc *scope) receiver {
	x, t := w.x, w.t
	if e == noNode {
		return receiver{}
	}
	switch t.Nodes[e].Kind {
	case x.self:
		return w.selfReceiver(sc)
	case x.identifier:
		if r, ok := w.lookupVar(t.Raw(e)); ok {
			return r
		}
		// A static, a const or a unit struct: its type comes from the
		// index (a type fact, or the type itself).
		if b, q := sc.lookup(t.Raw(e)); b == boundName && q != "" {
			return receiver{chain: []string{q}}
		}
	case x.fieldExpr:
		if f := t.Child(e, x.fField); f != noNode && t.Nodes[f].Kind == x.fieldIdent {
			return w.exprReceiver(t.Child(e, x.fValue), sc).then(t.Text(f))
		}
	case x.callExpr:
		return w.callReceiver(e, sc)
	case x.structExpr:
		return w.typeReceiver(t.Child(e, x.fName), sc)
	case x.refExpr:
		return w.exprReceiver(t.Child(e, x.fValue), sc)
	case x.parenExpr, x.awaitExpr: // .await yields an async fn's declared type
		if t.kidCount(e) == 1 {
			return w.exprReceiver(t.FirstKid(e), sc)
		}
	}
	return receiver{}
}

// callReceiver is the evidence for the value a call returns: T::new() and
// f() by the callee's candidate, Enum::Variant(…) is the enum, x.m() by
// x's chain.
func (w *walker) callReceiver(call int32, sc *scope) receiver {
	x, t := w.x, w.t
	fn := t.Child(call, x.fFunction)
	if t.Kind(fn) == x.genericFn {
		fn = t.Child(fn, x.fFunction)
	}
	switch t.Kind(fn) {
	case x.identifier, x.scopedIdent:
		if !w.pathSegs(fn) || string(w.segs[0]) == "Self" && sc.selfRecv == "" {
			return receiver{}
		}
		step := []string{extract.CallResult}
		if w.variantPath() {
			w.segs, step = w.segs[:len(w.segs)-1], nil
		}
		if q, ok := w.resolve(sc, false); ok && q != "" {
			return receiver{chain: append([]string{q}, step...), alts: w.alts}
		}
	case x.fieldExpr:
		if f := t.Child(fn, x.fField); f != noNode && t.Nodes[f].Kind == x.fieldIdent {
			return w.exprReceiver(t.Child(fn, x.fValue), sc).then(t.Text(f), extract.CallResult)
		}
	}
	return receiver{}
}

// typeReceiver is the evidence a written type gives: a path type, through
// references, and a generic type of the crate by its base (a Wrapper<u8>
// is a Wrapper). Prelude types (Option, Vec, Box, …), generic types of
// other crates (Arc<T> derefs to T's methods), generic parameters, impl
// Trait, dyn Trait, slices and tuples give none.
func (w *walker) typeReceiver(i int32, sc *scope) receiver {
	if q := w.typeCandidate(i, sc); q != "" {
		return receiver{chain: []string{q}, alts: w.alts}
	}
	return receiver{}
}

// typeCandidate is the type typeReceiver reads, or ""; the alternatives
// are left in w.alts.
func (w *walker) typeCandidate(i int32, sc *scope) string {
	x, t := w.x, w.t
	w.alts = nil
	for i != noNode && t.Nodes[i].Kind == x.referenceType {
		i = t.Child(i, x.fType)
	}
	generic := false
	switch t.Kind(i) {
	case x.genericType, x.genericTypeTurbofish:
		generic = true
		i = t.Child(i, x.fType)
		if k := t.Kind(i); k != x.typeIdent && k != x.scopedTypeIdent {
			return ""
		}
	case x.typeIdent, x.scopedTypeIdent:
	default:
		return ""
	}
	if !w.pathSegs(i) {
		return ""
	}
	if string(w.segs[0]) == "Self" && len(w.segs) == 1 {
		return sc.selfRecv
	}
	q, ok := w.resolve(sc, false)
	if !ok || q == "" || generic && !w.inCrate(q) {
		return ""
	}
	return q
}

// inCrate reports a candidate under the file's crate.
func (w *walker) inCrate(q string) bool {
	rest, ok := strings.CutPrefix(q, w.loc.crate)
	return ok && strings.HasPrefix(rest, "::")
}

// selfReceiver is the type self has: the impl's type, or the trait in a
// trait's default methods; nothing in a blanket impl.
func (w *walker) selfReceiver(sc *scope) receiver {
	if sc.selfRecv == "" {
		return receiver{}
	}
	return receiver{chain: []string{sc.selfRecv}}
}

// bindTyped binds a let or parameter pattern: a plain name gets the
// evidence of the type written at typ (read in ts), else of the value
// val; any other pattern binds its names without any.
func (w *walker) bindTyped(pat, typ, val int32, ts, sc *scope) {
	x, t := w.x, w.t
	if t.Nodes[pat].Kind == x.mutPattern { // mut x: the name is the last child
		for c := range t.Kids(pat) {
			pat = c
		}
	}
	if b := t.Raw(pat); t.Nodes[pat].Kind == x.identifier && len(b) > 0 && !isUpper(b) {
		name := string(b)
		sc.bindLocal(name)
		if typ != noNode || val == noNode {
			w.pushTypedVar(name, typ, ts)
		} else {
			w.pushVar(name, w.exprReceiver(val, sc))
		}
		return
	}
	w.bindPattern(pat, sc)
}
