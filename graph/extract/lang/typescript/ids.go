package typescript

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// absent stands for a kind or field the grammar does not have (JavaScript
// has no interfaces). No node carries it: kind ids are small, ERROR is
// 0xFFFF, and field 0 means "no field".
const absent = 0xFFFE

// action is what the walk does with a node kind; the walk switches on it
// rather than on kind ids, which differ between the three grammars.
type action uint8

const (
	actKids        action = iota // walk the children
	actSkip                      // nothing inside can produce a record
	actBlock                     // a block: a scope of its own
	actFunction                  // function declarations and signatures
	actFuncExpr                  // function expressions and arrows not bound to a name
	actClass                     // class declarations
	actClassExpr                 // class expressions not bound to a name
	actInterface                 // interface declarations
	actTypeAlias                 // type alias declarations
	actEnum                      // enum declarations
	actNamespace                 // namespace / module declarations
	actAmbient                   // `declare ...`
	actVars                      // let, const, var
	actExport                    // export statements
	actImport                    // import statements
	actExprStmt                  // expression statements
	actCall                      // calls
	actNew                       // new X()
	actMember                    // a.b
	actSubscript                 // a["b"]
	actString                    // string literals
	actTemplate                  // template literals
	actTypeName                  // a type name
	actNestedType                // a qualified type name: ns.T
	actTypeQuery                 // typeof x in a type
	actTypeParam                 // <T extends U = V>
	actInfer                     // infer U
	actMapped                    // [K in keyof T]
	actObjectType                // { ... } as a type
	actDecorator                 // @dec
	actJSXElement                // <X ...> and <X ... />
	actJSXAttr                   // name="value"
	actJSXText                   // text between JSX tags
	actFor                       // for loops: a scope for the loop variables
	actCatch                     // catch (e): a scope for e
	actAssign                    // x = v, x += v: the variable's type evidence changes
	actShorthand                 // { f }: f is used as a value
	actValues                    // { k: f }, <X on={f}>: a child may be a name used as a value
	actReturn                    // return v: what the function returns
	actIndexedType               // T["m"]: a member of T named in a type
)

// ids holds a grammar's node kind and field ids, looked up once so that the
// walk compares small integers rather than kind strings.
type ids struct {
	kindFlags tsutil.KindFlags       // which nodes ParseFlat copies and descends into
	act       tsutil.Actions[action] // by kind id; kinds past its end (ERROR) walk their children

	stmtBlock, exprStmt, funcDecl, genFuncDecl, funcSig, funcExpr, genFunc, arrow     uint16
	classDecl, abstractClass, class, classBody, classHeritage, extendsClause          uint16
	implementsClause, methodDef, methodSig, abstractMethodSig, fieldDef, jsFieldDef   uint16
	interfaceDecl, extendsType, propertySig, typeAlias, enumDecl, enumAssign          uint16
	internalModule, module, ambient, lexicalDecl, varDecl, declarator, exportStmt     uint16
	exportClause, exportSpec, namespaceExport, importStmt, importClause, namedImports uint16
	importSpec, namespaceImport, importReq, importAlias, importKw, call, newExpr      uint16
	member, subscript, identifier, propertyID, privateID, typeID, nestedID            uint16
	nestedTypeID, genericType, str, template, templateSub, jsxOpen, jsxSelfClosing    uint16
	jsxAttr, jsxText, decorator, requiredParam, optionalParam, objectPattern          uint16
	arrayPattern, pairPattern, assignPattern, objectAssignPattern, restPattern        uint16
	shorthandPattern, computedName, number, metaProperty, this, super_, accessibility uint16
	overrideMod, assignExpr, indexSig, mappedClause                                   uint16
	augAssign, parenExpr, nonNull, await, asExpr, satisfiesExpr, typeAssertion        uint16
	typeAnnotation, typeArgs, unionType, parenType, thisType, literalType, null_      uint16
	undefined_                                                                        uint16
	shorthandProp, pair, arguments, jsxExpr, returnStmt, ternary, binary, object      uint16
	typeQuery, arrayType, predefType, arrayLit                                        uint16

	fName, fBody, fValue, fDeclaration, fSource, fAlias, fFunction, fArguments uint16
	fObject, fProperty, fConstructor, fParameters, fParameter, fType, fPattern uint16
	fLeft, fRight, fIndex, fKey, fDecorator, fModule, fInitializer             uint16
	fReturnType, fCondition                                                    uint16
}

// namer looks ids up in one grammar: kind and field panic on a name the
// grammar lacks (a typo fails every test); opt gives absent instead, for
// the TypeScript-only names (TestIDs checks that the TypeScript grammars
// have them all).
type namer struct{ l *tsutil.Lang }

