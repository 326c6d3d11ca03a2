package typescript

import (
	"bytes"
	"slices"

	"github.com/orbitgraph/orbit/graph/extract"
)

// cand is what a ref points at (see graph/extract/RESOLUTION.md): a
// candidate qualified name q, or, for a member of a value the file types,
// a receiver chain recv; alt is the alternative for q, or for recv[0] when
// recv is set (the index file of a directory import, other tsconfig paths
// targets).
type cand struct {
	q    string
	recv []string
	alts []string
	// fallback, with recv, is the qualified name to try when the
	// receiver's type has no such member (RawRef.Qualified then).
	fallback string
}

func (w *walker) addRef(sp extract.Span, name string, c cand, kind extract.RefKind) {
	r := extract.RawRef{Span: sp, Name: name, Qualified: c.q, Kind: kind, Receiver: c.recv}
	if c.recv != nil {
		r.Qualified = c.fallback
	}
	if len(c.alts) > 0 {
		r.Alternatives = slices.Clip(c.alts)
	}
	w.out.Refs = append(w.out.Refs, r)
}

// nameTarget is the candidate of a bare name and whether its use deserves
// a ref: an import or a definition of this file gives its qualified name;
// a local gives no ref; an unbound name gives a name-only ref, unless it
// is a builtin global.
func (w *walker) nameTarget(name []byte, sc *scope) (cand, bool) {
	b, ok := sc.lookup(name)
	switch {
	case !ok:
		return cand{}, !builtins[string(name)]
	case b.kind == bindLocal:
		return cand{}, false
	}
	return cand{q: b.target, alts: b.alts}, true
}

// chain collects into w.segs the names of a dotted expression a.b.c (a
// member expression, a namespace or type name) and reports whether i is
// one rooted at a plain identifier.
func (w *walker) chain(i int32) bool {
	w.segs = w.segs[:0]
	return w.appendChain(i)
}

func (w *walker) appendChain(i int32) bool {
	x, t := w.x, w.t
	var obj, prop int32
	switch t.Kind(i) {
	case x.identifier, x.typeID:
		w.segs = append(w.segs, t.Raw(i))
		return true
	case x.member, x.nestedID:
		obj, prop = t.Child(i, x.fObject), t.Child(i, x.fProperty)
	case x.nestedTypeID:
		obj, prop = t.Child(i, x.fModule), t.Child(i, x.fName)
	default:
		return false
	}
	if obj == noNode || prop == noNode || t.empty(prop) || !w.appendChain(obj) {
		return false
	}
	w.segs = append(w.segs, t.Raw(prop))
	return true
}

// chainTarget is the candidate of the chain in w.segs and whether it
// deserves a ref: through an import, a whole module, or a class,
// interface, enum or namespace of this file. Any other root (a variable,
// a function) gives no candidate (its receiver, if typed, is the
// caller's business), an unbound builtin root no ref.
func (w *walker) chainTarget(sc *scope) (cand, bool) {
	b, ok := sc.lookup(w.segs[0])
	switch {
	case !ok && len(w.segs) == 2 && builtinStatics[string(w.segs[0])] != "":
		return cand{}, true // a static member, by its receiver (nameValue)
	case !ok:
		return cand{}, !builtins[string(w.segs[0])]
	case b.kind == bindModule:
		return cand{q: w.joinSegs(b.target, ':'), alts: w.joinAll(b.alts, ':')}, true
	case b.kind == bindScope || b.kind == bindImport:
		return cand{q: w.joinSegs(b.target, '.'), alts: w.joinAll(b.alts, '.')}, true
	}
	return cand{}, true
}

// joinSegs is target, then sep and the chain's names after the first,
// dot-joined; "" when target is.
func (w *walker) joinSegs(target string, sep byte) string {
	if target == "" {
		return ""
	}
	buf := make([]byte, 0, 64)
	buf = append(buf, target...)
	for j, s := range w.segs[1:] {
		if j == 0 {
			buf = append(buf, sep)
		} else {
			buf = append(buf, '.')
		}
		buf = append(buf, s...)
	}
	return string(buf)
}

// joinAll is joinSegs of each alternative; nil for none.
func (w *walker) joinAll(alts []string, sep byte) []string {
	if len(alts) == 0 {
		return nil
	}
	out := make([]string, len(alts))
	for i, a := range alts {
		out[i] = w.joinSegs(a, sep)
	}
	return out
}

