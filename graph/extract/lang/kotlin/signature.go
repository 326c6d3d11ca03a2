package kotlin

import "github.com/orbitgraph/orbit/graph/extract/internal/jvm"

// signature is a declaration's header without its leading annotations,
// up to its body (or its end), on one normalized line.
func (w *walker) signature(i, body int32) string {
	return jvm.Kotlin.Signature(w.t, i, body, w.headStart(i))
}

// headStart is where a declaration's signature starts: past the
// annotations that lead its modifiers.
func (w *walker) headStart(i int32) uint32 {
	return jvm.Kotlin.HeadStart(w.t, i, kinds.modifiers, kinds.annotation)
}

// normalize puts source text on one line.
func normalize(s []byte) string { return jvm.Kotlin.Normalize(s) }
