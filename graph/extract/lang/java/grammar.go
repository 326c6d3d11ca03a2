package java

import (
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// javaLang is the one grammar handle every default Extractor shares; its
// parser pool makes it safe for concurrent use. It and the tables below
// (kinds, fields, kindFlags, actions) are built by loadGrammar, on the
// shared door's first use (java.go), never at package init: a process that
// parses no file of the language never pays for them.
var (
	javaLang  *tsutil.Lang
	kinds     kindIDs
	fields    fieldIDs
	kindFlags tsutil.KindFlags
	actions   tsutil.Actions[uint8]
)

func loadGrammar() {
	javaLang = tsutil.NewLang(tsjava.Language())
	kinds, fields = loadIDs(javaLang)
	kindFlags = buildFlags(javaLang)
	actions = buildActions()
}

// kindIDs holds the node kind ids of tree-sitter-java this package looks
// at, resolved once so the walk compares integers, never strings.
type kindIDs struct {
	program, packageDecl, importDecl, asterisk, scopedIdent, ident, typeIdent    uint16
	scopedTypeIdent, genericType, typeParams, typeParam, classDecl, ifaceDecl    uint16
	enumDecl, recordDecl, annoTypeDecl, classBody, ifaceBody, enumBody           uint16
	enumBodyDecls, annoTypeBody, methodDecl, ctorDecl, compactCtor, annoElemDecl uint16
	fieldDecl, constDecl, varDeclarator, enumConst, superclass, superIfaces      uint16
	extendsIfaces, typeList, formalParams, formalParam, spreadParam, modifiers   uint16
	markerAnno, anno, annoArgs, elemValuePair, call, methodRef, ctorCall         uint16
	newExpr, fieldAccess, this, super, stringLit, argList, typeBound             uint16
	// the kinds that declare or scope local variables, and typed expressions
	block, ctorBody, localVarDecl, forStmt, enhancedFor, catchClause, catchParam uint16
	catchType, resource, tryResources, lambda, inferredParams, instanceof        uint16
	typePattern, switchGroup, switchRule, parenExpr, castExpr, dimensions        uint16
}

// fieldIDs holds the field ids of tree-sitter-java this package looks at.
type fieldIDs struct {
	name, body, typ, declarator, value, object, arguments, typeParams uint16
	superclass, interfaces, parameters, key, constructor              uint16
	field, right, dimensions                                          uint16
}

func loadIDs(l *tsutil.Lang) (kindIDs, fieldIDs) {
	id := l.KindID
	k := kindIDs{
		program: id("program"), packageDecl: id("package_declaration"),
		importDecl: id("import_declaration"), asterisk: id("asterisk"),
		scopedIdent: id("scoped_identifier"), ident: id("identifier"), typeIdent: id("type_identifier"),
		scopedTypeIdent: id("scoped_type_identifier"), genericType: id("generic_type"),
		typeParams: id("type_parameters"), typeParam: id("type_parameter"),
		classDecl: id("class_declaration"), ifaceDecl: id("interface_declaration"),
		enumDecl: id("enum_declaration"), recordDecl: id("record_declaration"),
		annoTypeDecl: id("annotation_type_declaration"), classBody: id("class_body"),
		ifaceBody: id("interface_body"), enumBody: id("enum_body"),
		enumBodyDecls: id("enum_body_declarations"), annoTypeBody: id("annotation_type_body"),
		methodDecl: id("method_declaration"), ctorDecl: id("constructor_declaration"),
		compactCtor:  id("compact_constructor_declaration"),
		annoElemDecl: id("annotation_type_element_declaration"), fieldDecl: id("field_declaration"),
		constDecl: id("constant_declaration"), varDeclarator: id("variable_declarator"),
		enumConst: id("enum_constant"), superclass: id("superclass"),
		superIfaces: id("super_interfaces"), extendsIfaces: id("extends_interfaces"),
		typeList: id("type_list"), formalParams: id("formal_parameters"),
		formalParam: id("formal_parameter"), spreadParam: id("spread_parameter"),
		modifiers: id("modifiers"), markerAnno: id("marker_annotation"), anno: id("annotation"),
		annoArgs: id("annotation_argument_list"), elemValuePair: id("element_value_pair"),
		call: id("method_invocation"), methodRef: id("method_reference"),
		ctorCall: id("explicit_constructor_invocation"), newExpr: id("object_creation_expression"),
		fieldAccess: id("field_access"), this: id("this"), super: id("super"),
		stringLit: id("string_literal"), argList: id("argument_list"), typeBound: id("type_bound"),
		block: id("block"), ctorBody: id("constructor_body"),
		localVarDecl: id("local_variable_declaration"), forStmt: id("for_statement"),
		enhancedFor: id("enhanced_for_statement"), catchClause: id("catch_clause"),
		catchParam: id("catch_formal_parameter"), catchType: id("catch_type"),
		resource: id("resource"), tryResources: id("try_with_resources_statement"),
		lambda: id("lambda_expression"), inferredParams: id("inferred_parameters"),
		instanceof: id("instanceof_expression"), typePattern: id("type_pattern"),
		switchGroup: id("switch_block_statement_group"), switchRule: id("switch_rule"),
		parenExpr: id("parenthesized_expression"), castExpr: id("cast_expression"),
		dimensions: id("dimensions"),
	}
	fd := l.FieldID
	f := fieldIDs{
		name: fd("name"), body: fd("body"), typ: fd("type"), declarator: fd("declarator"),
		value: fd("value"), object: fd("object"), arguments: fd("arguments"),
		typeParams: fd("type_parameters"), superclass: fd("superclass"),
		interfaces: fd("interfaces"), parameters: fd("parameters"), key: fd("key"),
		constructor: fd("constructor"), field: fd("field"), right: fd("right"),
		dimensions: fd("dimensions"),
	}
	return k, f
}

// leafKinds are named nodes whose children (quotes, fragments, escapes)
// never matter: a string's value is read from its source text.
var leafKinds = []string{
	"identifier", "type_identifier", "string_literal", "character_literal",
	"decimal_integer_literal", "hex_integer_literal", "octal_integer_literal",
	"binary_integer_literal", "decimal_floating_point_literal",
	"hex_floating_point_literal", "true", "false", "null_literal", "this", "super",
	"asterisk", "void_type", "integral_type", "floating_point_type", "boolean_type",
}

// buildFlags tells the flattener which nodes to keep: named ones but
// comments, and it does not descend into leaves.
func buildFlags(l *tsutil.Lang) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leafKinds {
		flags[l.KindID(name)] = tsutil.Keep
	}
	flags[l.KindID("line_comment")] = 0
	flags[l.KindID("block_comment")] = 0
	return flags
}

