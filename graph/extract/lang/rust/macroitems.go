package rust

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// macroItems walks the items an item macro's {…} body holds as the
// module's own (tokio's cfg_net! { pub mod unix { … } }, cfg_if!'s
// branches, thread_local!'s statics): the body is parsed again as Rust
// source, cfg_if's `if #[cfg(…)] {`, `else {` and their closing braces read
// as blanks. It reports false, having walked nothing, when the body is not
// items the grammar parses without an error (bitflags!'s struct Name: u32,
// a macro's own syntax); the token tree is then read as tokens.
func (w *walker) macroItems(tt int32, sc *scope) bool {
	t := w.t
	if w.lang == nil || t.Src[t.Nodes[tt].Start] != '{' || t.Nodes[tt].End-t.Nodes[tt].Start < 3 {
		return false
	}
	base := t.Nodes[tt].Start + 1
	body := bytes.Clone(t.Src[base : t.Nodes[tt].End-1])
	w.blankBranches(tt, body, base)
	nodes, diags, err := w.lang.ParseFlat(body, w.x.kindFlags, nil, w.lines)
	if err != nil || len(diags) > 0 || len(nodes) < 2 {
		return false
	}
	for i := range nodes {
		nodes[i].Start += base
		nodes[i].End += base
	}
	outer := w.t
	w.t = &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: outer.Src}}
	w.collect(0, sc)
	w.walkList(0, sc)
	w.t = outer
	return true
}

// blankBranches blanks, in body (the source of tree tt's inside from
// offset base), the header and braces of each {…} tree that is not an
// item's body (`if #[cfg(unix)] {`, `} else {`), keeping their insides.
func (w *walker) blankBranches(tt int32, body []byte, base uint32) {
	x, t := w.x, w.t
	blank := func(from, to uint32) {
		for i := from - base; i < to-base; i++ {
			if body[i] != '\n' {
				body[i] = ' '
			}
		}
	}
	header := t.Nodes[tt].Start + 1 // where the item being read starts
	prevEnd := header
	for c := range t.Kids(tt) {
		if i := bytes.LastIndexByte(t.Src[prevEnd:t.Nodes[c].Start], ';'); i >= 0 {
			header = prevEnd + uint32(i) + 1
		}
		prevEnd = t.Nodes[c].End
		if t.Nodes[c].Kind != x.tokenTree || t.Src[t.Nodes[c].Start] != '{' {
			continue
		}
		if h := withoutComments(t.Src[header:t.Nodes[c].Start]); !itemBody(h) && branchHeader(h) {
			blank(header, t.Nodes[c].Start+1)
			blank(t.Nodes[c].End-1, t.Nodes[c].End)
			w.blankBranches(c, body, base)
		}
		header = t.Nodes[c].End
	}
}

// branchHeader reports cfg_if's `if #[cfg(…)]`, `else if #[cfg(…)]` and
// `else`, or nothing at all (a bare {…} group).
func branchHeader(h []byte) bool {
	return len(h) == 0 || bytes.Equal(h, []byte("else")) || bytes.HasPrefix(h, []byte("if #[")) ||
		bytes.HasPrefix(h, []byte("else if #["))
}

// withoutComments is b without its // and /* */ comments, trimmed.
func withoutComments(b []byte) []byte {
	var out []byte
	for len(b) > 0 {
		switch {
		case bytes.HasPrefix(b, []byte("//")):
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				i = len(b)
			}
			b = b[i:]
		case bytes.HasPrefix(b, []byte("/*")):
			i := bytes.Index(b[2:], []byte("*/"))
			if i < 0 {
				return bytes.TrimSpace(out)
			}
			b = b[i+4:]
		default:
			out = append(out, b[0])
			b = b[1:]
		}
	}
	return bytes.TrimSpace(out)
}
