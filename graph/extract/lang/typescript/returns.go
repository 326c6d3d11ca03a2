package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// What a function without a return annotation returns, read off its body
// as far as the file shows it (RESOLUTION.md, Facts: only what it
// constructs or declares): an arrow's expression body, or the value of
// every `return` of a block body when they all agree (`return new C()`,
// `return this`, `return this.m()`, `return make()`). One return the file
// cannot type, or two that disagree, give no fact; so do async functions
// and generators, which return a Promise or an iterator of the value.

// results collects the values the returns of one function body give.
type results struct {
	obj     string // the fact object all returns so far agree on
	unknown bool   // a return the file cannot type, or a disagreement
}

// add records one return's evidence.
func (r *results) add(c cand) {
	obj := factObject(c)
	switch {
	case obj == "":
		r.unknown = true
	case r.obj == "":
		r.obj = obj
	case r.obj != obj:
		r.unknown = true
	}
}

// returnStmt walks `return v` and records v's evidence for the function
// the return belongs to.
func (w *walker) returnStmt(i int32, sc *scope) {
	w.walkKids(i, sc)
	v := w.t.FirstKid(i)
	if v == noNode {
		return // `return;` adds nothing to what the other returns give
	}
	for cur := sc; cur != nil; cur = cur.parent {
		if cur.results != nil {
			cur.results.add(w.valueOf(v, sc))
			return
		}
	}
}

// inferredResult is the fact object of what function fn (walked in fs)
// returns when it declares nothing; "" when the body does not say.
func (w *walker) inferredResult(fn int32, fs *scope) string {
	x, t := w.x, w.t
	body := t.Child(fn, x.fBody)
	if body == noNode || w.asyncOrGenerator(fn) {
		return ""
	}
	if t.Kind(body) != x.stmtBlock {
		return factObject(w.valueOf(body, fs))
	}
	if r := fs.results; r != nil && !r.unknown {
		return r.obj
	}
	return ""
}

// asyncOrGenerator reports whether fn is `async` or a generator (`*`):
// the words before its name or parameters say so.
func (w *walker) asyncOrGenerator(fn int32) bool {
	x, t := w.x, w.t
	switch t.Kind(fn) {
	case x.genFuncDecl, x.genFunc:
		return true
	}
	end := t.Nodes[fn].End
	for _, f := range []uint16{x.fName, x.fParameters, x.fParameter} {
		if c := t.Child(fn, f); c != noNode {
			end = min(end, t.Nodes[c].Start)
		}
	}
	head := t.Src[t.Nodes[fn].Start:end]
	if bytes.IndexByte(head, '*') >= 0 {
		return true
	}
	for i := bytes.Index(head, []byte("async")); i >= 0; {
		j := i + len("async")
		if (i == 0 || !isIdentByte(head[i-1])) && (j == len(head) || !isIdentByte(head[j])) {
			return true
		}
		k := bytes.Index(head[j:], []byte("async"))
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}

// valueReturns states, for `const f = g`, `const f = C.create` or a
// field `min = this.gte` (a name the file knows bound to another), that
// calling f returns what calling the other does.
func (w *walker) valueReturns(q string, value int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Kind(value) {
	case x.identifier:
	case x.member:
		obj, prop := t.Child(value, x.fObject), t.Child(value, x.fProperty)
		if cls := sc.thisOf().class; t.Kind(obj) == x.this && cls != "" && t.Kind(prop) == x.propertyID {
			w.addFact(extract.FactReturns, q, "", cls+"."+t.Text(prop)+extract.CallResult, value)
			return
		}
		if t.Kind(obj) != x.identifier {
			return
		}
	default:
		return
	}
	if c, _, _ := w.target(value, sc); c.q != "" {
		w.addFact(extract.FactReturns, q, "", c.q+extract.CallResult, value)
	}
}

// objectReturns states what the functions of an object literal bound to
// q return (`export const coerce = { string: (a) => ZodString.create(a) }`:
// "q.string" returns what ZodString.create does), for pass 2 to follow
// `coerce.string()` by name: a function whose return type is annotated or
// whose body is an expression, or a name bound to another. Block bodies
// are left alone (their returns were walked in a scope now gone).
func (w *walker) objectReturns(q string, value int32, sc *scope) {
	x, t := w.x, w.t
	obj := w.unwrapValue(value)
	if t.Kind(obj) != x.object {
		return
	}
	for p := range t.Kids(obj) {
		if t.Kind(p) != x.pair {
			continue
		}
		key := w.memberName(t.Child(p, x.fKey))
		v := w.unwrapValue(t.Child(p, x.fValue))
		if key == "" || v == noNode {
			continue
		}
		member := q + "." + key
		if w.actOf(v) != actFuncExpr {
			w.valueReturns(member, v, sc)
			continue
		}
		if rt := t.Child(v, x.fReturnType); rt != noNode {
			if c := w.typeValue(rt, sc); len(c.recv) == 1 {
				w.addFact(extract.FactReturns, member, "", c.recv[0], rt)
			}
			continue
		}
		if body := t.Child(v, x.fBody); body != noNode && t.Kind(body) != x.stmtBlock && !w.asyncOrGenerator(v) {
			w.addFact(extract.FactReturns, member, "", factObject(w.valueOf(body, sc)), body)
		}
	}
}

// unwrapValue is the expression inside parentheses, `as`, `satisfies`
// and `!` around e.
func (w *walker) unwrapValue(e int32) int32 {
	x, t := w.x, w.t
	for {
		switch t.Kind(e) {
		case x.parenExpr, x.asExpr, x.satisfiesExpr, x.nonNull:
			e = t.FirstKid(e)
		default:
			return e
		}
	}
}
