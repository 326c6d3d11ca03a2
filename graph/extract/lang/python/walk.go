package python

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// walker holds the state of one file's analysis. It visits the flat tree
// once, in source order, so every record list comes out in source order.
type walker struct {
	x        *ids
	t        *tree
	file     string
	ns, pkg  string
	testFile bool
	lines    extract.LineIndex
	out      *extract.ExtractedFile
	groups   map[string]clickGroup // Click groups by Python function name
	skipStr  int32                 // a string literal not to index (an import_module argument)
	bindEnd  uint32                // while collect binds an assignment's targets: where it ends
	segs     [][]byte              // scratch for dotted chains
	initFile bool                  // a package's __init__.py(i)
	stars    []string              // modules star-imported at module level, in order
	modules  map[string]bool       // module paths `import a.b` names: a, a.b
	// typed holds the module-level names a type or alias fact was stated
	// for so far: only those are receivers (value.go).
	typed map[string]bool
	// declared holds the class attributes whose type the class body
	// annotates ("C.response"): that type governs, not what methods
	// assign to self.response.
	declared map[string]bool
	facts    map[factKey]string // first fact about each name, "()" trimmed (facts.go)
	// results collects what the return statements of the unannotated
	// function being walked give (facts.go, inferred results).
	results *results
}

func newWalker(x *ids, t *tree, file string, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{
		x: x, t: t, file: file, ns: out.Namespace, pkg: packageOf(file, out.Namespace),
		testFile: isTestFile(file), initFile: isInitFile(file), lines: lines, out: out, skipStr: noNode,
	}
}

// run emits the module symbol and walks the module body.
func (w *walker) run() {
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: lastSegment(w.ns), Qualified: w.ns, Kind: extract.KindModule,
		Span: extract.Span{End: uint32(len(w.t.Src))}, Parent: extract.NoParent,
	})
	if len(w.t.Nodes) == 0 {
		return
	}
	mod := newScope(scopeModule, w.ns, extract.NoParent, nil)
	w.collect(0, mod)
	w.walkBody(0, mod, true)
}

// walkBody walks the statements of a module, class or function body,
// skipping its docstring. def says whether simple assignments here define
// symbols (module and class level).
func (w *walker) walkBody(i int32, sc *scope, def bool) {
	first := true
	for c := range w.t.Kids(i) {
		if first && w.isDocstring(c) {
			first = false
			continue
		}
		first = false
		w.walk(c, sc, def)
	}
}

// isDocstring reports whether statement i is a bare string literal.
func (w *walker) isDocstring(i int32) bool {
	t, x := w.t, w.x
	if t.Nodes[i].Kind != x.exprStmt || t.Nodes[i].SubEnd == i+1 {
		return false
	}
	c := i + 1
	k := t.Nodes[c].Kind
	return t.Nodes[c].SubEnd == t.Nodes[i].SubEnd && (k == x.str || k == x.concatStr)
}

// walk dispatches on the node kind. Statement and expression nodes share
// one walk because blocks can appear below expressions in broken code.
func (w *walker) walk(i int32, sc *scope, def bool) {
	x := w.x
	switch k := w.t.Nodes[i].Kind; k {
	case x.block, x.tryStmt, x.elseClause, x.finallyClause:
		w.walkKids(i, sc, def)
	case x.ifStmt, x.elifClause:
		w.ifClause(i, sc, def)
	case x.exceptClause:
		w.exceptClause(i, sc, def)
	case x.decorated:
		w.decorated(i, sc)
	case x.funcDef:
		w.function(i, noNode, sc)
	case x.classDef:
		w.class(i, noNode, sc)
	case x.importStmt, x.importFrom, x.futureImport:
		w.imports(i, sc)
	case x.exprStmt:
		if def {
			w.assignSymbols(i, sc)
		}
		w.walkKids(i, sc, false)
	default:
		w.walkExpr(i, sc, k)
	}
}

// walkExpr handles the expression kinds that produce records or scopes.
func (w *walker) walkExpr(i int32, sc *scope, k uint16) {
	x := w.x
	switch k {
	case x.identifier:
		w.valueRef(i, sc)
	case x.attribute:
		w.walkKids(i, sc, false)
		w.attributeRead(i, sc)
	case x.globalStmt, x.nonlocalStmt:
	case x.call:
		w.call(i, sc)
	case x.subscript:
		w.envSubscript(i, sc)
		w.walkKids(i, sc, false)
	case x.assignment:
		w.assignment(i, sc)
	case x.augAssign:
		w.walkKids(i, sc, false)
		w.untype(w.t.Child(i, x.fLeft), sc)
	case x.deleteStmt:
		w.walkKids(i, sc, false)
		for c := range w.t.Kids(i) {
			w.untype(c, sc)
		}
	case x.forStmt:
		w.forLoop(i, sc)
	case x.withItem:
		w.withItem(i, sc)
	case x.asPattern:
		w.asPattern(i, sc)
	case x.namedExpr:
		w.walrus(i, sc)
	case x.returnStmt, x.yield:
		w.walkKids(i, sc, false)
		w.returned(i, sc)
	case x.str:
		w.stringLit(i, sc)
	case x.concatStr:
		w.concatString(i, sc)
	case x.lambda:
		w.lambda(i, sc)
	case x.listComp, x.dictComp, x.setComp, x.genExpr:
		w.comprehension(i, sc)
	case x.typeAlias:
		w.typeRefs(w.t.Child(i, x.fRight), sc)
	default:
		w.walkKids(i, sc, false)
	}
}

func (w *walker) walkKids(i int32, sc *scope, def bool) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc, def)
	}
}

// assignment walks an assignment, reading its annotation as types, then
// records what it says about its target.
func (w *walker) assignment(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == w.x.fType {
			w.typeRefs(c, sc)
		} else {
			w.walk(c, sc, false)
		}
	}
	w.assigned(i, sc)
}

// lambda walks default values in the enclosing scope and the body in a
// scope of its own parameters.
func (w *walker) lambda(i int32, sc *scope) {
	ls := newScope(scopeComp, sc.qual, sc.sym, sc)
	if p := w.t.Child(i, w.x.fParameters); p != noNode {
		w.bindTargets(p, ls)
		w.paramExprs(p, sc)
	}
	if b := w.t.Child(i, w.x.fBody); b != noNode {
		w.walk(b, ls, false)
	}
}

// comprehension walks a comprehension in a scope of its loop variables.
func (w *walker) comprehension(i int32, sc *scope) {
	cs := newScope(scopeComp, sc.qual, sc.sym, sc)
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.forIn {
			w.bindTargets(w.t.Child(c, w.x.fLeft), cs)
		}
	}
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.forIn {
			w.bindElement(w.t.Child(c, w.x.fLeft), w.t.Child(c, w.x.fRight), cs)
		}
	}
	w.walkKids(i, cs, false)
}
