package config

import "github.com/orbitgraph/orbit/graph/extract"

// walkJSON records the keys of every object, from each top-level value
// (a file may hold several, one per line). A top-level array is data, not
// configuration (datafile.go).
func walkJSON(t *tree, k *keys) {
	if reason := jsonData(t); reason != "" {
		k.skipData(reason)
		return
	}
	k.dataKeys = maxJSONKeys
	w := jsonWalker{t: t, k: k}
	t.children(0, func(c int32) bool {
		if t.Kind(c) == jsonKinds.pair { // the document did not parse: a loose pair
			w.pair(c)
		} else {
			w.value(c)
		}
		return !k.done()
	})
}

type jsonWalker struct {
	t *tree
	k *keys
}

// value walks the objects in value node i.
func (w *jsonWalker) value(i int32) {
	switch w.t.Kind(i) {
	case jsonKinds.object:
		w.t.children(i, func(c int32) bool {
			if w.t.Kind(c) == jsonKinds.pair {
				w.pair(c)
			}
			return !w.k.done()
		})
	case jsonKinds.array:
		m := w.k.mark()
		if !w.k.enterArray() {
			return
		}
		w.t.children(i, func(c int32) bool {
			w.value(c)
			return !w.k.done()
		})
		w.k.leave(m)
	}
}

// pair records one key and walks its value.
func (w *jsonWalker) pair(i int32) {
	key := w.t.field(i, jsonKinds.fKey)
	if key < 0 || w.t.Kind(key) != jsonKinds.str {
		return
	}
	m := w.k.mark()
	if !w.k.enter(jsonString(w.t.Text(key))) {
		return
	}
	n := w.t.Nodes[key]
	w.k.emit(extract.Span{Start: n.Start, End: n.End})
	if v := w.t.field(i, jsonKinds.fValue); v >= 0 {
		w.value(v)
	}
	w.k.leave(m)
}
