package cpp

import "github.com/orbitgraph/orbit/graph/extract"

// gtestMacros are googletest's test definitions, `TEST_F(Fixture, Name) {
// ... }`: tree-sitter reads one as a function TEST_F with two untyped
// parameters. The ones whose first argument is a fixture class (the body
// is a method of a subclass of it) are true.
var gtestMacros = map[string]bool{
	"TEST": false, "TEST_F": true, "TEST_P": true, "TYPED_TEST": true, "TYPED_TEST_P": true,
}

// gtest emits the test a googletest macro at file or namespace scope
// defines, named Suite::Name in the enclosing namespace, and enters its
// fixture's scope so that a plain call in the body is looked up as the
// fixture's member first. It reports whether i was one.
func (w *walker) gtest(i, outer int32, info declInfo) bool {
	x, t := w.x, w.t
	if !w.cxx || w.ctx != ctxFile || info.params < 0 || t.Kind(info.name) != x.identifier || t.Child(i, x.fType) != noNode {
		return false
	}
	fixture, ok := gtestMacros[string(t.Raw(info.name))]
	if !ok {
		return false
	}
	var args []int32
	for c := range t.Kids(info.params) {
		typ := t.Child(c, x.fType)
		if t.Kind(c) != x.paramDecl || t.Child(c, x.fDeclarator) != noNode || t.Kind(typ) != x.typeIdent || t.empty(typ) {
			return false
		}
		args = append(args, typ)
	}
	if len(args) != 2 {
		return false
	}
	suite, name := t.Text(args[0]), t.Text(args[1])
	qual := join(w.scopeQual(), suite)
	d := t.Child(i, x.fDeclarator)
	w.addSymbol(name, w.linkName(join(qual, name), w.internal), extract.KindTest, w.headSpan(outer, d), w.funcSig(outer, d))
	if fixture {
		if cls := w.lookupName(suite, w.scope); cls != "" {
			qual = cls
		}
		if w.known[qual] == 0 { // a fixture another file defines
			w.known[qual] = knownClass
		}
		w.pushScope(qual)
		w.methodOf = qual
	}
	return true
}
