package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Receivers (RESOLUTION.md): obj.f() and p->f() say what class f belongs
// to only when the file does — this and the fields and methods of the
// class whose method body the walk is in, a local or parameter declared
// with a class type (Foo x, const Foo& x, Foo* p = new Foo()), one
// initialized by `auto x = Foo(…)`, `new Foo` or `make()`, and call
// results along a chain. Templates (std::unique_ptr<Foo>,
// std::vector<Foo>), builtin types and template parameters give nothing.

// local is a variable, parameter or template parameter in scope, with the
// evidence of its type (nil: none). A written type (typ) is read when the
// local is first used as a receiver: most never are.
type local struct {
	name []byte
	recv *recvSpec
	typ  int32 // the type specifier still to read, or noNode
	mark int   // how many locals were in scope before it: its type is read among those
}

// newLocal binds name with the evidence its type specifier typ and its
// declarator d give (C has no methods: none).
func (w *walker) newLocal(name []byte, typ, d int32) local {
	l := local{name: name, typ: noNode, mark: len(w.locals)}
	switch {
	case !w.cxx || typ == noNode:
	case w.t.Nodes[typ].Kind == w.x.placeholderType:
		l.recv = w.autoRecv(d)
	default:
		l.typ = typ
	}
	return l
}

// localRecv is the evidence for local l's type.
func (w *walker) localRecv(l *local) *recvSpec {
	if l.typ != noNode {
		// `log::Writer log(f);`: the type names no local declared after it.
		saved := w.locals
		w.locals = w.locals[:l.mark]
		l.recv, l.typ = w.typeRecv(l.typ), noNode
		w.locals = saved
	}
	return l.recv
}

// recvSpec is a receiver chain whose first element resolve computes once
// every name of the file is known: the class cls, or the type or function
// root as written (looked up like any name written in scope).
type recvSpec struct {
	cls    string
	root   string
	global bool // root written with a leading ::
	scope  int32
	steps  []string
}

// then is r followed by more steps; r itself is left as it was.
func (r *recvSpec) then(steps ...string) *recvSpec {
	if r == nil {
		return nil
	}
	c := *r
	c.steps = append(r.steps[:len(r.steps):len(r.steps)], steps...)
	return &c
}

// classRecv is the receiver this: the class of the method being walked.
func (w *walker) classRecv() *recvSpec {
	if w.methodOf == "" {
		return nil
	}
	return &recvSpec{cls: w.methodOf}
}

// typeRecv is the evidence a type specifier gives: a class named plainly
// or by a qualified name without template arguments.
func (w *walker) typeRecv(typ int32) *recvSpec {
	x, t := w.x, w.t
	switch t.Kind(typ) {
	case x.typeIdent:
		b := t.Raw(typ)
		if t.empty(typ) || builtinTypes[string(b)] || w.isLocal(b) {
			return nil
		}
		return &recvSpec{root: string(b), scope: w.scope}
	case x.qualifiedIdent:
		return w.pathRecv(typ)
	}
	return nil
}

// pathRecv is the root a qualified name gives, none when it has template
// arguments or starts with a local (T::type).
func (w *walker) pathRecv(q int32) *recvSpec {
	t := w.t
	for j := q; j < t.Nodes[q].SubEnd; j++ {
		if k := t.Nodes[j].Kind; k == w.x.templateType || k == w.x.templateFunc || k == w.x.templateMethod {
			return nil
		}
	}
	buf, last, ok := w.appendQualified(nil, q)
	first, _, _ := bytes.Cut(buf, []byte("::"))
	if !ok || t.empty(last) || w.isLocal(first) {
		return nil
	}
	return &recvSpec{root: string(buf), global: t.Child(q, w.x.fScope) == noNode, scope: w.scope}
}

// autoRecv is the evidence for a variable declared `auto` by declarator
// d: its initial value's.
func (w *walker) autoRecv(d int32) *recvSpec {
	t := w.t
	if t.Kind(d) == w.x.referenceDecl || t.Kind(d) == w.x.pointerDecl {
		d = w.innerDecl(d) // auto& x = …, auto* p = …
	}
	if t.Kind(d) != w.x.initDecl {
		return nil
	}
	return w.exprRecv(t.Child(d, w.x.fValue))
}

// exprRecv is the evidence for the type of expression e.
func (w *walker) exprRecv(e int32) *recvSpec {
	x, t := w.x, w.t
	switch t.Kind(e) {
	case x.this:
		return w.classRecv()
	case x.identifier:
		if l, ok := w.lookupLocal(t.Raw(e)); ok {
			return w.localRecv(l)
		}
		// Not a local: in a method, C++ looks the name up in the class
		// first; a field's type comes from the class's facts.
		return w.classRecv().then(t.Text(e))
	case x.fieldExpr:
		if f := t.Child(e, x.fField); t.Kind(f) == x.fieldIdent && !t.empty(f) {
			return w.exprRecv(t.Child(e, x.fArgument)).then(t.Text(f))
		}
	case x.callExpr:
		return w.callRecv(t.Child(e, x.fFunction))
	case x.newExpr, x.compoundLit:
		return w.typeRecv(t.Child(e, x.fType))
	case x.subscriptExpr: // an element of an array or pointer field: its class
		return w.exprRecv(t.Child(e, x.fArgument))
	case x.parenExpr, x.pointerExpr: // (x), *p and &x have x's class
		if t.Kind(e) == x.pointerExpr {
			return w.exprRecv(t.Child(e, x.fArgument))
		}
		if c := t.FirstKid(e); c != noNode {
			return w.exprRecv(c)
		}
	}
	return nil
}

// callRecv is the evidence for the value a call returns: f() and ns::f()
// (Foo(…) constructs a Foo) by the callee, obj.m() by obj's chain.
func (w *walker) callRecv(fn int32) *recvSpec {
	x, t := w.x, w.t
	switch t.Kind(fn) {
	case x.identifier:
		b := t.Raw(fn)
		if t.empty(fn) || w.isLocal(b) {
			return nil
		}
		return &recvSpec{root: string(b), scope: w.scope, steps: []string{extract.CallResult}}
	case x.qualifiedIdent:
		return w.pathRecv(fn).then(extract.CallResult)
	case x.fieldExpr:
		if f := t.Child(fn, x.fField); t.Kind(f) == x.fieldIdent && !t.empty(f) {
			return w.exprRecv(t.Child(fn, x.fArgument)).then(t.Text(f), extract.CallResult)
		}
	}
	return nil
}

// recvRoot is the candidate for the first element of r's chain, and its
// alternatives.
func (w *walker) recvRoot(r *recvSpec) (string, []string) {
	if r.cls != "" {
		return w.classQual(r.cls), nil
	}
	return w.candidates(pending{scope: r.scope, written: r.root, global: r.global}, lastSegment(r.root))
}

// classQual is the qualified name of the class a scope names: with the
// path prefix when the file gives it internal linkage.
func (w *walker) classQual(public string) string {
	if q, ok := w.internals[public]; ok {
		return q
	}
	return public
}

// setReceiver fills a ref's receiver from r.
func (w *walker) setReceiver(ref *extract.RawRef, r *recvSpec) {
	root, alts := w.recvRoot(r)
	if root == "" {
		return
	}
	ref.Receiver = append([]string{root}, r.steps...)
	ref.Alternatives = alts
}
