package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Local variables are typed in source order, as the walk reaches each
// binding: `x = T()` gives x the value T(), and any later binding of x
// without evidence (x = other(), for x in ..., del x) takes it away. A
// closure sees the enclosing function's table as of its definition.

// typeParams types a function's parameters in fs: the first parameter of
// a method (not a staticmethod) is the instance or the class, and an
// annotated parameter has its annotation's type. *args and **kwargs
// collect several values and are left untyped.
//
// A method's annotated parameter p is also stated as the type fact of
// member "m(params):p" of its class, params being the method's parameter
// names, and an unannotated one of a method in a class with bases gets the
// value [class, "m(params):p"]: pass 2 finds the nearest supertype's fact,
// so an override with the same parameters has the types the overridden
// method declares (`def list_commands(self, ctx)` in a subclass of click's
// MultiCommand), as pyright infers them.
func (w *walker) typeParams(params int32, fs, sc *scope, method bool) {
	x, t := w.x, w.t
	first := true
	sig := ""
	if sc.kind == scopeClass {
		sig = w.paramSignature(params, fs.qual)
	}
	for p := range t.Kids(params) {
		name, ann := int32(noNode), int32(noNode)
		switch t.Nodes[p].Kind {
		case x.identifier:
			name = p
		case x.defaultParam:
			name = t.Child(p, x.fName)
		case x.typedDefault:
			name, ann = t.Child(p, x.fName), t.Child(p, x.fType)
		case x.typedParam:
			if c := t.FirstKid(p); t.Kind(c) == x.identifier {
				name = c
			}
			ann = t.Child(p, x.fType)
		}
		isSelf := first && method
		first = false
		switch {
		case name == noNode || t.Kind(name) != x.identifier:
		case isSelf:
			fs.self = t.Text(name)
			if sc.selfChain == nil {
				sc.selfChain = []string{sc.qual}
			}
		case ann != noNode:
			if e := w.elemType(ann, sc); e != "" {
				fs.setType(t.Text(name), value{elem: []string{e}})
			} else if q := w.annotationType(ann, sc); q != "" {
				fs.setType(t.Text(name), value{chain: []string{q}})
				if sc.kind == scopeClass {
					w.addFact(extract.FactType, sc.qual, sig+t.Text(name), q, t.Span(p))
				}
			}
		case sc.kind == scopeClass && sc.base != "" && t.Nodes[p].Kind != x.typedParam:
			fs.setType(t.Text(name), value{chain: []string{sc.qual, sig + t.Text(name)}})
		}
	}
}

// setType records (or, with no evidence, forgets) the value of a local.
func (s *scope) setType(name string, v value) {
	if name == s.self {
		s.self = ""
	}
	if v.chain == nil && v.elem == nil {
		delete(s.types, name)
		return
	}
	if s.types == nil {
		s.types = make(map[string]value)
	}
	s.types[name] = v
}

// assignName gives the local that name binds in sc the value v; names of
// other scopes' kinds are not tracked. Only a method's own first
// parameter counts as its instance.
func (w *walker) assignName(name int32, v value, sc *scope) {
	if w.t.Kind(name) != w.x.identifier {
		return
	}
	b, s, found := sc.lookup(w.t.Raw(name))
	if !found || b.kind != bindVar || (s.kind != scopeFunc && s.kind != scopeComp) {
		return
	}
	v.self = false
	s.setType(w.t.Text(name), v)
}

// untype forgets the values of the names a target binds: loop variables,
// unpacked tuples, augmented assignments, `del`.
func (w *walker) untype(i int32, sc *scope) {
	if i == noNode {
		return
	}
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier:
		w.assignName(i, value{}, sc)
	case x.tuplePat, x.listPat, x.patternList, x.listSplatPat, x.parenExpr, x.tuple,
		x.list, x.listSplat, x.asPatternTarget, x.exprList:
		for c := range t.Kids(i) {
			w.untype(c, sc)
		}
	}
}