// chainText is the chain in w.segs as written, dot-joined.
func (w *walker) chainText() string {
	buf := make([]byte, 0, 64)
	for j, s := range w.segs {
		if j > 0 {
			buf = append(buf, '.')
		}
		buf = append(buf, s...)
	}
	return string(buf)
}

// target resolves a name or dotted expression: its candidate, whether it
// deserves a ref, and the node naming it (the last name). A member of a
// value rather than of a module, class or namespace gets the value's
// receiver chain when the file types it, else no candidate.
func (w *walker) target(i int32, sc *scope) (c cand, emit bool, name int32) {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.identifier, x.typeID:
		c, emit = w.nameTarget(t.Raw(i), sc)
		return c, emit, i
	case x.member, x.nestedID:
		name = t.Child(i, x.fProperty)
	case x.nestedTypeID:
		name = t.Child(i, x.fName)
	default:
		return cand{}, false, noNode
	}
	if name == noNode {
		return cand{}, false, noNode
	}
	if w.chain(i) {
		if c, emit = w.chainTarget(sc); c.q != "" || !emit {
			return c, emit, name
		}
	}
	if t.Nodes[i].Kind == x.member {
		c = w.valueOf(t.Child(i, x.fObject), sc)
	}
	return c, true, name
}

// exprRef emits a ref of the given kind for a name or dotted expression.
// A zero-width name is one tree-sitter inserted to recover from an error:
// it gets no ref.
func (w *walker) exprRef(i int32, sc *scope, kind extract.RefKind) {
	c, emit, name := w.target(i, sc)
	if kind != extract.RefType {
		c = w.importedReceiver(i, c, sc)
	}
	if emit && name != noNode && !w.t.empty(name) {
		w.addRef(w.t.Span(name), w.t.Text(name), c, kind)
	}
}

// call walks a call: a require or import() of a literal is an import;
// otherwise the callee's receiver, the callee's call ref, then the type
// arguments and arguments, so that records come out in source order.
func (w *walker) call(i int32, sc *scope) {
	fn := w.t.Child(i, w.x.fFunction)
	if fn == noNode {
		w.walkKids(i, sc)
		return
	}
	if w.moduleCall(i, fn, sc) {
		return
	}
	for c := range w.t.Kids(i) {
		switch {
		case c == fn:
			w.walk(c, sc)
			if w.t.Kind(fn) == w.x.member && boundMethods[string(w.t.Raw(w.t.Child(fn, w.x.fProperty)))] {
				w.valueRef(w.t.Child(fn, w.x.fObject), sc) // f.bind(this): f is used as a value
			}
			w.exprRef(fn, sc, extract.RefCall)
		case w.t.Kind(c) == w.x.arguments:
			w.values(c, sc) // a callback: run(handler), arr.map(this.toItem)
		default:
			w.walk(c, sc)
		}
	}
}

// importedReceiver turns the candidate of a member of an imported name
// (`focusManager.isFocused()` for `import { focusManager } from`, or
// `core.registry.add()` for `import * as core from`) into a receiver
// chain rooted at the import, so that pass 2 looks the member up
// in the imported value's type (`export const focusManager = new
// FocusManager()`), with the static path as written (an imported class's
// static method, a namespace object's member) as the fallback.
func (w *walker) importedReceiver(i int32, c cand, sc *scope) cand {
	x, t := w.x, w.t
	if t.Kind(i) != x.member || c.q == "" || c.recv != nil || !w.chain(i) || len(w.segs) < 2 {
		return c
	}
	b, ok := sc.lookup(w.segs[0])
	if !ok || b.target == "" {
		return c
	}
	root, alts, rest := b.target, b.alts, w.segs[1:len(w.segs)-1]
	switch {
	case b.kind == bindModule && len(rest) > 0: // core.registry.add(): the module's registry
		root, alts, rest = root+":"+string(rest[0]), members(alts, ':', string(rest[0])), rest[1:]
	case b.kind != bindImport:
		return c
	}
	recv := make([]string, 0, 1+len(rest))
	recv = append(recv, root)
	for _, s := range rest {
		recv = append(recv, string(s))
	}
	return cand{recv: recv, alts: alts, fallback: c.q}
}