func (n namer) kind(name string) uint16  { return n.l.KindID(name) }
func (n namer) field(name string) uint16 { return n.l.FieldID(name) }

func (n namer) opt(name string) uint16 {
	if id := n.l.Language.IdForNodeKind(name, true); id != 0 {
		return id
	}
	return absent
}

func (n namer) optField(name string) uint16 {
	if id := n.l.Language.FieldIdForName(name); id != 0 {
		return id
	}
	return absent
}

func newIDs(l *tsutil.Lang) *ids {
	n := namer{l}
	k, o := n.kind, n.opt
	x := &ids{
		stmtBlock: k("statement_block"), exprStmt: k("expression_statement"),
		funcDecl: k("function_declaration"), genFuncDecl: k("generator_function_declaration"),
		funcSig: o("function_signature"), funcExpr: k("function_expression"),
		genFunc: k("generator_function"), arrow: k("arrow_function"),
		classDecl: k("class_declaration"), abstractClass: o("abstract_class_declaration"),
		class: k("class"), classBody: k("class_body"), classHeritage: k("class_heritage"),
		extendsClause: o("extends_clause"), implementsClause: o("implements_clause"),
		methodDef: k("method_definition"), methodSig: o("method_signature"),
		abstractMethodSig: o("abstract_method_signature"), fieldDef: o("public_field_definition"),
		jsFieldDef: o("field_definition"), interfaceDecl: o("interface_declaration"),
		extendsType: o("extends_type_clause"), propertySig: o("property_signature"),
		typeAlias: o("type_alias_declaration"), enumDecl: o("enum_declaration"),
		enumAssign: o("enum_assignment"), internalModule: o("internal_module"),
		module: o("module"), ambient: o("ambient_declaration"),
		lexicalDecl: k("lexical_declaration"), varDecl: k("variable_declaration"),
		declarator: k("variable_declarator"), exportStmt: k("export_statement"),
		exportClause: k("export_clause"), exportSpec: k("export_specifier"),
		namespaceExport: k("namespace_export"), importStmt: k("import_statement"),
		importClause: k("import_clause"), namedImports: k("named_imports"),
		importSpec: k("import_specifier"), namespaceImport: k("namespace_import"),
		importReq: o("import_require_clause"), importAlias: o("import_alias"), importKw: k("import"),
		call: k("call_expression"), newExpr: k("new_expression"), member: k("member_expression"),
		subscript: k("subscript_expression"), identifier: k("identifier"),
		propertyID: k("property_identifier"), privateID: k("private_property_identifier"),
		typeID: o("type_identifier"), nestedID: o("nested_identifier"),
		nestedTypeID: o("nested_type_identifier"), genericType: o("generic_type"),
		str: k("string"), template: k("template_string"), templateSub: k("template_substitution"),
		jsxOpen: o("jsx_opening_element"), jsxSelfClosing: o("jsx_self_closing_element"),
		jsxAttr: o("jsx_attribute"), jsxText: o("jsx_text"), decorator: k("decorator"),
		requiredParam: o("required_parameter"), optionalParam: o("optional_parameter"),
		objectPattern: k("object_pattern"), arrayPattern: k("array_pattern"),
		pairPattern: k("pair_pattern"), assignPattern: k("assignment_pattern"),
		objectAssignPattern: k("object_assignment_pattern"), restPattern: k("rest_pattern"),
		shorthandPattern: k("shorthand_property_identifier_pattern"), number: k("number"),
		computedName: k("computed_property_name"), metaProperty: k("meta_property"),
		this: k("this"), super_: k("super"),
		accessibility: o("accessibility_modifier"), overrideMod: o("override_modifier"),
		assignExpr: k("assignment_expression"), indexSig: o("index_signature"),
		mappedClause: o("mapped_type_clause"), augAssign: k("augmented_assignment_expression"),
		parenExpr: k("parenthesized_expression"), nonNull: o("non_null_expression"),
		await: k("await_expression"), asExpr: o("as_expression"),
		satisfiesExpr: o("satisfies_expression"), typeAssertion: o("type_assertion"),
		typeAnnotation: o("type_annotation"), typeArgs: o("type_arguments"), unionType: o("union_type"),
		parenType: o("parenthesized_type"), thisType: o("this_type"), literalType: o("literal_type"),
		null_: k("null"), undefined_: k("undefined"),
		shorthandProp: o("shorthand_property_identifier"), pair: k("pair"), arguments: k("arguments"),
		jsxExpr: o("jsx_expression"), returnStmt: k("return_statement"),
		ternary: k("ternary_expression"), binary: k("binary_expression"), object: k("object"),
		typeQuery: o("type_query"), arrayType: o("array_type"), predefType: o("predefined_type"),
		arrayLit: k("array"),
	}
	n.fields(x)
	x.kindFlags = kindFlags(l)
	x.act = actions(l, x)
	return x
}

