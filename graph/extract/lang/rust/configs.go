package rust

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// envFuncs are the functions whose first argument names an environment
// variable, by candidate qualified name (so `use std::env;` then
// env::var("X") is recognised).
var envFuncs = map[string]bool{
	"std::env::var": true, "std::env::var_os": true,
	"dotenv::var": true, "dotenvy::var": true,
}

// envCall emits an env config for a literal first argument of an envFuncs
// call.
func (w *walker) envCall(callee string, args int32) {
	if !envFuncs[callee] {
		return
	}
	if a := w.t.FirstKid(args); a != noNode {
		w.config(a, extract.ConfigEnv)
	}
}

// envMacro emits an env config for env!("X") and option_env!("X").
func (w *walker) envMacro(tt int32) {
	if a := w.t.FirstKid(tt); a != noNode {
		w.config(a, extract.ConfigEnv)
	}
}

// config emits a config key for a string literal; other expressions are
// dynamic and give none.
func (w *walker) config(lit int32, kind extract.ConfigKind) {
	if k := w.t.Nodes[lit].Kind; k != w.x.strLit && k != w.x.rawStrLit {
		return
	}
	key, ok := w.strValue(lit)
	if !ok || key == "" {
		return
	}
	w.addConfig(key, kind, w.t.Span(lit))
}

func (w *walker) addConfig(key string, kind extract.ConfigKind, sp extract.Span) {
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: w.lines.Line(sp.Start), Span: sp})
}

// walkAttrs walks the outer attributes from first up to item.
func (w *walker) walkAttrs(first, item int32, sc *scope) {
	for a := first; a != noNode && a != item && w.t.Nodes[a].Kind == w.x.attrItem; a = w.t.Next(a) {
		w.attribute(a, sc)
	}
}

// attrPath returns the last segment of an attribute's path (serde,
// command, test) and its argument token tree, or noNode.
func (w *walker) attrPath(item int32) (name string, args int32) {
	x, t := w.x, w.t
	a := t.FirstKid(item)
	if t.Kind(a) != x.attribute {
		return "", noNode
	}
	p := t.FirstKid(a)
	if p == noNode || !w.pathSegs(p) {
		return "", noNode
	}
	return string(w.segs[len(w.segs)-1]), t.Child(a, x.fArguments)
}

// hasAttr reports whether one of the outer attributes from first up to
// item has the given name as its path's last segment (#[test],
// #[tokio::test]).
func (w *walker) hasAttr(first, item int32, name string) bool {
	for a := first; a != noNode && a != item && w.t.Nodes[a].Kind == w.x.attrItem; a = w.t.Next(a) {
		if n, _ := w.attrPath(a); n == name {
			return true
		}
	}
	return false
}

// attribute reads an attribute: its strings, #[serde(rename = "k")] and
// alias keys, and clap's #[arg(env = "K")]. Its code is not walked.
func (w *walker) attribute(i int32, sc *scope) {
	name, args := w.attrPath(i)
	if args == noNode {
		w.strings(i)
		return
	}
	switch name {
	case "serde":
		w.serdeKeys(args)
	case "arg", "clap", "structopt":
		w.clapEnv(i, args)
	case "cfg":
		return // feature names are not notable
	case "cfg_attr": // #[cfg_attr(feature = "serde", serde(rename = "k"))]
		for c := range w.t.Kids(args) {
			if n := w.t.Next(c); string(w.t.Raw(c)) == "serde" && w.t.Kind(n) == w.x.tokenTree {
				w.serdeKeys(n)
			}
		}
	}
	w.strings(args)
}

// serdeKeys emits serde configs for rename = "k", alias = "k" and
// rename(serialize = "a", deserialize = "b").
func (w *walker) serdeKeys(tt int32) {
	for _, kv := range w.attrArgs(tt) {
		if kv.key != "rename" && kv.key != "alias" {
			continue
		}
		if kv.lit != noNode {
			w.config(kv.lit, extract.ConfigSerde)
			continue
		}
		if kv.list != noNode {
			for _, inner := range w.attrArgs(kv.list) {
				if inner.lit != noNode {
					w.config(inner.lit, extract.ConfigSerde)
				}
			}
		}
	}
}

// clapEnv emits an env config for clap's env = "K", or for a bare env,
// which reads the field's name in upper case.
func (w *walker) clapEnv(attr, tt int32) {
	x, t := w.x, w.t
	for _, kv := range w.attrArgs(tt) {
		switch {
		case kv.key != "env":
		case kv.lit != noNode:
			w.config(kv.lit, extract.ConfigEnv)
		case !kv.hasValue:
			field := attr
			for field != noNode && t.Nodes[field].Kind == x.attrItem {
				field = t.Next(field)
			}
			if t.Kind(field) != x.fieldDecl {
				continue
			}
			if n := t.Child(field, x.fName); n != noNode && !t.empty(n) {
				w.addConfig(strings.ToUpper(t.Text(n)), extract.ConfigEnv, t.Span(kv.node))
			}
		}
	}
}

// attrArg is one `key`, `key = value` or `key(...)` of an attribute's
// argument list.
type attrArg struct {
	node     int32  // the key's identifier
	key      string // the key
	hasValue bool   // key = value
	lit      int32  // the value when it is one string literal, else noNode
	value    [2]uint32
	list     int32 // the tree of key(...), or noNode
}

// attrArgs splits an attribute's token tree at its top-level commas.
func (w *walker) attrArgs(tt int32) []attrArg {
	x, t := w.x, w.t
	var out []attrArg
	values := 0 // named tokens in the current value
	prev := int32(noNode)
	for c := range t.Kids(tt) {
		sep := t.Nodes[tt].Start + 1
		if prev != noNode {
			sep = t.Nodes[prev].End
		}
		gap := string(t.Src[sep:t.Nodes[c].Start])
		prev = c
		if len(out) == 0 || strings.Contains(gap, ",") {
			a := attrArg{node: c, lit: noNode, list: noNode}
			if t.Nodes[c].Kind == x.identifier {
				a.key = t.Text(c)
			}
			out, values = append(out, a), 0
			continue
		}
		cur := &out[len(out)-1]
		switch {
		case strings.Contains(gap, "=") && !cur.hasValue:
			cur.hasValue, values = true, 1
			cur.value = [2]uint32{t.Nodes[c].Start, t.Nodes[c].End}
			if k := t.Nodes[c].Kind; k == x.strLit || k == x.rawStrLit {
				cur.lit = c
			}
		case cur.hasValue:
			values++
			cur.lit = noNode // more than one token: an expression
			cur.value[1] = t.Nodes[c].End
		case t.Nodes[c].Kind == x.tokenTree && values == 0:
			cur.list = c
		}
	}
	return out
}
