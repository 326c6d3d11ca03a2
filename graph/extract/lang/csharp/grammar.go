package csharp

import (
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// csLang is the one grammar handle every default Extractor shares; its
// parser pool makes it safe for concurrent use. It and the tables below
// (kinds, fields, kindFlags, actions) are built by loadGrammar, on the
// shared door's first use (csharp.go), never at package init: a process that
// parses no file of the language never pays for them.
var (
	csLang    *tsutil.Lang
	kinds     kindIDs
	fields    fieldIDs
	kindFlags tsutil.KindFlags
	actions   tsutil.Actions[uint8]
)

func loadGrammar() {
	csLang = tsutil.NewLang(tscsharp.Language())
	kinds, fields = loadIDs(csLang)
	kindFlags = buildFlags(csLang)
	actions = buildActions()
}

// kindIDs holds the node kind ids of tree-sitter-c-sharp this package looks
// at, resolved once so the walk compares integers, never strings.
type kindIDs struct {
	compilationUnit, namespaceDecl, fileNamespace, classDecl, structDecl, recordDecl uint16
	interfaceDecl, enumDecl, enumMember, delegateDecl, methodDecl, ctorDecl          uint16
	dtorDecl, operatorDecl, conversionDecl, propertyDecl, indexerDecl, fieldDecl     uint16
	localFunc, usingDirective, attributeList, attribute, attributeArg, baseList      uint16
	primaryBase, typeParamList, typeParam, paramList, parameter, modifier            uint16
	ident, qualifiedName, genericName, aliasQualified, typeArgList, arrayType        uint16
	nullableType, pointerType, refType, scopedType, tupleType, tupleElement          uint16
	explicitIface, invocation, memberAccess, condAccess, memberBinding, objCreation  uint16
	argument, stringLit, verbatimString, rawString, interpString, asExpr, isExpr     uint16
	ctorInit, variableDecl, variableDeclarator, declarationList, globalStatement     uint16
	predefinedType, implicitType, attributeArgList, argumentList                     uint16
	block, lambdaExpr, implicitParam, foreachStmt, forStmt, usingStmt, declPattern   uint16
	declExpr, catchDecl, castExpr, parenExpr                                         uint16
}

// fieldIDs holds the field ids of tree-sitter-c-sharp this package looks at.
type fieldIDs struct {
	name, typ, returns, body, function, arguments, expression, qualifier uint16
	alias, right, value, accessors, typeParams, parameters, condition    uint16
	left                                                                 uint16
}

func loadIDs(l *tsutil.Lang) (kindIDs, fieldIDs) {
	id := l.KindID
	k := kindIDs{
		compilationUnit: id("compilation_unit"), namespaceDecl: id("namespace_declaration"),
		fileNamespace: id("file_scoped_namespace_declaration"), classDecl: id("class_declaration"),
		structDecl: id("struct_declaration"), recordDecl: id("record_declaration"),
		interfaceDecl: id("interface_declaration"), enumDecl: id("enum_declaration"),
		enumMember: id("enum_member_declaration"), delegateDecl: id("delegate_declaration"),
		methodDecl: id("method_declaration"), ctorDecl: id("constructor_declaration"),
		dtorDecl: id("destructor_declaration"), operatorDecl: id("operator_declaration"),
		conversionDecl: id("conversion_operator_declaration"), propertyDecl: id("property_declaration"),
		indexerDecl: id("indexer_declaration"), fieldDecl: id("field_declaration"),
		localFunc: id("local_function_statement"), usingDirective: id("using_directive"),
		attributeList: id("attribute_list"), attribute: id("attribute"),
		attributeArg: id("attribute_argument"), baseList: id("base_list"),
		primaryBase: id("primary_constructor_base_type"), typeParamList: id("type_parameter_list"),
		typeParam: id("type_parameter"), paramList: id("parameter_list"), parameter: id("parameter"),
		modifier: id("modifier"), ident: id("identifier"), qualifiedName: id("qualified_name"),
		genericName: id("generic_name"), aliasQualified: id("alias_qualified_name"),
		typeArgList: id("type_argument_list"), arrayType: id("array_type"),
		nullableType: id("nullable_type"), pointerType: id("pointer_type"), refType: id("ref_type"),
		scopedType: id("scoped_type"), tupleType: id("tuple_type"), tupleElement: id("tuple_element"),
		explicitIface: id("explicit_interface_specifier"), invocation: id("invocation_expression"),
		memberAccess: id("member_access_expression"), condAccess: id("conditional_access_expression"),
		memberBinding: id("member_binding_expression"), objCreation: id("object_creation_expression"),
		argument: id("argument"), stringLit: id("string_literal"),
		verbatimString: id("verbatim_string_literal"), rawString: id("raw_string_literal"),
		interpString: id("interpolated_string_expression"), asExpr: id("as_expression"),
		isExpr: id("is_expression"), ctorInit: id("constructor_initializer"),
		variableDecl: id("variable_declaration"), variableDeclarator: id("variable_declarator"),
		declarationList: id("declaration_list"), globalStatement: id("global_statement"),
		predefinedType: id("predefined_type"), implicitType: id("implicit_type"),
		attributeArgList: id("attribute_argument_list"), argumentList: id("argument_list"),
		block: id("block"), lambdaExpr: id("lambda_expression"), implicitParam: id("implicit_parameter"),
		foreachStmt: id("foreach_statement"), forStmt: id("for_statement"), usingStmt: id("using_statement"),
		declPattern: id("declaration_pattern"), declExpr: id("declaration_expression"),
		catchDecl: id("catch_declaration"), castExpr: id("cast_expression"),
		parenExpr: id("parenthesized_expression"),
	}
	fd := l.FieldID
	f := fieldIDs{
		name: fd("name"), typ: fd("type"), returns: fd("returns"), body: fd("body"),
		function: fd("function"), arguments: fd("arguments"), expression: fd("expression"),
		qualifier: fd("qualifier"), alias: fd("alias"), right: fd("right"), value: fd("value"),
		accessors: fd("accessors"), typeParams: fd("type_parameters"), parameters: fd("parameters"),
		condition: fd("condition"), left: fd("left"),
	}
	return k, f
}

// leafKinds are named nodes whose children never matter: names, literals
// (a string's value is read from its text) and keywords.
var leafKinds = []string{
	"identifier", "predefined_type", "implicit_type", "modifier", "integer_literal",
	"real_literal", "character_literal", "boolean_literal", "null_literal",
	"string_literal", "verbatim_string_literal", "raw_string_literal",
}

// droppedKinds are never copied: comments, and the text pieces of
// interpolated strings (their value is read from the literal's text).
var droppedKinds = []string{
	"comment", "string_content", "escape_sequence", "interpolation_brace",
	"interpolation_start", "interpolation_quote",
}

// buildFlags tells the flattener which nodes to keep.
func buildFlags(l *tsutil.Lang) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leafKinds {
		flags[l.KindID(name)] = tsutil.Keep
	}
	for _, name := range droppedKinds {
		flags[l.KindID(name)] = 0
	}
	return flags
}
