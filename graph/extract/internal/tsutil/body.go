package tsutil

import (
	"hash/fnv"
	"slices"
	"strings"
	"unicode/utf8"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// bodyKinds are what body digests and decorators read of a grammar, found
// by the kinds' names so that every tree-sitter language gets them
// without code of its own: comments, the decorator, annotation and
// attribute kinds, the body field and the usual names of body blocks.
type bodyKinds struct {
	comment   KindFlags // 1: a comment kind (the C flattener records them)
	decorator KindFlags // 1: a decorator, annotation or attribute list
	holder    KindFlags // 1: a node whose children are decorators (modifiers)
	block     KindFlags // 1: a body block found by kind when no field says "body"
	closure   KindFlags // 1: an anonymous function written in place
	body      uint16    // the field id of "body", 0 when the grammar has none
}

var (
	decoratorKinds = []string{"decorator", "annotation", "marker_annotation", "attribute_item", "attribute_list"}
	holderKinds    = []string{"modifiers", "decorated_definition"}
	blockKinds     = []string{"block", "function_body", "compound_statement", "statement_block", "body_statement", "constructor_body"}
	closureKinds   = []string{"func_literal", "lambda", "arrow_function", "function_expression", "closure_expression",
		"lambda_expression", "lambda_literal", "anonymous_function", "anonymous_method_expression"}
)

func newBodyKinds(l *sitter.Language) *bodyKinds {
	n := int(l.NodeKindCount())
	k := &bodyKinds{comment: make(KindFlags, n), decorator: make(KindFlags, n), holder: make(KindFlags, n),
		block: make(KindFlags, n), closure: make(KindFlags, n), body: l.FieldIdForName("body")}
	for id := range n {
		if !l.NodeKindIsNamed(uint16(id)) {
			continue
		}
		name := l.NodeKindForId(uint16(id))
		if strings.HasSuffix(name, "comment") {
			k.comment[id] = 1
		}
		if slices.Contains(decoratorKinds, name) {
			k.decorator[id] = 1
		}
		if slices.Contains(holderKinds, name) {
			k.holder[id] = 1
		}
		if slices.Contains(blockKinds, name) {
			k.block[id] = 1
		}
		if slices.Contains(closureKinds, name) {
			k.closure[id] = 1
		}
	}
	return k
}

// callable reports whether a symbol kind has a body to digest.
func callable(k extract.SymbolKind) bool {
	switch k {
	case extract.KindFunction, extract.KindMethod, extract.KindConstructor, extract.KindTest:
		return true
	}
	return false
}

// closures lists the anonymous functions of a flat tree with their
// digests.
func (k *bodyKinds) closures(content []byte, nodes []Node, comments []extract.Span, lines extract.LineIndex) []extract.RawClosure {
	var out []extract.RawClosure
	for i, n := range nodes {
		if int(n.Kind) >= len(k.closure) || k.closure[n.Kind] == 0 {
			continue
		}
		c := extract.RawClosure{Span: extract.Span{Start: n.Start, End: n.End}}
		c.Line = lines.Line(n.Start)
		c.Col = int(n.Start) - lineStart(lines, c.Line) + 1
		if b, ok := k.bodyOf(nodes, int32(i)); ok {
			c.Body = digestText(content, extract.Span{Start: nodes[b].Start, End: nodes[b].End}, comments)
		}
		out = append(out, c)
	}
	return out
}

// lineStart is the offset where 1-based line starts.
func lineStart(lines extract.LineIndex, line int) int {
	if line <= 1 || line-2 >= len(lines) {
		return 0
	}
	return int(lines[line-2]) + 1
}

// digest fills the Decorators and, with bodies, the Body of the callables
// among syms from the flat tree of their file: each symbol's node is the
// outermost whose range is the symbol's span, or else (a span that takes
// in the attributes before the definition) the outermost that ends where
// the span does and starts inside it.
func (k *bodyKinds) digest(content []byte, nodes []Node, comments []extract.Span, syms []extract.RawSymbol, bodies bool) {
	want := map[extract.Span]int32{}
	for _, s := range syms {
		if callable(s.Kind) {
			want[s.Span] = -1
		}
	}
	if len(want) == 0 {
		return
	}
	for i, n := range nodes {
		sp := extract.Span{Start: n.Start, End: n.End}
		if at, ok := want[sp]; ok && at < 0 {
			want[sp] = int32(i)
		}
	}
	byEnd := map[uint32][]extract.Span{}
	for sp, at := range want {
		if at < 0 {
			byEnd[sp.End] = append(byEnd[sp.End], sp)
		}
	}
	for i := 0; len(byEnd) > 0 && i < len(nodes); i++ {
		for _, sp := range byEnd[nodes[i].End] {
			if want[sp] < 0 && nodes[i].Start > sp.Start && nodes[i].Start < sp.End {
				want[sp] = int32(i)
			}
		}
	}
	for i := range syms {
		s := &syms[i]
		at, ok := want[s.Span]
		if !callable(s.Kind) || !ok || at < 0 {
			continue
		}
		if b, ok := k.bodyOf(nodes, at); ok && bodies {
			s.Body = digestText(content, extract.Span{Start: nodes[b].Start, End: nodes[b].End}, comments)
		}
		s.Decorators = k.decorators(content, nodes, at)
	}
}

// bodyOf finds the body of the callable at node i: its child in the body
// field or of a block kind, or that of a child (a decorated definition
// wraps the function).
func (k *bodyKinds) bodyOf(nodes []Node, i int32) (int32, bool) {
	if b, ok := k.directBody(nodes, i); ok {
		return b, true
	}
	for c := kid(nodes, i); c >= 0; c = nodes[c].Next {
		if b, ok := k.directBody(nodes, c); ok {
			return b, true
		}
	}
	return -1, false
}

func (k *bodyKinds) directBody(nodes []Node, i int32) (int32, bool) {
	found := int32(-1)
	for c := kid(nodes, i); c >= 0; c = nodes[c].Next {
		if k.body != 0 && nodes[c].Field == k.body {
			return c, true
		}
		if found < 0 && int(nodes[c].Kind) < len(k.block) && k.block[nodes[c].Kind] == 1 {
			found = c
		}
	}
	return found, found >= 0
}

// kid is the first child of node i, or -1.
func kid(nodes []Node, i int32) int32 {
	if c := i + 1; c < nodes[i].SubEnd {
		return c
	}
	return -1
}

// decorators lists the decorators written on the callable at node i: its
// own decorator children and those of its modifiers, those of a wrapping
// decorated definition, and the ones right before it among its siblings
// (Rust's #[test], decorators in a TypeScript class body).
func (k *bodyKinds) decorators(content []byte, nodes []Node, i int32) []string {
	var out []string
	add := func(c int32) {
		out = append(out, decoratorNames(string(content[nodes[c].Start:nodes[c].End]))...)
	}
	var own func(n int32, depth int)
	own = func(n int32, depth int) {
		for c := kid(nodes, n); c >= 0; c = nodes[c].Next {
			switch kc := int(nodes[c].Kind); {
			case kc < len(k.decorator) && k.decorator[kc] == 1:
				add(c)
			case depth == 0 && kc < len(k.holder) && k.holder[kc] == 1:
				own(c, 1)
			}
		}
	}
	own(i, 0)
	p := nodes[i].Parent
	if p < 0 {
		return out
	}
	if kp := int(nodes[p].Kind); kp < len(k.holder) && k.holder[kp] == 1 {
		own(p, 1)
		return out
	}
	var run []int32 // decorator siblings right before i
	for c := kid(nodes, p); c >= 0 && c != i; c = nodes[c].Next {
		if kc := int(nodes[c].Kind); kc < len(k.decorator) && k.decorator[kc] == 1 {
			run = append(run, c)
		} else if k.comment[min(kc, len(k.comment)-1)] != 1 {
			run = run[:0]
		}
	}
	for _, c := range run {
		add(c)
	}
	return out
}

// decoratorNames reads the names in one decorator's text: "@app.get("/")"
// is app.get, "#[cfg(test)]" cfg, "[Test, Category("x")]" Test and
// Category.
func decoratorNames(text string) []string {
	text = strings.TrimSpace(text)
	for _, p := range []string{"@", "#![", "#[", "["} {
		if strings.HasPrefix(text, p) {
			text = text[len(p):]
			break
		}
	}
	text = strings.TrimSuffix(text, "]")
	var out []string
	depth, start := 0, 0
	emit := func(part string) {
		part = strings.TrimSpace(part)
		if i := strings.IndexAny(part, "(<{ \t\n="); i >= 0 {
			part = part[:i]
		}
		if part != "" {
			out = append(out, part)
		}
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ',':
			if depth == 0 {
				emit(text[start:i])
				start = i + 1
			}
		}
	}
	emit(text[start:])
	return out
}

