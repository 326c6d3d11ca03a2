// Package golang is the Go extractor of Orbit Graph: it turns one .go file
// into an extract.ExtractedFile (package, functions, methods, types, consts,
// vars, tests; calls, type uses and imports with candidate qualified names;
// embedding relations; notable strings; env reads and struct tags; cobra
// commands).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// the tree-sitter bindings. It has no cgo of its own: tsutil.ParseFlat
// copies the syntax tree into Go memory in one call, so no tree-sitter node
// escapes tsutil.
//
// Qualified names follow the go tool: a package's import path, then
// "path.Func", "path.Type", "path.Type.Method". Candidates are what the file
// itself says; receiver types of method calls are left to the resolver.
package golang

import (
	"time"
	"unsafe"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "go"

// Extractor extracts Go files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares; a file that cannot be read
// keeps the namespace a lexical scan of its package clause gives.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: goLang, Flags: kindFlags,
		Fallback: func(in extract.Input) string { return namespace(in, scanPackageName(in.Content)) }}
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

// Supports implements extract.Extractor: .go files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".go") }

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: langName}
	src := "" // the tree's text: in.Content's, copied unless owned here
	if in.DeclarationsOnly {
		// The declarations selected (extract.Selection), their bodies
		// blanked: same offsets, a fraction of the parse, which reads
		// only the parts kept less the blanks (tree-sitter's included
		// ranges).
		keep := in.Keep
		if keep == nil {
			keep = []extract.Span{{Start: 0, End: uint32(len(in.Content))}}
		} else if n := len(keep); n > 0 && int(keep[n-1].End) < len(in.Content) {
			// What follows the last part is never read: the copies
			// below (blanked, the tree's text, the line index) stop
			// where it starts.
			in.Content = in.Content[:keep[n-1].End]
		}
		var holes []extract.Span
		in.Content, holes = blankHoles(in.Content, keep)
		in.Keep = without(keep, holes)
		// blankHoles's copy is the extractor's and never written again:
		// the tree reads it as its text in place rather than copy it.
		src = unsafe.String(unsafe.SliceData(in.Content), len(in.Content))
	}
	return e.door().Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		newFileExtractor(in, src, nodes, lines, out).run()
	})
}
