package python

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// ids holds the grammar's node kind and field ids, looked up once so that
// the walk compares small integers rather than kind strings.
type ids struct {
	// kindFlags tells tsutil.ParseFlat which nodes to copy into the flat
	// tree and which to descend into.
	kindFlags tsutil.KindFlags

	block, exprStmt, funcDef, classDef, decorated, decorator, parameters   uint16
	lambdaParams, identifier, typedParam, typedDefault, defaultParam       uint16
	listSplatPat, dictSplatPat, tuplePat, listPat, patternList, assignment uint16
	augAssign, attribute, call, argList, keywordArg, subscript, str        uint16
	concatStr, strStart, strEnd, interp, importStmt, importFrom            uint16
	futureImport, aliasedImport, dottedName, relImport, importPrefix       uint16
	wildcard, ifStmt, elifClause, elseClause, tryStmt, exceptClause        uint16
	finallyClause, forStmt, asPattern, asPatternTarget, namedExpr          uint16
	globalStmt, nonlocalStmt, lambda, listComp, dictComp, setComp, genExpr uint16
	forIn, typ, genericType, typeParameter, unionType, binaryOp, list      uint16
	tuple, casePattern, splatPattern, typeAlias, parenExpr, classPattern   uint16
	listSplat, dictSplat, exprList, none, deleteStmt, withItem, await      uint16
	returnStmt, pair, set, condExpr, boolOp, yield                         uint16

	fName, fParameters, fReturnType, fBody, fSuperclasses, fDefinition uint16
	fLeft, fRight, fType, fObject, fAttribute, fFunction, fArguments   uint16
	fValue, fSubscript, fModuleName, fAlias, fTypeParams               uint16
	fCondition, fConsequence                                           uint16
}

func newIDs(l *tsutil.Lang) *ids {
	k := l.KindID
	f := l.FieldID
	x := &ids{
		block: k("block"), exprStmt: k("expression_statement"), identifier: k("identifier"),
		funcDef: k("function_definition"), classDef: k("class_definition"),
		decorated: k("decorated_definition"), decorator: k("decorator"),
		parameters: k("parameters"), lambdaParams: k("lambda_parameters"),
		typedParam: k("typed_parameter"), typedDefault: k("typed_default_parameter"),
		defaultParam: k("default_parameter"), listSplatPat: k("list_splat_pattern"),
		dictSplatPat: k("dictionary_splat_pattern"), tuplePat: k("tuple_pattern"),
		listPat: k("list_pattern"), patternList: k("pattern_list"),
		assignment: k("assignment"), augAssign: k("augmented_assignment"),
		attribute: k("attribute"), call: k("call"), argList: k("argument_list"),
		keywordArg: k("keyword_argument"), subscript: k("subscript"),
		listSplat: k("list_splat"), dictSplat: k("dictionary_splat"),
		str: k("string"), concatStr: k("concatenated_string"), interp: k("interpolation"),
		strStart: k("string_start"), strEnd: k("string_end"),
		importStmt: k("import_statement"), importFrom: k("import_from_statement"),
		futureImport: k("future_import_statement"), aliasedImport: k("aliased_import"),
		dottedName: k("dotted_name"), relImport: k("relative_import"),
		importPrefix: k("import_prefix"), wildcard: k("wildcard_import"),
		ifStmt: k("if_statement"), elifClause: k("elif_clause"), elseClause: k("else_clause"),
		tryStmt: k("try_statement"), exceptClause: k("except_clause"),
		finallyClause: k("finally_clause"), forStmt: k("for_statement"),
		asPattern: k("as_pattern"), asPatternTarget: k("as_pattern_target"),
		namedExpr: k("named_expression"), globalStmt: k("global_statement"),
		nonlocalStmt: k("nonlocal_statement"), lambda: k("lambda"),
		listComp: k("list_comprehension"), dictComp: k("dictionary_comprehension"),
		setComp: k("set_comprehension"), genExpr: k("generator_expression"),
		forIn: k("for_in_clause"), typ: k("type"), genericType: k("generic_type"),
		typeParameter: k("type_parameter"), unionType: k("union_type"),
		binaryOp: k("binary_operator"), list: k("list"), tuple: k("tuple"),
		parenExpr: k("parenthesized_expression"), exprList: k("expression_list"),
		none: k("none"), typeAlias: k("type_alias_statement"),
		casePattern: k("case_pattern"), classPattern: k("class_pattern"),
		splatPattern: k("splat_pattern"), deleteStmt: k("delete_statement"),
		withItem: k("with_item"), await: k("await"),
		returnStmt: k("return_statement"), pair: k("pair"), set: k("set"),
		condExpr: k("conditional_expression"), boolOp: k("boolean_operator"), yield: k("yield"),

		fName: f("name"), fParameters: f("parameters"), fReturnType: f("return_type"),
		fBody: f("body"), fSuperclasses: f("superclasses"), fDefinition: f("definition"),
		fLeft: f("left"), fRight: f("right"), fType: f("type"), fObject: f("object"),
		fAttribute: f("attribute"), fFunction: f("function"), fArguments: f("arguments"),
		fValue: f("value"), fSubscript: f("subscript"), fModuleName: f("module_name"),
		fAlias: f("alias"), fTypeParams: f("type_parameters"),
		fCondition: f("condition"), fConsequence: f("consequence"),
	}
	x.kindFlags = kindFlags(l, k)
	return x
}

// kindFlags keeps every named kind except comments, line continuations and
// the insides of string literals (a value is read from the source between
// string_start and string_end), and does not descend into tokens.
func kindFlags(l *tsutil.Lang, k func(string) uint16) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range []string{"comment", "line_continuation", "string_content"} {
		flags[k(name)] = 0
	}
	for _, name := range []string{"identifier", "string_start", "string_end", "integer", "float"} {
		flags[k(name)] &^= tsutil.Descend
	}
	return flags
}
