package rust

import "github.com/orbitgraph/orbit/graph/extract/internal/tsutil"

// ids holds the grammar's node kind and field ids, looked up once so that
// the walk compares small integers rather than kind strings.
type ids struct {
	// kindFlags tells tsutil.ParseFlat which nodes to copy into the flat
	// tree and which to descend into.
	kindFlags tsutil.KindFlags

	block, typeArgs, attrItem, innerAttrItem, attribute, tokenTree, fnItem, fnSig            uint16
	structItem, enumItem, unionItem, traitItem, implItem, modItem, constItem                 uint16
	staticItem, typeItem, macroDef, useDecl, externCrate, assocType, letDecl                 uint16
	exprStmt, macroInv, callExpr, genericFn, fieldExpr, scopedIdent, scopedTypeIdent         uint16
	scopedUseList, useList, useAs, useWildcard, identifier, typeIdent, fieldIdent            uint16
	crate, self, super, metavar, genericType, typeParams, typeParam, constParam              uint16
	lifetimeParam, traitBounds, abstractType, dynamicType, boundedType, hrtb                 uint16
	typeBinding, removedBound, bracketedType, qualifiedType, lifetime, label, strLit         uint16
	rawStrLit, charLit, structPattern, tupleStructPat, fieldDeclList                         uint16
	orderedFieldDeclList, fieldDecl, enumVariantList, enumVariant, matchExpr                 uint16
	matchBlock, matchArm, matchPattern, closureExpr, closureParams, parameter                uint16
	selfParam, tryExpr, awaitExpr, parenExpr, returnExpr, orPattern, refPattern              uint16
	mutPattern, capturedPattern, tuplePattern, slicePattern, fieldPattern                    uint16
	shorthandFieldIdent, referencePattern, forExpr, letCondition, genericTypeTurbofish       uint16
	visibility, primitiveType, referenceType, pointerType, shebang, foreignMod, functionType uint16
	structExpr, refExpr, ifExpr, whileExpr                                                   uint16

	fName, fBody, fType, fTrait, fTypeParams, fParameters                          uint16
	fValue, fFunction, fArguments, fField, fPath, fList, fAlias, fArgument, fMacro uint16
	fPattern, fBounds, fTypeArguments, fCondition, fReturnType                     uint16
}

