package kotlin

import (
	tskotlin "github.com/tree-sitter-grammars/tree-sitter-kotlin/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// kotlinLang is the one grammar handle every default Extractor shares; its
// parser pool makes it safe for concurrent use. It and the tables below
// (kinds, fields, kindFlags, actions) are built by loadGrammar, on the
// shared door's first use (kotlin.go), never at package init: a process that
// parses no file of the language never pays for them.
var (
	kotlinLang *tsutil.Lang
	kinds      kindIDs
	fields     fieldIDs
	kindFlags  tsutil.KindFlags
	actions    tsutil.Actions[uint8]
)

func loadGrammar() {
	kotlinLang = tsutil.NewLang(tskotlin.Language())
	kinds, fields = loadIDs(kotlinLang)
	kindFlags = buildFlags(kotlinLang)
	actions = buildActions()
}

// kindIDs holds the node kind ids of tree-sitter-kotlin this package looks
// at, resolved once so the walk compares integers, never strings.
type kindIDs struct {
	sourceFile, packageHeader, importDecl, qualifiedIdent, ident, classDecl      uint16
	objectDecl, companion, funcDecl, propertyDecl, typeAlias, secondaryCtor      uint16
	classBody, enumClassBody, enumEntry, primaryCtor, classParams, classParam    uint16
	delegationSpecs, delegationSpec, ctorInvocation, explicitDeleg, userType     uint16
	nullableType, typeArgs, typeParams, typeParam, typeConstraint, modifiers     uint16
	annotation, classModifier, funcParams, parameter, funcBody, block, lambda    uint16
	lambdaParams, varDecl, multiVarDecl, anonFun, objectLiteral, call            uint16
	navigation, callableRef, valueArgs, valueArg, annotatedLambda, this, super   uint16
	index, str, multilineStr, interp, forStmt, catchBlock, whenSubject, getter   uint16
	setter, collection, typeModifiers, anonInit, infix, ctorDelegation, typeTest uint16
	parenType, fileAnnotation                                                    uint16
	parenExpr, asExpr, unaryExpr                                                 uint16
}

// fieldIDs holds the field ids of tree-sitter-kotlin this package looks at;
// the grammar names few fields.
type fieldIDs struct {
	name, typ uint16
}

func loadIDs(l *tsutil.Lang) (kindIDs, fieldIDs) {
	id := l.KindID
	k := kindIDs{
		sourceFile: id("source_file"), packageHeader: id("package_header"), importDecl: id("import"),
		qualifiedIdent: id("qualified_identifier"), ident: id("identifier"),
		classDecl: id("class_declaration"), objectDecl: id("object_declaration"),
		companion: id("companion_object"), funcDecl: id("function_declaration"),
		propertyDecl: id("property_declaration"), typeAlias: id("type_alias"),
		secondaryCtor: id("secondary_constructor"), classBody: id("class_body"),
		enumClassBody: id("enum_class_body"), enumEntry: id("enum_entry"),
		primaryCtor: id("primary_constructor"), classParams: id("class_parameters"),
		classParam: id("class_parameter"), delegationSpecs: id("delegation_specifiers"),
		delegationSpec: id("delegation_specifier"), ctorInvocation: id("constructor_invocation"),
		explicitDeleg: id("explicit_delegation"), userType: id("user_type"),
		nullableType: id("nullable_type"), typeArgs: id("type_arguments"),
		typeParams: id("type_parameters"), typeParam: id("type_parameter"),
		typeConstraint: id("type_constraint"), modifiers: id("modifiers"),
		annotation: id("annotation"), classModifier: id("class_modifier"),
		funcParams: id("function_value_parameters"), parameter: id("parameter"),
		funcBody: id("function_body"), block: id("block"), lambda: id("lambda_literal"),
		lambdaParams: id("lambda_parameters"), varDecl: id("variable_declaration"),
		multiVarDecl: id("multi_variable_declaration"), anonFun: id("anonymous_function"),
		objectLiteral: id("object_literal"), call: id("call_expression"),
		navigation: id("navigation_expression"), callableRef: id("callable_reference"),
		valueArgs: id("value_arguments"), valueArg: id("value_argument"),
		annotatedLambda: id("annotated_lambda"), this: id("this_expression"),
		super: id("super_expression"), index: id("index_expression"), str: id("string_literal"),
		multilineStr: id("multiline_string_literal"), interp: id("interpolation"),
		forStmt: id("for_statement"), catchBlock: id("catch_block"), whenSubject: id("when_subject"),
		getter: id("getter"), setter: id("setter"), collection: id("collection_literal"),
		typeModifiers: id("type_modifiers"), anonInit: id("anonymous_initializer"),
		infix: id("infix_expression"), ctorDelegation: id("constructor_delegation_call"),
		typeTest: id("type_test"), parenType: id("parenthesized_type"),
		fileAnnotation: id("file_annotation"), parenExpr: id("parenthesized_expression"),
		asExpr: id("as_expression"), unaryExpr: id("unary_expression"),
	}
	return k, fieldIDs{name: l.FieldID("name"), typ: l.FieldID("type")}
}

// leafKinds are named nodes whose children never matter.
var leafKinds = []string{
	"identifier", "number_literal", "float_literal", "character_literal", "label",
	"shebang", "use_site_target", "class_modifier", "function_modifier", "property_modifier",
	"visibility_modifier", "inheritance_modifier", "member_modifier", "parameter_modifier",
	"platform_modifier", "reification_modifier", "variance_modifier",
}

// buildFlags tells the flattener which nodes to keep: named ones but
// comments and the text pieces of strings (a string's value is read from
// its source), and it does not descend into leaves.
func buildFlags(l *tsutil.Lang) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leafKinds {
		flags[l.KindID(name)] = tsutil.Keep
	}
	for _, name := range []string{"line_comment", "block_comment", "string_content", "escape_sequence"} {
		flags[l.KindID(name)] = 0
	}
	return flags
}

