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
	"errors"
	"fmt"
	"time"

	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "go"

// Extractor extracts Go files. It is safe for concurrent use.
type Extractor struct {
	lang *tsutil.Lang
}

// New returns an extractor sharing the package's parser pool.
func New() *Extractor { return &Extractor{lang: goLang} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	l := tsutil.NewLang(tsgo.Language())
	l.Timeout = d
	return &Extractor{lang: l}
}

// Lang implements extract.Extractor.
func (e *Extractor) Lang() string { return langName }

// Supports implements extract.Extractor: .go files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".go") }

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) (out *extract.ExtractedFile) {
	out = &extract.ExtractedFile{Lang: langName}
	defer func() {
		if r := recover(); r != nil {
			*out = *failed(in, fmt.Errorf("go extractor: internal error: %v", r))
		}
	}()
	buf := tsutil.GetNodes()
	defer tsutil.PutNodes(buf)
	lines := extract.NewLineIndex(in.Content)
	var err error
	*buf, out.Diagnostics, err = e.lang.ParseFlat(in.Content, kindFlags, *buf, lines)
	if err == nil && len(*buf) == 0 {
		err = errors.New("go extractor: could not copy the syntax tree")
	}
	if err != nil {
		return failed(in, err)
	}
	x := newFileExtractor(in, *buf, lines, out)
	x.run()
	return out
}

// failed is the result for a file that could not be read: the namespace
// from a lexical scan of the package clause and one diagnostic.
func failed(in extract.Input, err error) *extract.ExtractedFile {
	return &extract.ExtractedFile{
		Lang:        langName,
		Namespace:   namespace(in, scanPackageName(in.Content)),
		Diagnostics: []extract.Diagnostic{{Message: "parse: " + err.Error()}},
	}
}