// rightmost is the value of a chained assignment a = b = v.
func (w *walker) rightmost(i int32) int32 {
	for w.t.Kind(i) == w.x.assignment {
		i = w.t.Child(i, w.x.fRight)
	}
	return i
}

// forLoop types the loop variable as an element of what it iterates
// (iterValue), or forgets the loop variables' values, before walking the
// loop.
func (w *walker) forLoop(i int32, sc *scope) {
	w.bindElement(w.t.Child(i, w.x.fLeft), w.t.Child(i, w.x.fRight), sc)
	w.walkKids(i, sc, false)
}

// bindElement gives a loop variable the value of an element of iterable,
// or untypes a pattern of several.
func (w *walker) bindElement(left, iterable int32, sc *scope) {
	v := w.iterValue(iterable, sc)
	if w.t.Kind(left) == w.x.identifier {
		w.assignName(left, v, sc)
		return
	}
	w.untype(left, sc)
}

// iterValue is the value of an element of iterable: the element type of a
// container the file types (`items: List[Node]`); for an attribute
// (`self.items`, `node.args`), its member "items[]", which pass 2 finds
// among the type facts of the attribute's class and its supertypes; for a
// call's result, the step "[]" (the function's declared `-> List[T]`).
func (w *walker) iterValue(iterable int32, sc *scope) value {
	v := w.valueOf(iterable, sc)
	if v.elem != nil {
		return value{chain: v.elem}
	}
	n := len(v.chain)
	if n >= 2 && v.chain[n-1] == extract.CallResult {
		return v.with("[]") // pass 2 reads the function's returns fact "[]"
	}
	if n < 2 || v.imported {
		return value{}
	}
	chain := make([]string, n)
	copy(chain, v.chain)
	chain[n-1] += "[]"
	return value{chain: chain, alts: v.alts}
}

// withItem handles `with T() as x`: x is taken to be what the call
// returns (a context manager's __enter__ usually returns itself). Other
// forms leave x untyped.
func (w *walker) withItem(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind != w.x.asPattern {
			w.walk(c, sc, false)
			continue
		}
		e, target := w.asParts(c)
		w.walkAs(e, target, sc)
		var v value
		if w.t.Kind(e) == w.x.call {
			v = w.valueOf(e, sc)
		}
		w.bindAs(target, v, sc)
	}
}

// exceptClause handles `except E as e`: e is an instance of E when one
// class is named.
func (w *walker) exceptClause(i int32, sc *scope, def bool) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind != w.x.asPattern {
			w.walk(c, sc, def)
			continue
		}
		e, target := w.asParts(c)
		w.walkAs(e, target, sc)
		var v value
		if k := w.t.Kind(e); k == w.x.identifier || k == w.x.attribute {
			if cls := w.valueOf(e, sc); cls.named && !cls.fn && len(cls.chain) == 1 {
				v = value{chain: cls.chain, alts: cls.alts}
			}
		}
		w.bindAs(target, v, sc)
	}
}

// asPattern walks any other `e as x` (match cases): x is left untyped.
func (w *walker) asPattern(i int32, sc *scope) {
	_, target := w.asParts(i)
	w.walkKids(i, sc, false)
	w.untype(target, sc)
}

// walkAs walks both sides of `e as target`: a target may hold calls
// (with f() as xs[g()]).
func (w *walker) walkAs(e, target int32, sc *scope) {
	for _, c := range [2]int32{e, target} {
		if c != noNode {
			w.walk(c, sc, false)
		}
	}
}

// asParts splits `e as target`.
func (w *walker) asParts(i int32) (e, target int32) {
	e, target = noNode, noNode
	for c := range w.t.Kids(i) {
		switch {
		case w.t.Nodes[c].Kind == w.x.asPatternTarget:
			target = c
		case e == noNode:
			e = c
		}
	}
	return e, target
}

