// Package python is the Python extractor of Orbit Graph: modules, classes,
// functions, methods, module constants, imports, call and type references
// (member calls with the receiver evidence the file gives), type, result
// and re-export facts, class bases, notable strings, environment reads and
// Click commands.
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// the tree-sitter bindings. It must not import os, database/sql or any other
// graph package: Extract is a pure function of its Input.
//
// The syntax tree is copied once, by tsutil.ParseFlat, into a flat,
// pointer-free array (tree.go), and the tree-sitter tree is closed before
// any analysis runs: no node escapes tsutil, the analysis makes no cgo
// calls and the package has no cgo of its own.
package python

import (
	"fmt"
	"sync"

	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the language name stored in files.lang.
const langName = "python"

// Extractor extracts Python source files. It is safe for concurrent use.
type Extractor struct {
	lang *tsutil.Lang
	ids  *ids
}

var (
	sharedOnce sync.Once
	sharedLang *tsutil.Lang
	sharedIDs  *ids
)

// New returns the Python extractor. All extractors share one grammar, one
// parser pool and one table of node kind and field ids.
func New() *Extractor {
	sharedOnce.Do(func() {
		sharedLang = tsutil.NewLang(tspython.Language())
		sharedIDs = newIDs(sharedLang)
	})
	return &Extractor{lang: sharedLang, ids: sharedIDs}
}

// Lang returns "python".
func (e *Extractor) Lang() string { return langName }

// Supports accepts .py and .pyi files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".py", ".pyi") }

// Extract parses one file. Syntax errors give a partial result plus
// diagnostics; a parse failure or timeout gives a diagnostic and an
// otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	ns := namespace(in.Path, in.Module.Root)
	out := &extract.ExtractedFile{Lang: langName, Namespace: ns}
	lines := extract.NewLineIndex(in.Content)
	buf := tsutil.GetNodes()
	defer tsutil.PutNodes(buf)
	var err error
	*buf, out.Diagnostics, err = e.lang.ParseFlat(in.Content, e.ids.kindFlags, *buf, lines)
	t := &tree{tsutil.Tree[[]byte]{Nodes: *buf, Src: in.Content}}
	if err != nil {
		out.Diagnostics = append(out.Diagnostics, extract.Diagnostic{Message: "parse: " + err.Error()})
		return out
	}
	e.analyze(in, t, lines, out)
	return out
}

// analyze runs the pure-Go passes over the flat tree. A bug there must not
// take the whole sync down: it becomes a diagnostic and the records found
// so far are kept.
func (e *Extractor) analyze(in extract.Input, t *tree, lines extract.LineIndex, out *extract.ExtractedFile) {
	defer func() {
		if r := recover(); r != nil {
			out.Diagnostics = append(out.Diagnostics, extract.Diagnostic{Message: fmt.Sprintf("internal error: %v", r)})
		}
	}()
	w := newWalker(e.ids, t, in.Path, lines, out)
	w.run()
}
