package cpp

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// ctxKind is where the walk is: it decides whether a declaration defines
// symbols, class members or locals.
type ctxKind uint8

const (
	ctxFile   ctxKind = iota // file or namespace scope: declarations are symbols
	ctxClass                 // a class, struct or union body: methods are members
	ctxBody                  // a function body: declarations are locals
	ctxFriend                // a friend declaration: it defines no member
)

// walker holds the state of one file's analysis. It visits the flat tree
// once, in source order, so every record list comes out in source order;
// the candidates of refs are filled in at the end (resolve), once every
// symbol of the file is known.
type walker struct {
	x      *ids
	t      *tree
	cxx    bool
	path   string
	header bool // names with internal linkage keep their plain name in a header
	lines  extract.LineIndex
	out    *extract.ExtractedFile

	ctx      ctxKind
	scope    int32 // index into names.scopes of the innermost namespace or class
	parent   int   // index of the enclosing symbol, or extract.NoParent
	internal bool  // inside an anonymous namespace
	outer    int32 // the template_declaration whose entity is read next, or noNode
	locals   []local
	methodOf string        // the class whose method body the walk is in, or ""
	args     extract.Arity // what the call being walked passes, for its callee's ref

	names
}

func newWalker(e *Engine, t *tree, path string, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{
		x: e.ids, t: t, cxx: e.dialect == CPP, path: path, header: isHeader(path),
		lines: lines, out: out, parent: extract.NoParent, outer: noNode, names: newNames(),
	}
}

// run walks the whole file, then resolves the candidates of its refs.
func (w *walker) run() {
	w.walkKids(0)
	w.resolve()
}

// action is what the walk does at a node, by kind id: a table lookup, not
// a chain of comparisons.
type action uint8

const (
	actWalk action = iota // walk the children
	actSkip               // leaves, and what a handler reads itself
	actInclude
	actMacro
	actNamespace
	actFunction
	actDeclaration
	actTypedef
	actAlias
	actTemplate
	actRecord // struct, union and class specifiers
	actEnum
	actLinkage
	actFriend
	actCall
	actTypeIdent
	actQualified
	actTemplateType
	actTemplateArgs // template_function and template_method outside a call
	actString
	actConcat
	actRawString
	actBlock
	actLambda
	actForRange
	actMacroType // C's STACK_OF(X): a macro used as a type
	actValues    // C: where a bare name is a value (f in g(f), {f}, .x = f, p = f, &f, p == f, return f)
	actUsing     // C++: using a::b::C;
	actAddress   // C++: &X::f, a member function or function taken by its qualified name
)

func buildActions(x *ids, l *tsutil.Lang) tsutil.Actions[action] {
	a := tsutil.NewActions[action](l)
	a.SetNamed(l, actSkip, leafKinds...)
	set := a.Set
	set(actSkip, x.namespaceIdent, x.operatorName, x.accessSpec, x.preprocParams)
	set(actInclude, x.preprocInclude)
	set(actMacro, x.preprocDef, x.preprocFuncDef)
	set(actNamespace, x.namespaceDef)
	set(actFunction, x.funcDef)
	set(actDeclaration, x.declaration, x.fieldDecl)
	set(actTypedef, x.typeDef)
	set(actAlias, x.aliasDecl)
	set(actTemplate, x.templateDecl)
	set(actRecord, x.structSpec, x.unionSpec, x.classSpec)
	set(actEnum, x.enumSpec)
	set(actLinkage, x.linkageSpec)
	set(actFriend, x.friendDecl)
	set(actCall, x.callExpr)
	set(actTypeIdent, x.typeIdent)
	set(actQualified, x.qualifiedIdent)
	set(actTemplateType, x.templateType)
	set(actTemplateArgs, x.templateFunc, x.templateMethod)
	set(actString, x.stringLit)
	set(actConcat, x.concatString)
	set(actRawString, x.rawStr)
	set(actBlock, x.compound)
	set(actLambda, x.lambda)
	set(actForRange, x.forRange)
	set(actMacroType, x.macroTypeSpec)
	set(actUsing, x.usingDecl)
	if x.classSpec == absentKind { // C: one namespace, no overloads
		set(actValues, x.argList, x.initList, x.initPair, x.assignExpr, x.returnStmt, x.condExpr, x.pointerExpr, x.binaryExpr)
	} else {
		set(actAddress, x.pointerExpr)
	}
	return a
}

// walk visits node i and what it contains.
func (w *walker) walk(i int32) {
	if i < 0 {
		return
	}
	k := w.t.Nodes[i].Kind
	if k == errorKind {
		w.errorNode(i)
		return
	}
	switch act := w.x.actions.Of(k); act {
	case actWalk:
		w.walkKids(i)
	case actSkip:
	case actCall, actTypeIdent, actQualified, actTemplateType, actTemplateArgs:
		w.walkRef(i, act)
	case actString, actConcat, actRawString:
		w.stringLit(i)
	default:
		w.walkDecl(i, act)
	}
}

// walkRef handles the nodes that name something.
func (w *walker) walkRef(i int32, act action) {
	switch act {
	case actCall:
		w.call(i)
	case actTypeIdent:
		w.typeRef(i)
	case actQualified:
		w.qualifiedRef(i)
	case actTemplateType:
		w.typeUse(i)
	case actTemplateArgs:
		w.walkExcept(i, w.t.Child(i, w.x.fName))
	}
}

// walkDecl handles the nodes that declare something or open a scope.
func (w *walker) walkDecl(i int32, act action) {
	switch act {
	case actInclude:
		w.include(i)
	case actMacro:
		w.macro(i)
	case actNamespace:
		w.namespace(i)
	case actFunction:
		w.function(i)
	case actDeclaration:
		w.declaration(i)
	case actTypedef:
		w.typedef(i)
	case actAlias:
		w.alias(i)
	case actTemplate:
		w.template(i)
	default:
		w.walkScoped(i, act)
	}
}

// walkScoped handles type definitions and the nodes with locals.
func (w *walker) walkScoped(i int32, act action) {
	switch act {
	case actRecord:
		w.record(i, noNode, noNode)
	case actEnum:
		w.enum(i, noNode, noNode)
	case actLinkage:
		w.walkExcept(i, w.t.Child(i, w.x.fValue))
	case actFriend:
		outer := w.ctx
		w.ctx = ctxFriend
		w.walkKids(i)
		w.ctx = outer
	case actBlock:
		mark := len(w.locals)
		w.walkKids(i)
		w.locals = w.locals[:mark]
	case actLambda:
		w.lambda(i)
	case actForRange:
		w.forRange(i)
	case actMacroType:
		name := w.t.Child(i, w.x.fName)
		w.callee(name)
		w.walkExcept(i, name)
	case actValues:
		w.values(i)
	case actUsing:
		w.using(i)
	case actAddress:
		w.address(i)
	}
}

func (w *walker) walkKids(i int32) {
	for c := range w.t.Kids(i) {
		w.walk(c)
	}
}

// walkExcept walks the children of i but skip.
func (w *walker) walkExcept(i, skip int32) {
	for c := range w.t.Kids(i) {
		if c != skip {
			w.walk(c)
		}
	}
}

// takeOuter returns the node whose span and signature a definition at i
// uses: the template_declaration around it, if it is a template's entity.
func (w *walker) takeOuter(i int32) int32 {
	o := w.outer
	w.outer = noNode
	if o != noNode && w.t.Nodes[o].Start <= w.t.Nodes[i].Start && w.t.Nodes[i].End <= w.t.Nodes[o].End {
		return o
	}
	return i
}
