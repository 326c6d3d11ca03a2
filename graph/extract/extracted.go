package extract

import "math"

// Span is a half-open byte range [Start, End) into the file's content.
type Span struct {
	Start, End uint32
}

// Contains reports whether o lies within s.
func (s Span) Contains(o Span) bool { return s.Start <= o.Start && o.End <= s.End }

// NoParent marks a top-level symbol in RawSymbol.Parent.
const NoParent = -1

// RawSymbol is one definition.
type RawSymbol struct {
	Name      string // short name as written: "Println", "handle_request"
	Qualified string // unique, stable, language-conventional: "fmt.Println", "pkg.mod.Class.method"
	Kind      SymbolKind
	Span      Span   // the whole definition, including its body
	Signature string // one normalized line; "" when the kind has none
	Parent    int    // index into ExtractedFile.Symbols of the enclosing symbol, or NoParent
	// Arity is how many arguments a function or method takes, stated by a
	// language whose overloads share a qualified name (Java's).
	Arity Arity
	// Body digests a callable's body, for finding duplicated code without
	// reading the file again; zero when the definition has no body.
	Body Body
	// Decorators are the decorators, annotations or attributes written on
	// a callable, each as its name without arguments or markers: "app.get"
	// for @app.get("/"), "Test" for @Test or [Test], "test" for #[test].
	Decorators []string
}

// RawClosure is an anonymous function written in place: a Go func
// literal, a Python lambda, an arrow function, a Rust closure, a Java or
// C# lambda. Graph check catalogs it under a name made of its file and
// position (<closure:path:line:col>).
type RawClosure struct {
	Span      Span
	Line, Col int // 1-based, of Span.Start; Col counts bytes
	Body      Body
}

// Body is the digest of a callable's body with its comments and the
// whitespace between tokens left out (one space stays between two words).
type Body struct {
	Hash uint64 // FNV-1a of the normalised text; 0: no body
	Size uint32 // bytes of the normalised text
}

// Arity is how many arguments a call passes or a function takes, for
// telling overloads apart: Min to Max, Max < 0 for variadic. The zero value
// states nothing.
type Arity struct {
	Min, Max int16 // small: every symbol and ref carries one
	Known    bool
}

// Exactly is the arity of a call passing n arguments.
func Exactly(n int) Arity {
	n = min(n, math.MaxInt16)
	return Arity{Known: true, Min: int16(n), Max: int16(n)}
}

// Accepts reports whether a function of arity a can take a call of arity
// call; when either is unknown, it can.
func (a Arity) Accepts(call Arity) bool {
	return !a.Known || !call.Known || call.Min >= a.Min && (a.Max < 0 || call.Min <= a.Max)
}

// RawRef is a location that refers to a name. The extractor proposes a
// candidate qualified name from what the file itself says (its namespace and
// its imports); the resolver later grades it against the whole index.
type RawRef struct {
	Span      Span
	Name      string // short name: the last segment of what was written
	Qualified string // candidate qualified name; "" when only the name is known
	Kind      RefKind
	// Alternatives are further candidates, tried in order when Qualified
	// names nothing in the index: the packages a wildcard import or a
	// `using` directive may supply the name from, the enclosing scopes a
	// constant is looked up in. The first one defined wins; when none is,
	// the ref keeps Qualified.
	Alternatives []string
	// Receiver says Name is a member (a method, usually) of a value whose
	// type pass 2 works out from the index (DESIGN.md, Confidence evidence): Receiver[0]
	// is a qualified name — a type, a variable or field with a known type, or
	// a function — and each further element is a member name or "()", the
	// result of calling what precedes. Alternatives are then alternatives
	// for Receiver[0], and Qualified, if set, is a fallback tried when the
	// receiver's type has no such member (a static import, a top-level
	// function). nil: not a member access, or no evidence (name only). See
	// RESOLUTION.md.
	Receiver []string
	// Args is how many arguments a call passes, when the language
	// overloads by it (see RawSymbol.Arity).
	Args Arity
}

// CallResult is the Receiver step for "the result of calling what precedes".
const CallResult = "()"

// RawRelation is a structural edge between two symbols (DESIGN.md, The tables relations).
type RawRelation struct {
	From string // qualified name of the subtype / implementing type
	To   string // candidate qualified name of the supertype / interface
	Kind RelationKind
	Span Span // the site that states the relation (the embedded field, the base list entry)
}

// FactKind is what a RawFact states.
type FactKind uint8

