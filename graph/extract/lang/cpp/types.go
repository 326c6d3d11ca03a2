package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// definesSymbols reports whether declarations here are symbols.
func (w *walker) definesSymbols() bool { return w.ctx == ctxFile || w.ctx == ctxClass }

// record handles a struct, union or class specifier. With a body it is a
// definition: a symbol (when it has a name, or alias, the type_identifier
// of `typedef struct {...} alias`), its bases and its members. Without one
// it names a type: a ref, unless it is a forward declaration.
func (w *walker) record(i, alias, tdef int32) {
	x, t := w.x, w.t
	name, body := t.Child(i, x.fName), t.Child(i, x.fBody)
	if body == noNode {
		if t.Nodes[i].Field == x.fType {
			w.walk(name)
		}
		return
	}
	outer, sig := w.typeHead(i, body, alias, tdef)
	short := w.typeName(name, alias)
	saved := w.save()
	from := ""
	if nested := w.nestedName(name); nested != "" && w.definesSymbols() {
		// `struct DBImpl::CompactionState {...}`: a class nested in one
		// declared before, defined out of line.
		owner, last := splitLast(nested)
		if idx, ok := w.classes[owner]; ok {
			w.parent = idx
		}
		qual := w.classQual(owner)
		if qual != owner { // the owner has internal linkage: so has its member
			qual = w.linkName(join(owner, last), true)
		} else {
			qual = nested
		}
		w.define(last, owner, qual)
		idx := w.addSymbol(last, qual, w.recordKind(i), t.Span(outer), sig)
		w.known[nested], w.classes[nested] = knownClass, idx
		from = qual
		w.parent = idx
		w.pushScope(nested)
	} else if short != "" && w.definesSymbols() {
		idx := w.declare(short, w.recordKind(i), t.Span(outer), sig, w.internal)
		public := w.publicName(short)
		w.known[public], w.classes[public] = knownClass, idx
		from = w.out.Symbols[idx].Qualified
		w.parent = idx
		if w.cxx {
			w.pushScope(public)
		}
	}
	if w.ctx != ctxBody {
		w.ctx = ctxClass
	}
	w.classKids(i, name, from, saved.scope)
	w.restore(saved)
}

// classKids walks the children of a class definition but its name; the
// base clause, when the class is a symbol (from), adds relations and is
// read in the scope around the class.
func (w *walker) classKids(i, name int32, from string, outer int32) {
	for c := range w.t.Kids(i) {
		switch {
		case c == name:
		case from != "" && w.t.Nodes[c].Kind == w.x.baseClause:
			inner := w.scope
			w.scope = outer
			w.bases(c, from)
			w.scope = inner
		default:
			w.walk(c)
		}
	}
}

func (w *walker) recordKind(i int32) extract.SymbolKind {
	switch w.t.Nodes[i].Kind {
	case w.x.classSpec:
		return extract.KindClass
	case w.x.unionSpec:
		return extract.KindUnion
	}
	return extract.KindStruct
}

// typeHead is the node a type definition's span covers and its signature:
// "struct point", "class A : public B", "typedef struct {...} point".
func (w *walker) typeHead(i, body, alias, tdef int32) (int32, string) {
	if tdef != noNode {
		return tdef, w.declSig(tdef, i, alias, alias)
	}
	outer := w.takeOuter(i)
	return outer, w.sig(w.t.Nodes[outer].Start, w.t.Nodes[body].Start)
}

// typeName is the short name a type definition defines: its tag (the
// name, for a specialization "V<int>"), or the typedef name of an
// anonymous one; "" when it has neither.
func (w *walker) typeName(name, alias int32) string {
	if name == noNode {
		if alias == noNode {
			return ""
		}
		return w.t.Text(alias)
	}
	if w.t.Nodes[name].Kind == w.x.templateType {
		name = w.t.Child(name, w.x.fName)
	}
	if w.t.empty(name) || w.t.Nodes[name].Kind == w.x.qualifiedIdent {
		return "" // "struct ns::X {...}" defines a member of another scope: rare
	}
	return w.t.Text(name)
}

// nestedName is the public qualified name a C++ class definition written
// with a qualified name (`struct A::B {`) defines, inside the current
// scope; "" for any other.
func (w *walker) nestedName(name int32) string {
	if !w.cxx || w.t.Kind(name) != w.x.qualifiedIdent {
		return ""
	}
	buf, _, ok := w.appendQualified(nil, name)
	if !ok {
		return ""
	}
	if w.t.Child(name, w.x.fScope) == noNode { // "::A::B"
		return string(buf)
	}
	return join(w.scopeQual(), string(buf))
}

// publicName is the qualified name of a scope the current scope contains,
// without the path prefix of internal linkage: the prefix belongs to a
// symbol, not to the names looked up inside it.
func (w *walker) publicName(short string) string { return join(w.scopeQual(), short) }

// bases emits a type ref and an extends relation for each base class of
// a base clause.
func (w *walker) bases(clause int32, from string) {
	for c := range w.t.Kids(clause) {
		pn := len(w.pending)
		if w.typeUse(c) {
			w.addRelation(from, c, pn)
		}
	}
}

