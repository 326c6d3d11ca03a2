package typescript

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check which TypeScript and JavaScript files hold
// tests (x.test.ts, x.spec.js, __tests__/) and that `export` makes a name
// part of the module's API, `private` or a #name keeps it in its class.
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	base := path.Base(c.Path)
	f := extract.CallableFacts{
		TestFile: strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") || strings.Contains(c.Path, "__tests__/"),
		Access:   extract.AccessPackage,
	}
	switch {
	case strings.HasPrefix(c.Signature, "export"):
		f.Access = extract.AccessExported
	case strings.HasPrefix(c.Name, "#") || strings.HasPrefix(c.Signature, "private"):
		f.Access = extract.AccessPrivate
	case !c.TopLevel && c.Kind == extract.KindMethod:
		f.Access = extract.AccessExported // a public member of its class
	}
	if c.Name == "constructor" {
		f.Entry = "protocol"
	}
	return f
}
