package rust

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// macro handles a macro invocation: env!/option_env! give configs, a
// macro that is not std's gets a call ref, and the token tree is read for
// strings and for the calls written in it.
func (w *walker) macro(i int32, sc *scope) {
	x, t := w.x, w.t
	m := t.Child(i, x.fMacro)
	tt := int32(noNode)
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind == x.tokenTree {
			tt = c
		}
	}
	name := ""
	if m != noNode && w.pathSegs(m) {
		name = string(w.segs[len(w.segs)-1])
		w.pathSpan = t.Span(m)
		q, ok := w.macroTarget(sc)
		w.pathSpan = extract.Span{}
		if ok {
			w.addRef(t.Span(m), name, q, extract.RefCall)
		}
	}
	switch {
	case tt == noNode:
	case name == "env" || name == "option_env":
		w.envMacro(tt)
		w.strings(tt)
	case asmMacros[name]:
		w.strings(tt) // operands, not calls
	case sc.kind == scopeModule && w.macroItems(tt, sc):
	default:
		if sc.kind == scopeModule {
			w.macroTypes(tt, sc)
		}
		w.tokenTree(tt, sc)
	}
}

// typeKeywords are the keywords declaring a type, by the kind of symbol.
var typeKeywords = map[string]extract.SymbolKind{
	"struct": extract.KindStruct, "enum": extract.KindEnum, "union": extract.KindUnion, "trait": extract.KindTrait,
}

// macroTypes declares the types an item macro writes out by name
// (bitflags! { pub struct Flags: u32 { … } }, syn's ast_enum! { pub enum
// Meta { … } }, cfg_if!'s branches): a struct, enum, union or trait
// keyword followed by a plain name, not a metavariable. Bodies of items are
// not looked into (a fn's, a mod's, an impl's), nor attributes.
func (w *walker) macroTypes(tt int32, sc *scope) {
	x, t := w.x, w.t
	prevEnd := t.Nodes[tt].Start + 1
	header := prevEnd // where the item being read starts: after a ; or a {…}
	for c := range t.Kids(tt) {
		gap := t.Src[prevEnd:t.Nodes[c].Start]
		if i := bytes.LastIndexByte(gap, ';'); i >= 0 {
			header = prevEnd + uint32(i) + 1
		}
		prevEnd = t.Nodes[c].End
		switch t.Nodes[c].Kind {
		case x.identifier:
			before := bytes.TrimRight(gap, " \t\r\n")
			start := lastWordStart(before)
			kind, ok := typeKeywords[string(before[start:])]
			if !ok {
				continue
			}
			name := t.Text(c)
			kw := t.Nodes[c].Start - uint32(len(gap)) + uint32(start)
			sp := extract.Span{Start: kw, End: t.Nodes[c].End}
			body := t.Next(c) // the body: the next {…} or (…) before a ;
			for body != noNode && (t.Nodes[body].Kind != x.tokenTree || t.Src[t.Nodes[body].Start] == '[') {
				body = t.Next(body)
			}
			if body != noNode && !bytes.ContainsAny(t.between(c, body), ";{}") {
				sp.End = t.Nodes[body].End
			}
			w.addSymbol(name, join(sc.prefix, name), kind, sp, string(t.Src[kw:t.Nodes[c].End]), sc.symbolParent())
		case x.tokenTree:
			if t.Src[t.Nodes[c].Start] != '{' || w.attrTree(c) {
				continue
			}
			if !itemBody(t.Src[header:t.Nodes[c].Start]) {
				w.macroTypes(c, sc)
			}
			header = t.Nodes[c].End
		}
	}
}

// itemBody reports whether the tokens before a {…} tree in a macro, from
// the last ; or {…}, are an item's header: its body declares no types of
// the module.
func itemBody(gap []byte) bool {
	for _, f := range bytes.FieldsFunc(gap, func(r rune) bool { return !isIdentByte(byte(r)) || r > 127 }) {
		switch string(f) {
		case "fn", "impl", "mod", "struct", "enum", "union", "trait", "macro_rules":
			return true
		}
	}
	return false
}

// asmMacros take assembly operands (in(reg) x), not Rust expressions.
var asmMacros = map[string]bool{"asm": true, "global_asm": true, "naked_asm": true, "llvm_asm": true}

// macroTarget is the candidate of the macro path in w.segs: std's macros
// get no ref; a plain name is its use binding or the file's macro_rules,
// else an exported macro of the crate.
func (w *walker) macroTarget(sc *scope) (string, bool) {
	first := string(w.segs[0])
	if len(w.segs) == 1 {
		if stdMacros[first] {
			return "", false
		}
		if b, q := sc.lookup(w.segs[0]); b == boundName {
			return q, true
		}
		return join(w.loc.crate, first), true
	}
	if (first == "std" || first == "core" || first == "alloc") && stdMacros[string(w.segs[len(w.segs)-1])] {
		return "", false
	}
	return w.resolve(sc, false)
}

