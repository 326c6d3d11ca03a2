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
	"sync"
	"time"

	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the language name stored in files.lang.
const langName = "python"

// Extractor extracts Python source files. It is safe for concurrent use.
type Extractor struct {
	grammar func() *grammar // built on the first Extract: tsutil.LazyDoor says why
}

// grammar is what a Python file is read with: the door (grammar handle and
// parser pool) and the table of node kind and field ids.
type grammar struct {
	door *tsutil.Door
	ids  *ids
}

// sharedGrammar is what every default Extractor shares, built on first use.
var sharedGrammar = sync.OnceValue(func() *grammar {
	l := tsutil.NewLang(tspython.Language())
	x := newIDs(l)
	// A walk that panics keeps what it found.
	return &grammar{door: &tsutil.Door{Name: langName, Lang: l, Flags: x.kindFlags, KeepPartial: true}, ids: x}
})

// New returns the Python extractor. All extractors share one grammar, one
// parser pool and one table of node kind and field ids.
func New() *Extractor { return &Extractor{grammar: sharedGrammar} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{grammar: sync.OnceValue(func() *grammar {
		g := e.grammar()
		return &grammar{door: g.door.WithTimeout(d), ids: g.ids}
	})}
}

// Lang returns "python".
func (e *Extractor) Lang() string { return langName }

// Supports accepts .py and .pyi files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".py", ".pyi") }

// Extract parses one file. Syntax errors give a partial result plus
// diagnostics; a parse failure or timeout gives a diagnostic and an
// otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	g := e.grammar()
	door := g.door
	var sc *blankScratch // a dependency's file: blanked, then its symbols' ends restored
	if in.DeclarationsOnly {
		// Same offsets, a fraction of the parse: the blanked lines are
		// not even lexed.
		// A file read in part (Input.Keep: the statements Select
		// kept) has the rest skipped: the parser never reads it, and
		// nothing else reads what no node spans, so it is not blanked.
		var skip [][2]uint32
		sc = blankScratches.get()
		defer blankScratches.put(sc) // nothing extracted refers to the content: the walk copies what it keeps
		in.Keep = sc.splitClassEnds(in.Keep)
		if in.Keep != nil && len(in.Keep) == 0 {
			in.Content = sc.blankAll(in.Content) // read for its module alone: skipping everything parses everything
		}
		in.Content, skip = sc.blankBodies(in.Content, in.Keep)
		if in.Keep != nil {
			skip, in.Keep = keptSkip(in.Keep, skip, len(in.Content)), nil
		}
		d := *door
		d.Skip = func([]byte) [][2]uint32 { return skip }
		door = &d
	}
	out := &extract.ExtractedFile{Lang: langName, Namespace: namespace(in.Path, in.Module.Root)}
	x := door.Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		t := &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: in.Content}}
		newWalker(g.ids, t, in.Path, lines, out).run()
	})
	if sc != nil {
		sc.restoreEnds(x.Symbols) // after the digest, which finds a def's node by its span
		sc.restoreClassEnds(x.Symbols)
	}
	return x
}