// boundMethods are the methods of Function.prototype that use their
// receiver as a value: `this.m.bind(this)` is a use of m.
var boundMethods = map[string]bool{"bind": true, "call": true, "apply": true}

// values walks the children of i, where a name or dotted name is used as a
// value (a call's arguments, a property's value, a JSX expression): each
// such child gets a use ref.
func (w *walker) values(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
		if w.t.Nodes[c].Field != w.x.fKey {
			w.valueRef(c, sc)
		}
	}
}

// valueRef emits a use ref for a name or dotted name used as a value (a
// function passed as a callback, `{ f }`, `this.m.bind(this)`) when it
// resolves: an import, a definition of this file, a member of a module or
// class, a member of `this`. A local or unresolved name, or a property of
// another value, gets none: a name-only ref to every value would only add
// noise.
func (w *walker) valueRef(i int32, sc *scope) {
	x, t := w.x, w.t
	var c cand
	var emit bool
	name := i
	switch t.Kind(i) {
	case x.ternary, x.binary, x.parenExpr, x.asExpr, x.satisfiesExpr, x.nonNull:
		w.valueOperands(i, sc)
		return
	case x.identifier, x.shorthandProp:
		c, emit = w.nameTarget(t.Raw(i), sc)
	case x.member:
		if w.isEnv(t.Child(i, x.fObject), sc) {
			return // process.env.KEY: a config key, not a symbol
		}
		c, emit, name = w.target(i, sc)
		c = w.importedReceiver(i, c, sc)
		if c.q == "" && c.fallback == "" && t.Kind(t.Child(i, x.fObject)) != x.this {
			return // a property of some value (o.id): mostly data, not worth a ref
		}
	default:
		return
	}
	if emit && name != noNode && !t.empty(name) && (c.q != "" || c.recv != nil) {
		if n := len(w.out.Refs); n > 0 && w.out.Refs[n-1].Span.Start > t.Nodes[name].Start {
			return // the walk gave a ref further on (`a ? f : g()`): records stay in source order
		}
		w.valueRefs = append(w.valueRefs, len(w.out.Refs))
		w.addRef(t.Span(name), t.Text(name), c, extract.RefUse)
	}
}

// newExpr emits `new X()` as a type ref to X.
func (w *walker) newExpr(i int32, sc *scope) {
	ctor := w.t.Child(i, w.x.fConstructor)
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
		if c == ctor {
			w.exprRef(c, sc, extract.RefType)
		}
	}
}

// decorator emits a call ref for @dec and @ns.dec; @dec(...) is a call.
func (w *walker) decorator(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
		if k := w.t.Nodes[c].Kind; k == w.x.identifier || k == w.x.member {
			w.exprRef(c, sc, extract.RefCall)
		}
	}
}

// jsxElement emits a call ref for a component, <Foo /> or <ui.Foo>:
// rendering it calls it. Lower-case names are HTML elements.
func (w *walker) jsxElement(i int32, sc *scope) {
	x, t := w.x, w.t
	name := t.Child(i, x.fName)
	for c := range t.Kids(i) {
		if c != name {
			w.walk(c, sc)
			continue
		}
		switch k := t.Nodes[c].Kind; {
		case k == x.member:
			w.walk(c, sc)
			w.exprRef(c, sc, extract.RefCall)
		case k == x.identifier && !t.empty(c) && isUpper(t.Src[t.Nodes[c].Start]):
			w.exprRef(c, sc, extract.RefCall)
		}
	}
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// valueOperands gives value refs to the operands of an expression whose
// value is one of them: both branches of `c ? f : g`, both sides of `a ||
// f`, `a ?? f` and `a && f`, the inside of `(f)`, `f as T`, `f!`.
func (w *walker) valueOperands(i int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.ternary:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field != x.fCondition {
				w.valueRef(c, sc)
			}
		}
	case x.binary:
		l, r := t.Child(i, x.fLeft), t.Child(i, x.fRight)
		if l == noNode || r == noNode {
			return
		}
		switch string(bytes.TrimSpace(t.Src[t.Nodes[l].End:t.Nodes[r].Start])) {
		case "||", "??", "&&":
			w.valueRef(l, sc)
			w.valueRef(r, sc)
		}
	default:
		w.valueRef(t.FirstKid(i), sc)
	}
}
