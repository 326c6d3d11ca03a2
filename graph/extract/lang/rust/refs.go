package rust

import "github.com/orbitgraph/orbit/graph/extract"

func (w *walker) addRef(sp extract.Span, name, q string, kind extract.RefKind) int {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: name, Qualified: q, Kind: kind})
	return len(w.out.Refs) - 1
}

// addPathRef adds a ref to the candidate resolve last returned, with the
// alternatives it left.
func (w *walker) addPathRef(sp extract.Span, name, q string, kind extract.RefKind) {
	i := w.addRef(sp, name, q, kind)
	w.out.Refs[i].Alternatives = w.alts
}

// typeExpr walks a type: path types are type refs, the traits of bounds,
// `impl Trait` and `dyn Trait` are trait_bound refs.
func (w *walker) typeExpr(i int32, sc *scope) { w.typeExprAs(i, extract.RefType, sc) }

// typeExprAs walks a type whose head is referred to as kind.
func (w *walker) typeExprAs(i int32, kind extract.RefKind, sc *scope) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.typeIdent, x.scopedTypeIdent:
		w.pathRef(i, kind, sc)
	case x.genericType, x.genericTypeTurbofish:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field == x.fType {
				w.pathRef(c, kind, sc)
			} else {
				w.walk(c, sc)
			}
		}
	case x.traitBounds, x.boundedType:
		for c := range t.Kids(i) {
			w.bound(c, sc)
		}
	case x.abstractType, x.dynamicType:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field == x.fTrait {
				w.bound(c, sc)
			} else {
				w.walk(c, sc)
			}
		}
	case x.functionType:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field == x.fTrait {
				w.pathRef(c, extract.RefTraitBound, sc)
			} else {
				w.walk(c, sc)
			}
		}
	case x.typeBinding:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field != x.fName {
				w.walk(c, sc)
			}
		}
	case x.removedBound:
	default:
		w.walk(i, sc)
	}
}

// bound walks one trait bound.
func (w *walker) bound(i int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.typeIdent, x.scopedTypeIdent, x.genericType, x.functionType:
		w.typeExprAs(i, extract.RefTraitBound, sc)
	case x.hrtb:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field == x.fType {
				w.bound(c, sc)
			}
		}
	case x.lifetime, x.removedBound:
	default:
		w.walk(i, sc)
	}
}

// pathRef emits a ref of the given kind for a path and returns its
// candidate. Type::Variant and Type::CONST refer to the type; prelude
// names, generic parameters, variables and the Self type itself get no
// ref. A name tree-sitter inserted to recover from an error is skipped.
func (w *walker) pathRef(i int32, kind extract.RefKind, sc *scope) string {
	if !w.pathSegs(i) {
		if i >= 0 {
			w.walkKids(i, sc)
		}
		return ""
	}
	sp := w.t.Span(i)
	w.pathSpan = sp
	full, emit := w.resolve(sc, false)
	w.pathSpan = extract.Span{}
	defer w.pathTypeArgs(i, sc)
	if w.variantPath() {
		kind = extract.RefType
		if p := w.t.Child(i, w.x.fPath); p != noNode {
			sp.End = w.t.Nodes[p].End
		}
		w.segs = w.segs[:len(w.segs)-1]
		var q string
		q, emit = w.resolve(sc, false)
		if emit && q != "" && q == sc.self {
			emit = false
		}
		if emit {
			w.addPathRef(sp, string(w.segs[len(w.segs)-1]), q, kind)
		}
		return full
	}
	if emit && (full == "" || full != sc.self) {
		w.addPathRef(sp, string(w.segs[len(w.segs)-1]), full, kind)
	}
	return full
}

// pathTypeArgs walks the generic arguments written inside a path
// (Vec::<Job>::new, Client::<Tls>::connect).
func (w *walker) pathTypeArgs(i int32, sc *scope) {
	t := w.t
	for j := i + 1; j < t.Nodes[i].SubEnd; j++ {
		if t.Nodes[j].Kind == w.x.typeArgs {
			w.walk(j, sc)
			j = t.Nodes[j].SubEnd - 1
		}
	}
}

// valuePath handles a path in value position that is not called: a
// function or method path (Type::new passed as a value) is a call ref,
// Type::Variant and Type::CONST a type ref; a module's constant has none.
func (w *walker) valuePath(i int32, sc *scope) {
	if !w.pathSegs(i) {
		return
	}
	switch last := w.segs[len(w.segs)-1]; {
	case w.variantPath():
		w.pathRef(i, extract.RefType, sc)
	case !isUpper(last):
		w.pathRef(i, extract.RefCall, sc)
	}
}

// patternPath handles the path a pattern matches on: a tuple struct or
// variant (Some(x), Cmd::Run(args)) or a struct (Point { x, y }).
func (w *walker) patternPath(i int32, sc *scope) {
	if w.pathSegs(i) && (len(w.segs) > 1 || isUpper(w.segs[0])) {
		w.pathRef(i, extract.RefType, sc)
	}
}

// call emits the callee's ref — a path call, or a method call (see
// methodCall) — then reads special calls and walks the receiver and the
// arguments.
func (w *walker) call(i int32, sc *scope) {
	x, t := w.x, w.t
	fn, args := t.Child(i, x.fFunction), t.Child(i, x.fArguments)
	callee := fn
	if t.Kind(callee) == x.genericFn {
		callee = t.Child(callee, x.fFunction)
	}
	cand := ""
	switch t.Kind(callee) {
	case x.identifier, x.scopedIdent:
		cand = w.pathRef(callee, extract.RefCall, sc)
		w.noteParseCall(cand, sc)
	case x.fieldExpr:
		w.methodCall(callee, sc)
	case 0:
	default:
		w.walk(callee, sc)
	}
	if fn != callee && fn != noNode {
		for c := range t.Kids(fn) {
			if t.Nodes[c].Field != x.fFunction {
				w.walk(c, sc)
			}
		}
	}
	if args != noNode {
		w.envCall(cand, args)
		w.walk(args, sc)
	}
}
