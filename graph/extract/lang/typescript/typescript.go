// Package typescript is the TypeScript and JavaScript extractor of Orbit
// Graph: one extractor for .ts, .mts, .cts, .d.ts, .tsx, .js, .mjs, .cjs and
// .jsx files. It finds functions, function-valued bindings, classes and their
// members, interfaces, type aliases, enums, namespaces and exported
// constants; ES imports, re-exports and require calls; call, type and use
// references with candidate qualified names, and receiver chains for
// members of values the file types (this, typed or constructed variables,
// fields, call results); facts about what its functions return (declared,
// or read off an unannotated body: returns.go) and its fields and
// variables hold, and its re-exports (a module re-exported as a namespace
// is the alias "m:"); extends and implements
// relations; notable strings; and process.env reads.
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammars' bindings. It must not import os, database/sql or any other
// graph package: Extract is a pure function of its Input.
//
// Qualified names are "<repo-relative path without extension>:<Name>", with
// nested members joined by dots: "src/utils/fetch:Client.get"; members of
// `declare module "m"` are "m:Name". A name bound by an import has the
// candidate "<module>:<name>", where the module is a relative specifier
// resolved against the file's directory ("src/utils/fetch") or a bare one
// as written ("react"); imports keep the specifier as written and record
// the namespace a relative one resolves to. A relative specifier that may
// name a directory also offers its index file ("src/utils/index:get") as
// an alternative. tsconfig.json paths and baseUrl come in
// extract.ModuleContext.Own (a Config): a bare specifier matching a
// paths pattern maps to its targets, and with a baseUrl a bare one also
// offers the baseUrl-relative path (see moduleRef); Config.Self carries
// the "exports" of the package.json nearest above the file, through which
// the package imports itself by its own name (packagejson.go).
//
// The syntax tree is copied once, by tsutil.ParseFlat, into a flat,
// pointer-free array (tree.go); the analysis makes no cgo calls.
package typescript

import (
	"sync"
	"time"
	"unsafe"

	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the extractor's name; files get "typescript" or "javascript".
const (
	langName = "typescript"
	langJS   = "javascript"
)

// grammar is one tree-sitter grammar with its kind and field ids.
type grammar struct {
	door *tsutil.Door
	ids  *ids
}

// Extractor extracts TypeScript and JavaScript files. It is safe for
// concurrent use.
type Extractor struct {
	grammars [dialectCount]func() *grammar // each built on first use: tsutil.LazyDoor says why
}

// sharedGrammars is what every default Extractor shares.
var sharedGrammars = newGrammars(tsutil.DefaultTimeout)

// New returns the extractor. All extractors share one parser pool and one
// id table per grammar.
func New() *Extractor { return &Extractor{grammars: sharedGrammars} }

// WithTimeout returns an extractor with parser pools of its own whose
// parses give up after d.
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{grammars: newGrammars(d)}
}

// newGrammars gives each dialect's grammar, built on its first call, once:
// a repository of JavaScript alone never builds the TypeScript tables.
func newGrammars(timeout time.Duration) [dialectCount]func() *grammar {
	var gs [dialectCount]func() *grammar
	for d, language := range [dialectCount]func() unsafe.Pointer{
		dialectTS:  tsts.LanguageTypescript,
		dialectTSX: tsts.LanguageTSX,
		dialectJS:  tsjs.Language,
	} {
		gs[d] = sync.OnceValue(func() *grammar {
			l := tsutil.NewLang(language())
			l.Timeout = timeout
			x := newIDs(l)
			// A walk that panics keeps what it found.
			return &grammar{door: &tsutil.Door{Name: langName, Lang: l, Flags: x.kindFlags, KeepPartial: true}, ids: x}
		})
	}
	return gs
}

// Lang returns "typescript", the extractor's name; ExtractedFile.Lang says
// "javascript" for JavaScript files.
func (e *Extractor) Lang() string { return langName }

// FileLangs: TypeScript files are "typescript", JavaScript files "javascript".
func (e *Extractor) FileLangs() []string { return []string{langName, langJS} }

// Supports accepts TypeScript and JavaScript sources by extension.
func (e *Extractor) Supports(path string) bool {
	_, ok := dialectOf(path)
	return ok
}

var _ extract.Extractor = (*Extractor)(nil)

// Extract parses one file. Syntax errors give a partial result plus
// diagnostics; a parse failure or timeout gives a diagnostic and an
// otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	k, _ := dialectOf(in.Path)
	out := &extract.ExtractedFile{Lang: k.langName(), Namespace: fileNamespace(in.Path)}
	g := e.grammars[k.d]()
	return g.door.Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		t := &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: in.Content}}
		newWalker(g.ids, t, in.Path, in.Module, lines, out).run()
		entryFacts(out, configOf(in.Module).Entries)
	})
}
