// Package ruby is the Ruby extractor of Orbit Graph: it turns one .rb,
// .rake or .gemspec file, Rakefile or Gemfile into an extract.ExtractedFile (modules,
// classes, methods, singleton methods, constants, attribute accessors,
// aliases, tests; calls, constant references and requires with candidate
// qualified names; superclass and mixin relations; notable strings;
// environment reads; a Gemfile's gems as imports).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammar's bindings. It has no cgo of its own: tsutil.ParseFlat copies
// the syntax tree into Go memory in one call, so no tree-sitter node escapes
// tsutil, and Extract is a pure function of its Input.
//
// Qualified names are Ruby's own: "Mod::Class" for classes and modules
// (lexical nesting plus the name as written; a class reopened in another
// file shares its name), "Mod::Class#method" for instance methods,
// "Mod::Class.method" for singleton methods (def self.m, class << self),
// "Object#helper" for a top-level def (Ruby makes it a private method of
// Object). The Namespace of every file is "".
package ruby

import (
	"path"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "ruby"

// Extractor extracts Ruby files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: rbLang, Flags: kindFlags}
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

// Supports implements extract.Extractor: .rb, .rake and .gemspec files,
// Rakefile and Gemfile.
func (e *Extractor) Supports(p string) bool {
	switch path.Base(p) {
	case "Rakefile", "Gemfile":
		return true
	}
	return extract.HasExt(p, ".rb", ".rake", ".gemspec")
}

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: langName}
	if in.DeclarationsOnly {
		in.Keep = withoutComments(in.Content, in.Keep) // dependencies_comments.go
	}
	in.Content = extract.BlankOutside(in.Content, in.Keep) // a gem's methods not named (dependencies_defs.go)
	return e.door().Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		newWalker(&tree{Nodes: nodes, Src: string(in.Content)}, in.Path, lines, out).run()
	})
}
