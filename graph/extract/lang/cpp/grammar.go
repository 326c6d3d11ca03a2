package cpp

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// ids holds the node kind and field ids of one grammar, looked up once so
// that the walk compares small integers. tree-sitter-cpp extends
// tree-sitter-c's grammar, so both share the kind names; kinds that exist in
// only one of them get an id no node ever has (absent).
type ids struct {
	flags   tsutil.KindFlags       // what tsutil.ParseFlat copies
	actions tsutil.Actions[action] // what the walk does, by kind id

	translationUnit, declaration, fieldDecl, funcDef, typeDef, aliasDecl  uint16
	templateDecl, namespaceDef, nestedNamespace, linkageSpec, friendDecl  uint16
	structSpec, unionSpec, classSpec, enumSpec, enumeratorList, enumr     uint16
	fieldDeclList, declList, baseClause, accessSpec, funcDeclarator       uint16
	abstractFuncDecl, pointerDecl, referenceDecl, arrayDecl, initDecl     uint16
	parenDecl, attributedDecl, identifier, fieldIdent, typeIdent          uint16
	namespaceIdent, qualifiedIdent, destructorName, operatorName          uint16
	operatorCast, templateFunc, templateMethod, templateType, paramList   uint16
	templateParamList, typeParamDecl, optTypeParamDecl, varTypeParamDecl  uint16
	tmplTmplParamDecl, paramDecl, optParamDecl, varParamDecl, storage     uint16
	typeQualifier, callExpr, fieldExpr, stringLit, concatString, rawStr   uint16
	rawStrContent, preprocDef, preprocFuncDef, preprocParams, preprocArg  uint16
	preprocIfdef, preprocInclude, systemLibString, compound, lambda       uint16
	structuredBinding, macroTypeSpec, preprocIf, preprocElse, preprocElif uint16
	forRange, primitiveType, sizedType, dependentName                     uint16
	this, newExpr, compoundLit, parenExpr, pointerExpr, placeholderType   uint16
	argList, initList, initPair, assignExpr, returnStmt, condExpr         uint16
	binaryExpr, usingDecl, subscriptExpr                                  uint16

	fName, fBody, fDeclarator, fType, fValue, fParameters, fArguments uint16
	fFunction, fPath, fScope, fField, fArgument                       uint16
	fLeft, fRight, fConsequence, fAlternative                         uint16
}

// absentKind marks a kind the grammar does not have; tree-sitter kind ids
// are far below it and ERROR is 0xFFFF.
const absentKind = 0xFFFE - 1

// errorKind is the id tree-sitter gives ERROR nodes ((TSSymbol)-1).
const errorKind = 0xFFFF

