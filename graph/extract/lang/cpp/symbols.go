package cpp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// state is the part of the walker a definition changes for its contents.
type state struct {
	ctx      ctxKind
	scope    int32
	parent   int
	internal bool
	methodOf string
}

func (w *walker) save() state { return state{w.ctx, w.scope, w.parent, w.internal, w.methodOf} }

func (w *walker) restore(s state) {
	w.ctx, w.scope, w.parent, w.internal, w.methodOf = s.ctx, s.scope, s.parent, s.internal, s.methodOf
}

// function emits a function, method or constructor definition and walks
// it: the declarator in the scope the definition belongs to (a class, for
// an out-of-line method), the body with the parameters as locals.
func (w *walker) function(i int32) {
	outer := w.takeOuter(i)
	d := w.t.Child(i, w.x.fDeclarator)
	info := w.declInfo(d)
	saved := w.save()
	skip := int32(noNode)
	switch {
	case info.fn && w.gtest(i, outer, info):
		skip = d // the suite and the test's name are no types
	case info.fn && w.isDefinition(i, info):
		n := len(w.out.Symbols)
		w.funcSymbol(i, outer, d, info)
		w.setArity(n, info.params)
	case !info.fn && w.ctx == ctxFile:
		skip = w.splitDefinition(i, d)
	}
	mark := len(w.locals)
	w.functionKids(i, d, skip, info.params)
	w.locals = w.locals[:mark]
	w.restore(saved)
}

// isDefinition reports whether a function definition defines a symbol:
// one with a name, in a class, or at file scope unless it is a macro call
// tree-sitter misread (see untyped and unnamedParams).
func (w *walker) isDefinition(i int32, info declInfo) bool {
	switch {
	case !w.named(info):
		return false
	case w.ctx == ctxClass || w.ctx == ctxFriend:
		return true
	}
	return w.ctx == ctxFile && !w.untyped(i, info) && !w.unnamedParams(info.params)
}

// functionKids walks a function definition's children but skip: the
// parameters become locals after the declarator, and what follows it is
// in the function's body.
func (w *walker) functionKids(i, d, skip, params int32) {
	for c := range w.t.Kids(i) {
		switch {
		case c == skip:
		case c == d:
			w.walkDeclarator(d)
			w.declareParams(params)
			w.ctx = ctxBody
		default:
			if w.t.Nodes[c].Field == w.x.fBody {
				w.ctx = ctxBody
			}
			w.walk(c)
		}
	}
}

// funcSymbol emits the symbol of a function definition and, for an
// out-of-line member, enters its class's scope for the rest of the walk.
func (w *walker) funcSymbol(i, outer, d int32, info declInfo) {
	sp, sig := w.headSpan(outer, d), w.funcSig(outer, d)
	typ := w.t.Child(i, w.x.fType)
	if w.t.Nodes[info.name].Kind == w.x.qualifiedIdent {
		if owner, ok := w.outOfLine(info.name, sp, sig, true); ok {
			w.returnsFact(typ, d)
			w.pushScope(owner)
			if owner != "" && w.known[owner] != knownNamespace {
				w.methodOf = owner
				if w.known[owner] == 0 { // a class another file defines
					w.known[owner] = knownClass
				}
			}
		}
		return
	}
	name := w.nameText(info.name)
	switch {
	case w.ctx == ctxClass && w.cxx:
		w.member(name, sp, sig, false)
		w.returnsFact(typ, d)
		w.methodOf = w.scopeQual()
	case w.ctx == ctxFriend: // a hidden friend is a function of the enclosing namespace
		ns := ""
		if p := w.scopes[w.scope].parent; p >= 0 {
			ns = w.scopes[p].qual
		}
		qual := join(ns, name)
		w.define(name, ns, qual)
		w.addSymbol(name, qual, extract.KindFunction, sp, sig)
	case w.ctx == ctxFile:
		w.declare(name, extract.KindFunction, sp, sig, w.isInternal(i, false))
		w.returnsFact(typ, d)
	}
}

// member emits a method or constructor declared in a class body. A
// constructor is not a name lookup finds: inside class K, K is the class.
// A method declared without its body is a prototype, as a C function's:
// its definition elsewhere (out of line, in this file or a .cc) is the
// method.
func (w *walker) member(name string, sp extract.Span, sig string, proto bool) {
	if name == lastSegment(w.scopeQual()) {
		w.addSymbol(name, w.linkName(join(w.scopeQual(), name), w.internal), extract.KindConstructor, sp, sig)
		return
	}
	kind := extract.KindMethod
	if proto {
		kind = extract.KindFunctionDeclaration
	}
	// A member of a class in an anonymous namespace is as internal as
	// its class: named with its file's path, as the class is.
	w.declare(name, kind, sp, sig, w.internal)
}

// outOfLine emits a definition written with a qualified name, "A::b",
// which is "A::b" inside the enclosing namespace. It is a function when A
// is a namespace this file defines and a member otherwise. It returns the
// qualified name of A.
func (w *walker) outOfLine(q int32, sp extract.Span, sig string, fn bool) (string, bool) {
	buf, _, ok := w.appendQualified(nil, q)
	if !ok {
		return "", false
	}
	base := w.scopeQual()
	if w.t.Child(q, w.x.fScope) == noNode { // "::A::b"
		base = ""
	}
	qual := join(base, string(buf))
	owner, name := splitLast(qual)
	kind := w.outOfLineKind(owner, name, fn)
	if iq, ok := w.internals[qual]; ok {
		qual = iq
	}
	if kind != extract.KindConstructor {
		w.define(name, owner, qual)
	}
	if idx, ok := w.classes[owner]; ok {
		w.parent = idx
	}
	w.addSymbol(name, qual, kind, sp, sig)
	return owner, true
}

