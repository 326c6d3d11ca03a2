package rust

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that Rust runs main and that `pub` exports a
// name; a trait method's implementation is reached through dispatch.
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: strings.HasPrefix(c.Path, "tests/") || strings.Contains(c.Path, "/tests/"),
		Access: extract.AccessPrivate}
	if strings.HasPrefix(c.Signature, "pub") {
		f.Access = extract.AccessExported
	}
	if c.Name == "main" && c.TopLevel && c.Kind == extract.KindFunction {
		f.Entry = "main"
	}
	return f
}