// What the walk does at a node, by kind id (a table lookup, not a chain of
// comparisons). Kinds past the table (ERROR) walk their children.
const (
	actChildren       uint8 = iota // walk the children
	actNothing                     // leaves
	actTypeRef                     // user_type
	actClass                       // class_declaration, object_declaration, companion_object
	actFunction                    // function_declaration
	actProperty                    // property_declaration
	actTypeAlias                   // typealias
	actCtor                        // secondary constructor
	actEnumEntry                   // enum entries
	actAnnotation                  // @A, @A(...)
	actCall                        // call_expression
	actInfix                       // a to b
	actCallableRef                 // ::f, T::f
	actString                      // string literals
	actImport                      // import
	actPackage                     // package header
	actLambda                      // lambdas and anonymous functions
	actObjectLiteral               // object : T { ... }
	actTypeParams                  // <T : B>
	actTypeConstraint              // where T : B
	actIndex                       // a[k], for System.getenv()["X"]
	actLocals                      // for, catch and when subjects: bind their names
	actClassParams                 // the primary constructor's parameters
	actInit                        // init { ... }
	actNavigation                  // a.b, T::f not called
	actScope                       // blocks, for and catch: their names end with them
)

func buildActions() tsutil.Actions[uint8] {
	a := tsutil.NewActions[uint8](kotlinLang)
	a.SetNamed(kotlinLang, actNothing, leafKinds...)
	set := a.Set
	k := &kinds
	set(actTypeRef, k.userType)
	set(actClass, k.classDecl, k.objectDecl, k.companion)
	set(actFunction, k.funcDecl)
	set(actProperty, k.propertyDecl)
	set(actTypeAlias, k.typeAlias)
	set(actCtor, k.secondaryCtor)
	set(actEnumEntry, k.enumEntry)
	set(actAnnotation, k.annotation)
	set(actCall, k.call)
	set(actInfix, k.infix)
	set(actCallableRef, k.callableRef)
	set(actString, k.str, k.multilineStr)
	set(actImport, k.importDecl)
	set(actPackage, k.packageHeader)
	set(actLambda, k.lambda, k.anonFun)
	set(actObjectLiteral, k.objectLiteral)
	set(actTypeParams, k.typeParams)
	set(actTypeConstraint, k.typeConstraint)
	set(actIndex, k.index)
	set(actLocals, k.whenSubject)
	set(actScope, k.block, k.forStmt, k.catchBlock)
	set(actClassParams, k.classParams)
	set(actInit, k.anonInit)
	set(actNavigation, k.navigation)
	set(actAnnotation, k.fileAnnotation)
	return a
}
