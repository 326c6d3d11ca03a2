package golang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check what Go runs with no caller: main in package
// main, every init, TestMain; that an exported method may implement an
// interface of another module; and that a name is exported when it starts
// with an upper-case letter and its package is importable (not main, not
// under an internal directory).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: strings.HasSuffix(c.Path, "_test.go")}
	mainPkg := c.Package == "package main"
	switch {
	case c.TopLevel && c.Kind == extract.KindFunction && c.Name == "main" && mainPkg:
		f.Entry = "main"
	case c.TopLevel && c.Kind == extract.KindFunction && c.Name == "init":
		f.Entry = "init"
	case f.TestFile && c.Name == "TestMain":
		f.Entry = "test"
	}
	r, _ := utf8.DecodeRuneInString(c.Name)
	// Any exported method may satisfy another module's interface; an
	// unexported one only its own package's, which the index holds.
	f.Implicit = c.Kind == extract.KindMethod && unicode.IsUpper(r)
	switch {
	case !unicode.IsUpper(r):
		f.Access = extract.AccessPrivate
	case mainPkg || f.TestFile || internalPath(c.Path):
		f.Access = extract.AccessPackage
	default:
		f.Access = extract.AccessExported
	}
	return f
}

// internalPath reports whether a file lies under an internal directory,
// which only its parent's tree may import.
func internalPath(p string) bool {
	return strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/")
}

// EmbedsStructs says a Go struct extending another embeds it.
func (e *Extractor) EmbedsStructs() bool { return true }
