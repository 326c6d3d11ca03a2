package typescript

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Resolution: a module path may name a directory's index file.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{DirectoryModules: true, NearestTwin: true}
}

// Generated: minified and bundled JavaScript is build output.
func (e *Extractor) Generated(base string) extract.Generated {
	if strings.HasSuffix(base, ".min.js") || strings.HasSuffix(base, ".bundle.js") {
		return extract.BuildOutput
	}
	return extract.NotGenerated
}
