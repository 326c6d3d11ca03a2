package extract

// Optional abilities. An Extractor is small on purpose; what only some
// languages know comes as a separate interface, found by type assertion
// (the way gazelle's language.Language grows Configurer and
// ModuleAwareLanguage). The indexer asks the registry for them and keeps
// the generic loop; a language's knowledge stays in its own package. See
// graph/DESIGN.md, "Adding a language".

// ModuleAware is a language whose qualified names depend on marker files
// elsewhere in the worktree: go.mod, Cargo.toml, __init__.py,
// tsconfig.json. The indexer finds the markers in a scan, reads those whose
// content matters, and hands them over; the language answers every file's
// ModuleContext. When a marker appears, goes or (if its content matters)
// changes, the language's files below the marker's directory are
// extracted again. A marker is seen only if some extractor of the registry
// indexes it (go.mod has its own, Cargo.toml and tsconfig.json are config
// files, __init__.py is Python).
type ModuleAware interface {
	Extractor
	// Marker reports whether the repo-relative path is one of the
	// language's marker files, and whether its content matters (false:
	// only its existence does).
	Marker(path string) (marker, content bool)
	// Modules builds the language's view of a worktree from all its
	// markers. It is pure: MarkerFile.Content is nil when only existence
	// matters or the file could not be read.
	Modules(markers []MarkerFile) Modules
}

// ContextKeyer is a ModuleAware language whose markers hold more than its
// files' contexts depend on (go.mod's requirements besides its module
// path): a marker whose bytes changed but whose key did not leaves its
// files alone, so a dependency upgrade re-resolves only the files that
// consulted the changed packages' names.
type ContextKeyer interface {
	ContextKey(content []byte) string
}

// MarkerFile is one marker of a scan.
type MarkerFile struct {
	Path    string // repo-relative, slash-separated
	Content []byte
}

// Modules answers where a file sits in its language's import system. It is
// read-only and safe for concurrent use once built. Abilities to come (the
// dependencies a manifest names, for indexing dependency packages) will be
// further interfaces a Modules value may implement.
type Modules interface {
	ForFile(path string) ModuleContext
}

// GeneratedNamer is a language that knows its generated files by name.
type GeneratedNamer interface {
	Generated(base string) Generated
}

// Generated is how the scan treats a file a language names as generated.
type Generated uint8

const (
	NotGenerated Generated = iota
	// GeneratedCode is a generator's source output (protoc's x.pb.go):
	// indexed so that its definitions are targets of refs, callees and
	// implementors, but left out of search and overview unless asked
	// (DESIGN.md, Generated code).
	GeneratedCode
	// BuildOutput is a bundle or a minified file: skipped like vendored
	// code; a root .orbitignore can bring it back.
	BuildOutput
)

// Resolving is a language whose references pass 2 reads in its own way.
// A language without it gets the zero ResolutionTraits.
type Resolving interface {
	Resolution() ResolutionTraits
}

// ResolutionTraits tell pass 2 how to read a language's references.
type ResolutionTraits struct {
	// MemberSeparator joins a type's qualified name and a member's name:
	// "::" in Rust and C++, "#" in Ruby; "" means ".".
	MemberSeparator string
	// DirectoryModules: a module path may name a directory whose index
	// file is the module (TypeScript/JavaScript `./util` → util/index).
	DirectoryModules bool
	// ImportsNameFiles: an import's Resolved is a file (C's #include), so
	// a reference is graded by which files define its target, and its
	// file is resolved again when they change.
	ImportsNameFiles bool
	// CallingTypeConverts: calling a type converts a value (Go's T(x)), so
	// such a call is stored as a type use.
	CallingTypeConverts bool
	// NearestTwin: a name defined twice in one file (a `const helper` in
	// each of two test callbacks, which qualified names cannot tell apart)
	// means, at a use in that file, the definition nearest before the use,
	// or the first one when none precedes it: block-scoped sibling scopes
	// (TypeScript/JavaScript). Not C, whose twins are #if alternatives.
	NearestTwin bool
}

