package ruby

import "github.com/orbitgraph/orbit/graph/extract"

// elemRef reads ENV["X"] (also ::ENV, and as an assignment target) with a
// literal key, then walks the expression.
func (w *walker) elemRef(i int32) {
	t := w.t
	if obj := t.Child(i, fields.object); w.isEnv(obj) && t.Nodes[obj].Next >= 0 {
		w.envKey(t.Nodes[obj].Next)
	}
	w.walkKids(i)
}

// envMethods are the ENV methods whose first argument names a variable.
var envMethods = map[string]bool{"fetch": true, "key?": true, "has_key?": true, "include?": true, "member?": true}

// envCall reads ENV.fetch("X") and friends with a literal key.
func (w *walker) envCall(recv, method string, args int32) {
	if recv == "ENV" && envMethods[method] && args >= 0 {
		w.envKey(w.t.FirstKid(args))
	}
}

func (w *walker) isEnv(i int32) bool {
	path, _, ok := w.constPath(i)
	return ok && path == "ENV"
}

// envKey records an env config for a literal key; other keys are dynamic.
func (w *walker) envKey(k int32) {
	key, ok := w.literal(k)
	if !ok || key == "" {
		return
	}
	sp := w.t.Span(k)
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: extract.ConfigEnv, Line: w.lines.Line(sp.Start), Span: sp})
}
