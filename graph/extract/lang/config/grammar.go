package config

import (
	"time"
	"unsafe"

	tstoml "github.com/tree-sitter-grammars/tree-sitter-toml/bindings/go"
	tsyaml "github.com/tree-sitter-grammars/tree-sitter-yaml/bindings/go"
	tsjson "github.com/tree-sitter/tree-sitter-json/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// doors are the front doors of the formats, by format: one per grammar,
// and ones without a grammar for .env files (env.go) and CSV and TSV
// headers (table.go), scanned by hand. Each is built on its first use
// (tsutil.LazyDoor says why), a grammar's kind ids with it.
type doors [formatCount]tsutil.LazyDoor

// shared is what New hands out; the parser pools make it safe for
// concurrent use.
var shared = &doors{
	formatYAML: grammarDoor(tsyaml.Language, yamlFlags, func(l *tsutil.Lang) { yamlKinds = loadYAMLKinds(l) }),
	formatTOML: grammarDoor(tstoml.Language, tomlFlags, func(l *tsutil.Lang) { tomlKinds = loadTOMLKinds(l) }),
	formatJSON: grammarDoor(tsjson.Language, jsonFlags, func(l *tsutil.Lang) { jsonKinds = loadJSONKinds(l) }),
	formatEnv:  plainDoor,
	formatCSV:  plainDoor,
	formatTSV:  plainDoor,
}

// plainDoor reads a format without a grammar: the walk gets no nodes.
var plainDoor = tsutil.Lazy(func() *tsutil.Door { return &tsutil.Door{Name: langName} })

// grammarDoor loads a grammar, its kind ids (loadKinds) and the flags of
// the nodes the walk reads.
func grammarDoor(language func() unsafe.Pointer, flags func(*tsutil.Lang) tsutil.KindFlags,
	loadKinds func(*tsutil.Lang)) tsutil.LazyDoor {
	return tsutil.Lazy(func() *tsutil.Door {
		l := tsutil.NewLang(language())
		loadKinds(l)
		return &tsutil.Door{Name: langName, Lang: l, Flags: flags(l)}
	})
}

// withTimeout is ds with parser pools of their own whose parses give up
// after t (tsutil's default when 0); the grammars and kind ids are shared.
func (ds *doors) withTimeout(t time.Duration) *doors {
	if t <= 0 {
		t = tsutil.DefaultTimeout
	}
	var timed doors
	for f, d := range ds {
		if d != nil {
			timed[f] = d.WithTimeout(t)
		}
	}
	return &timed
}

// leafFlags starts from every named kind and keeps the given kinds without
// what they contain (scalars: their text is read from the source) and
// drops the others.
func leafFlags(l *tsutil.Lang, leaves, dropped []string) tsutil.KindFlags {
	flags := l.NamedKinds()
	for _, name := range leaves {
		flags[l.KindID(name)] = tsutil.Keep
	}
	for _, name := range dropped {
		flags[l.KindID(name)] = 0
	}
	return flags
}

// yamlKindIDs are the tree-sitter-yaml kind and field ids the walk uses.
type yamlKindIDs struct {
	stream, document, blockNode, flowNode, blockMapping, blockPair, flowMapping  uint16
	flowPair, blockSeq, blockSeqItem, flowSeq, plain, doubleQuoted, singleQuoted uint16
	anchor, alias, tag, fKey, fValue                                             uint16
}

var yamlKinds yamlKindIDs // set by shared[formatYAML] on its first use

func loadYAMLKinds(l *tsutil.Lang) yamlKindIDs {
	id := l.KindID
	return yamlKindIDs{
		stream: id("stream"), document: id("document"), blockNode: id("block_node"), flowNode: id("flow_node"),
		blockMapping: id("block_mapping"), blockPair: id("block_mapping_pair"), flowMapping: id("flow_mapping"),
		flowPair: id("flow_pair"), blockSeq: id("block_sequence"), blockSeqItem: id("block_sequence_item"),
		flowSeq: id("flow_sequence"), plain: id("plain_scalar"), doubleQuoted: id("double_quote_scalar"),
		singleQuoted: id("single_quote_scalar"), anchor: id("anchor"), alias: id("alias"), tag: id("tag"),
		fKey: l.FieldID("key"), fValue: l.FieldID("value"),
	}
}

// yamlFlags copies the structure and keeps scalars, anchors, aliases and
// tags as leaves.
func yamlFlags(l *tsutil.Lang) tsutil.KindFlags {
	return leafFlags(l,
		[]string{"plain_scalar", "double_quote_scalar", "single_quote_scalar", "block_scalar", "anchor", "alias", "tag"},
		[]string{"comment", "yaml_directive", "tag_directive", "reserved_directive"})
}

// tomlKindIDs are the tree-sitter-toml kind ids the walk uses.
type tomlKindIDs struct {
	document, pair, table, tableArray, bareKey, quotedKey, dottedKey, inlineTable, array uint16
}

var tomlKinds tomlKindIDs // set by shared[formatTOML] on its first use

func loadTOMLKinds(l *tsutil.Lang) tomlKindIDs {
	id := l.KindID
	return tomlKindIDs{
		document: id("document"), pair: id("pair"), table: id("table"), tableArray: id("table_array_element"),
		bareKey: id("bare_key"), quotedKey: id("quoted_key"), dottedKey: id("dotted_key"),
		inlineTable: id("inline_table"), array: id("array"),
	}
}

// tomlFlags keeps quoted keys and strings as leaves.
func tomlFlags(l *tsutil.Lang) tsutil.KindFlags {
	return leafFlags(l, []string{"quoted_key", "string"}, []string{"comment"})
}

// jsonKindIDs are the tree-sitter-json kind and field ids the walk uses.
type jsonKindIDs struct {
	document, object, pair, array, str, fKey, fValue uint16
}

var jsonKinds jsonKindIDs // set by shared[formatJSON] on its first use

func loadJSONKinds(l *tsutil.Lang) jsonKindIDs {
	id := l.KindID
	return jsonKindIDs{
		document: id("document"), object: id("object"), pair: id("pair"), array: id("array"),
		str: id("string"), fKey: l.FieldID("key"), fValue: l.FieldID("value"),
	}
}

// jsonFlags keeps strings as leaves.
func jsonFlags(l *tsutil.Lang) tsutil.KindFlags {
	return leafFlags(l, []string{"string"}, []string{"comment"})
}
