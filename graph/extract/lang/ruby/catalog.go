package ruby

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Catalog tells graph check which Ruby files hold tests (RSpec's
// _spec.rb, minitest's _test.rb and test_*.rb) and that Ruby calls
// initialize, method_missing and respond_to_missing? itself.
func (e *Extractor) Catalog(c extract.Callable) extract.CallableFacts {
	base := path.Base(c.Path)
	f := extract.CallableFacts{Access: extract.AccessExported,
		TestFile: strings.HasSuffix(base, "_spec.rb") || strings.HasSuffix(base, "_test.rb") || strings.HasPrefix(base, "test_")}
	switch c.Name {
	case "initialize", "method_missing", "respond_to_missing?", "to_s", "inspect", "each", "<=>", "==", "hash", "eql?":
		f.Entry = "protocol"
	}
	return f
}
