package golang

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// What the walk does at a node, by kind id (a table lookup, not a chain of
// comparisons).
const (
	actChildren   uint8 = iota // walk the children
	actNothing                 // leaves, and what declarations already read
	actTypeRef                 // type_identifier, qualified_type
	actCall                    // call_expression
	actConversion              // type_conversion_expression
	actSelector                // selector_expression not called
	actComposite               // composite_literal
	actString                  // string literals
	actFunc                    // function and method declarations, func literals
	actTypeSpec                // type_spec, type_alias
	actParam                   // parameter declarations
	actShortVar                // x := ...
	actValueSpec               // var_spec, const_spec
	actRange                   // range_clause
	actReceive                 // case v := <-ch
	actField                   // field_declaration
	actScope                   // blocks and statements that open a scope
	actTypeSwitch              // switch v := x.(type)
	actReturn                  // return_statement
	actIdent                   // identifier in an expression
)

func buildActions() tsutil.Actions[uint8] {
	a := tsutil.NewActions[uint8](goLang)
	a.SetNamed(goLang, actNothing, leafKinds...)
	set := a.Set
	set(actNothing, kinds.packageClause, kinds.importDecl)
	set(actTypeRef, kinds.typeIdent, kinds.qualifiedType)
	set(actCall, kinds.callExpr)
	set(actConversion, kinds.typeConvExpr)
	set(actSelector, kinds.selectorExpr)
	set(actComposite, kinds.compositeLit)
	set(actString, kinds.interpString, kinds.rawString)
	set(actFunc, kinds.funcDecl, kinds.methodDecl, kinds.funcLit)
	set(actTypeSpec, kinds.typeSpec, kinds.typeAlias)
	set(actParam, kinds.paramDecl, kinds.variadicParamDecl)
	set(actShortVar, kinds.shortVarDecl)
	set(actValueSpec, kinds.varSpec, kinds.constSpec)
	set(actRange, kinds.rangeClause)
	set(actReceive, kinds.receiveStmt)
	set(actField, kinds.fieldDecl)
	set(actScope, kinds.block, kinds.ifStmt, kinds.forStmt, kinds.exprSwitch, kinds.selectStmt,
		kinds.exprCase, kinds.defaultCase, kinds.typeCase, kinds.commCase)
	set(actTypeSwitch, kinds.typeSwitch)
	set(actReturn, kinds.returnStmt)
	set(actIdent, kinds.ident)
	return a
}

// walk visits node i and what it contains, in source order.
func (x *fileExtractor) walk(i int32) {
	if i < 0 {
		return
	}
	switch act := actions.Of(x.t.Nodes[i].Kind); act {
	case actNothing:
	case actTypeRef:
		x.typeRef(i)
	case actCall:
		x.call(i)
	case actConversion:
		x.conversion(i)
	case actSelector:
		x.selector(i)
	case actComposite:
		x.compositeLit(i)
	case actString:
		x.stringLit(i)
	case actIdent:
		x.identUse(i)
	default:
		x.walkDeclaring(i, act)
	}
}

// walkDeclaring handles the nodes that declare local names or open scopes.
func (x *fileExtractor) walkDeclaring(i int32, act uint8) {
	switch act {
	case actFunc:
		x.function(i)
	case actTypeSpec:
		x.typeSpec(i)
	case actParam:
		x.declareParams(i)
		x.walk(x.t.Child(i, fields.typ))
	case actShortVar:
		x.walk(x.t.Child(i, fields.right))
		x.declareAssigned(x.t.Child(i, fields.left), x.t.Child(i, fields.right))
	case actRange:
		x.walk(x.t.Child(i, fields.right))
		x.declareRange(i)
	case actReceive:
		x.walk(x.t.Child(i, fields.right))
		x.declareNames(x.t.Child(i, fields.left), 0)
	case actValueSpec:
		x.walkExcept(i, -1)
		if x.inFunc > 0 {
			x.declareValueSpec(i)
		}
	case actField:
		x.walk(x.t.Child(i, fields.typ))
		x.structTag(x.t.Child(i, fields.tag))
	case actTypeSwitch:
		outer := x.switchAlias
		x.switchAlias = x.t.Text(x.t.onlyChild(x.t.Child(i, fields.alias)))
		x.scope.push()
		x.declareNames(x.t.Child(i, fields.alias), 0)
		x.walkExcept(i, -1)
		x.scope.pop()
		x.switchAlias = outer
	case actScope:
		x.scope.push()
		if x.t.Kind(i) == kinds.typeCase {
			x.declareCaseAlias(i)
		}
		x.walkExcept(i, -1)
		x.scope.pop()
	case actReturn:
		x.returnedCommand(i)
		x.walkExcept(i, -1)
	default:
		x.walkExcept(i, -1)
	}
}

// walkExcept walks the children of i but skip.
func (x *fileExtractor) walkExcept(i, skip int32) {
	for c := x.t.FirstKid(i); c >= 0; c = x.t.Nodes[c].Next {
		if c != skip {
			x.walk(c)
		}
	}
}

// function walks a function declaration or literal in its own scope, with
// its type parameters (and a generic receiver's) declared first.
func (x *fileExtractor) function(i int32) {
	outerFn, outerDecl, outerLits := x.fn, x.fnDecl, x.lits
	name := x.t.Child(i, fields.name)
	switch x.t.Kind(i) {
	case kinds.funcLit:
		x.lits++
	case kinds.methodDecl:
		x.fn, x.fnDecl = "", i // commands bind only to plain functions
	default:
		x.fn, x.fnDecl = x.t.Text(name), i
	}
	x.inFunc++
	x.scope.push()
	x.declareTypeParams(x.t.Child(i, fields.typParams))
	if x.t.Kind(i) == kinds.methodDecl {
		x.declareReceiverTypeParams(i)
	}
	x.walkExcept(i, name)
	x.scope.pop()
	x.inFunc--
	x.fn, x.fnDecl, x.lits = outerFn, outerDecl, outerLits
}

// typeSpec walks a type declaration; one inside a function declares a
// local type name.
func (x *fileExtractor) typeSpec(i int32) {
	name := x.t.Child(i, fields.name)
	if x.inFunc > 0 {
		x.scope.declare(x.t.Text(name))
	}
	x.scope.push()
	x.declareTypeParams(x.t.Child(i, fields.typParams))
	x.walkExcept(i, name)
	x.scope.pop()
}
