package extract

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
}

// RawRef is a location that refers to a name. The extractor proposes a
// candidate qualified name from what the file itself says (its namespace and
// its imports); the resolver later grades it against the whole index.
type RawRef struct {
	Span      Span
	Name      string // short name: the last segment of what was written
	Qualified string // candidate qualified name; "" when only the name is known
	Kind      RefKind
}

// RawRelation is a structural edge between two symbols (spec §6.2 relations).
type RawRelation struct {
	From string // qualified name of the subtype / implementing type
	To   string // candidate qualified name of the supertype / interface
	Kind RelationKind
	Span Span // the site that states the relation (the embedded field, the base list entry)
}

// RawImport is one imported module or symbol (spec §6.2 imports).
type RawImport struct {
	Path   string // target_path: "net/http", "os.path", "pkg.sub"
	Symbol string // imported name, or "" for the whole module
	Alias  string // local name when renamed ("np"), "" otherwise
	Span   Span
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
// reference (spec §11: the row exists, handler_symbol stays NULL).
const NoHandler = -1

// RawCommand is a CLI command with a literal or defaulted name (spec §11).
type RawCommand struct {
	Name string // full command path, words separated by single spaces: "cli sync"
	Span Span   // the declaration (decorator, struct literal, enum variant)
	// Handler is the index into ExtractedFile.Refs of the reference that names
	// the handler, or NoHandler. The resolver fills handler_symbol from it.
	Handler int
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
	Namespace   string
	Symbols     []RawSymbol
	Refs        []RawRef
	Relations   []RawRelation
	Imports     []RawImport
	Strings     []RawString
	Configs     []RawConfig
	Commands    []RawCommand
	Diagnostics []Diagnostic
}
