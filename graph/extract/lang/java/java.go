// Package java is the Java extractor of Orbit Graph: it turns one .java
// file into an extract.ExtractedFile (package, classes, interfaces, enums,
// records, annotation types, methods, constructors, fields; call, type and
// import references with candidate qualified names; extends and implements
// relations; notable strings; System.getenv reads and Jackson/Gson field
// names).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammar's bindings. It has no cgo of its own: tsutil.ParseFlat copies
// the syntax tree into Go memory in one call, so no tree-sitter node escapes
// tsutil, and Extract is a pure function of its Input.
//
// Qualified names are Java's own: the package from the package declaration,
// then types (nested ones as Outer.Inner), then members:
// "com.example.app.Service.method". Constructors are "Class.<init>" (the
// JVM's name, which no method can take); overloads share one qualified name.
// A class declared inside a method body is "Class.method.Local". Symbols
// inside anonymous class bodies (and enum constant bodies) have no stable
// name and are not emitted; their references are.
package java

import (
	"errors"
	"fmt"
	"time"

	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "java"

// Extractor extracts Java files. It is safe for concurrent use.
type Extractor struct {
	lang *tsutil.Lang
}

// New returns an extractor sharing the package's parser pool.
func New() *Extractor { return &Extractor{lang: javaLang} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	l := tsutil.NewLang(tsjava.Language())
	l.Timeout = d
	return &Extractor{lang: l}
}

// Lang implements extract.Extractor.
func (e *Extractor) Lang() string { return langName }

// Supports implements extract.Extractor: .java files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".java") }

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) (out *extract.ExtractedFile) {
	out = &extract.ExtractedFile{Lang: langName}
	defer func() {
		if r := recover(); r != nil {
			*out = *failed(in, fmt.Errorf("java extractor: internal error: %v", r))
		}
	}()
	buf := tsutil.GetNodes()
	defer tsutil.PutNodes(buf)
	lines := extract.NewLineIndex(in.Content)
	var err error
	*buf, out.Diagnostics, err = e.lang.ParseFlat(in.Content, kindFlags, *buf, lines)
	if err == nil && len(*buf) == 0 {
		err = errors.New("java extractor: could not copy the syntax tree")
	}
	if err != nil {
		return failed(in, err)
	}
	w := newWalker(&tree{Nodes: *buf, Src: in.Content}, lines, out)
	w.run()
	return out
}

// failed is the result for a file that could not be read: the namespace
// from a lexical scan of the package declaration and one diagnostic.
func failed(in extract.Input, err error) *extract.ExtractedFile {
	return &extract.ExtractedFile{
		Lang:        langName,
		Namespace:   scanPackage(in.Content),
		Diagnostics: []extract.Diagnostic{{Message: "parse: " + err.Error()}},
	}
}
