package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// namespace handles `namespace A.B { ... }`; a nested namespace is
// qualified by the one around it.
func (w *walker) namespace(i int32) {
	outer := w.sc
	w.sc = w.enterNamespace(i, w.t.Span(i))
	w.walk(w.t.Child(i, fields.body))
	w.sc = outer
}

// fileNamespace handles `namespace A.B;`: it scopes the rest of the file,
// so the declarations after it (its siblings) are walked in it.
func (w *walker) fileNamespace(i int32) {
	w.sc = w.enterNamespace(i, extract.Span{Start: w.t.Nodes[i].Start, End: uint32(len(w.t.Src))})
}

// enterNamespace emits a namespace symbol, which is no symbol's parent
// (like a Go package or a Python module), and returns its scope. The first
// namespace of the file is its Namespace.
func (w *walker) enterNamespace(i int32, sp extract.Span) *scope {
	name := w.t.Child(i, fields.name)
	written := w.dottedText(name)
	q := join(w.sc.ns, written)
	if !w.nsSeen {
		w.nsSeen = true
		w.out.Namespace = q
	}
	w.addSymbol(lastSegment(q), q, extract.KindNamespace, sp, "namespace "+written, extract.NoParent)
	return &scope{kind: scopeNamespace, qual: q, ns: q, sym: extract.NoParent, parent: w.sc}
}

// typeKind maps a declaration kind to its symbol kind; a record struct is a
// record too (its signature says "record struct").
func typeKind(k uint16) extract.SymbolKind {
	switch k {
	case kinds.classDecl:
		return extract.KindClass
	case kinds.structDecl:
		return extract.KindStruct
	case kinds.recordDecl:
		return extract.KindRecord
	case kinds.interfaceDecl:
		return extract.KindInterface
	}
	return extract.KindEnum
}

// typeDecl emits a class, struct, record, interface or enum, its base-list
// relations, and walks its members in a scope of its own. Attributes are
// read in the enclosing scope.
func (w *walker) typeDecl(i int32) {
	t := w.t
	nm := t.Child(i, fields.name)
	name := identText(t.Text(nm))
	if name == "" { // missing in broken code
		w.walkKids(i)
		return
	}
	q := join(w.sc.qual, name)
	sym := w.addSymbol(name, q, typeKind(t.Kind(i)), t.Span(i), w.header(i), w.sc.sym)
	outer := w.sc
	ts := &scope{kind: scopeType, qual: q, ns: outer.ns, sym: sym, parent: outer,
		tparams: w.typeParams(t.ChildOfKind(i, kinds.typeParamList))}
	w.sc = ts
	ts.base = w.baseTypeEvidence(t.ChildOfKind(i, kinds.baseList))
	defer w.endScope(w.mark())
	for c := range t.Kids(i) {
		switch k := t.Nodes[c].Kind; {
		case c == nm, k == kinds.modifier, k == kinds.typeParamList:
		case k == kinds.attributeList:
			w.sc = outer
			w.walk(c)
		case k == kinds.baseList:
			w.sc = ts
			w.bases(c, q, w.baseRule(i))
		case k == kinds.paramList && t.Nodes[i].Kind == kinds.recordDecl:
			w.sc = ts
			w.recordParams(c, q, sym)
		default:
			w.sc = ts
			w.walk(c)
		}
	}
	w.sc = outer
}

// recordParams emits the properties a record's positional parameters
// declare, and walks their types and defaults.
func (w *walker) recordParams(list int32, q string, sym int) {
	t := w.t
	for p := range t.Kids(list) {
		if nm := t.Child(p, fields.name); t.Nodes[p].Kind == kinds.parameter && nm != noNode {
			name := identText(t.Text(nm))
			w.addSymbol(name, q+"."+name, extract.KindProperty, t.Span(p), w.header(p), sym)
		}
		w.walk(p)
	}
}

// delegate emits a delegate type.
func (w *walker) delegate(i int32) {
	nm := w.t.Child(i, fields.name)
	if nm != noNode {
		name := identText(w.t.Text(nm))
		w.addSymbol(name, join(w.sc.qual, name), extract.KindType, w.t.Span(i), w.header(i), w.sc.sym)
	}
	w.withTypeParams(w.t.Child(i, fields.typeParams), func() { w.walkKids(i) })
}

// method emits a method, test, constructor, destructor or operator and
// walks it with its type parameters in scope.
func (w *walker) method(i int32) {
	if name := w.memberName(i); name != "" {
		kind := extract.KindMethod
		switch {
		case w.t.Nodes[i].Kind == kinds.ctorDecl:
			kind = extract.KindConstructor
		case w.t.Nodes[i].Kind == kinds.methodDecl && w.isTest(i):
			kind = extract.KindTest
		}
		w.addSymbol(name, join(w.sc.qual, name), kind, w.t.Span(i), w.header(i), w.sc.sym)
	}
	defer w.endScope(w.mark())
	w.withTypeParams(w.t.Child(i, fields.typeParams), func() {
		if name := w.memberName(i); name != "" && w.t.Nodes[i].Kind == kinds.methodDecl {
			// inside the method's type parameters: T Get<T>() states nothing
			w.typeFact(extract.FactReturns, join(w.sc.qual, name), "", w.t.Child(i, fields.returns), i)
		}
		w.walkKids(i)
	})
}