// fields fills the field ids.
func (n namer) fields(x *ids) {
	f, of := n.field, n.optField
	x.fName, x.fBody, x.fValue, x.fDeclaration = f("name"), f("body"), f("value"), f("declaration")
	x.fSource, x.fAlias, x.fFunction, x.fArguments = f("source"), f("alias"), f("function"), f("arguments")
	x.fObject, x.fProperty, x.fConstructor = f("object"), f("property"), f("constructor")
	x.fParameters, x.fParameter, x.fType = f("parameters"), f("parameter"), of("type")
	x.fPattern, x.fLeft, x.fRight, x.fIndex = of("pattern"), f("left"), f("right"), f("index")
	x.fKey, x.fDecorator, x.fModule, x.fInitializer = f("key"), f("decorator"), of("module"), f("initializer")
	x.fReturnType, x.fCondition = of("return_type"), f("condition")
}

// kindFlags keeps every named kind but comments and the insides of string
// literals (values are read from the source), and does not descend into
// leaves.
func kindFlags(l *tsutil.Lang) tsutil.KindFlags {
	n := namer{l}
	flags := l.NamedKinds()
	for _, name := range []string{"comment", "html_comment", "hash_bang_line", "string_fragment",
		"escape_sequence", "regex", "html_character_reference", "statement_identifier"} {
		if id := n.opt(name); id != absent {
			flags[id] = 0
		}
	}
	for _, name := range []string{"identifier", "property_identifier", "private_property_identifier",
		"type_identifier", "string", "number", "this", "super", "jsx_text", "predefined_type",
		"shorthand_property_identifier", "shorthand_property_identifier_pattern", "meta_property"} {
		if id := n.opt(name); id != absent {
			flags[id] &^= tsutil.Descend
		}
	}
	return flags
}

// actions builds the action table of a grammar. Kinds it leaves at actKids
// just have their children walked.
func actions(l *tsutil.Lang, x *ids) tsutil.Actions[action] {
	act := tsutil.NewActions[action](l)
	set := act.Set // absent kinds are past the table
	set(actSkip, x.identifier, x.propertyID, x.privateID, x.number, x.this, x.super_,
		x.metaProperty, x.shorthandPattern, namer{l}.opt("predefined_type"), x.importKw)
	set(actBlock, x.stmtBlock)
	set(actFunction, x.funcDecl, x.genFuncDecl, x.funcSig)
	set(actFuncExpr, x.funcExpr, x.genFunc, x.arrow, x.methodDef) // a method outside a class body: an object literal's
	set(actClass, x.classDecl, x.abstractClass)
	set(actClassExpr, x.class)
	set(actInterface, x.interfaceDecl)
	set(actTypeAlias, x.typeAlias)
	set(actEnum, x.enumDecl)
	set(actNamespace, x.internalModule, x.module)
	set(actAmbient, x.ambient)
	set(actVars, x.lexicalDecl, x.varDecl)
	set(actExport, x.exportStmt)
	set(actImport, x.importStmt, x.importAlias)
	set(actExprStmt, x.exprStmt)
	set(actCall, x.call)
	set(actNew, x.newExpr)
	set(actMember, x.member)
	set(actSubscript, x.subscript)
	set(actString, x.str)
	set(actTemplate, x.template)
	set(actTypeName, x.typeID)
	set(actNestedType, x.nestedTypeID)
	set(actTypeQuery, namer{l}.opt("type_query"))
	set(actIndexedType, namer{l}.opt("lookup_type"))
	set(actTypeParam, namer{l}.opt("type_parameter"))
	set(actInfer, namer{l}.opt("infer_type"))
	set(actMapped, namer{l}.opt("mapped_type_clause"))
	set(actObjectType, namer{l}.opt("object_type"))
	set(actDecorator, x.decorator)
	set(actJSXElement, x.jsxOpen, x.jsxSelfClosing)
	set(actSkip, namer{l}.opt("jsx_closing_element"))
	set(actJSXAttr, x.jsxAttr)
	set(actJSXText, x.jsxText)
	set(actFor, namer{l}.kind("for_statement"), namer{l}.kind("for_in_statement"))
	set(actCatch, namer{l}.kind("catch_clause"))
	set(actAssign, x.assignExpr, x.augAssign)
	set(actShorthand, x.shorthandProp)
	set(actValues, x.pair, x.jsxExpr)
	set(actReturn, x.returnStmt)
	return act
}