func (w *walker) outOfLineKind(owner, name string, fn bool) extract.SymbolKind {
	switch {
	case !fn:
		return extract.KindVar
	case owner == "" || w.known[owner] == knownNamespace:
		return extract.KindFunction
	case name == lastSegment(owner):
		return extract.KindConstructor
	}
	return extract.KindMethod
}

// declaration emits the symbols of a declaration at file, namespace or
// class scope (prototypes, globals, member declarations) and declares the
// locals of one in a function body.
func (w *walker) declaration(i int32) {
	outer := w.takeOuter(i)
	first := w.t.Child(i, w.x.fDeclarator)
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field != w.x.fDeclarator {
			w.walk(c)
			continue
		}
		saved := w.save()
		w.declarator(i, outer, first, c)
		w.restore(saved)
	}
}

func (w *walker) declarator(decl, outer, first, d int32) {
	switch w.ctx {
	case ctxBody:
		typ := w.t.Child(decl, w.x.fType)
		if info := w.declInfo(d); w.cxx && info.fn && info.params >= 0 && w.isClassType(typ) {
			w.vexingArgs(info.params) // Random rnd(test::RandomSeed());
		} else {
			w.walkDeclarator(d)
		}
		w.declareLocal(d, typ)
		return
	case ctxFile, ctxClass:
		if info := w.declInfo(d); w.named(info) && w.terminated(decl) && !(info.fn && w.untyped(decl, info)) {
			w.declSymbol(decl, outer, first, d, info)
		}
	}
	w.walkDeclarator(d)
}

// declSymbol emits the symbol one declarator of a declaration declares.
// Data members are not symbols.
func (w *walker) declSymbol(decl, outer, first, d int32, info declInfo) {
	x := w.x
	sp, sig := w.headSpan(outer, first), w.declSig(outer, w.t.Child(decl, x.fType), first, d)
	if info.fn {
		defer w.setArity(len(w.out.Symbols), info.params)
	}
	switch k := w.t.Nodes[info.name].Kind; {
	case k == x.structuredBinding:
	case k == x.qualifiedIdent:
		if owner, ok := w.outOfLine(info.name, sp, sig, info.fn); ok && !info.fn {
			w.pushScope(owner) // a static member's initial value is read in its class
		}
	case w.ctx == ctxClass:
		switch {
		case info.fn && w.cxx:
			w.member(w.nameText(info.name), sp, sig, true)
			w.returnsFact(w.t.Child(decl, x.fType), d)
		case !info.fn:
			w.fieldFact(w.t.Child(decl, x.fType), d, info)
		}
	case info.fn:
		w.declare(w.nameText(info.name), extract.KindFunctionDeclaration, sp, sig, w.isInternal(decl, false))
		w.returnsFact(w.t.Child(decl, x.fType), d)
	default:
		isConst := w.hasConst(decl) && !info.ptr
		kind := extract.KindVar
		if isConst {
			kind = extract.KindConst
		}
		w.declare(w.nameText(info.name), kind, sp, sig, w.isInternal(decl, isConst))
	}
}

// named reports whether a declarator has a name to define, and not a
// keyword tree-sitter took for one.
func (w *walker) named(info declInfo) bool {
	return !w.t.empty(info.name) && !keywords[string(w.t.Raw(info.name))]
}

// terminated reports whether a declaration ends in ';': one that does not
// is tree-sitter's reading of a macro it cannot see through
// (`static int SQLITE_NOINLINE f(void)`), not a real declaration.
func (w *walker) terminated(decl int32) bool {
	end := w.t.Nodes[decl].End
	return end > 0 && w.t.Src[end-1] == ';'
}

// isInternal reports whether a declaration has internal linkage: static,
// inside an anonymous namespace, or (C++) a const variable at namespace
// scope that is not extern or inline.
func (w *walker) isInternal(decl int32, constVar bool) bool {
	if w.internal {
		return true
	}
	static, external := false, false
	for c := range w.t.Kids(decl) {
		if w.t.Nodes[c].Kind == w.x.storage {
			switch string(w.t.Raw(c)) {
			case "static":
				static = true
			case "extern", "inline":
				external = true
			}
		}
	}
	return static || w.cxx && constVar && !external
}

// hasConst reports whether a declaration is const or constexpr itself.
func (w *walker) hasConst(decl int32) bool {
	for c := range w.t.Kids(decl) {
		if w.t.Nodes[c].Kind == w.x.typeQualifier {
			if q := string(w.t.Raw(c)); q == "const" || q == "constexpr" {
				return true
			}
		}
	}
	return false
}

// splitLast splits "a::b::c" into "a::b" and "c".
func splitLast(q string) (string, string) {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return q[:i], q[i+2:]
	}
	return "", q
}

// lastSegment is the last "::" segment of a qualified name.
func lastSegment(q string) string {
	_, last := splitLast(q)
	return last
}
