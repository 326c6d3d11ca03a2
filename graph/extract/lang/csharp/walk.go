package csharp

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// walker holds the state of one Extract call. It visits the flat tree once,
// in source order, so every record list comes out in source order; the
// candidates that need the whole file's definitions are filled in after the
// walk (resolve.go).
type walker struct {
	t       *tree
	out     *extract.ExtractedFile
	lines   extract.LineIndex
	sc      *scope            // the innermost namespace, type or generic method
	aliases map[string]string // using X = A.B; → X: A.B
	types   []pendingType     // type candidates to resolve after the walk
	calls   []pendingCall     // call candidates to resolve after the walk
	segs    []seg             // scratch for dotted names
	nsSeen  bool              // the file's Namespace is set
	locals                    // variables in scope, with their type evidence
	usings  []string          // using X.Y; and using static X.Y; targets
	fields  []string          // qualified names of the fields of the file's types
	facts   []pendingFact     // facts whose types resolve after the walk
}

func newWalker(t *tree, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{t: t, out: out, lines: lines, sc: &scope{kind: scopeNamespace, sym: extract.NoParent}}
}

// run walks the file, then fills in the candidates.
func (w *walker) run() {
	w.walk(0)
	w.resolve()
}

// What the walk does at a node, by kind id (a table lookup, not a chain of
// comparisons).
const (
	actChildren   uint8 = iota // walk the children
	actNothing                 // names, literals that are not strings
	actNamespace               // namespace_declaration
	actFileNS                  // file_scoped_namespace_declaration
	actType                    // class, struct, record, interface, enum
	actDelegate                // delegate_declaration
	actMethod                  // methods, constructors, destructors, operators
	actLocalFunc               // local functions: no symbol, maybe type parameters
	actProperty                // properties and indexers
	actField                   // field_declaration: const fields are symbols
	actEnumMember              // enum_member_declaration
	actUsing                   // using_directive
	actInvocation              // invocation_expression
	actNew                     // object_creation_expression
	actMember                  // member_access_expression not called
	actAttribute               // attribute
	actString                  // string literals
	actInterp                  // interpolated strings
	actTypes                   // nodes whose children are all types
	actAsIs                    // as/is expressions: the right side is a type
	actGeneric                 // generic_name in an expression: its arguments are types
	actScoped                  // blocks, lambdas, for and using statements: their variables end with them
	actParam                   // parameters
	actVarDecl                 // variable_declaration in code
	actForeach                 // foreach_statement
	actDeclare                 // patterns, out variables and catch clauses that declare a variable
)

func buildActions() tsutil.Actions[uint8] {
	a := tsutil.NewActions[uint8](csLang)
	a.SetNamed(csLang, actNothing, leafKinds...)
	set := a.Set
	k := &kinds
	set(actString, k.stringLit, k.verbatimString, k.rawString)
	set(actNothing, k.typeParamList, k.baseList)
	set(actNamespace, k.namespaceDecl)
	set(actFileNS, k.fileNamespace)
	set(actType, k.classDecl, k.structDecl, k.recordDecl, k.interfaceDecl, k.enumDecl)
	set(actDelegate, k.delegateDecl)
	set(actMethod, k.methodDecl, k.ctorDecl, k.dtorDecl, k.operatorDecl, k.conversionDecl)
	set(actLocalFunc, k.localFunc)
	set(actProperty, k.propertyDecl, k.indexerDecl)
	set(actField, k.fieldDecl)
	set(actEnumMember, k.enumMember)
	set(actUsing, k.usingDirective)
	set(actInvocation, k.invocation)
	set(actNew, k.objCreation)
	set(actMember, k.memberAccess)
	set(actAttribute, k.attribute)
	set(actInterp, k.interpString)
	set(actTypes, k.typeArgList, k.explicitIface)
	set(actAsIs, k.asExpr, k.isExpr)
	set(actGeneric, k.genericName)
	set(actScoped, k.block, k.lambdaExpr, k.forStmt, k.usingStmt)
	set(actParam, k.parameter, k.implicitParam)
	set(actVarDecl, k.variableDecl)
	set(actForeach, k.foreachStmt)
	set(actDeclare, k.declPattern, k.declExpr, k.catchDecl)
	return a
}

// walk visits node i and what it contains, in source order.
func (w *walker) walk(i int32) {
	if i < 0 {
		return
	}
	switch act := actions.Of(w.t.Nodes[i].Kind); act {
	case actNothing:
	case actNamespace:
		w.namespace(i)
	case actFileNS:
		w.fileNamespace(i)
	case actType:
		w.typeDecl(i)
	case actDelegate:
		w.delegate(i)
	case actMethod:
		w.method(i)
	case actLocalFunc:
		w.withTypeParams(w.t.Child(i, fields.typeParams), func() { w.walkKids(i) })
	case actProperty:
		w.property(i)
	case actField:
		w.field(i)
	case actEnumMember:
		w.enumMember(i)
	default:
		w.walkExpr(i, act)
	}
}

// walkExpr handles the actions of expressions and directives.
func (w *walker) walkExpr(i int32, act uint8) {
	switch act {
	case actUsing:
		w.using(i)
	case actInvocation:
		w.invocation(i)
	case actNew:
		w.objectCreation(i)
	case actMember:
		w.walk(w.t.Child(i, fields.expression))
		w.typeArgs(w.t.Child(i, fields.name))
	case actAttribute:
		w.attribute(i)
	case actString:
		w.stringLit(i)
	case actInterp:
		w.stringLit(i)
		w.walkKids(i)
	case actTypes:
		for c := range w.t.Kids(i) {
			w.typeRef(c)
		}
	case actAsIs:
		w.walkKids(i)
	case actGeneric:
		w.typeArgs(i)
	default:
		w.walkCode(i, act)
	}
}

// walkCode handles the actions that track variables.
func (w *walker) walkCode(i int32, act uint8) {
	switch act {
	case actScoped:
		w.scoped(i, w.walkKids)
	case actParam:
		w.parameter(i)
	case actVarDecl:
		w.variableDecl(i)
	case actForeach:
		w.scoped(i, w.foreach)
	case actDeclare:
		w.declaration(i)
	default:
		w.walkKids(i)
	}
}

// walkKids walks the children of i; those in a type or returns field are
// types (every such field of the grammar holds one), as is the right side
// of as and is.
func (w *walker) walkKids(i int32) {
	isAsIs := w.t.Nodes[i].Kind == kinds.asExpr || w.t.Nodes[i].Kind == kinds.isExpr
	for c := range w.t.Kids(i) {
		switch f := w.t.Nodes[c].Field; {
		case f == fields.typ || f == fields.returns || isAsIs && f == fields.right:
			w.typeRef(c)
		default:
			w.walk(c)
		}
	}
}
