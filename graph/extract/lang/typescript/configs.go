package typescript

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// isEnv reports whether i is the environment object: process.env (the
// global process, or the module "process" or "node:process" imported under
// any name), import.meta.env (Vite), or env imported from that module.
func (w *walker) isEnv(i int32, sc *scope) bool {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.identifier:
		b, ok := sc.lookup(t.Raw(i))
		return ok && string(t.Raw(i)) == "env" && isProcessImport(b, ":env")
	case x.member:
	default:
		return false
	}
	obj, prop := t.Child(i, x.fObject), t.Child(i, x.fProperty)
	if prop == noNode || string(t.Raw(prop)) != "env" {
		return false
	}
	switch t.Kind(obj) {
	case x.metaProperty:
		return true
	case x.identifier:
		b, ok := sc.lookup(t.Raw(obj))
		if !ok {
			return string(t.Raw(obj)) == "process"
		}
		return isProcessImport(b, "") || isProcessImport(b, ":default")
	}
	return false
}

// isProcessImport reports whether b binds the process module (suffix "")
// or one of its names (":env").
func isProcessImport(b binding, suffix string) bool {
	if b.kind != bindModule && b.kind != bindImport {
		return false
	}
	return b.target == "process"+suffix || b.target == "node:process"+suffix
}

// memberExpr reads process.env.KEY and walks the receiver.
func (w *walker) memberExpr(i int32, sc *scope) {
	x, t := w.x, w.t
	if w.isEnv(t.Child(i, x.fObject), sc) {
		if p := t.Child(i, x.fProperty); t.Kind(p) == x.propertyID && !t.empty(p) {
			w.addConfig(t.Text(p), p)
		}
	}
	w.walkKids(i, sc)
}

// subscriptExpr reads process.env["KEY"] and walks the rest.
func (w *walker) subscriptExpr(i int32, sc *scope) {
	x, t := w.x, w.t
	if w.isEnv(t.Child(i, x.fObject), sc) {
		if k := t.Child(i, x.fIndex); k != noNode {
			if v, ok := w.literal(k); ok && v != "" {
				w.addConfig(v, k)
			}
		}
	}
	w.walkKids(i, sc)
}

// envPattern reads const { KEY, OTHER: local = "x" } = process.env.
func (w *walker) envPattern(pat int32) {
	w.eachPatternKey(pat, func(key, _, _ int32) {
		w.addConfig(w.t.Text(key), key)
	})
}

func (w *walker) addConfig(key string, at int32) {
	sp := w.t.Span(at)
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: extract.ConfigEnv, Line: w.lines.Line(sp.Start), Span: sp})
}
