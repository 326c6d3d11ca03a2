// Package java is the Java extractor of Orbit Graph: it turns one .java
// file into an extract.ExtractedFile (package, classes, interfaces, enums,
// records, annotation types, methods, constructors, fields; call, type and
// import references with candidate qualified names; extends and implements
// relations; notable strings; System.getenv reads and Jackson/Gson field
// names). Build files (pom.xml, build.gradle) are indexed as empty files
// of their own languages: they are the markers whose dependencies
// dependencies.go reads (DESIGN.md, Dependency packages).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil,
// its grammar's bindings and the standard library (dependencies.go reads
// build files, zip archives' entry lists and the environment). It has no cgo of its own: tsutil.ParseFlat copies
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
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "java"

// Extractor extracts Java files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares; a file that cannot be read
// keeps the package a lexical scan of its header gives.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: javaLang, Flags: kindFlags,
		Fallback: func(in extract.Input) string { return jvm.Java.ScanPackage(in.Content) }}
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

// Supports implements extract.Extractor: .java files, and the build
// files whose dependencies Dependencies reads (pom.xml, build.gradle).
func (e *Extractor) Supports(path string) bool {
	return extract.HasExt(path, ".java") || manifestLang(path) != ""
}

var _ extract.Extractor = (*Extractor)(nil)

// Extract implements extract.Extractor. It never panics: a file that does
// not parse yields a Diagnostic and an otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	if l := manifestLang(in.Path); l != "" {
		return &extract.ExtractedFile{Lang: l} // read as a marker only
	}
	door := e.door()
	if in.DeclarationsOnly {
		// Same offsets, a fraction of the parse: the blanked lines are
		// not even lexed.
		// A file read in part (Input.Keep: Select left out members
		// nobody names) has the rest blanked too, and its lines skipped.
		var skip [][2]uint32
		in.Content, skip = blankBodies(in.Content, outside(in.Keep, len(in.Content)))
		in.Keep = nil
		d := *door
		d.Skip = func([]byte) [][2]uint32 { return skip }
		door = &d
	}
	out := &extract.ExtractedFile{Lang: langName}
	out = door.Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		newWalker(&tree{Nodes: nodes, Src: in.Content}, lines, out).run()
	})
	if in.DeclarationsOnly {
		pruneUnreachable(out)
	}
	return out
}