// memberName is the name a method-like declaration defines: its
// identifier, "~T" for a destructor, "operator +" or "implicit operator
// int" for operators; "" when the code is too broken to have one.
func (w *walker) memberName(i int32) string {
	t := w.t
	switch t.Nodes[i].Kind {
	case kinds.dtorDecl:
		if nm := t.Child(i, fields.name); nm != noNode {
			return "~" + identText(t.Text(nm))
		}
	case kinds.operatorDecl, kinds.conversionDecl:
		return w.operatorName(i)
	default:
		if nm := t.Child(i, fields.name); nm != noNode {
			return identText(t.Text(nm))
		}
	}
	return ""
}

// operatorName is the text from after the modifiers (or the return type
// of an operator) to the parameters: "operator +", "implicit operator int".
func (w *walker) operatorName(i int32) string {
	t := w.t
	start := t.Nodes[i].Start
	for c := range t.Kids(i) {
		switch n := &t.Nodes[c]; {
		case n.Field == fields.parameters:
			name := normalize(t.Src[start:n.Start])
			if op, ok := strings.CutPrefix(name, "operator"); ok {
				return "operator " + strings.TrimSpace(op)
			}
			return name
		case n.Kind == kinds.attributeList || n.Kind == kinds.modifier ||
			n.Field == fields.typ && t.Nodes[i].Kind == kinds.operatorDecl:
			start = n.End
		}
	}
	return ""
}

// testAttributes mark a test method in NUnit, xUnit and MSTest.
var testAttributes = map[string]bool{
	"Test": true, "TestCase": true, "TestCaseSource": true, "Fact": true, "Theory": true, "TestMethod": true,
}

// isTest reports whether a method carries a test framework attribute.
func (w *walker) isTest(i int32) bool {
	for l := range w.t.Kids(i) {
		if w.t.Nodes[l].Kind != kinds.attributeList {
			continue
		}
		for a := range w.t.Kids(l) {
			if testAttributes[attributeName(w.t.Text(w.lastIdent(w.t.Child(a, fields.name))))] {
				return true
			}
		}
	}
	return false
}

// property emits a property, or an indexer named "this".
func (w *walker) property(i int32) {
	name := "this"
	if w.t.Nodes[i].Kind == kinds.propertyDecl {
		name = identText(w.t.Text(w.t.Child(i, fields.name)))
	}
	if name != "" {
		w.addSymbol(name, join(w.sc.qual, name), extract.KindProperty, w.t.Span(i), w.header(i), w.sc.sym)
		if name != "this" {
			w.typeFact(extract.FactType, w.sc.qual, name, w.t.Child(i, fields.typ), i)
		}
	}
	w.scoped(i, w.walkKids)
}

// field emits the constants a const field declares (other fields are not
// symbols), records every field for receivers (this.x.M()) and states the
// type facts of fields with a declared type. Types and initializers are
// walked either way.
func (w *walker) field(i int32) {
	t := w.t
	decl := t.ChildOfKind(i, kinds.variableDecl)
	if decl == noNode {
		w.walkKids(i)
		return
	}
	typ := t.Child(decl, fields.typ)
	isConst := w.hasModifier(i, "const")
	prefix := w.header(i)
	if isConst && typ != noNode {
		prefix = w.headerUpTo(i, t.Nodes[typ].End)
	}
	for d := range t.Kids(decl) {
		nm := t.Child(d, fields.name)
		if t.Nodes[d].Kind != kinds.variableDeclarator || nm == noNode {
			continue
		}
		name := identText(t.Text(nm))
		if isConst {
			w.addSymbol(name, join(w.sc.qual, name), extract.KindConst, t.Span(d), prefix+" "+name, w.sc.sym)
		}
		if name != "" && w.sc.kind == scopeType {
			w.fields = append(w.fields, w.sc.qual+"."+name)
			w.typeFact(extract.FactType, w.sc.qual, name, typ, d)
		}
	}
	for c := range t.Kids(i) {
		if c != decl {
			w.walk(c)
			continue
		}
		for d := range t.Kids(decl) {
			switch {
			case d == typ:
				w.typeRef(d)
			case t.Nodes[d].Kind == kinds.variableDeclarator:
				w.walkKids(d)
			default:
				w.walk(d)
			}
		}
	}
}

// headerUpTo is a declaration's text from its first modifier to end.
func (w *walker) headerUpTo(i int32, end uint32) string {
	start := w.t.Nodes[i].Start
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind != kinds.attributeList {
			break
		}
		start = w.t.Nodes[c].End
	}
	return normalize(w.t.Src[start:max(start, end)])
}

// enumMember emits an enum member as a constant of its enum.
func (w *walker) enumMember(i int32) {
	if nm := w.t.Child(i, fields.name); nm != noNode {
		name := identText(w.t.Text(nm))
		w.addSymbol(name, join(w.sc.qual, name), extract.KindConst, w.t.Span(i), "", w.sc.sym)
	}
	w.walkKids(i)
}

func (w *walker) hasModifier(i int32, mod string) bool {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == kinds.modifier && w.t.Text(c) == mod {
			return true
		}
	}
	return false
}

// addSymbol records a definition and returns its index; a name that
// tree-sitter made up for missing code (empty) records nothing.
func (w *walker) addSymbol(name, q string, kind extract.SymbolKind, sp extract.Span, sig string, parent int) int {
	if name == "" || q == "" {
		return extract.NoParent
	}
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: sp, Signature: sig, Parent: parent,
	})
	return len(w.out.Symbols) - 1
}
