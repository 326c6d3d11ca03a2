package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// class emits a class declaration (or a default-exported or bound class
// expression) and walks it; an anonymous class is walked without symbols.
func (w *walker) class(i int32, d decl, sc *scope) {
	name := w.declName(i, d)
	if name == "" {
		w.classParts(i, "", extract.NoParent, sc)
		return
	}
	q := sc.prefix + name
	body := w.t.Child(i, w.x.fBody)
	idx := w.addSymbol(name, q, extract.KindClass, w.outerSpan(i, d), w.header(i, i, body), sc.sym, false)
	w.classParts(i, q, idx, sc)
}

// classParts walks a class: decorators in sc, type parameters, heritage
// and members in a scope of the class. q is the class's qualified name, ""
// for an anonymous class, whose members are not symbols.
func (w *walker) classParts(i int32, q string, idx int, sc *scope) {
	x, t := w.x, w.t
	cs := sc.inner()
	if q != "" {
		cs = newScope(q+".", idx, sc)
	}
	cs.this = &thisCtx{class: q}
	for c := range t.Kids(i) {
		switch {
		case t.Nodes[c].Field == x.fName:
		case t.Nodes[c].Field == x.fDecorator || t.Nodes[c].Kind == x.decorator:
			w.walk(c, sc)
		case t.Nodes[c].Kind == x.classHeritage:
			w.heritage(c, q, cs)
		case t.Nodes[c].Kind == x.classBody:
			w.classBody(c, q != "", cs)
		default:
			w.walk(c, cs)
		}
	}
}

// heritage reads `extends B<T> implements I, J`: type refs and relations.
// A computed base (a mixin call) is walked as an expression.
func (w *walker) heritage(h int32, from string, cs *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(h) {
		switch t.Nodes[c].Kind {
		case x.extendsClause:
			for k := range t.Kids(c) {
				if t.Nodes[k].Field == x.fValue {
					cs.this.base = w.supertype(k, from, extract.RelExtends, cs)
				} else {
					w.walk(k, cs)
				}
			}
		case x.implementsClause:
			for k := range t.Kids(c) {
				w.supertype(k, from, extract.RelImplements, cs)
			}
		default: // JavaScript: the base expression itself
			cs.this.base = w.supertype(c, from, extract.RelExtends, cs)
		}
	}
}

// supertype emits the ref and relation of one base: a name, a dotted name
// or a generic instance of one, and returns its candidate. From is "" for
// an anonymous class.
func (w *walker) supertype(i int32, from string, rel extract.RelationKind, sc *scope) cand {
	x, t := w.x, w.t
	base := i
	if t.Nodes[i].Kind == x.genericType {
		base = t.Child(i, x.fName)
	}
	switch t.Kind(base) {
	case x.identifier, x.typeID, x.member, x.nestedTypeID:
	default:
		w.walk(i, sc)
		return cand{}
	}
	c, emit, name := w.target(base, sc)
	if emit && name != noNode && !t.empty(name) {
		w.addRef(t.Span(name), t.Text(name), c, extract.RefType)
	}
	if from != "" && name != noNode {
		to := c.q
		if to == "" {
			to = w.writtenName(base)
		}
		w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, To: to, Kind: rel, Span: t.Span(i)})
	}
	if base != i {
		for k := range t.Kids(i) {
			if k != base {
				w.walk(k, sc)
			}
		}
	}
	return c
}

// classBody emits the members of a named class and walks them all.
func (w *walker) classBody(body int32, named bool, cs *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(body) {
		switch t.Nodes[c].Kind {
		case x.methodDef, x.methodSig, x.abstractMethodSig:
			w.method(c, named, cs)
		case x.fieldDef, x.jsFieldDef:
			w.field(c, named, cs)
		default:
			w.walk(c, cs)
		}
	}
}

// method emits a method, constructor or accessor (a property) of a class
// or interface and walks it in a scope of its own.
func (w *walker) method(i int32, named bool, cs *scope) {
	x, t := w.x, w.t
	nameNode := t.Child(i, x.fName)
	name := w.memberName(nameNode)
	if !named || name == "" {
		fs := cs.inner()
		fs.this = cs.this
		w.funcParts(i, fs, cs, nil)
		return
	}
	kind := extract.KindMethod
	var class *scope
	switch {
	case name == "constructor" && t.Nodes[nameNode].Kind == x.propertyID:
		kind, class = extract.KindConstructor, cs
	case w.isAccessor(i, nameNode):
		kind = extract.KindProperty
	}
	q := cs.prefix + name
	body := t.Child(i, x.fBody)
	idx := w.addSymbol(name, q, kind, t.Span(i), w.header(i, i, body), cs.sym, body == noNode)
	fs := newScope(q+".", idx, cs)
	fs.this = cs.this // the class's; an interface's method has none
	if class != nil && cs.this != nil {
		ctor := *cs.this
		ctor.ctor = true
		fs.this = &ctor
	}
	w.funcParts(i, fs, cs, class)
}

// isAccessor reports whether `get` or `set` is the last word before a
// method's name.
func (w *walker) isAccessor(i, nameNode int32) bool {
	start := w.t.Nodes[i].Start
	for c := range w.t.Kids(i) {
		if c == nameNode {
			break
		}
		start = w.t.Nodes[c].End
	}
	before := bytes.TrimRight(w.t.Src[start:w.t.Nodes[nameNode].Start], " \t\r\n")
	return (bytes.HasSuffix(before, []byte("get")) || bytes.HasSuffix(before, []byte("set"))) &&
		(len(before) == 3 || !isIdentByte(before[len(before)-4]))
}

// field emits a class field: a method when its value is a function, else
// a field.
func (w *walker) field(i int32, named bool, cs *scope) {
	x, t := w.x, w.t
	nameNode := t.Child(i, x.fName)
	if nameNode == noNode {
		nameNode = t.Child(i, x.fProperty)
	}
	name := w.memberName(nameNode)
	if !named || name == "" {
		w.walkKids(i, cs)
		return
	}
	value := t.Child(i, x.fValue)
	q := cs.prefix + name
	kind, stop := extract.KindField, value
	if w.actOfNode(value) == actFuncExpr {
		kind, stop = extract.KindMethod, t.Child(value, x.fBody)
	}
	idx := w.addSymbol(name, q, kind, t.Span(i), w.header(i, i, stop), cs.sym, false)
	if kind == extract.KindField {
		w.memberTypeFact(ownerOf(cs), name, t.Child(i, x.fType), value, i, cs)
		w.valueReturns(q, value, cs) // static create = createEnum
	}
	for c := range t.Kids(i) {
		switch {
		case c == nameNode:
		case c == value && kind == extract.KindMethod:
			w.funcParts(c, newScope(q+".", idx, cs), cs, nil)
		case c == value:
			w.walk(c, cs)
			w.valueRef(c, cs) // max = this.lte
		default:
			w.walk(c, cs)
		}
	}
}

// memberName is the name of a class, interface or enum member: an
// identifier, a private #name, a string's value or a number; "" for a
// computed name.
func (w *walker) memberName(n int32) string {
	x, t := w.x, w.t
	switch {
	case n == noNode || t.empty(n):
		return ""
	case t.Nodes[n].Kind == x.str:
		v, _ := unquote(t.Raw(n))
		return v
	case t.Nodes[n].Kind == x.computedName:
		return ""
	}
	return t.Text(n)
}

// writtenName is a base's name as written, dot-joined, for a relation
// whose target has no candidate.
func (w *walker) writtenName(i int32) string {
	if w.chain(i) {
		return w.chainText()
	}
	return w.t.Text(i)
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
