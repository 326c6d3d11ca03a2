package rust

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// clapState is what the walk notes for clap-derive commands (DESIGN.md, Confidence):
// the derived types, the match arms that dispatch on their variants and
// the functions that parse each parser type. Commands are emitted once
// the whole file has been read.
type clapState struct {
	enabled bool // the file mentions clap or structopt
	types   map[string]*clapType
	order   []*clapType // in source order
	arms    []clapArm
	parses  map[string][]string // parser type → functions calling T::parse()
}

// clapType is a struct or enum deriving Parser, Subcommand, Args or
// StructOpt.
type clapType struct {
	q                        string
	enum                     bool
	parser, subcommand, args bool
	structopt                bool
	name                     cmdName
	renameAll                string
	span                     extract.Span
	subField                 string   // type of the #[command(subcommand)] field
	flatten                  []string // types of #[command(flatten)] fields
	variants                 []clapVariant
	reached                  bool // a root, or nested under one, or under another enum
}

// cmdName is a #[command(name = …)] value: a literal, or the text of an
// expression clap only evaluates at run time.
type cmdName struct {
	lit, dyn string
	set      bool
}

// clapVariant is one variant of a subcommand enum.
type clapVariant struct {
	ident                   string
	name                    cmdName
	span                    extract.Span
	skip, external, flatten bool
	payload                 string // the single type of a tuple variant
	subField                string // a struct variant's #[command(subcommand)] field type
}

// clapArm is a match arm on a variant: the function its single call calls,
// or the method it calls on the variant's payload.
type clapArm struct {
	variant string // qualified: <enum>::<Variant>
	binding string // the variable bound to a tuple variant's single field
	handler string
	method  string
}

// clapDerives reads which clap derives the attributes from first carry.
func (w *walker) clapDerives(first, item int32, ct *clapType) {
	x, t := w.x, w.t
	for a := first; a != noNode && a != item && t.Nodes[a].Kind == x.attrItem; a = t.Next(a) {
		if name, args := w.attrPath(a); name == "derive" && args != noNode {
			for c := range t.Kids(args) {
				switch string(t.Raw(c)) {
				case "Parser":
					ct.parser = true
				case "Subcommand":
					ct.subcommand = true
				case "Args":
					ct.args = true
				case "StructOpt":
					ct.structopt = true
				}
			}
		}
	}
}

// commandArgs reads the clap attributes (command, clap, structopt) from
// first: the name, rename_all and flags such as subcommand or skip.
func (w *walker) commandArgs(first, item int32, fn func(arg attrArg)) {
	x, t := w.x, w.t
	for a := first; a != noNode && a != item && t.Nodes[a].Kind == x.attrItem; a = t.Next(a) {
		switch name, args := w.attrPath(a); name {
		case "command", "clap", "structopt":
			if args != noNode {
				for _, kv := range w.attrArgs(args) {
					fn(kv)
				}
			}
		}
	}
}

// nameArg reads name = … into n.
func (w *walker) nameArg(kv attrArg, n *cmdName) {
	if kv.key != "name" || !kv.hasValue {
		return
	}
	n.set = true
	if kv.lit != noNode {
		if v, ok := w.strValue(kv.lit); ok {
			n.lit = v
			return
		}
	}
	n.dyn = string(w.t.Src[kv.value[0]:kv.value[1]])
}

// clapType notes a struct or enum that derives clap traits.
func (w *walker) clapType(i, attrs int32, q string, sc *scope) {
	if !w.clap.enabled || attrs == noNode {
		return
	}
	x, t := w.x, w.t
	ct := &clapType{q: q, enum: t.Nodes[i].Kind == x.enumItem, span: w.outerSpan(i, attrs)}
	w.clapDerives(attrs, i, ct)
	if !ct.parser && !ct.subcommand && !ct.args && !ct.structopt {
		return
	}
	w.commandArgs(attrs, i, func(kv attrArg) {
		w.nameArg(kv, &ct.name)
		if kv.key == "rename_all" && kv.lit != noNode {
			ct.renameAll, _ = w.strValue(kv.lit)
		}
	})
	body := t.Child(i, x.fBody)
	switch t.Kind(body) {
	case x.fieldDeclList:
		w.clapFields(body, sc, &ct.subField, &ct.flatten)
	case x.enumVariantList:
		first := int32(noNode)
		for c := range t.Kids(body) {
			if t.Nodes[c].Kind == x.attrItem {
				if first == noNode {
					first = c
				}
				continue
			}
			if t.Nodes[c].Kind == x.enumVariant {
				ct.variants = append(ct.variants, w.clapVariant(c, first, sc))
			}
			first = noNode
		}
	}
	if w.clap.types == nil {
		w.clap.types = make(map[string]*clapType)
	}
	if _, dup := w.clap.types[q]; !dup {
		w.clap.types[q] = ct
		w.clap.order = append(w.clap.order, ct)
	}
}

