// Package kotlin is the Kotlin extractor of Orbit Graph: it turns one .kt
// or .kts file into an extract.ExtractedFile (package, classes,
// interfaces, enums, objects, companion objects, functions, extension
// functions, methods, constructors, properties, type aliases; call, type
// and import references with candidate qualified names; supertype
// relations; notable strings; System.getenv reads and serialized names).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil,
// extract/internal/jvm, its grammar's bindings, and lang/java for the
// build files its dependency packages share with Java (dependencies.go). It has no cgo of its own: tsutil.ParseFlat copies
// the syntax tree into Go memory in one call, so no tree-sitter node escapes
// tsutil, and Extract is a pure function of its Input.
//
// Qualified names follow the package declaration: top-level functions and
// properties are "com.example.fn", members "com.example.Class.fn",
// companion members "com.example.Class.Companion.fn" (or the companion's
// own name), extension functions "com.example.Receiver.fn" with the
// receiver type as written, without type arguments or "?". Secondary
// constructors are "Class.<init>"; the primary constructor is part of the
// class (its val/var parameters are properties). Functions and classes
// declared inside a function are qualified under it ("pkg.outer.local");
// declarations inside object expressions and enum entry bodies are not
// symbols.
package kotlin

import (
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "kotlin"

// Extractor extracts Kotlin files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares; the parser reads the file
// newline-ended and with two grammar bugs worked around (prepare), and a
// file that cannot be read keeps the package a
// lexical scan of its header gives.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: kotlinLang, Flags: kindFlags, Prepare: prepare,
		Fallback: func(in extract.Input) string { return jvm.Kotlin.ScanPackage(in.Content) }}
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

// Supports implements extract.Extractor: .kt and .kts files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".kt", ".kts") }

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: langName}
	if in.DeclarationsOnly {
		in.Content = blankBodies(in.Content)
	}
	return e.door().Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		newWalker(&tree{Nodes: nodes, Src: in.Content}, lines, out).run()
	})
}

// newlineEnded is content ending in a newline, for the parser only. The
// grammar's scanner (tree-sitter-kotlin v1.1.0) skips what follows an '@'
// up to whitespace, or up to a newline after a '(', without checking for
// the end of input: a file ending in "@x" or "@x(" spun forever inside the
// C scanner, where no parse timeout can reach (a fuzz finding). The added
// byte is past every offset of the file, and the Door cuts it off again.
func newlineEnded(content []byte) []byte {
	if len(content) > 0 && content[len(content)-1] == '\n' {
		return content
	}
	return append(content[:len(content):len(content)], '\n')
}
