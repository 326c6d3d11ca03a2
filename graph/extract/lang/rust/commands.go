package rust

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// adapters are the methods a single-call arm may chain onto the handler's
// result: `run(args).context("…")?` still calls run.
var adapters = map[string]bool{
	"context": true, "with_context": true, "map_err": true, "unwrap": true, "expect": true,
	"into": true, "ok": true, "wrap_err": true, "wrap_err_with": true,
}

// clapArm notes a match arm whose pattern names enum variants, with what
// its value calls when it is a single call.
func (w *walker) clapArm(arm int32, sc *scope) {
	if !w.clap.enabled {
		return
	}
	x, t := w.x, w.t
	pat, val := t.Child(arm, x.fPattern), t.Child(arm, x.fValue)
	if pat == noNode {
		return
	}
	var arms []clapArm
	w.armPatterns(pat, sc, func(path, binding string) {
		arms = append(arms, clapArm{variant: path, binding: binding})
	})
	if len(arms) == 0 {
		return
	}
	handler, method, recv := w.armCall(val, sc)
	for i := range arms {
		switch {
		case handler != "":
			arms[i].handler = handler
		case method != "" && arms[i].binding == recv:
			arms[i].method = method
		}
	}
	w.clap.arms = append(w.clap.arms, arms...)
}

// armPatterns calls fn for each variant path a pattern matches on, with
// the name bound to a tuple variant's single field, if any.
func (w *walker) armPatterns(p int32, sc *scope, fn func(path, binding string)) {
	x, t := w.x, w.t
	switch t.Nodes[p].Kind {
	case x.tupleStructPat, x.structPattern:
		typ := t.Child(p, x.fType)
		var fields []int32
		for c := range t.Kids(p) {
			if c != typ {
				fields = append(fields, c)
			}
		}
		if path := w.variantTarget(typ, sc); path != "" {
			binding := ""
			if t.Nodes[p].Kind == x.tupleStructPat && len(fields) == 1 {
				binding = w.bindingName(fields[0])
			}
			fn(path, binding)
			return
		}
		for _, c := range fields {
			w.armPatterns(c, sc, fn)
		}
	case x.scopedIdent, x.identifier:
		if path := w.variantTarget(p, sc); path != "" {
			fn(path, "")
		}
	case x.matchPattern, x.orPattern, x.referencePattern, x.capturedPattern, x.tuplePattern:
		for c := range t.Kids(p) {
			if t.Nodes[c].Field != x.fCondition {
				w.armPatterns(c, sc, fn)
			}
		}
	}
}

// variantTarget resolves the path of a pattern to <enum>::<Variant>; a
// bare variant name counts when a glob import in scope brings it.
func (w *walker) variantTarget(p int32, sc *scope) string {
	if p == noNode || !w.pathSegs(p) {
		return ""
	}
	if len(w.segs) == 1 {
		g := sc.glob()
		if g == "" || !isUpper(w.segs[0]) || prelude[string(w.segs[0])] != "" {
			return "" // Some(Cmd::Run(x)) is looked into
		}
		return g + "::" + string(w.segs[0])
	}
	q, _ := w.resolve(sc, false)
	return q
}

// bindingName is the variable a sub-pattern binds as a whole: x, ref x,
// mut x.
func (w *walker) bindingName(p int32) string {
	x, t := w.x, w.t
	for {
		switch t.Nodes[p].Kind {
		case x.identifier:
			return t.Text(p)
		case x.refPattern, x.mutPattern:
			p = t.FirstKid(p)
			for p != noNode && t.Nodes[p].Kind != x.identifier && t.Nodes[p].Kind != x.refPattern {
				p = t.Next(p)
			}
			if p == noNode {
				return ""
			}
		default:
			return ""
		}
	}
}

// armCall reads an arm's value as a single call (through ?, .await,
// return, parentheses, a one-statement block, Ok(…) and result
// adapters): the candidate of the function it calls, or the method it
// calls on a variable (recv), or self.m() as <Self>::m.
func (w *walker) armCall(v int32, sc *scope) (handler, method, recv string) {
	x, t := w.x, w.t
	for v != noNode {
		switch t.Nodes[v].Kind {
		case x.tryExpr, x.awaitExpr, x.parenExpr, x.returnExpr, x.exprStmt:
			if t.kidCount(v) != 1 {
				return
			}
			v = t.FirstKid(v)
		case x.block:
			if t.kidCount(v) != 1 {
				return
			}
			v = t.FirstKid(v)
		case x.callExpr:
			fn, args := t.Child(v, x.fFunction), t.Child(v, x.fArguments)
			if t.Kind(fn) == x.genericFn {
				fn = t.Child(fn, x.fFunction)
			}
			switch t.Kind(fn) {
			case x.fieldExpr:
				recvNode, f := t.Child(fn, x.fValue), t.Child(fn, x.fField)
				if f == noNode {
					return
				}
				name := t.Text(f)
				switch k := t.Kind(recvNode); {
				case k == x.callExpr && adapters[name] || k == x.awaitExpr || k == x.tryExpr:
					v = recvNode
					continue
				case k == x.self && sc.self != "":
					return sc.self + "::" + name, "", ""
				case k == x.identifier:
					return "", name, t.Text(recvNode)
				}
				return
			case x.identifier, x.scopedIdent:
				if name := t.Raw(fn); (string(name) == "Ok" || string(name) == "Some") && t.kidCount(args) == 1 {
					v = t.FirstKid(args)
					continue
				}
				if w.pathSegs(fn) && !w.variantPath() {
					if q, ok := w.resolve(sc, false); ok && q != "" {
						return q, "", ""
					}
				}
			}
			return
		default:
			return
		}
	}
	return
}

