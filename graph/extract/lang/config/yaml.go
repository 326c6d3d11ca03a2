package config

import (
	"bytes"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Alias expansion bounds: a "billion laughs" file must stay cheap.
const (
	aliasBudget   = 1 << 16 // syntax nodes walked again through aliases, per file
	maxAliasDepth = 16      // aliases expanded inside one another
)

// walkYAML records the keys of every document of a stream, each from its
// own root. An alias stands for its anchor's keys, recorded at the alias:
// "prod: *base" gives prod.host, and the merge key "<<: *base" gives the
// anchor's keys at the merging mapping's own path, not under "<<".
func walkYAML(t *tree, k *keys) {
	if reason := yamlData(t); reason != "" {
		k.skipData(reason)
		return
	}
	w := yamlWalker{t: t, k: k, budget: aliasBudget, anchors: map[string]int32{}}
	t.children(0, func(c int32) bool {
		switch t.Kind(c) {
		case yamlKinds.document:
			w.anchors = map[string]int32{} // anchors are scoped to their document
			t.children(c, func(n int32) bool {
				w.node(n)
				return !k.done()
			})
		case yamlKinds.blockPair, yamlKinds.flowPair: // the stream did not parse: a loose pair
			w.pair(c, t.field(c, yamlKinds.fKey), t.field(c, yamlKinds.fValue))
		default:
			w.node(c)
		}
		return !k.done()
	})
	if w.limited {
		k.out.Diagnostics = append(k.out.Diagnostics, extract.Diagnostic{
			Message: "alias limit: some aliases were not expanded"})
	}
}

type yamlWalker struct {
	t       *tree
	k       *keys
	anchors map[string]int32 // anchor name → the content it names
	at      *extract.Span    // the alias being expanded: its keys are recorded there
	depth   int              // aliases being expanded
	budget  int
	limited bool
}

// contentOf returns what a block_node or flow_node holds past its anchor
// and tag, with the anchor's name; other nodes are their own content.
func (w *yamlWalker) contentOf(i int32) (content int32, anchor string) {
	if k := w.t.Kind(i); k != yamlKinds.blockNode && k != yamlKinds.flowNode {
		return i, ""
	}
	content = -1
	w.t.children(i, func(c int32) bool {
		switch w.t.Kind(c) {
		case yamlKinds.anchor:
			anchor = strings.TrimSpace(w.t.Text(c)[1:])
		case yamlKinds.tag:
		default:
			content = c
		}
		return content < 0
	})
	return content, anchor
}

// node remembers a node's anchor and walks its content.
func (w *yamlWalker) node(i int32) {
	c, anchor := w.contentOf(i)
	if c < 0 {
		return
	}
	if anchor != "" && w.at == nil {
		w.anchors[anchor] = c
	}
	switch w.t.Kind(c) {
	case yamlKinds.blockMapping, yamlKinds.flowMapping:
		w.mapping(c)
	case yamlKinds.blockSeq, yamlKinds.flowSeq:
		w.sequence(c)
	case yamlKinds.alias:
		w.expand(c)
	}
}

// mapping records each pair; in a flow mapping a lone node is a key
// with a null value ({a, b}).
func (w *yamlWalker) mapping(i int32) {
	w.t.children(i, func(c int32) bool {
		switch w.t.Kind(c) {
		case yamlKinds.blockPair, yamlKinds.flowPair:
			w.pair(c, w.t.field(c, yamlKinds.fKey), w.t.field(c, yamlKinds.fValue))
		case yamlKinds.flowNode:
			w.pair(c, c, -1)
		}
		return !w.k.done()
	})
}

// sequence walks the items under "[]"; a flow pair item ([a: 1]) is a
// one-pair mapping.
func (w *yamlWalker) sequence(i int32) {
	m := w.k.mark()
	if !w.k.enterArray() {
		return
	}
	w.items(i, func(item int32) {
		if w.t.Kind(item) == yamlKinds.flowPair {
			w.pair(item, w.t.field(item, yamlKinds.fKey), w.t.field(item, yamlKinds.fValue))
		} else {
			w.node(item)
		}
	})
	w.k.leave(m)
}

// items calls fn with each item node of a block or flow sequence.
func (w *yamlWalker) items(seq int32, fn func(item int32)) {
	w.t.children(seq, func(c int32) bool {
		if w.t.Kind(c) == yamlKinds.blockSeqItem {
			w.t.children(c, func(n int32) bool { fn(n); return false })
		} else {
			fn(c)
		}
		return w.k == nil || !w.k.done()
	})
}

// pair records the key of pair p and walks its value (-1 for none); a
// merge key merges its value instead. An implicit key (no "?") cannot
// span lines: one that does is what error recovery made of a broken
// line, and is left out.
func (w *yamlWalker) pair(p, key, value int32) {
	if key < 0 {
		return
	}
	seg, merge := w.keyText(key)
	if w.t.Src[w.t.Nodes[p].Start] != '?' && bytes.IndexByte(w.t.Src[w.t.Nodes[key].Start:w.t.Nodes[key].End], '\n') >= 0 {
		return
	}
	if merge {
		if value >= 0 {
			w.merge(value)
		}
		return
	}
	m := w.k.mark()
	if !w.k.enter(seg) {
		return
	}
	span := extract.Span{Start: w.t.Nodes[key].Start, End: w.t.Nodes[key].End}
	if w.at != nil {
		span = *w.at
	}
	w.k.emit(span)
	if value >= 0 {
		w.node(value)
	}
	w.k.leave(m)
}

// merge walks the value of "<<" at the current path: an alias, a list of
// aliases or a mapping.
func (w *yamlWalker) merge(i int32) {
	c, _ := w.contentOf(i)
	if c < 0 {
		return
	}
	switch w.t.Kind(c) {
	case yamlKinds.alias:
		w.expand(c)
	case yamlKinds.blockMapping, yamlKinds.flowMapping:
		w.mapping(c)
	case yamlKinds.blockSeq, yamlKinds.flowSeq:
		w.items(c, w.merge)
	}
}

// expand walks the content an alias names, recording its keys at the
// outermost alias being expanded.
func (w *yamlWalker) expand(alias int32) {
	target, ok := w.anchors[strings.TrimSpace(w.t.Text(alias)[1:])]
	if !ok {
		return
	}
	tn, an := w.t.Nodes[target], w.t.Nodes[alias]
	if tn.Start <= an.Start && an.Start < tn.End {
		return // an alias inside what it names: a cycle
	}
	size := int(tn.SubEnd - target)
	if size > w.budget || w.depth >= maxAliasDepth {
		w.limited = true
		return
	}
	w.budget -= size
	if w.at == nil {
		w.at = &extract.Span{Start: an.Start, End: an.End}
		defer func() { w.at = nil }()
	}
	w.depth++
	w.node(target)
	w.depth--
}

// keyText returns a key's text, unquoted, and whether it is the merge
// key "<<" (only plain: "<<" quoted is an ordinary key).
func (w *yamlWalker) keyText(key int32) (string, bool) {
	c, _ := w.contentOf(key)
	if c < 0 {
		return "", false
	}
	text := w.t.Text(c)
	switch w.t.Kind(c) {
	case yamlKinds.plain:
		return foldLines(strings.TrimSpace(text)), text == "<<"
	case yamlKinds.doubleQuoted:
		return unescape(foldLines(trimQuotes(text, '"'))), false
	case yamlKinds.singleQuoted:
		return foldLines(singleQuoted(text)), false
	}
	return strings.Join(strings.Fields(text), " "), false // a complex key: [a, b], {x: 1}
}
