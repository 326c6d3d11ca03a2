// Package csharp is the C# extractor of Orbit Graph: it turns one .cs file
// into an extract.ExtractedFile (namespaces, classes, structs, records,
// interfaces, enums and their members, delegates, methods, properties,
// constructors, constants, tests; calls, type uses and using directives with
// candidate qualified names; base-list relations; notable strings;
// environment reads and JSON property attributes).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammar's bindings. It has no cgo of its own: tsutil.ParseFlat copies
// the syntax tree into Go memory in one call, so no tree-sitter node escapes
// tsutil, and Extract is a pure function of its Input.
//
// Qualified names are the CLR's, without generic arity: "Company.App.Service",
// nested types "Outer.Inner", members "Company.App.Service.Run"; a
// constructor is "Service.Service" (the C# spelling, not IL's ".ctor"), a
// destructor "Service.~Service", an indexer "Service.this". Overloads share
// one qualified name.
package csharp

import (
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "csharp"

// Extractor extracts C# files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares; a file that cannot be read
// keeps the namespace a lexical scan gives.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: csLang, Flags: kindFlags,
		Fallback: func(in extract.Input) string { return scanNamespace(in.Content) }}
})

// New returns an extractor sharing the package's parser pool.
func New() *Extractor { return &Extractor{door: door} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{door: e.door.WithTimeout(d)}
}

// Lang implements extract.Extractor.
func (e *Extractor) Lang() string { return langName }

// Supports implements extract.Extractor: .cs files, and the project
// files whose package references Dependencies reads (.csproj).
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".cs", ".csproj") }

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	if extract.HasExt(in.Path, ".csproj") {
		return &extract.ExtractedFile{Lang: langMSBuild} // read as a marker only
	}
	out := &extract.ExtractedFile{Lang: langName}
	return e.door().Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		newWalker(&tree{Nodes: nodes, Src: string(in.Content)}, lines, out).run()
	})
}
