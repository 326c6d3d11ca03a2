package config

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// walkTOML records top-level pairs, table headers and the pairs under
// them. A header's path marks each array of tables it goes through with
// "[]": after [[fruits]], [fruits.physical] is "fruits[].physical".
func walkTOML(t *tree, k *keys) {
	w := tomlWalker{t: t, k: k, arrays: map[string]bool{}}
	t.children(0, func(c int32) bool {
		switch t.Kind(c) {
		case tomlKinds.pair:
			w.pair(c)
		case tomlKinds.table:
			w.table(c, false)
		case tomlKinds.tableArray:
			w.table(c, true)
		}
		return !k.done()
	})
}

type tomlWalker struct {
	t      *tree
	k      *keys
	arrays map[string]bool // logical paths (segments joined by NUL) of arrays of tables
}

// table records a [table] or [[array.of.tables]] header and its pairs.
func (w *tomlWalker) table(i int32, isArray bool) {
	key := w.key(i)
	if key < 0 {
		return
	}
	defer w.k.leave(mark{}) // a header's path starts at the root
	segs := w.segments(key)
	for j, seg := range segs {
		if !w.k.enter(seg) {
			return
		}
		if w.arrays[strings.Join(segs[:j+1], "\x00")] || isArray && j == len(segs)-1 {
			if !w.k.enterArray() {
				return
			}
		}
	}
	if isArray {
		w.arrays[strings.Join(segs, "\x00")] = true
	}
	w.emit(key)
	w.t.children(i, func(c int32) bool {
		if w.t.Kind(c) == tomlKinds.pair {
			w.pair(c)
		}
		return !w.k.done()
	})
}

// pair records a key = value pair (its dotted key as one row) and walks
// the value.
func (w *tomlWalker) pair(i int32) {
	key := w.key(i)
	if key < 0 {
		return
	}
	defer w.k.leave(w.k.mark())
	for _, seg := range w.segments(key) {
		if !w.k.enter(seg) {
			return
		}
	}
	w.emit(key)
	if v := w.t.Nodes[key].SubEnd; v < w.t.Nodes[i].SubEnd {
		w.value(v)
	}
}

// value walks inline tables, and arrays with "[]".
func (w *tomlWalker) value(i int32) {
	switch w.t.Kind(i) {
	case tomlKinds.inlineTable:
		w.t.children(i, func(c int32) bool {
			if w.t.Kind(c) == tomlKinds.pair {
				w.pair(c)
			}
			return !w.k.done()
		})
	case tomlKinds.array:
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

// key returns the key child of a pair or table header, or -1.
func (w *tomlWalker) key(i int32) int32 {
	found := int32(-1)
	w.t.children(i, func(c int32) bool {
		switch w.t.Kind(c) {
		case tomlKinds.bareKey, tomlKinds.quotedKey, tomlKinds.dottedKey:
			found = c
		}
		return found < 0
	})
	return found
}

// segments splits a key into its parts, unquoted: a.b."c.d" is a, b, c.d.
func (w *tomlWalker) segments(key int32) []string {
	var segs []string
	for j := key; j < w.t.Nodes[key].SubEnd; j++ {
		switch w.t.Kind(j) {
		case tomlKinds.bareKey:
			segs = append(segs, w.t.Text(j))
		case tomlKinds.quotedKey:
			segs = append(segs, tomlQuoted(w.t.Text(j)))
		}
	}
	return segs
}

func (w *tomlWalker) emit(key int32) {
	n := w.t.Nodes[key]
	w.k.emit(extract.Span{Start: n.Start, End: n.End})
}

// tomlQuoted decodes a quoted key: "basic" with escapes or 'literal'.
func tomlQuoted(lit string) string {
	if strings.HasPrefix(lit, "'") {
		return trimQuotes(lit, '\'')
	}
	return jsonString(lit)
}
