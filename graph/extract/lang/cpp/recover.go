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
	if !w.cxx || !w.definesSymbols() || first >= t.Nodes[i].SubEnd || t.Nodes[first].Kind != w.x.typeIdent {
		w.errorKids(i)
		return
	}
	head := t.Src[t.Nodes[i].Start:t.Nodes[first].Start]
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
	decl := t.Nodes[i].Parent
	typed := t.Kind(decl) == x.declaration && t.Child(decl, x.fType) != noNode
	start := i
	if typed {
		start = decl
	}
	for c := range t.Kids(i) {
		switch k := t.Nodes[c].Kind; {
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
	name := t.Child(fd, w.x.fDeclarator)
	if t.Kind(name) != w.x.identifier || !w.named(declInfo{name: name}) {
		return
	}
	sp := extract.Span{Start: t.Nodes[start].Start, End: t.Nodes[fd].End}
	static := bytes.HasPrefix(t.Src[sp.Start:sp.End], []byte("static"))
	w.declare(t.Text(name), extract.KindFunctionDeclaration, sp, w.sig(sp.Start, sp.End), static)
}

// recoveredClass emits the class an ERROR node starts and walks the rest
// of the node as its body.
func (w *walker) recoveredClass(i, name int32, kind extract.SymbolKind) {
	t := w.t
	end := t.Nodes[name].End
	if brace := bytes.IndexByte(t.Src[end:t.Nodes[i].End], '{'); brace >= 0 {
		end += uint32(brace)
	}
	short := t.Text(name)
	saved := w.save()
	idx := w.declare(short, kind, t.Span(i), w.sig(t.Nodes[i].Start, end), w.internal)
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
	return w.ctx == ctxFile && w.t.Child(i, w.x.fType) == noNode && w.t.Kind(info.name) != w.x.qualifiedIdent
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
	for c := range w.t.Kids(params) {
		if w.t.Nodes[c].Kind == w.x.paramDecl && w.t.Child(c, w.x.fDeclarator) == noNode &&
			string(w.t.Raw(c)) != "void" {
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
	name := t.Child(i, w.x.fType)
	if t.Kind(name) != w.x.typeIdent || t.Kind(d) != w.x.parenDecl || normalize(t.Raw(d)) != "(void)" {
		return noNode
	}
	decl := w.prevSibling(i)
	if t.Kind(decl) != w.x.declaration || w.terminated(decl) {
		return noNode
	}
	sp := extract.Span{Start: t.Nodes[decl].Start, End: t.Nodes[i].End}
	w.declare(t.Text(name), extract.KindFunction, sp, w.sig(sp.Start, t.Nodes[d].End), w.isInternal(decl, false))
	return name
}

// prevSibling is the sibling before i, or noNode.
func (w *walker) prevSibling(i int32) int32 {
	prev := int32(noNode)
	if p := w.t.Nodes[i].Parent; p >= 0 {
		for c := range w.t.Kids(p) {
			if c == i {
				return prev
			}
			prev = c
		}
	}
	return noNode
}