const (
	// FactReturns: Subject, a function or method, returns a value of type
	// Object (its first result; a pointer to it counts as it).
	FactReturns FactKind = iota
	// FactType: Subject, a variable or constant, has type Object; with
	// Member set, the field or property Member of type Subject has type
	// Object (Go struct fields, `self.x = T()` in Python, typed fields).
	FactType
	// FactAlias: Subject is another name for Object (a re-export:
	// `from .sub import X` in a package's __init__.py, `export {a} from`,
	// `pub use`). With Member "*", every name of module Subject may come
	// from module Object (`export * from`, `from .sub import *`).
	FactAlias
	factKindCount
)

var factKindNames = [factKindCount]string{"returns", "type", "alias"}

func (k FactKind) String() string {
	if k < factKindCount {
		return factKindNames[k]
	}
	return "unknown"
}

// RawFact is type evidence a file states about its own declarations, for
// pass 2 to follow when it resolves receivers elsewhere. Subject and
// Object are candidate qualified names, as for refs.
type RawFact struct {
	Kind    FactKind
	Subject string
	Member  string
	Object  string
	// Alternatives are further candidates for Object, tried in order when
	// it names nothing (a type from a wildcard import, an index file).
	Alternatives []string
	Span         Span // the declaration that states it
}

// RawImport is one imported module or symbol (DESIGN.md, The tables imports).
type RawImport struct {
	Path   string // target_path: "net/http", "os.path", "pkg.sub"
	Symbol string // imported name, or "" for the whole module
	Alias  string // local name when renamed ("np"), "" otherwise
	// Resolved is what the import binds in the index's terms when that
	// differs from Path: the namespace a relative specifier names
	// ("./util" in src/app.ts → "src/util"), or the repo-relative file a
	// C `#include "x.h"` names. Pass 2 uses it to recognise candidates and
	// definitions reached through this import; it is not stored.
	Resolved string
	Span     Span
}

// RawString is a notable string literal (see Notable).
type RawString struct {
	Value string
	Line  int // 1-based
	Span  Span
}

// RawConfig is a configuration key: an environment variable read, a
// serialization attribute or a key in a config file.
type RawConfig struct {
	Key  string
	Kind ConfigKind
	Line int // 1-based
	Span Span
}

// NoHandler marks a command whose handler could not be pinned to one
// reference (DESIGN.md, Confidence: the row exists, handler_symbol stays NULL).
const NoHandler = -1

// RawCommand is a CLI command with a literal or defaulted name (DESIGN.md, Confidence).
type RawCommand struct {
	// Name is the command path as far as this file states it, words
	// separated by single spaces: "cli sync". Core prefixes the path of a
	// parent another file adds it to (see CommandEdge).
	Name string
	Span Span // the declaration (decorator, struct literal, enum variant)
	// Handler is the index into ExtractedFile.Refs of the reference that names
	// the handler, or NoHandler. The resolver fills handler_symbol from it.
	Handler int
	// Body is the handler's code when it is written in place (a closure
	// of several statements): trace walks the calls inside it. Zero when
	// the handler is a named function.
	Body Span
	// Bindings are the names other files can add the command by: the
	// package variable or constructor function holding it, or a name
	// unique to its place; none when nothing holds it.
	Bindings []string
	// Top are the Bindings of the outermost command of this file's tree
	// the command belongs to (its own when it has no parent here): the one
	// another file may add as a child.
	Top []string
}

// CommandEdge says that the command bound to Parent adds the one bound to
// Child as a subcommand (cobra's parent.AddCommand(child)), when at least
// one of them is held in another file.
type CommandEdge struct {
	Parent, Child string
	Span          Span // the statement that says so
}

// Diagnostic is a problem the extractor met but survived: a parse error, a
// timeout. Extraction still returns whatever it could read.
type Diagnostic struct {
	Line    int // 1-based; 0 when not tied to a line
	Message string
}

// ExtractedFile is everything one file contributes to the graph.
type ExtractedFile struct {
	Lang string
	// Namespace is the qualified name unqualified references in this file are
	// looked up in: the Go package import path, the Python module path. It is
	// also the qualified name of the file's package/module symbol, if any.
	Namespace string
	Symbols   []RawSymbol
	Refs      []RawRef
	Relations []RawRelation
	Imports   []RawImport
	Strings   []RawString
	Configs   []RawConfig
	Commands  []RawCommand
	// CommandEdges link commands across files.
	CommandEdges []CommandEdge
	Facts        []RawFact
	// Closures are the file's anonymous functions, in source order.
	Closures    []RawClosure
	Diagnostics []Diagnostic
}
