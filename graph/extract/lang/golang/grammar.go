package golang

import (
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// goLang is the one grammar handle every default Extractor shares; its
// parser pool makes it safe for concurrent use. It and the tables below
// (kinds, fields, kindFlags, actions) are built by loadGrammar, on the
// shared door's first use (golang.go), never at package init: a process that
// parses no file of the language never pays for them.
var (
	goLang    *tsutil.Lang
	kinds     kindIDs
	fields    fieldIDs
	kindFlags tsutil.KindFlags
	actions   tsutil.Actions[uint8]
)

func loadGrammar() {
	goLang = tsutil.NewLang(tsgo.Language())
	kinds, fields = loadIDs(goLang)
	kindFlags = buildFlags(goLang)
	actions = buildActions()
}

// errorKind is the kind id tree-sitter gives ERROR nodes ((TSSymbol)-1).
const errorKind = 0xFFFF

// kindIDs holds the node kind ids of tree-sitter-go this package looks at,
// resolved once so the walk compares integers, never strings.
type kindIDs struct {
	sourceFile, packageClause, packageIdent, importDecl, importSpecList, importSpec uint16
	funcDecl, methodDecl, funcLit, typeDecl, typeSpec, typeAlias                    uint16
	constDecl, constSpec, varDecl, varSpec                                          uint16
	structType, interfaceType, fieldDeclList, fieldDecl, methodElem, typeElem       uint16
	ident, typeIdent, fieldIdent, qualifiedType, genericType, pointerType           uint16
	parenType, parenExpr, typeParamList, paramDecl, variadicParamDecl               uint16
	callExpr, selectorExpr, typeConvExpr, typeInstExpr, compositeLit, literalValue  uint16
	keyedElement, literalElement, unaryExpr, shortVarDecl, assignStmt, exprList     uint16
	returnStmt, rangeClause, typeSwitch, receiveStmt, block, statementList          uint16
	exprStmt, ifStmt, forStmt, exprSwitch, selectStmt, exprCase, defaultCase        uint16
	typeCase, commCase, interpString, rawString, blankIdent, dot, comment, labeled  uint16
	typeAssertExpr, paramList, sliceType, arrayType, mapType, chanType, indexExpr   uint16
	argumentList, sendStmt, sliceExpr, funcType, implicitArrayType                  uint16
}

// fieldIDs holds the field ids of tree-sitter-go this package looks at.
type fieldIDs struct {
	name, typ, value, body, function, arguments, operand, field, pkg     uint16
	receiver, parameters, result, tag, path, left, right, key, typParams uint16
	alias, typArgs, element                                              uint16
}

func loadIDs(l *tsutil.Lang) (kindIDs, fieldIDs) {
	id := l.KindID
	k := kindIDs{
		sourceFile: id("source_file"), packageClause: id("package_clause"),
		packageIdent: id("package_identifier"), importDecl: id("import_declaration"),
		importSpecList: id("import_spec_list"), importSpec: id("import_spec"),
		funcDecl: id("function_declaration"), methodDecl: id("method_declaration"),
		funcLit: id("func_literal"), typeDecl: id("type_declaration"), typeSpec: id("type_spec"),
		typeAlias: id("type_alias"), constDecl: id("const_declaration"), constSpec: id("const_spec"),
		varDecl: id("var_declaration"), varSpec: id("var_spec"), structType: id("struct_type"),
		interfaceType: id("interface_type"), fieldDeclList: id("field_declaration_list"),
		fieldDecl: id("field_declaration"), methodElem: id("method_elem"), typeElem: id("type_elem"),
		ident: id("identifier"), typeIdent: id("type_identifier"), fieldIdent: id("field_identifier"),
		qualifiedType: id("qualified_type"), genericType: id("generic_type"),
		pointerType: id("pointer_type"), parenType: id("parenthesized_type"),
		parenExpr: id("parenthesized_expression"), typeParamList: id("type_parameter_list"),
		paramDecl: id("parameter_declaration"), variadicParamDecl: id("variadic_parameter_declaration"),
		callExpr: id("call_expression"), selectorExpr: id("selector_expression"),
		typeConvExpr: id("type_conversion_expression"), typeInstExpr: id("type_instantiation_expression"),
		compositeLit: id("composite_literal"), literalValue: id("literal_value"),
		keyedElement: id("keyed_element"), literalElement: id("literal_element"),
		unaryExpr: id("unary_expression"), shortVarDecl: id("short_var_declaration"),
		assignStmt: id("assignment_statement"), exprList: id("expression_list"),
		returnStmt: id("return_statement"), rangeClause: id("range_clause"),
		typeSwitch: id("type_switch_statement"), receiveStmt: id("receive_statement"),
		block: id("block"), statementList: id("statement_list"), exprStmt: id("expression_statement"),
		ifStmt: id("if_statement"), forStmt: id("for_statement"),
		exprSwitch: id("expression_switch_statement"), selectStmt: id("select_statement"),
		exprCase: id("expression_case"), defaultCase: id("default_case"), typeCase: id("type_case"),
		commCase: id("communication_case"), interpString: id("interpreted_string_literal"),
		rawString: id("raw_string_literal"), blankIdent: id("blank_identifier"), dot: id("dot"),
		comment: id("comment"), labeled: id("labeled_statement"),
		typeAssertExpr: id("type_assertion_expression"), paramList: id("parameter_list"),
		sliceType: id("slice_type"), arrayType: id("array_type"), mapType: id("map_type"),
		chanType: id("channel_type"), indexExpr: id("index_expression"),
		argumentList: id("argument_list"), sendStmt: id("send_statement"), sliceExpr: id("slice_expression"),
		funcType: id("function_type"), implicitArrayType: id("implicit_length_array_type"),
	}
	fd := l.FieldID
	f := fieldIDs{
		name: fd("name"), typ: fd("type"), value: fd("value"), body: fd("body"),
		function: fd("function"), arguments: fd("arguments"), operand: fd("operand"),
		field: fd("field"), pkg: fd("package"), receiver: fd("receiver"),
		parameters: fd("parameters"), result: fd("result"), tag: fd("tag"), path: fd("path"),
		left: fd("left"), right: fd("right"), key: fd("key"), typParams: fd("type_parameters"),
		alias: fd("alias"), typArgs: fd("type_arguments"), element: fd("element"),
	}
	return k, f
}

// leafKinds are named nodes whose children (quotes, escapes) never matter.
var leafKinds = []string{
	"identifier", "type_identifier", "field_identifier", "package_identifier",
	"label_name", "blank_identifier", "dot", "int_literal", "float_literal",
	"imaginary_literal", "rune_literal", "true", "false", "nil", "iota",
	"interpreted_string_literal", "raw_string_literal",
}

// buildFlags tells the flattener which nodes to keep: named ones but
// comments, and it does not descend into leaves.
func buildFlags(l *tsutil.Lang) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leafKinds {
		flags[l.KindID(name)] = tsutil.Keep
	}
	flags[l.KindID("comment")] = 0
	return flags
}