// commands emits the clap commands of the file once it has been read:
// each root and, depth first, the subcommands of its subcommand enum;
// enums no root reaches give command refs. A root is a Parser struct or
// enum (or a StructOpt one that is parsed or named) that no other clap
// type of the file nests.
func (w *walker) commands() {
	if len(w.clap.order) == 0 {
		return
	}
	methods := map[string]bool{}
	for _, s := range w.out.Symbols {
		if s.Kind == extract.KindMethod {
			methods[s.Qualified] = true
		}
	}
	nested := map[string]bool{}
	for _, ct := range w.clap.order {
		nested[ct.subField] = true
		for _, f := range ct.flatten {
			nested[f] = true
		}
		for _, v := range ct.variants {
			nested[v.payload], nested[v.subField] = true, true
		}
	}
	e := &cmdEmitter{w: w, methods: methods, seen: map[string]bool{}}
	for _, ct := range w.clap.order {
		switch {
		case nested[ct.q]:
		case ct.parser, ct.structopt && (ct.name.set || len(w.clap.parses[ct.q]) > 0):
			e.root(ct)
		}
	}
	for _, ct := range w.clap.order {
		if !ct.reached && ct.enum && (ct.subcommand || ct.structopt) {
			e.enum(ct, "", true, 0)
		}
	}
}

// cmdEmitter emits command rows, their handler refs and command refs.
type cmdEmitter struct {
	w       *walker
	methods map[string]bool // qualified names of this file's methods
	seen    map[string]bool // command names already emitted
}

// maxCommandDepth bounds nesting (and cuts cycles between enums).
const maxCommandDepth = 8

func (e *cmdEmitter) root(ct *clapType) {
	ct.reached = true
	name, dynamic := ct.name.lit, ct.name.dyn != ""
	switch {
	case dynamic:
		name = ct.name.dyn
	case name == "":
		name = e.w.loc.command
	}
	handler := ""
	if fns := e.w.clap.parses[ct.q]; len(fns) == 1 {
		handler = fns[0]
	}
	e.emit(name, ct.span, handler, dynamic)
	if ct.enum {
		e.enum(ct, name, dynamic, 1)
		return
	}
	e.nested(ct, name, dynamic, 1)
}

// nested emits the subcommands of an Args or Parser struct: those of its
// subcommand field's enum and of its flattened structs.
func (e *cmdEmitter) nested(ct *clapType, path string, dynamic bool, depth int) {
	if depth > maxCommandDepth {
		return
	}
	if sub := e.w.clap.types[ct.subField]; sub != nil && sub.enum {
		e.enum(sub, path, dynamic, depth)
	}
	for _, f := range ct.flatten {
		if st := e.w.clap.types[f]; st != nil && !st.enum {
			e.nested(st, path, dynamic, depth+1)
		}
	}
}

// enum emits the variants of a subcommand enum under path ("" for an enum
// no root reaches: its names are only known in part, so they are refs).
func (e *cmdEmitter) enum(ct *clapType, path string, dynamic bool, depth int) {
	if depth > maxCommandDepth {
		return
	}
	ct.reached = true
	for _, v := range ct.variants {
		if v.skip || v.external || v.ident == "" {
			continue
		}
		if v.flatten {
			if sub := e.w.clap.types[v.payload]; sub != nil && sub.enum {
				e.enum(sub, path, dynamic, depth+1)
			}
			continue
		}
		name, dyn := v.name.lit, dynamic || v.name.dyn != ""
		switch {
		case v.name.dyn != "":
			name = v.name.dyn
		case name == "":
			name = renameCommand(v.ident, ct.renameAll)
		}
		full := name
		if path != "" && !dyn {
			full = path + " " + name
		}
		e.emit(full, v.span, e.handler(ct, v), dyn)
		sub := e.w.clap.types[v.payload]
		if v.subField != "" {
			sub = e.w.clap.types[v.subField]
		}
		switch {
		case sub == nil:
		case sub.enum:
			e.enum(sub, full, dyn, depth+1)
		default:
			sub.reached = true
			e.nested(sub, full, dyn, depth+1)
		}
	}
}

// handler is the candidate handler of a variant: what its single-call
// match arms call when they agree, else the payload type's execute or run
// method defined in this file.
func (e *cmdEmitter) handler(ct *clapType, v clapVariant) string {
	path := ct.q + "::" + v.ident
	found := ""
	for _, a := range e.w.clap.arms {
		if a.variant != path {
			continue
		}
		h := a.handler
		if a.method != "" && v.payload != "" {
			h = v.payload + "::" + a.method
		}
		switch {
		case h == "":
		case found == "":
			found = h
		case found != h:
			return "" // arms disagree
		}
	}
	if found != "" || v.payload == "" {
		return found
	}
	exec, run := e.methods[v.payload+"::execute"], e.methods[v.payload+"::run"]
	switch {
	case exec && !run:
		return v.payload + "::execute"
	case run && !exec:
		return v.payload + "::run"
	}
	return ""
}

// emit adds a command row with its handler ref, or a command ref when the
// name is dynamic.
func (e *cmdEmitter) emit(name string, sp extract.Span, handler string, dynamic bool) {
	w := e.w
	if dynamic {
		w.addRef(sp, name, "", extract.RefCommand)
		return
	}
	if e.seen[name] {
		return
	}
	e.seen[name] = true
	h := extract.NoHandler
	if handler != "" {
		h = w.addRef(sp, lastSegment(handler), handler, extract.RefHandler)
	}
	w.out.Commands = append(w.out.Commands, extract.RawCommand{Name: name, Span: sp, Handler: h})
}
