package extract

// SymbolKind is what a definition is. The string forms are the values stored in
// symbols.kind (DESIGN.md, The tables) and shown to users.
type SymbolKind uint8

const (
	KindUnknown SymbolKind = iota
	KindPackage
	KindModule
	KindNamespace
	KindClass
	KindStruct
	KindInterface
	KindTrait
	KindEnum
	KindUnion
	KindRecord
	KindObject
	KindImpl
	KindType // a defined type that is not a struct or interface (Go `type T int`)
	KindTypeAlias
	KindFunction
	KindFunctionDeclaration // a prototype without a body (C)
	KindMethod
	KindConstructor
	KindField
	KindProperty
	KindConst
	KindVar
	KindStatic
	KindMacro
	KindTest
	KindSection // a Markdown heading
	kindCount
)

var symbolKindNames = [kindCount]string{
	"unknown", "package", "module", "namespace", "class", "struct", "interface",
	"trait", "enum", "union", "record", "object", "impl", "type", "type_alias",
	"function", "function_declaration", "method", "constructor", "field",
	"property", "const", "var", "static", "macro", "test", "section",
}

func (k SymbolKind) String() string {
	if k < kindCount {
		return symbolKindNames[k]
	}
	return "unknown"
}

// ParseSymbolKind maps a stored or user-typed kind back to its constant.
func ParseSymbolKind(s string) (SymbolKind, bool) {
	for i, n := range symbolKindNames {
		if n == s && i != 0 {
			return SymbolKind(i), true
		}
	}
	return KindUnknown, false
}

// SymbolKinds lists every known kind name, for help text and validation.
func SymbolKinds() []string { return append([]string(nil), symbolKindNames[1:]...) }

// IsNamespace reports whether symbols of this kind name the scope that a
// file's unqualified references live in (a Go package, a Python module).
func (k SymbolKind) IsNamespace() bool {
	return k == KindPackage || k == KindModule || k == KindNamespace
}

// RefKind is how a location refers to a name (refs.kind).
type RefKind uint8

const (
	RefCall RefKind = iota
	RefType
	RefUse
	RefTraitBound
	RefCommand // a CLI command whose name is not a literal (DESIGN.md, Confidence)
	// RefHandler is a CLI command naming the function it runs (a cobra
	// Run value, a Click decorator, a clap match arm): a registration, not
	// a use the language's compiler would count.
	RefHandler
	refKindCount
)

var refKindNames = [refKindCount]string{"call", "type", "use", "trait_bound", "command", "handler"}

func (k RefKind) String() string {
	if k < refKindCount {
		return refKindNames[k]
	}
	return "unknown"
}

// ParseRefKind maps a stored or user-typed ref kind back to its constant.
func ParseRefKind(s string) (RefKind, bool) {
	for i, n := range refKindNames {
		if n == s {
			return RefKind(i), true
		}
	}
	return 0, false
}

// RefKinds lists every ref kind name in declaration order, for help text
// and validation.
func RefKinds() []string { return append([]string(nil), refKindNames[:]...) }

// RelationKind is a symbol-to-symbol structural edge (relations.kind).
type RelationKind uint8

const (
	RelImpl       RelationKind = iota // Rust `impl Trait for Type`
	RelExtends                        // superclass, embedded struct or interface
	RelImplements                     // interface implementation
	relKindCount
)

var relKindNames = [relKindCount]string{"impl", "extends", "implements"}

func (k RelationKind) String() string {
	if k < relKindCount {
		return relKindNames[k]
	}
	return "unknown"
}

// ParseRelationKind maps a stored relation kind back to its constant.
func ParseRelationKind(s string) (RelationKind, bool) {
	for i, n := range relKindNames {
		if n == s {
			return RelationKind(i), true
		}
	}
	return 0, false
}

// RelationKinds lists every relation kind name in declaration order, for
// help text and validation.
func RelationKinds() []string { return append([]string(nil), relKindNames[:]...) }

// ConfigKind is where a configuration key comes from (configs.kind).
type ConfigKind uint8

const (
	ConfigEnv   ConfigKind = iota // an environment variable read
	ConfigSerde                   // a serialization attribute: Go struct tag, #[serde(rename)]
	ConfigYAML
	ConfigTOML
	ConfigJSON
	ConfigCSV // a column name: a header cell of a CSV file
	ConfigTSV // a column name: a header cell of a TSV file
	configKindCount
)

var configKindNames = [configKindCount]string{"env", "serde", "yaml", "toml", "json", "csv", "tsv"}

func (k ConfigKind) String() string {
	if k < configKindCount {
		return configKindNames[k]
	}
	return "unknown"
}
