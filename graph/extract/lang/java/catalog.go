package java

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check that the JVM runs a static main and that an
// @Override method may be called through a supertype the index does not
// hold (Object.toString, Runnable.run); visibility is the modifier the
// signature states (none: the package).
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	f := extract.CallableFacts{TestFile: strings.Contains(c.Path, "src/test/") || strings.HasSuffix(c.Path, "Test.java")}
	sig := " " + c.Signature + " "
	switch {
	case strings.Contains(sig, " public "):
		f.Access = extract.AccessExported
	case strings.Contains(sig, " private "):
		f.Access = extract.AccessPrivate
	default:
		f.Access = extract.AccessPackage
	}
	switch {
	case c.Name == "main" && strings.Contains(sig, " static "):
		f.Entry = "main"
	case hasDecorator(c.Decorators, "Override"):
		f.Entry = "override"
	}
	return f
}

func hasDecorator(ds []string, name string) bool {
	for _, d := range ds {
		if d == name || strings.HasSuffix(d, "."+name) {
			return true
		}
	}
	return false
}