// clapFields finds the #[command(subcommand)] and #[command(flatten)]
// fields of a field list.
func (w *walker) clapFields(list int32, sc *scope, sub *string, flatten *[]string) {
	x, t := w.x, w.t
	first := int32(noNode)
	for c := range t.Kids(list) {
		if t.Nodes[c].Kind == x.attrItem {
			if first == noNode {
				first = c
			}
			continue
		}
		if t.Nodes[c].Kind == x.fieldDecl && first != noNode {
			isSub, isFlat := false, false
			w.commandArgs(first, c, func(kv attrArg) {
				isSub = isSub || kv.key == "subcommand"
				isFlat = isFlat || kv.key == "flatten"
			})
			typ := w.fieldType(t.Child(c, x.fType), sc)
			switch {
			case isSub && *sub == "":
				*sub = typ
			case isFlat && typ != "":
				*flatten = append(*flatten, typ)
			}
		}
		first = noNode
	}
}

// clapVariant reads one variant of a clap enum.
func (w *walker) clapVariant(v, attrs int32, sc *scope) clapVariant {
	x, t := w.x, w.t
	cv := clapVariant{span: w.outerSpan(v, attrs)}
	if n := t.Child(v, x.fName); n != noNode {
		cv.ident = t.Text(n)
	}
	w.commandArgs(attrs, v, func(kv attrArg) {
		w.nameArg(kv, &cv.name)
		switch kv.key {
		case "skip":
			cv.skip = true
		case "external_subcommand":
			cv.external = true
		case "flatten":
			cv.flatten = true
		}
	})
	body := t.Child(v, x.fBody)
	switch t.Kind(body) {
	case x.orderedFieldDeclList:
		var types []int32
		for c := range t.Kids(body) {
			if t.Nodes[c].Field == x.fType {
				types = append(types, c)
			}
		}
		if len(types) == 1 {
			cv.payload = w.fieldType(types[0], sc)
		}
	case x.fieldDeclList:
		w.clapFields(body, sc, &cv.subField, new([]string))
	}
	return cv
}

// fieldType is the candidate of a field's type, through Option<T> and
// Box<T>.
func (w *walker) fieldType(typ int32, sc *scope) string {
	x, t := w.x, w.t
	for t.Kind(typ) == x.genericType {
		base := t.Child(typ, x.fType)
		if b := string(t.Raw(base)); b != "Option" && b != "Box" {
			typ = base
			break
		}
		typ = t.FirstKid(t.Child(typ, x.fTypeArguments))
	}
	if typ == noNode || !w.pathSegs(typ) {
		return ""
	}
	q, _ := w.resolve(sc, false)
	return q
}

// parseFuncs are the associated functions that run a clap parser.
var parseFuncs = map[string]bool{
	"parse": true, "try_parse": true, "parse_from": true, "try_parse_from": true,
	"from_args": true, "from_iter": true, "from_args_safe": true, "from_iter_safe": true,
	"from_clap": true,
}

// noteParseCall records that the enclosing function calls T::parse().
func (w *walker) noteParseCall(callee string, sc *scope) {
	if !w.clap.enabled || sc.fn == "" || !parseFuncs[lastSegment(callee)] {
		return
	}
	typ := parentPath(callee)
	if typ == "" {
		return
	}
	if w.clap.parses == nil {
		w.clap.parses = make(map[string][]string)
	}
	for _, f := range w.clap.parses[typ] {
		if f == sc.fn {
			return
		}
	}
	w.clap.parses[typ] = append(w.clap.parses[typ], sc.fn)
}

// clapEnabled reports whether a file may declare clap commands.
func clapEnabled(src []byte) bool {
	return bytes.Contains(src, []byte("clap")) || bytes.Contains(src, []byte("structopt"))
}
