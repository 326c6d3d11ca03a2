// Package gomod extracts go.mod files: the module they declare and the
// modules they require. Indexing go.mod also lets sync notice when a module
// path changes, which renames every Go symbol below it.
//
// Layer: extract (leaf); imports only extract and golang.org/x/mod/modfile.
package gomod

import (
	"path"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Extractor reads go.mod files.
type Extractor struct{}

// New returns the go.mod extractor.
func New() *Extractor { return &Extractor{} }

// Lang is "gomod".
func (*Extractor) Lang() string { return "gomod" }

// Supports accepts files named go.mod.
func (*Extractor) Supports(p string) bool { return path.Base(p) == "go.mod" }

// Extract declares the module and records each requirement as an import.
func (*Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: "gomod"}
	f, err := modfile.ParseLax(in.Path, in.Content, nil)
	if err != nil {
		out.Diagnostics = append(out.Diagnostics, extract.Diagnostic{Message: firstLine(err.Error())})
		return out
	}
	if f.Module != nil && f.Module.Mod.Path == "" { // `module ""`: the lax parser takes it
		out.Diagnostics = append(out.Diagnostics, extract.Diagnostic{Message: "go.mod declares an empty module path"})
	} else if f.Module != nil {
		mp := f.Module.Mod.Path
		out.Namespace = mp
		out.Symbols = append(out.Symbols, extract.RawSymbol{
			Name:      path.Base(mp),
			Qualified: mp,
			Kind:      extract.KindModule,
			Span:      span(f.Module.Syntax),
			Signature: "module " + mp,
			Parent:    extract.NoParent,
		})
	}
	for _, r := range f.Require {
		out.Imports = append(out.Imports, extract.RawImport{Path: r.Mod.Path, Span: span(r.Syntax)})
	}
	return out
}

func span(l *modfile.Line) extract.Span {
	if l == nil {
		return extract.Span{}
	}
	return extract.Span{Start: uint32(l.Start.Byte), End: uint32(l.End.Byte)}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