// tokenTree reads a macro's tokens: string literals, nested macros'
// environment reads, and calls — a path directly followed by a
// parenthesized tree, `a::b(…)`, or a method name after a dot, `.m(…)`.
// A name after fn, struct and the like is a definition, not a call.
func (w *walker) tokenTree(tt int32, sc *scope) {
	x, t := w.x, w.t
	var segs [][]byte
	run, prev := int32(noNode), int32(noNode) // first and last node of the path being read
	for c := range t.Kids(tt) {
		switch k := t.Nodes[c].Kind; k {
		case x.identifier, x.crate, x.self, x.super, x.metavar:
			if run != noNode && string(trimSpace(t.between(prev, c))) == "::" {
				segs = append(segs, t.Raw(c))
			} else {
				run, segs = c, append(segs[:0], t.Raw(c))
			}
			prev = c
			continue
		case x.tokenTree:
			if w.attrTree(c) { // #[cfg(...)] inside a macro: not calls
				w.strings(c)
				break
			}
			if run != noNode {
				switch sep := t.between(prev, c); {
				case len(trimSpace(sep)) == 0 && t.Src[t.Nodes[c].Start] == '(':
					w.tokenCall(run, prev, segs, sc)
				case string(trimSpace(sep)) == "!":
					if n := string(segs[len(segs)-1]); n == "env" || n == "option_env" {
						w.envMacro(c)
					}
				}
			}
			w.tokenTree(c, sc)
		case x.strLit, x.rawStrLit:
			w.stringLit(c)
		}
		run = noNode
	}
}

// definers are the keywords after which a name is being defined.
var definers = map[string]bool{
	"fn": true, "struct": true, "enum": true, "union": true, "trait": true, "type": true,
	"impl": true, "mod": true, "macro_rules": true,
}

// keywords can look like a callee in a token tree (`if (a)`, asm's
// `in(reg)`); they are never one.
var keywords = map[string]bool{
	"as": true, "break": true, "const": true, "continue": true, "else": true, "for": true,
	"if": true, "in": true, "let": true, "loop": true, "match": true, "move": true, "mut": true,
	"ref": true, "return": true, "static": true, "unsafe": true, "where": true, "while": true,
	"async": true, "await": true, "dyn": true, "yield": true, "box": true, "_": true,
}

// attrTree reports a token tree [...] written after # or #!: an attribute.
func (w *walker) attrTree(tt int32) bool {
	t := w.t
	start := t.Nodes[tt].Start
	if t.Src[start] != '[' {
		return false
	}
	before := bytes.TrimRight(t.Src[:start], " \t\r\n")
	before = bytes.TrimSuffix(before, []byte("!"))
	return len(before) > 0 && before[len(before)-1] == '#'
}

// tokenCall emits the call ref of a path [first, last] followed by (…) in
// a token tree.
func (w *walker) tokenCall(first, last int32, segs [][]byte, sc *scope) {
	t := w.t
	before := bytes.TrimRight(t.Src[:t.Nodes[first].Start], " \t\r\n")
	word := before[lastWordStart(before):]
	if definers[string(word)] || keywords[string(segs[0])] ||
		t.Nodes[first].Kind == w.x.metavar && string(segs[0]) != "$crate" {
		return
	}
	sp := extract.Span{Start: t.Nodes[first].Start, End: t.Nodes[last].End}
	name := string(segs[len(segs)-1])
	if len(before) > 0 && before[len(before)-1] == '.' && len(segs) == 1 {
		w.addRecvRef(sp, name, w.tokenReceiver(before[:len(before)-1], sc))
		return
	}
	w.segs, w.abs = append(w.segs[:0], segs...), false
	if w.variantPath() {
		return // a variant or tuple struct being built
	}
	w.pathSpan = sp
	q, ok := w.resolve(sc, false)
	w.pathSpan = extract.Span{}
	if ok {
		w.addPathRef(sp, name, q, extract.RefCall)
	}
}

// tokenReceiver is the evidence for the receiver of a method call in a
// token tree, whose source ends just before the dot: only self and a
// plain variable (not a field or a path) are read.
func (w *walker) tokenReceiver(before []byte, sc *scope) receiver {
	word := before[lastWordStart(before):]
	if len(word) == 0 || len(word) < len(before) && (before[len(before)-len(word)-1] == '.' ||
		before[len(before)-len(word)-1] == ':') {
		return receiver{}
	}
	if string(word) == "self" {
		return w.selfReceiver(sc)
	}
	if r, ok := w.lookupVar(word); ok {
		return r
	}
	return receiver{}
}

// lastWordStart is where the identifier ending b starts.
func lastWordStart(b []byte) int {
	i := len(b)
	for i > 0 && isIdentByte(b[i-1]) {
		i--
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
