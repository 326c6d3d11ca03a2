package cpp

import "github.com/orbitgraph/orbit/graph/extract"

// Resolution: members are joined by "::", an #include names a file, and
// calling a class (`Slice(p, n)`, `Options()`) constructs a value of it: a
// use of the type, not a call of a function.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "::", ImportsNameFiles: true, CallingTypeConverts: true}
}
