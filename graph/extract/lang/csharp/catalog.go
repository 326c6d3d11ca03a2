package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that .NET runs a static Main, that an
// override may be called through a base class the index does not hold,
// and the access the signature's modifiers state (none: the assembly).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: strings.Contains(c.Path, "Test"), Access: extract.AccessPackage}
	sig := " " + c.Signature + " "
	switch {
	case strings.Contains(sig, " public "):
		f.Access = extract.AccessExported
	case strings.Contains(sig, " private "):
		f.Access = extract.AccessPrivate
	}
	switch {
	case c.Name == "Main" && strings.Contains(sig, " static "):
		f.Entry = "main"
	case strings.Contains(sig, " override "):
		f.Entry = "override"
	}
	return f
}
