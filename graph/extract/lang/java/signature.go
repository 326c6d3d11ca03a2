package java

import "github.com/orbitgraph/orbit/graph/extract/internal/jvm"

// signature is a declaration's header without its leading annotations,
// up to its body (or its end), on one normalized line.
func (w *walker) signature(i, body int32) string {
	return jvm.Java.Signature(w.t, i, body, w.headStart(i))
}

// fieldSignature is a field's modifiers and type followed by its name:
// "private static final String NAME"; a record component is "int x".
func (w *walker) fieldSignature(i int32, name string) string {
	typ := w.t.Child(i, fields.typ)
	if typ < 0 {
		return name
	}
	return jvm.Java.Normalize(w.t.Src[w.headStart(i):w.t.Nodes[typ].End]) + " " + name
}

// headStart is where a declaration's signature starts: past the
// annotations that lead its modifiers.
func (w *walker) headStart(i int32) uint32 {
	return jvm.Java.HeadStart(w.t, i, kinds.modifiers, kinds.anno, kinds.markerAnno)
}
