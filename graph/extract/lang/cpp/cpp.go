// Package cpp is the C++ extractor of Orbit Graph and the C-family walk it
// shares with package c: namespaces, classes, structs, unions, enums and
// their enumerators, functions, prototypes (a method declared in its class
// is one too), methods, constructors, templates, typedefs and using
// aliases, macros and globals, googletest's TEST/TEST_F bodies as tests;
// #include; call and type references, C++ ones with the arity that tells
// overloads apart (arity.go); base classes as extends relations; notable
// strings and getenv reads.
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammar's bindings. Package c imports this one (the walk, and the
// extractor for headers that are C++ by content); never the other way.
//
// One walk serves both languages because tree-sitter-cpp is built on
// tree-sitter-c's grammar and shares its node kinds: an Engine pairs a
// grammar with its kind ids and a Dialect. The syntax tree is copied once,
// by tsutil.ParseFlat, into a pointer-free array; the walk makes no cgo
// calls.
//
// Qualified names (see naming.go): C++ spells them "ns::Class::method";
// C has one global namespace, so a C name is itself. Entities with internal
// linkage (static, an anonymous namespace) and macros defined in a source
// file (.c, .cc, ...) cannot be named from another file: they get the
// prefix "<path>:" ("src/a.c:helper"), which keeps them unique across a
// repository while a prototype in a header and the definition in a .c file
// share one qualified name.
package cpp

import (
	"sync"
	"time"

	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Dialect is the language of the C family an Engine's grammar parses.
type Dialect uint8

const (
	C   Dialect = iota // tree-sitter-c: one global namespace
	CPP                // tree-sitter-cpp: namespaces, classes, templates
)

// Name is the value of ExtractedFile.Lang: "c" or "cpp".
func (d Dialect) Name() string {
	if d == CPP {
		return "cpp"
	}
	return "c"
}

// Engine is the C-family walk over one grammar. It is safe for concurrent
// use: the grammar's parser pool hands each parse its own parser.
type Engine struct {
	door    *tsutil.Door
	ids     *ids
	dialect Dialect
}

// NewEngine builds the walk for a grammar of the given dialect: package c
// passes tree-sitter-c, New tree-sitter-cpp. The Lang's Timeout bounds
// each parse.
func NewEngine(l *tsutil.Lang, d Dialect) *Engine {
	x := newIDs(l, d)
	e := &Engine{ids: x, dialect: d}
	// A walk that panics keeps what it found; a C++ file that cannot be
	// read keeps the namespace a lexical scan gives.
	e.door = &tsutil.Door{Name: d.Name(), Lang: l, Flags: x.flags, KeepPartial: true,
		Fallback: func(in extract.Input) string { return e.scanNamespace(in.Content) }}
	return e
}

// WithTimeout returns the engine with its own parser pool whose parses
// give up after d.
func (e *Engine) WithTimeout(d time.Duration) *Engine {
	return NewEngine(e.door.Lang.WithTimeout(d), e.dialect)
}

// Extract parses one file. Syntax errors give a partial result plus
// diagnostics; a parse failure or timeout gives a diagnostic and an
// otherwise empty result.
func (e *Engine) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: e.dialect.Name()}
	in.Content = maskDeclMacros(in.Content, e.dialect == CPP)
	return e.door.Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		t := &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: in.Content}}
		newWalker(e, t, in.Path, lines, out).run()
	})
}

// scanNamespace is the file's first namespace from a lexical scan, for a
// file that could not be parsed.
func (e *Engine) scanNamespace(src []byte) string {
	if e.dialect != CPP {
		return ""
	}
	return firstNamespace(src)
}

// Extractor extracts C++ files. It is safe for concurrent use.
type Extractor struct {
	engine func() *Engine // built on the first Extract: tsutil.LazyDoor says why
}

var sharedEngine = sync.OnceValue(func() *Engine {
	return NewEngine(tsutil.NewLang(tscpp.Language()), CPP)
})

// New returns the C++ extractor. All share one grammar and parser pool.
func New() *Extractor { return &Extractor{engine: sharedEngine} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{engine: sync.OnceValue(func() *Engine { return e.engine().WithTimeout(d) })}
}

// Lang returns "cpp".
func (e *Extractor) Lang() string { return CPP.Name() }

// Supports accepts C++ sources and headers. Plain .h files belong to
// package c, which hands the C++ ones back to Extract.
func (e *Extractor) Supports(path string) bool {
	return extract.HasExt(path, ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".c++", ".h++")
}

// Extract extracts one file as C++, whatever its extension: package c
// calls it for .h files that LooksLikeCPP.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile { return e.engine().Extract(in) }

var _ extract.Extractor = (*Extractor)(nil)