// addRelation adds an extends relation to the type of the ref pending[pn],
// whose candidate it shares.
func (w *walker) addRelation(from string, site int32, pn int) {
	p := w.pending[pn]
	w.out.Relations = append(w.out.Relations, extract.RawRelation{
		From: from, To: w.out.Refs[p.ref].Name, Kind: extract.RelExtends, Span: w.t.Span(site),
	})
	p.ref, p.rel = -1, len(w.out.Relations)-1
	w.pending = append(w.pending, p)
}

// isScopedEnum reports whether an enum's head ("enum class E : int") is
// that of a scoped enum.
func isScopedEnum(head []byte) bool {
	rest := bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimSpace(head), []byte("enum")), " \t\n")
	for _, kw := range []string{"class", "struct"} {
		if r, ok := bytes.CutPrefix(rest, []byte(kw)); ok && (len(r) == 0 || !isIdentByte(r[0])) {
			return true
		}
	}
	return false
}

// enum handles an enum specifier like record; its enumerators are
// constants of the enclosing scope, or of the enum for a scoped enum.
func (w *walker) enum(i, alias, tdef int32) {
	x, t := w.x, w.t
	name, body := t.Child(i, x.fName), t.Child(i, x.fBody)
	if body == noNode {
		if t.Nodes[i].Field == x.fType {
			w.walk(name)
		}
		return
	}
	outer, sig := w.typeHead(i, body, alias, tdef)
	short := w.typeName(name, alias)
	for c := range t.Kids(i) { // the underlying type
		if c != name && c != body {
			w.walk(c)
		}
	}
	saved := w.save()
	scope := ""
	if short != "" && w.definesSymbols() {
		w.parent = w.declare(short, extract.KindEnum, t.Span(outer), sig, w.internal)
		w.known[w.publicName(short)] = knownClass
		if w.cxx && isScopedEnum(t.Src[t.Nodes[i].Start:t.Nodes[body].Start]) {
			scope = w.publicName(short)
		}
	}
	w.enumerators(body, scope)
	w.restore(saved)
}

// enumerators emits the constants of an enumerator list, defined in scope
// for a scoped enum and in the current scope otherwise.
func (w *walker) enumerators(body int32, scope string) {
	x, t := w.x, w.t
	for e := range t.Kids(body) {
		if t.Nodes[e].Kind != x.enumr {
			w.walk(e)
			continue
		}
		name := t.Child(e, x.fName)
		if !t.empty(name) && w.definesSymbols() {
			if scope == "" {
				w.declare(t.Text(name), extract.KindConst, t.Span(e), "", w.internal)
			} else {
				short := t.Text(name)
				qual := w.linkName(join(scope, short), w.internal)
				w.define(short, scope, qual)
				w.addSymbol(short, qual, extract.KindConst, t.Span(e), "")
			}
		}
		w.walkExcept(e, name)
	}
}

// typedef emits a type alias per declarator. A typedef that names an
// anonymous struct, union or enum (`typedef struct {...} point;`) defines
// that type under the name instead.
func (w *walker) typedef(i int32) {
	x, t := w.x, w.t
	outer := w.takeOuter(i)
	typ := t.Child(i, x.fType)
	named := w.namedByTypedef(i, typ)
	for c := range t.Kids(i) {
		switch {
		case c == typ && named != noNode && t.Nodes[typ].Kind == x.enumSpec:
			w.enum(typ, named, outer)
		case c == typ && named != noNode:
			w.record(typ, named, outer)
		case t.Nodes[c].Field == x.fDeclarator:
			if c != named {
				w.aliasSymbol(outer, typ, c)
			}
			w.walkDeclarator(c)
		default:
			w.walk(c)
		}
	}
}

// namedByTypedef returns the first declarator of a typedef when it names
// an anonymous struct, union or enum the typedef defines, or noNode.
func (w *walker) namedByTypedef(i, typ int32) int32 {
	x, t := w.x, w.t
	switch t.Kind(typ) {
	case x.structSpec, x.unionSpec, x.classSpec, x.enumSpec:
	default:
		return noNode
	}
	if t.Child(typ, x.fName) != noNode || t.Child(typ, x.fBody) == noNode || !w.definesSymbols() {
		return noNode
	}
	d := t.Child(i, x.fDeclarator)
	if t.Kind(d) != x.typeIdent || t.empty(d) {
		return noNode
	}
	return d
}

func (w *walker) aliasSymbol(outer, typ, d int32) {
	name := w.declInfo(d).name
	k := w.t.Kind(name)
	if !w.definesSymbols() || w.t.empty(name) || k != w.x.typeIdent && k != w.x.identifier {
		return
	}
	first := w.t.Child(w.t.Nodes[d].Parent, w.x.fDeclarator)
	w.declare(w.t.Text(name), extract.KindTypeAlias, w.t.Span(outer), w.declSig(outer, typ, first, d), w.internal)
}

// alias emits a `using Name = type;` alias.
func (w *walker) alias(i int32) {
	outer := w.takeOuter(i)
	name := w.t.Child(i, w.x.fName)
	if w.definesSymbols() && !w.t.empty(name) {
		sig := w.sig(w.t.Nodes[outer].Start, w.t.Nodes[i].End)
		w.declare(w.t.Text(name), extract.KindTypeAlias, w.t.Span(outer), sig, w.internal)
	}
	w.walkExcept(i, name)
}
