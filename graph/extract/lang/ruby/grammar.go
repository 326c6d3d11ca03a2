package ruby

import (
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// rbLang is the one grammar handle every default Extractor shares; its
// parser pool makes it safe for concurrent use. It and the tables below
// (kinds, fields, kindFlags, actions) are built by loadGrammar, on the
// shared door's first use (ruby.go), never at package init: a process that
// parses no file of the language never pays for them.
var (
	rbLang    *tsutil.Lang
	kinds     kindIDs
	fields    fieldIDs
	kindFlags tsutil.KindFlags
	actions   tsutil.Actions[uint8]
)

func loadGrammar() {
	rbLang = tsutil.NewLang(tsruby.Language())
	kinds, fields = loadIDs(rbLang)
	kindFlags = buildFlags(rbLang)
	actions = buildActions()
}

// kindIDs holds the node kind ids of tree-sitter-ruby this package looks
// at, resolved once so the walk compares integers, never strings.
type kindIDs struct {
	class, module, method, singletonMethod, singletonClass, call, argList   uint16
	ident, constant, scopeRes, assignment, opAssignment, leftList, destruct uint16
	restAssign, elemRef, str, chainedStr, heredocBody, heredocEnd, interp   uint16
	simpleSymbol, self, block, doBlock, lambda, blockParams, lambdaParams   uint16
	methodParams, optParam, kwParam, splatParam, hashSplatParam, blockParam uint16
	destructParam, exceptionVar, forLoop, inClause, keywordPattern, alias   uint16
	pair, super, bareString, setter, forwardParam                           uint16
	ivar, parens                                                            uint16
}

// fieldIDs holds the field ids of tree-sitter-ruby this package looks at.
type fieldIDs struct {
	name, superclass, body, receiver, method, arguments, block, left uint16
	right, scope, object, value, parameters, pattern, alias, key     uint16
}

func loadIDs(l *tsutil.Lang) (kindIDs, fieldIDs) {
	id := l.KindID
	k := kindIDs{
		class: id("class"), module: id("module"), method: id("method"),
		singletonMethod: id("singleton_method"), singletonClass: id("singleton_class"),
		call: id("call"), argList: id("argument_list"), ident: id("identifier"),
		constant: id("constant"), scopeRes: id("scope_resolution"), assignment: id("assignment"),
		opAssignment: id("operator_assignment"), leftList: id("left_assignment_list"),
		destruct: id("destructured_left_assignment"), restAssign: id("rest_assignment"),
		elemRef: id("element_reference"), str: id("string"), chainedStr: id("chained_string"),
		heredocBody: id("heredoc_body"), heredocEnd: id("heredoc_end"), interp: id("interpolation"),
		simpleSymbol: id("simple_symbol"), self: id("self"), block: id("block"), doBlock: id("do_block"),
		lambda: id("lambda"), blockParams: id("block_parameters"), lambdaParams: id("lambda_parameters"),
		methodParams: id("method_parameters"), optParam: id("optional_parameter"),
		kwParam: id("keyword_parameter"), splatParam: id("splat_parameter"),
		hashSplatParam: id("hash_splat_parameter"), blockParam: id("block_parameter"),
		destructParam: id("destructured_parameter"), exceptionVar: id("exception_variable"),
		forLoop: id("for"), inClause: id("in_clause"), keywordPattern: id("keyword_pattern"),
		ivar: id("instance_variable"), parens: id("parenthesized_statements"),
		alias: id("alias"), pair: id("pair"), super: id("super"), bareString: id("bare_string"),
		setter: id("setter"), forwardParam: id("forward_parameter"),
	}
	fd := l.FieldID
	f := fieldIDs{
		name: fd("name"), superclass: fd("superclass"), body: fd("body"), receiver: fd("receiver"),
		method: fd("method"), arguments: fd("arguments"), block: fd("block"), left: fd("left"),
		right: fd("right"), scope: fd("scope"), object: fd("object"), value: fd("value"),
		parameters: fd("parameters"), pattern: fd("pattern"), alias: fd("alias"), key: fd("key"),
	}
	return k, f
}

// leafKinds are named nodes whose children never matter.
var leafKinds = []string{
	"identifier", "constant", "simple_symbol", "hash_key_symbol", "integer", "float",
	"complex", "rational", "character", "instance_variable", "class_variable",
	"global_variable", "self", "nil", "true", "false", "heredoc_beginning", "heredoc_end",
}

// droppedKinds are never copied: comments, and the text pieces of string
// literals (a value is read from the literal's text).
var droppedKinds = []string{"comment", "string_content", "escape_sequence", "heredoc_content"}

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