func newIDs(l *tsutil.Lang, d Dialect) *ids {
	k := l.KindID
	cxx := optionalKind(l, d == CPP)
	x := &ids{
		translationUnit: k("translation_unit"), declaration: k("declaration"),
		fieldDecl: k("field_declaration"), funcDef: k("function_definition"),
		typeDef: k("type_definition"), aliasDecl: cxx("alias_declaration"),
		templateDecl: cxx("template_declaration"), namespaceDef: cxx("namespace_definition"),
		nestedNamespace: cxx("nested_namespace_specifier"),
		linkageSpec:     k("linkage_specification"), friendDecl: cxx("friend_declaration"),
		structSpec: k("struct_specifier"), unionSpec: k("union_specifier"),
		classSpec: cxx("class_specifier"), enumSpec: k("enum_specifier"),
		enumeratorList: k("enumerator_list"), enumr: k("enumerator"),
		fieldDeclList: k("field_declaration_list"), declList: k("declaration_list"),
		baseClause: cxx("base_class_clause"), accessSpec: cxx("access_specifier"),
		funcDeclarator: k("function_declarator"), abstractFuncDecl: k("abstract_function_declarator"),
		pointerDecl: k("pointer_declarator"), referenceDecl: cxx("reference_declarator"),
		arrayDecl: k("array_declarator"), initDecl: k("init_declarator"),
		parenDecl: k("parenthesized_declarator"), attributedDecl: k("attributed_declarator"),
		identifier: k("identifier"), fieldIdent: k("field_identifier"),
		typeIdent: k("type_identifier"), namespaceIdent: cxx("namespace_identifier"),
		qualifiedIdent: cxx("qualified_identifier"), destructorName: cxx("destructor_name"),
		operatorName: cxx("operator_name"), operatorCast: cxx("operator_cast"),
		templateFunc: cxx("template_function"), templateMethod: cxx("template_method"),
		templateType: cxx("template_type"), paramList: k("parameter_list"),
		templateParamList: cxx("template_parameter_list"),
		typeParamDecl:     cxx("type_parameter_declaration"),
		optTypeParamDecl:  cxx("optional_type_parameter_declaration"),
		varTypeParamDecl:  cxx("variadic_type_parameter_declaration"),
		tmplTmplParamDecl: cxx("template_template_parameter_declaration"),
		paramDecl:         k("parameter_declaration"), optParamDecl: cxx("optional_parameter_declaration"),
		varParamDecl: cxx("variadic_parameter_declaration"), storage: k("storage_class_specifier"),
		typeQualifier: k("type_qualifier"), callExpr: k("call_expression"),
		fieldExpr: k("field_expression"), stringLit: k("string_literal"),
		concatString: k("concatenated_string"), rawStr: cxx("raw_string_literal"),
		rawStrContent: cxx("raw_string_content"), preprocDef: k("preproc_def"),
		preprocFuncDef: k("preproc_function_def"), preprocParams: k("preproc_params"),
		preprocArg: k("preproc_arg"), preprocIfdef: k("preproc_ifdef"),
		preprocIf: k("preproc_if"), preprocElse: k("preproc_else"), preprocElif: k("preproc_elif"),
		preprocInclude: k("preproc_include"), systemLibString: k("system_lib_string"),
		compound: k("compound_statement"), lambda: cxx("lambda_expression"),
		structuredBinding: cxx("structured_binding_declarator"),
		macroTypeSpec:     optionalKind(l, d == C)("macro_type_specifier"),
		forRange:          cxx("for_range_loop"),
		primitiveType:     k("primitive_type"), sizedType: k("sized_type_specifier"),
		dependentName: cxx("dependent_name"),
		this:          cxx("this"), newExpr: cxx("new_expression"),
		compoundLit: k("compound_literal_expression"), parenExpr: k("parenthesized_expression"),
		pointerExpr: k("pointer_expression"), placeholderType: cxx("placeholder_type_specifier"),
		argList: k("argument_list"), initList: k("initializer_list"), initPair: k("initializer_pair"),
		assignExpr: k("assignment_expression"), returnStmt: k("return_statement"),
		condExpr: k("conditional_expression"), binaryExpr: k("binary_expression"),
		usingDecl: cxx("using_declaration"), subscriptExpr: k("subscript_expression"),
	}
	x.loadFields(l)
	x.flags = kindFlags(l, cxx)
	x.actions = buildActions(x, l)
	return x
}

func (x *ids) loadFields(l *tsutil.Lang) {
	f := l.FieldID
	x.fName, x.fBody, x.fDeclarator, x.fType = f("name"), f("body"), f("declarator"), f("type")
	x.fValue, x.fParameters, x.fArguments = f("value"), f("parameters"), f("arguments")
	x.fFunction, x.fPath, x.fField, x.fArgument = f("function"), f("path"), f("field"), f("argument")
	x.fLeft, x.fRight, x.fConsequence, x.fAlternative = f("left"), f("right"), f("consequence"), f("alternative")
	if id := l.Language.FieldIdForName("scope"); id != 0 {
		x.fScope = id
	} else {
		x.fScope = absentKind // C has no scope field; no node carries this id
	}
}

// optionalKind looks kinds up strictly (panicking on a typo) when required,
// and otherwise returns absentKind for a kind the grammar lacks.
func optionalKind(l *tsutil.Lang, required bool) func(string) uint16 {
	return func(name string) uint16 {
		if required {
			return l.KindID(name)
		}
		if id := l.Language.IdForNodeKind(name, true); id != 0 {
			return id
		}
		return absentKind
	}
}

// leafKinds are named nodes whose insides never matter: the walk reads
// their text, or nothing at all.
var leafKinds = []string{
	"identifier", "field_identifier", "type_identifier", "primitive_type",
	"number_literal", "char_literal", "string_literal", "system_lib_string",
	"preproc_arg", "statement_identifier", "true", "false", "null",
}

// cxxLeafKinds are the C++ grammar's additional leaves.
var cxxLeafKinds = []string{"namespace_identifier", "operator_name", "raw_string_content"}

// droppedKinds are never copied: comments, and attribute and asm blocks,
// whose argument lists would read as calls.
var droppedKinds = []string{
	"comment", "attribute_specifier", "attribute_declaration", "gnu_asm_expression", "ms_declspec_modifier",
}

func kindFlags(l *tsutil.Lang, cxx func(string) uint16) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leafKinds {
		flags[l.KindID(name)] = tsutil.Keep
	}
	for _, name := range cxxLeafKinds {
		if id := cxx(name); id != absentKind {
			flags[id] = tsutil.Keep
		}
	}
	for _, name := range droppedKinds {
		flags[l.KindID(name)] = 0
	}
	return flags
}