// What the walk does at a node, by kind id (a table lookup, not a chain of
// comparisons). Kinds past the table (ERROR) walk their children.
const (
	actChildren    uint8 = iota // walk the children
	actNothing                  // leaves, and what declarations already read
	actTypeRef                  // type_identifier, scoped_type_identifier
	actTypeDecl                 // class, interface, enum, record, @interface
	actMethod                   // methods, constructors, annotation elements
	actField                    // field and interface constant declarations
	actEnumConst                // enum constants
	actAnnotation               // @A, @A(...)
	actCall                     // method_invocation
	actMethodRef                // X::m
	actCtorCall                 // this(...), super(...)
	actNew                      // new X(...) { ... }
	actString                   // string literals and text blocks
	actImport                   // import declarations
	actPackage                  // the package declaration
	actTypeParams               // <T extends B>
	actScope                    // blocks and statements whose locals end with them
	actLocalVar                 // local variable declarations, try resources
	actParam                    // formal and catch parameters
	actLambda                   // lambda expressions
	actEnhancedFor              // for (T x : xs)
	actPattern                  // x instanceof T t, case T t
)

func buildActions() tsutil.Actions[uint8] {
	a := tsutil.NewActions[uint8](javaLang)
	a.SetNamed(javaLang, actNothing, leafKinds...)
	set := a.Set
	k := &kinds
	set(actTypeRef, k.typeIdent, k.scopedTypeIdent)
	set(actTypeDecl, k.classDecl, k.ifaceDecl, k.enumDecl, k.recordDecl, k.annoTypeDecl)
	set(actMethod, k.methodDecl, k.ctorDecl, k.compactCtor, k.annoElemDecl)
	set(actField, k.fieldDecl, k.constDecl)
	set(actEnumConst, k.enumConst)
	set(actAnnotation, k.markerAnno, k.anno)
	set(actCall, k.call)
	set(actMethodRef, k.methodRef)
	set(actCtorCall, k.ctorCall)
	set(actNew, k.newExpr)
	set(actString, k.stringLit)
	set(actImport, k.importDecl)
	set(actPackage, k.packageDecl)
	set(actTypeParams, k.typeParams)
	set(actScope, k.block, k.ctorBody, k.forStmt, k.catchClause, k.tryResources, k.switchGroup, k.switchRule)
	set(actLocalVar, k.localVarDecl, k.resource)
	set(actParam, k.formalParam, k.catchParam, k.spreadParam)
	set(actLambda, k.lambda)
	set(actEnhancedFor, k.enhancedFor)
	set(actPattern, k.instanceof, k.typePattern)
	return a
}
