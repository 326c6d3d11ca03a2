package ruby

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// class emits a class, its superclass relation, and walks its body inside
// it.
func (w *walker) class(i int32) {
	t := w.t
	nm := t.Child(i, fields.name)
	q := w.defName(nm)
	if q == "" {
		w.walkKids(i)
		return
	}
	end, sup := t.Nodes[nm].End, t.Child(i, fields.superclass)
	if sup >= 0 {
		end = t.Nodes[sup].End
	}
	sym := w.addSymbol(lastName(q), q, extract.KindClass, t.Span(i), w.header(i, end), w.parentSym())
	if sup >= 0 {
		w.superclass(t.FirstKid(sup), q)
	}
	w.enter(q, sym, selfBody, func() { w.walk(t.Child(i, fields.body)) })
}

// superclass handles `< Base`: a constant is a ref and an extends
// relation; an expression (Struct.new(:a)) is walked.
func (w *walker) superclass(e int32, from string) {
	if !w.isConstChain(e) {
		w.walk(e)
		return
	}
	w.relation(e, from, extract.RelExtends)
}

// module emits a module and walks its body inside it.
func (w *walker) module(i int32) {
	t := w.t
	nm := t.Child(i, fields.name)
	q := w.defName(nm)
	if q == "" {
		w.walkKids(i)
		return
	}
	sym := w.addSymbol(lastName(q), q, extract.KindModule, t.Span(i), w.header(i, t.Nodes[nm].End), w.parentSym())
	w.enter(q, sym, selfBody, func() { w.walk(t.Child(i, fields.body)) })
}

// defName is the qualified name a class, module or constant definition
// gives: the lexical nesting plus the name as written (class A::B inside
// module M is M::A::B), or the name alone when written ::A::B. The first
// name of a scoped definition that names an enclosing class or module
// (Shop::X = 1 inside Shop::Order) is that one.
func (w *walker) defName(nm int32) string {
	path, abs, ok := w.constPath(nm)
	if !ok || abs || w.cref == nil {
		return path
	}
	if first, _, scoped := strings.Cut(path, "::"); scoped {
		for c := w.cref; c != nil; c = c.parent {
			if lastName(c.qual) == first {
				return c.qual[:len(c.qual)-len(first)] + path
			}
		}
	}
	return w.cref.qual + "::" + path
}

// method emits a def: Owner#name, or Owner.name in class << self, or
// Object#name (a function) at the top level; test_* methods of a test
// file's classes are tests. Its parameters and body are walked in a scope
// of their own.
func (w *walker) method(i int32) {
	t := w.t
	nm := t.Child(i, fields.name)
	if nm < 0 {
		w.walkKids(i)
		return
	}
	name := t.Text(nm)
	q, kind, self := w.owner()+"#"+name, extract.KindMethod, selfInstance
	switch {
	case w.self == selfSingleton:
		q, self = w.owner()+"."+name, selfSingleton
	case w.cref == nil:
		kind = extract.KindFunction
	case w.testFile && strings.HasPrefix(name, "test_"):
		kind = extract.KindTest
	}
	w.addSymbol(name, q, kind, t.Span(i), w.defHeader(i, nm), w.parentSym())
	w.methodBody(i, self)
}

// singletonMethod emits def self.m (Owner.m; main.m at the top level) and
// def Const.m (Const.m); a def on any other object is walked without a
// symbol.
func (w *walker) singletonMethod(i int32) {
	t := w.t
	obj, nm := t.Child(i, fields.object), t.Child(i, fields.name)
	owner := ""
	switch {
	case t.Kind(obj) == kinds.self && w.cref == nil:
		owner = "main"
	case t.Kind(obj) == kinds.self:
		owner = w.cref.qual
	case w.isConstChain(obj):
		owner = w.ownConst(obj)
		w.constRef(obj)
	}
	if owner != "" && nm >= 0 {
		name := t.Text(nm)
		w.addSymbol(name, owner+"."+name, extract.KindMethod, t.Span(i), w.defHeader(i, nm), w.parentSym())
	}
	w.methodBody(i, selfSingleton)
}

// ownConst is the qualified name of a constant a def or class << names:
// the class around the walk when it is that class, else as written.
func (w *walker) ownConst(c int32) string {
	path, _, _ := w.constPath(c)
	if w.cref != nil && (w.cref.qual == path || strings.HasSuffix(w.cref.qual, "::"+path)) {
		return w.cref.qual
	}
	return path
}

// methodBody walks a def's parameters and body with self set.
func (w *walker) methodBody(i int32, self selfKind) {
	outer := w.self
	w.self = self
	mark := w.hardScope()
	for c := range w.t.Kids(i) {
		switch w.t.Nodes[c].Field {
		case fields.parameters:
			w.bindParams(c)
		case fields.body:
			w.walk(c)
		}
	}
	w.endScope(mark)
	w.self = outer
}