// bindAs gives the name of an as-target the value v, or untypes a pattern.
func (w *walker) bindAs(target int32, v value, sc *scope) {
	if target == noNode {
		return
	}
	if c := w.t.FirstKid(target); w.t.Kind(c) == w.x.identifier && w.t.Nodes[c].SubEnd == w.t.Nodes[target].SubEnd {
		w.assignName(c, v, sc)
		return
	}
	w.untype(target, sc)
}

// walrus handles (x := v).
func (w *walker) walrus(i int32, sc *scope) {
	w.walkKids(i, sc, false)
	w.assignName(w.t.Child(i, w.x.fName), w.valueOf(w.t.Child(i, w.x.fValue), sc), sc)
}

// ifClause walks an if statement or elif clause. A condition
// `isinstance(x, C)` on a local x types x as an instance of C in the
// branch it guards; after the branch x has its value back, or none when
// the branch bound it again.
func (w *walker) ifClause(i int32, sc *scope, def bool) {
	x, t := w.x, w.t
	for c := range t.Kids(i) {
		if t.Nodes[c].Field != x.fConsequence {
			w.walk(c, sc, def)
			continue
		}
		s, name, v := w.isinstance(t.Child(i, x.fCondition), sc)
		if s == nil {
			w.walk(c, sc, def)
			continue
		}
		old := s.types[name]
		s.setType(name, v)
		w.walk(c, sc, def)
		if cur := s.types[name]; len(cur.chain) == len(v.chain) && &cur.chain[0] == &v.chain[0] {
			s.setType(name, old)
		} else {
			s.setType(name, value{})
		}
	}
}

// isinstance reads a condition `isinstance(x, C)` where x is a local of a
// function (not its self) and C names a class: the scope of x, its name
// and the value an instance of C has. s is nil for any other condition.
func (w *walker) isinstance(cond int32, sc *scope) (s *scope, name string, v value) {
	x, t := w.x, w.t
	if t.Kind(cond) != x.call {
		return nil, "", value{}
	}
	fn, args := t.Child(cond, x.fFunction), t.Child(cond, x.fArguments)
	if t.Kind(fn) != x.identifier || string(t.Raw(fn)) != "isinstance" || t.Kind(args) != x.argList {
		return nil, "", value{}
	}
	if _, _, shadowed := sc.lookup(t.Raw(fn)); shadowed {
		return nil, "", value{}
	}
	obj := t.FirstKid(args)
	if obj == noNode || t.Kind(obj) != x.identifier || t.Nodes[obj].SubEnd >= t.Nodes[args].SubEnd {
		return nil, "", value{}
	}
	cls := t.Nodes[obj].SubEnd
	if t.Kind(cls) != x.identifier && t.Kind(cls) != x.attribute {
		return nil, "", value{}
	}
	b, s, found := sc.lookup(t.Raw(obj))
	if !found || b.kind != bindVar || s.kind != scopeFunc || string(t.Raw(obj)) == s.self {
		return nil, "", value{}
	}
	c := w.valueOf(cls, sc)
	if !c.named || c.fn || c.isVar || len(c.chain) != 1 {
		return nil, "", value{}
	}
	return s, t.Text(obj), value{chain: c.chain, alts: c.alts}
}

// paramSignature is the prefix "m(a,b,*c):" of the members standing for
// the parameters of method q in type facts; no attribute can be so named.
func (w *walker) paramSignature(params int32, q string) string {
	x, t := w.x, w.t
	var b strings.Builder
	b.WriteString(lastSegment(q))
	b.WriteByte('(')
	for p := range t.Kids(params) {
		if b.Len() > len(lastSegment(q))+1 {
			b.WriteByte(',')
		}
		n := p
		switch t.Nodes[p].Kind {
		case x.defaultParam, x.typedDefault:
			n = t.Child(p, x.fName)
		case x.typedParam:
			n = t.FirstKid(p)
		}
		if n != noNode {
			b.Write(t.Raw(n))
		}
	}
	b.WriteString("):")
	return b.String()
}
