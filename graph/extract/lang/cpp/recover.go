package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Macros tree-sitter cannot see through make it misread code. These rules
// keep the misreadings out of the symbols, and read on where they can.

// errorNode walks an ERROR node. One that starts like a class definition
// (`class Name {`, whose body tree-sitter gave up on, often for one
// macro-wrapped member) is read as that class, so that its members are
// methods rather than free functions.
func (w *walker) errorNode(i int32) {
	t := w.t
	first := i + 1
	if !w.cxx || !w.definesSymbols() || first >= t.nodes[i].SubEnd || t.nodes[first].Kind != w.x.typeIdent {
		w.errorKids(i)
		return
	}
	head := t.src[t.nodes[i].Start:t.nodes[first].Start]
	kind := extract.KindClass
	switch string(bytes.TrimSpace(head)) {
	case "class":
	case "struct":
		kind = extract.KindStruct
	default:
		w.errorKids(i)
		return
	}
	w.recoveredClass(i, first, kind)
}

// errorKids walks the children of an ERROR node, reading at file scope a
// function declarator after a type as a prototype: glibc's
// `extern int f (int) __THROW;` ends in a macro tree-sitter cannot place,
// and leaves the type and the declarator loose in an ERROR (or the
// declarator alone, in an ERROR inside the declaration that has the type).
func (w *walker) errorKids(i int32) {
	t, x := w.t, w.x
	decl := t.nodes[i].Parent
	typed := t.kind(decl) == x.declaration && t.child(decl, x.fType) != noNode
	start := i
	if typed {
		start = decl
	}
	for c := range t.kids(i) {
		switch k := t.nodes[c].Kind; {
		case k == x.funcDeclarator && typed && w.ctx == ctxFile:
			w.looseProtoype(start, c)
			typed = false
			w.walkDeclarator(c)
		case k == x.primitiveType || k == x.typeIdent || k == x.sizedType || k == x.structSpec:
			typed = true
			w.walk(c)
		default:
			w.walk(c)
		}
	}
}

// looseProtoype emits the prototype a function declarator found loose in
// an ERROR declares; start is where its declaration begins.
func (w *walker) looseProtoype(start, fd int32) {
	t := w.t
	name := t.child(fd, w.x.fDeclarator)
	if t.kind(name) != w.x.identifier || !w.named(declInfo{name: name}) {
		return
	}
	sp := extract.Span{Start: t.nodes[start].Start, End: t.nodes[fd].End}
	static := bytes.HasPrefix(t.src[sp.Start:sp.End], []byte("static"))
	w.declare(t.text(name), extract.KindFunctionDeclaration, sp, w.sig(sp.Start, sp.End), static)
}

// recoveredClass emits the class an ERROR node starts and walks the rest
// of the node as its body.
func (w *walker) recoveredClass(i, name int32, kind extract.SymbolKind) {
	t := w.t
	end := t.nodes[name].End
	if brace := bytes.IndexByte(t.src[end:t.nodes[i].End], '{'); brace >= 0 {
		end += uint32(brace)
	}
	short := t.text(name)
	saved := w.save()
	idx := w.declare(short, kind, t.span(i), w.sig(t.nodes[i].Start, end), w.internal)
	public := w.publicName(short)
	w.known[public], w.classes[public] = knownClass, idx
	w.parent, w.ctx = idx, ctxClass
	w.pushScope(public)
	w.classKids(i, name, w.out.Symbols[idx].Qualified, saved.scope)
	w.restore(saved)
}

// untyped reports whether a function definition or declaration at file
// scope has no type: `DECLARE_FUNCS(x)` followed by a declaration reads as
// a K&R definition of a function DECLARE_FUNCS. C has required a return
// type since C99; C++ constructors and conversions are members, or
// written with a qualified name.
func (w *walker) untyped(i int32, info declInfo) bool {
	return w.ctx == ctxFile && w.t.child(i, w.x.fType) == noNode && w.t.kind(info.name) != w.x.qualifiedIdent
}

// keywords are never the name a declarator declares: `DECLARE(x) int y;`
// reads as a variable named int.
var keywords = map[string]bool{
	"int": true, "char": true, "short": true, "long": true, "float": true, "double": true,
	"void": true, "signed": true, "unsigned": true, "const": true, "volatile": true,
	"static": true, "extern": true, "register": true, "auto": true, "struct": true,
	"union": true, "enum": true, "typedef": true, "inline": true, "restrict": true,
	"return": true, "if": true, "else": true, "for": true, "while": true, "do": true,
	"switch": true, "case": true, "default": true, "break": true, "continue": true,
	"goto": true, "sizeof": true, "_Bool": true, "bool": true,
}

// unnamedParams reports whether a C function definition leaves a
// parameter unnamed (but void): before C23 a definition names them all,
// so `DECLARE_FUNCS(TYPE) struct s {...}` is a macro call, not one.
func (w *walker) unnamedParams(params int32) bool {
	if w.cxx || params < 0 {
		return false
	}
	for c := range w.t.kids(params) {
		if w.t.nodes[c].Kind == w.x.paramDecl && w.t.child(c, w.x.fDeclarator) == noNode &&
			string(w.t.bytes(c)) != "void" {
			return true
		}
	}
	return false
}

// splitDefinition recovers `static int ATTR name(void) {...}`, which
// tree-sitter reads as a declaration `static int ATTR` without its
// semicolon, then a definition whose type is name and whose declarator is
// `(void)`. It returns the name, which is no type to refer to, or noNode.
func (w *walker) splitDefinition(i, d int32) int32 {
	t := w.t
	name := t.child(i, w.x.fType)
	if t.kind(name) != w.x.typeIdent || t.kind(d) != w.x.parenDecl || normalize(t.bytes(d)) != "(void)" {
		return noNode
	}
	decl := w.prevSibling(i)
	if t.kind(decl) != w.x.declaration || w.terminated(decl) {
		return noNode
	}
	sp := extract.Span{Start: t.nodes[decl].Start, End: t.nodes[i].End}
	w.declare(t.text(name), extract.KindFunction, sp, w.sig(sp.Start, t.nodes[d].End), w.isInternal(decl, false))
	return name
}

// prevSibling is the sibling before i, or noNode.
func (w *walker) prevSibling(i int32) int32 {
	prev := int32(noNode)
	if p := w.t.nodes[i].Parent; p >= 0 {
		for c := range w.t.kids(p) {
			if c == i {
				return prev
			}
			prev = c
		}
	}
	return noNode
}
