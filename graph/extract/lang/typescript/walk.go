package typescript

import (
	"path"

	"github.com/orbitgraph/orbit/graph/extract"
)

// walker holds the state of one file's analysis. It visits the flat tree
// once, in source order, so every record list comes out in source order.
type walker struct {
	x       *ids
	t       *tree
	ns      string
	dir     string // the file's directory, which relative specifiers start from
	mod     Config // the file's tsconfig paths and baseUrl, for bare specifiers
	ambient bool   // inside `declare` or a declaration file: bodiless declarations define
	lines   extract.LineIndex
	out     *extract.ExtractedFile
	// overload is the index of the last symbol when it is a bodiless
	// function or method signature that more overloads or the
	// implementation may follow, else -1: they all become one symbol.
	overload int
	segs     [][]byte         // scratch for dotted chains
	facts    map[factKey]bool // facts stated so far
	// star is, per module (the file's, or one it declares), 1 + the index
	// in out.Facts of its wildcard alias fact (`export * from`), absent
	// before the first: later ones add alternatives.
	star map[string]int
	// valueRefs are the indices in out.Refs of the use refs valueRef added.
	valueRefs []int
}

func newWalker(x *ids, t *tree, file string, mod extract.ModuleContext, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{
		x: x, t: t, ns: out.Namespace, dir: path.Dir(file), mod: configOf(mod), ambient: isDeclarationFile(file),
		lines: lines, out: out, overload: -1,
	}
}

// run emits the module symbol and walks the program.
func (w *walker) run() {
	w.addSymbol(path.Base(w.ns), w.ns, extract.KindModule, extract.Span{End: uint32(len(w.t.Src))}, "", extract.NoParent, false)
	w.body(0, newScope(w.ns+":", extract.NoParent, nil))
	w.dropAmbiguousValueRefs()
}

