package ruby

import "github.com/orbitgraph/orbit/graph/extract"

// Resolution: an instance method is Class#method.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "#"}
}