// Traits is the ResolutionTraits of e, the zero value when it has none.
func Traits(e Extractor) ResolutionTraits {
	if r, ok := e.(Resolving); ok {
		return r.Resolution()
	}
	return ResolutionTraits{}
}

// Deriving is a language with relations no single file states, derived
// from the whole index after pass 2 (Go types implement interfaces
// implicitly). Its extractor never states relations of the derived kind
// itself, so the indexer knows such rows of its files as derived: they are
// not evidence for pass 2, and they are recomputed and diffed whenever what
// the derivation reads changes, else kept.
type Deriving interface {
	Extractor
	Derivation() Derivation
	Derive(ix DerivationIndex) ([]DerivedRelation, error)
}

// Derivation says what a derivation produces and reads, all of it in the
// language's own files: those whose files.lang is the extractor's Lang().
type Derivation struct {
	Produces RelationKind   // the kind of the relations it derives
	Symbols  []SymbolKind   // the declarations it reads
	Reads    []RelationKind // the stated relations it reads
}

// DerivationIndex is the part of the index a derivation reads: rows of
// the deriving language's files only, in a fixed order (file, position,
// then insertion), so the same files derive the same relations.
type DerivationIndex interface {
	// Declarations of the Derivation's symbol kinds.
	Declarations() ([]Declaration, error)
	// Relations of the Derivation's Reads kinds.
	Relations() ([]StatedRelation, error)
	// Imports lists each file's imported paths.
	Imports() ([]FileImport, error)
}

// Declaration is one symbol a derivation reads.
type Declaration struct {
	Qualified string
	Kind      SymbolKind
	File      string
	Span      Span
}

// StatedRelation is one extracted relation a derivation reads.
type StatedRelation struct {
	From, To string
	Kind     RelationKind
}

// FileImport is one import of one file.
type FileImport struct {
	File, Path string
}

// DerivedRelation is one relation a derivation found, anchored at the
// subtype's declaration.
type DerivedRelation struct {
	From, To string
	File     string
	Span     Span
	Seen     Visibility
}

// Visibility is how the target of a derived relation is visible from its
// source; pass 2 grades it as it grades a reference found the same way.
type Visibility uint8

const (
	SameFile      Visibility = iota // graded exact
	SameModule                      // same_module
	ThroughImport                   // import_resolved
)

// Embedding is a language whose extends relation into a struct embeds it
// (Go): a call of the embedded type's method never runs the embedder's
// method of the same name, so graph check does not dispatch through it.
// In other languages a struct extended is a base class.
type Embedding interface {
	EmbedsStructs() bool
}

// Cataloguing is a language that tells graph check's catalog what a
// callable's kind and decorators do not (DESIGN.md, Checks): whether it
// runs with no caller in the code (an entry point, and why), how far it is
// visible, and whether its file is a test file. A language without it gets
// the zero CallableFacts.
type Cataloguing interface {
	Catalog(c Callable) CallableFacts
}

// Callable is what Catalog reads of one indexed callable.
type Callable struct {
	Path, Name, Qualified, Signature string
	Kind                             SymbolKind
	Decorators                       []string
	TopLevel                         bool   // no symbol encloses it
	Package                          string // the signature of its file's package symbol ("package main"), "" for none
}

// CallableFacts are a language's answers about one callable.
type CallableFacts struct {
	// Entry says why the callable runs with no caller in the code
	// ("main", "init", "protocol", "override"), "" when it needs one.
	Entry    string
	Access   Access
	TestFile bool // its file holds tests (x_test.go, test_x.py)
	// Implicit: the method may implement an interface the index does not
	// hold (Go's implicit interfaces: fmt.Stringer, sort.Interface), so it
	// may run wherever a value of its type goes; graph check counts it
	// reached when its type is.
	Implicit bool
}

// Access is how far a callable can be called from.
type Access uint8

const (
	AccessUnknown  Access = iota
	AccessExported        // by other packages or modules: the library's API
	AccessPackage         // within its package or module
	AccessPrivate         // within its type or file
)

var accessNames = [...]string{"unknown", "exported", "package", "private"}

func (v Access) String() string {
	if int(v) < len(accessNames) {
		return accessNames[v]
	}
	return "unknown"
}