// singletonClass walks class << self (or << Const) with defs going to
// singleton methods.
func (w *walker) singletonClass(i int32) {
	t := w.t
	v := t.Child(i, fields.value)
	q, sym := "", extract.NoParent
	if w.isConstChain(v) {
		q = w.ownConst(v)
		w.constRef(v)
		if w.cref != nil && q == w.cref.qual {
			q, sym = "", w.cref.sym
		}
	}
	w.enter(q, sym, selfSingleton, func() { w.walk(t.Child(i, fields.body)) })
}

// constDef emits a constant assigned at stmt (X = 1, A::B ||= 2, a
// constant in a multiple assignment). X = Struct.new(...) do ... end,
// Class.new and Data.define make a class and Module.new a module, whose
// block bodies are walked inside them. right (or noNode) is the value.
func (w *walker) constDef(left, right, stmt int32) {
	q := w.defName(left)
	if q == "" {
		w.walk(left)
		w.walk(right)
		return
	}
	kind := w.classLike(right)
	sym := w.addSymbol(lastName(q), q, kind, w.t.Span(stmt), "", w.parentSym())
	if kind == extract.KindConst {
		w.typeFact(q, "", right, stmt)
		w.walk(right)
		return
	}
	w.classCall(right, q, sym)
}

// classLike tells a constant's value: a class or module factory call
// with a constant receiver, or a plain constant.
func (w *walker) classLike(right int32) extract.SymbolKind {
	t := w.t
	if t.Kind(right) != kinds.call {
		return extract.KindConst
	}
	recv := t.Child(right, fields.receiver)
	if !w.isConstChain(recv) {
		return extract.KindConst
	}
	path, _, _ := w.constPath(recv)
	switch path + "." + t.Text(t.Child(right, fields.method)) {
	case "Struct.new", "Class.new", "Data.define":
		return extract.KindClass
	case "Module.new":
		return extract.KindModule
	}
	return extract.KindConst
}

// classCall walks Struct.new(...) { body }: the factory's refs, Class.new's
// superclass argument as an extends relation, and the block as the body of
// class q.
func (w *walker) classCall(c int32, q string, sym int) {
	t := w.t
	recv, m := t.Child(c, fields.receiver), t.Child(c, fields.method)
	path, _, _ := w.constPath(recv)
	w.constRef(recv)
	w.addRef(m, extract.RefCall, t.Text(m), "")
	if args := t.Child(c, fields.arguments); args >= 0 {
		for a := range t.Kids(args) {
			if path == "Class" && a == t.FirstKid(args) && w.isConstChain(a) {
				w.relation(a, q, extract.RelExtends)
			} else {
				w.walk(a)
			}
		}
	}
	if blk := t.Child(c, fields.block); blk >= 0 {
		w.enter(q, sym, selfBody, func() { w.block(blk) })
	}
}

// alias emits `alias new old` as a method of the owner.
func (w *walker) alias(i int32) {
	nm := w.t.Child(i, fields.name)
	if k := w.t.Kind(nm); k == kinds.ident || k == kinds.constant || k == kinds.setter {
		w.aliasSymbol(w.t.Text(nm), i, normalize(w.t.Text(i)))
	}
}

func (w *walker) aliasSymbol(name string, i int32, sig string) {
	sep := "#"
	if w.self == selfSingleton {
		sep = "."
	}
	w.addSymbol(name, w.owner()+sep+name, extract.KindMethod, w.t.Span(i), sig, w.parentSym())
}

// attrs emits the properties attr_reader, attr_writer, attr_accessor and
// attr declare in a class or module body: Owner#name, Owner#name= for a
// writer.
func (w *walker) attrs(name string, args int32) {
	suffix := ""
	if name == "attr_writer" {
		suffix = "="
	}
	for a := range w.t.Kids(args) {
		sym, ok := w.symbolName(a)
		if !ok {
			w.walk(a)
			continue
		}
		q := w.owner() + "#" + sym + suffix
		w.addSymbol(sym+suffix, q, extract.KindProperty, w.t.Span(a), name+" :"+sym, w.parentSym())
	}
}

// symbolName is the name a :symbol or "string" argument gives.
func (w *walker) symbolName(i int32) (string, bool) {
	switch w.t.Kind(i) {
	case kinds.simpleSymbol:
		return strings.TrimPrefix(w.t.Text(i), ":"), true
	case kinds.str:
		return w.literal(i)
	}
	return "", false
}

// lastName is the part of a qualified name after its last separator.
func lastName(q string) string {
	return q[strings.LastIndexAny(q, ":#.")+1:]
}
