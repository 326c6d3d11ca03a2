package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that Python runs a class's dunder methods
// (__init__, __eq__, __enter__) with no call written to them, that a
// leading underscore makes a name private, and that a package's API is
// what its __init__.py defines: other modules' public names are the
// package's own (Python has no export list the index reads).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: isTestFile(c.Path), Access: extract.AccessPackage}
	if isInitFile(c.Path) {
		f.Access = extract.AccessExported
	}
	dunder := len(c.Name) > 4 && strings.HasPrefix(c.Name, "__") && strings.HasSuffix(c.Name, "__")
	switch {
	case dunder:
		f.Entry = "protocol"
	case strings.HasPrefix(c.Name, "_"):
		f.Access = extract.AccessPrivate
	}
	return f
}
