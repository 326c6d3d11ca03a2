package typescript

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Resolution: a module path may name a directory's index file.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{DirectoryModules: true}
}

// Generated: minified and bundled JavaScript.
func (e *Extractor) Generated(base string) bool {
	return strings.HasSuffix(base, ".min.js") || strings.HasSuffix(base, ".bundle.js")
}