// digestText hashes the bytes of span with the comments left out and the
// whitespace between tokens dropped, one space kept between two word
// characters so that "return x" and "returnx" differ.
func digestText(content []byte, span extract.Span, comments []extract.Span) extract.Body {
	h := fnv.New64a()
	var buf [256]byte
	out := buf[:0]
	size := uint32(0)
	flush := func() {
		h.Write(out)
		size += uint32(len(out))
		out = out[:0]
	}
	c, _ := slices.BinarySearchFunc(comments, span.Start, func(s extract.Span, at uint32) int { return int(s.End) - int(at) })
	var prevWord, pendingSpace bool
	end := min(span.End, uint32(len(content)))
	for i := span.Start; i < end; {
		if c < len(comments) && i >= comments[c].Start {
			i = max(i, comments[c].End)
			c++
			pendingSpace = true
			continue
		}
		b := content[i]
		if b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v' {
			pendingSpace = true
			i++
			continue
		}
		w := word(b)
		if pendingSpace && prevWord && w {
			out = append(out, ' ')
		}
		pendingSpace = false
		prevWord = w
		out = append(out, b)
		if len(out) >= len(buf)-1 {
			flush()
		}
		i++
	}
	flush()
	if size == 0 {
		return extract.Body{}
	}
	return extract.Body{Hash: max(h.Sum64(), 1), Size: size}
}

// word reports whether b belongs to an identifier, a keyword or a number
// (any byte of a multi-byte rune counts).
func word(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= utf8.RuneSelf
}
