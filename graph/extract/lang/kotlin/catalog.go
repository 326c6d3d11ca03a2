package kotlin

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that the JVM runs a top-level main, that an
// override may be called through a supertype the index does not hold,
// and the access the modifiers state (none: public).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: strings.Contains(c.Path, "src/test/") || strings.HasSuffix(c.Path, "Test.kt"),
		Access: extract.AccessExported}
	sig := " " + c.Signature + " "
	switch {
	case strings.Contains(sig, " private "):
		f.Access = extract.AccessPrivate
	case strings.Contains(sig, " internal ") || strings.Contains(sig, " protected "):
		f.Access = extract.AccessPackage
	}
	switch {
	case c.Name == "main" && c.TopLevel:
		f.Entry = "main"
	case strings.Contains(sig, " override "):
		f.Entry = "override"
	}
	return f
}