// dropAmbiguousValueRefs removes the use refs of names used as values
// whose target this file declares more than once under one qualified name
// (`const f = () => …` in two test callbacks): the index could not tell
// which one is meant, and every use would count for each.
func (w *walker) dropAmbiguousValueRefs() {
	if len(w.valueRefs) == 0 {
		return
	}
	seen := make(map[string]int, len(w.out.Symbols))
	for _, s := range w.out.Symbols {
		seen[s.Qualified]++
	}
	drop := map[int]bool{}
	for _, i := range w.valueRefs {
		if q := w.out.Refs[i].Qualified; q != "" && seen[q] > 1 {
			drop[i] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	refs := w.out.Refs[:0]
	for i, r := range w.out.Refs {
		if !drop[i] {
			refs = append(refs, r)
		}
	}
	w.out.Refs = refs
}

// body binds the declarations of a program or block in sc, then walks it.
func (w *walker) body(i int32, sc *scope) {
	w.collect(i, sc)
	w.walkKids(i, sc)
}

func (w *walker) walkKids(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
	}
}

// actOf is the action for node i; kinds past the table (ERROR) walk their
// children so that code inside a syntax error is still seen.
func (w *walker) actOf(i int32) action { return w.x.act.Of(w.t.Nodes[i].Kind) }

// walk dispatches on the node's action. Statements, expressions and types
// share one walk: their kinds are distinct, and broken code mixes them.
func (w *walker) walk(i int32, sc *scope) {
	switch w.actOf(i) {
	case actKids:
		w.walkKids(i, sc)
	case actSkip:
	case actBlock:
		w.body(i, sc.inner())
	case actFuncExpr:
		w.funcParts(i, sc.inner(), sc, nil)
	case actClassExpr:
		w.classParts(i, "", extract.NoParent, sc)
	case actExprStmt:
		w.exprStmt(i, sc)
	case actExport:
		w.export(i, sc)
	case actImport:
		w.importStmt(i)
	default:
		if !w.walkDecl(i, decl{outer: noNode}, sc) {
			w.walkExpr(i, sc)
		}
	}
}

// decl is how a declaration is wrapped: outer is the export statement or
// `declare` around it (the symbol's span), noNode when bare.
type decl struct {
	outer     int32
	exported  bool
	isDefault bool
}

// walkDecl handles the declaration kinds; false for any other node.
func (w *walker) walkDecl(i int32, d decl, sc *scope) bool {
	switch w.actOf(i) {
	case actFunction, actFuncExpr:
		w.function(i, d, sc)
	case actClass, actClassExpr:
		w.class(i, d, sc)
	case actInterface:
		w.iface(i, d, sc)
	case actTypeAlias:
		w.typeAlias(i, d, sc)
	case actEnum:
		w.enum(i, d, sc)
	case actNamespace:
		w.namespaceDecl(i, d, sc)
	case actAmbient:
		w.ambientDecl(i, d, sc)
	case actVars:
		w.variables(i, d, sc)
	default:
		return false
	}
	return true
}

// walkExpr handles the expression and type kinds that produce records or
// bind names.
func (w *walker) walkExpr(i int32, sc *scope) {
	switch w.actOf(i) {
	case actCall:
		w.call(i, sc)
	case actNew:
		w.newExpr(i, sc)
	case actMember:
		w.memberExpr(i, sc)
	case actSubscript:
		w.subscriptExpr(i, sc)
	case actString:
		w.stringLit(i)
	case actTemplate:
		w.template(i, sc)
	case actDecorator:
		w.decorator(i, sc)
	case actJSXElement:
		w.jsxElement(i, sc)
	case actJSXAttr:
		w.jsxAttr(i, sc)
	case actJSXText:
		w.jsxText(i)
	case actFor, actCatch:
		w.loopOrCatch(i, sc)
	case actAssign:
		w.assignment(i, sc)
	case actShorthand:
		w.valueRef(i, sc)
	case actValues:
		w.values(i, sc)
	case actReturn:
		w.returnStmt(i, sc)
	default:
		w.walkType(i, sc)
	}
}

// walkType handles the type kinds.
func (w *walker) walkType(i int32, sc *scope) {
	switch w.actOf(i) {
	case actTypeName:
		w.typeName(i, sc)
	case actNestedType:
		w.exprRef(i, sc, extract.RefType)
	case actTypeQuery:
		w.typeQuery(i, sc)
	case actIndexedType:
		w.indexedType(i, sc)
	case actTypeParam, actMapped:
		w.bindTypeName(i, w.t.Child(i, w.x.fName), sc)
	case actInfer:
		w.bindTypeName(i, w.t.FirstKid(i), sc)
	case actObjectType:
		w.objectType(i, sc)
	default:
		w.walkKids(i, sc)
	}
}

// exprStmt skips bare string statements ("use strict" and other
// directives), reads namespaces (which the grammar wraps in an expression
// statement) and functions defined by assignment, and walks anything else.
func (w *walker) exprStmt(i int32, sc *scope) {
	c := w.t.onlyKid(i)
	switch {
	case c == noNode:
	case w.t.Nodes[c].Kind == w.x.str:
		return
	case w.actOf(c) == actNamespace:
		w.namespaceDecl(c, decl{outer: i}, sc)
		return
	case w.assignedDefinition(i, c, sc):
		return
	}
	w.walkKids(i, sc)
}

// loopOrCatch walks a for loop or catch clause in a scope of its own
// variables.
func (w *walker) loopOrCatch(i int32, sc *scope) {
	x, t := w.x, w.t
	ls := sc.inner()
	for c := range t.Kids(i) {
		switch f := t.Nodes[c].Field; {
		case f == x.fInitializer && w.actOf(c) == actVars:
			w.collectStmt(c, ls, false)
		case f == x.fLeft || f == x.fParameter:
			w.bindPattern(c, ls)
		}
	}
	w.walkKids(i, ls)
}
