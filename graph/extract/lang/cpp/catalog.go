package cpp

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that C and C++ run main, that `static` keeps
// a function in its file and that a `virtual` or `override` member may be
// called through a base class the index does not hold.
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts { return Catalog(c) }

// Catalog is the C and C++ answer, for the C extractor too.
func Catalog(c extract.Callable) extract.CallableFacts {
	base := strings.ToLower(path.Base(c.Path))
	f := extract.CallableFacts{
		TestFile: strings.Contains(base, "test") || strings.HasPrefix(c.Path, "test/") || strings.Contains(c.Path, "/test/") ||
			strings.HasPrefix(c.Path, "tests/") || strings.Contains(c.Path, "/tests/"),
		Access: extract.AccessExported,
	}
	sig := " " + c.Signature + " "
	switch {
	case strings.HasPrefix(c.Signature, "static ") && c.TopLevel:
		f.Access = extract.AccessPrivate
	case !c.TopLevel:
		f.Access = extract.AccessPackage // access specifiers are not in the signature
	}
	switch {
	case c.Name == "main" && c.Kind == extract.KindFunction:
		f.Entry = "main"
	case strings.Contains(sig, " override ") || strings.Contains(sig, " virtual "):
		f.Entry = "override"
	}
	return f
}