func newIDs(l *tsutil.Lang) *ids {
	k := l.KindID
	f := l.FieldID
	x := &ids{
		block: k("block"), typeArgs: k("type_arguments"),
		attrItem: k("attribute_item"), innerAttrItem: k("inner_attribute_item"),
		attribute: k("attribute"), tokenTree: k("token_tree"),
		fnItem: k("function_item"), fnSig: k("function_signature_item"),
		structItem: k("struct_item"), enumItem: k("enum_item"), unionItem: k("union_item"),
		traitItem: k("trait_item"), implItem: k("impl_item"), modItem: k("mod_item"),
		constItem: k("const_item"), staticItem: k("static_item"), typeItem: k("type_item"),
		macroDef: k("macro_definition"), useDecl: k("use_declaration"),
		externCrate: k("extern_crate_declaration"), foreignMod: k("foreign_mod_item"),
		assocType: k("associated_type"), letDecl: k("let_declaration"),
		exprStmt: k("expression_statement"), macroInv: k("macro_invocation"),
		callExpr: k("call_expression"), genericFn: k("generic_function"),
		fieldExpr: k("field_expression"), scopedIdent: k("scoped_identifier"),
		scopedTypeIdent: k("scoped_type_identifier"), scopedUseList: k("scoped_use_list"),
		useList: k("use_list"), useAs: k("use_as_clause"), useWildcard: k("use_wildcard"),
		identifier: k("identifier"), typeIdent: k("type_identifier"),
		fieldIdent: k("field_identifier"), crate: k("crate"), self: k("self"),
		super: k("super"), metavar: k("metavariable"), genericType: k("generic_type"),
		typeParams: k("type_parameters"),
		typeParam:  k("type_parameter"), constParam: k("const_parameter"),
		lifetimeParam: k("lifetime_parameter"), traitBounds: k("trait_bounds"),
		abstractType: k("abstract_type"), dynamicType: k("dynamic_type"),
		boundedType: k("bounded_type"), functionType: k("function_type"),
		hrtb: k("higher_ranked_trait_bound"), typeBinding: k("type_binding"),
		removedBound: k("removed_trait_bound"), bracketedType: k("bracketed_type"),
		qualifiedType: k("qualified_type"), lifetime: k("lifetime"), label: k("label"),
		strLit: k("string_literal"), rawStrLit: k("raw_string_literal"),
		charLit: k("char_literal"), structPattern: k("struct_pattern"), tupleStructPat: k("tuple_struct_pattern"),
		fieldDeclList:        k("field_declaration_list"),
		orderedFieldDeclList: k("ordered_field_declaration_list"),
		fieldDecl:            k("field_declaration"), enumVariantList: k("enum_variant_list"),
		enumVariant: k("enum_variant"), matchExpr: k("match_expression"),
		matchBlock: k("match_block"), matchArm: k("match_arm"),
		matchPattern: k("match_pattern"), closureExpr: k("closure_expression"),
		closureParams: k("closure_parameters"), parameter: k("parameter"), selfParam: k("self_parameter"),
		tryExpr: k("try_expression"), awaitExpr: k("await_expression"),
		parenExpr: k("parenthesized_expression"), returnExpr: k("return_expression"),
		orPattern: k("or_pattern"), refPattern: k("ref_pattern"),
		mutPattern: k("mut_pattern"), capturedPattern: k("captured_pattern"),
		tuplePattern: k("tuple_pattern"), slicePattern: k("slice_pattern"),
		fieldPattern: k("field_pattern"), shorthandFieldIdent: k("shorthand_field_identifier"),
		referencePattern: k("reference_pattern"), forExpr: k("for_expression"),
		letCondition: k("let_condition"), genericTypeTurbofish: k("generic_type_with_turbofish"),
		visibility: k("visibility_modifier"), primitiveType: k("primitive_type"), referenceType: k("reference_type"),
		pointerType: k("pointer_type"), shebang: k("shebang"),
		structExpr: k("struct_expression"), refExpr: k("reference_expression"),
		ifExpr: k("if_expression"), whileExpr: k("while_expression"),

		fName: f("name"), fBody: f("body"), fType: f("type"), fTrait: f("trait"),
		fTypeParams: f("type_parameters"), fParameters: f("parameters"),
		fValue: f("value"), fFunction: f("function"),
		fArguments: f("arguments"), fField: f("field"), fPath: f("path"), fList: f("list"),
		fAlias: f("alias"), fArgument: f("argument"), fMacro: f("macro"),
		fPattern: f("pattern"), fBounds: f("bounds"), fTypeArguments: f("type_arguments"), fCondition: f("condition"),
		fReturnType: f("return_type"),
	}
	x.kindFlags = kindFlags(l, k)
	return x
}

// kindFlags keeps every named kind except comments and the insides of
// string literals (a value is read from the source between its quotes),
// and does not descend into tokens.
func kindFlags(l *tsutil.Lang, k func(string) uint16) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range []string{"line_comment", "block_comment", "doc_comment",
		"string_content", "escape_sequence", "outer_doc_comment_marker", "inner_doc_comment_marker"} {
		flags[k(name)] = 0
	}
	for _, name := range []string{"identifier", "type_identifier", "field_identifier",
		"string_literal", "raw_string_literal", "char_literal", "integer_literal",
		"float_literal", "primitive_type", "lifetime", "fragment_specifier"} {
		flags[k(name)] &^= tsutil.Descend
	}
	return flags
}
