// Package c is the C extractor of Orbit Graph (decision ADR-026: C
// sources and headers share one extractor): functions, prototypes,
// structs, unions, enums and their enumerators, typedefs, macros and
// globals; #include; call and type references; notable strings and
// getenv reads.
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil,
// its grammar's bindings and extract/lang/cpp. The C-family walk lives in
// package cpp (tree-sitter-cpp extends tree-sitter-c's grammar, so one
// walk reads both); this package runs it over tree-sitter-c. A .h file
// that is C++ by content (cpp.LooksLikeCPP) is extracted by package cpp
// instead, and its ExtractedFile.Lang is "cpp".
//
// Qualified names: C has one global namespace, so a function, global,
// type, enumerator or header macro is named by itself ("parse_args",
// "point"); a static function or variable, or a macro, defined in a .c
// file is "<path>:<name>" ("src/util.c:helper"), unique across the
// repository. A prototype in a header and the definition in a .c file so
// share one qualified name, and a call `parse_args()` gets the candidate
// "parse_args" unless the file declares a static parse_args.
package c

import (
	"sync"
	"time"

	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
)

// Extractor extracts C sources and headers. It is safe for concurrent use.
type Extractor struct {
	engine func() *cpp.Engine // built on the first Extract: tsutil.LazyDoor says why
	cxx    *cpp.Extractor     // for headers that are C++ by content
}

var sharedEngine = sync.OnceValue(func() *cpp.Engine {
	return cpp.NewEngine(tsutil.NewLang(tsc.Language()), cpp.C)
})

// New returns the C extractor. All share one grammar and parser pool.
func New() *Extractor { return &Extractor{engine: sharedEngine, cxx: cpp.New()} }

// WithTimeout returns an extractor with its own parser pools whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	timed := sync.OnceValue(func() *cpp.Engine { return e.engine().WithTimeout(d) })
	return &Extractor{engine: timed, cxx: e.cxx.WithTimeout(d)}
}

// Lang returns "c".
func (e *Extractor) Lang() string { return cpp.C.Name() }

// Supports accepts .c and .h files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".c", ".h") }

// Extract extracts one file. A .h file that looks like C++ is extracted as
// C++ (Lang "cpp"); a .c file is always C.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	if extract.HasExt(in.Path, ".h") && cpp.LooksLikeCPP(in.Content) {
		return e.cxx.Extract(in)
	}
	return e.engine().Extract(in)
}

var _ extract.Extractor = (*Extractor)(nil)

// Catalog answers graph check as C++ does (cpp.Catalog).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts { return cpp.Catalog(c) }
