package c

import "github.com/orbitgraph/orbit/graph/extract"

// Resolution: members are joined by "::", an #include names a file, and
// calling a class constructs a value of it (a use of the type): a .h file
// may be C++ (LooksLikeCPP), and a C call never names a type.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "::", ImportsNameFiles: true, CallingTypeConverts: true}
}
