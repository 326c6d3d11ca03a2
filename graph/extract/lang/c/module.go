package c

import "github.com/orbitgraph/orbit/graph/extract"

// Resolution: members are joined by "::", and an #include names a file.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "::", ImportsNameFiles: true}
}
