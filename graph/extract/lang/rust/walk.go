package rust

import (
	"slices"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// walker holds the state of one file's analysis. It visits the flat tree
// once, in source order; refs are put in source order at the end, when
// the command handlers found along the way have been added.
type walker struct {
	x     *ids
	t     *tree
	loc   location
	file  string                // the repo-relative path
	where extract.ModuleContext // the file's crate, for #[path] modules
	lang  *tsutil.Lang          // the grammar, to parse item macros' bodies
	lines extract.LineIndex
	out   *extract.ExtractedFile
	clap  clapState
	impls map[string]int    // impl block names seen, for " (2)" suffixes
	mods  map[string]*scope // the file's module scopes by path
	segs  [][]byte          // scratch: the segments of the path being resolved
	abs   bool              // the path in segs starts with ::
	alts  []string          // the alternatives of the candidate resolve last returned
	// vars are the variables in view, newest last (see vars.go);
	// varFloor is where the enclosing function's start.
	vars     []localVar
	varFloor int
	// externs are the crates paths name with no use or extern crate
	// (`serde_json::to_string(…)`: the extern prelude), in order, each
	// with the span of its first path; run imports them (dependencies_inline.go).
	externs []extract.RawImport
	// inlineMods are the module paths inline paths through those crates
	// pass through (`checksum::extra` of `checksum::extra::Extra`), each
	// with the span of its first path (dependencies_inline.go).
	inlineMods []extract.RawImport
	pathSpan   extract.Span // the span of the path pathRef resolves
}

func newWalker(x *ids, t *tree, loc location, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	w := &walker{x: x, t: t, loc: loc, lines: lines, out: out}
	w.clap.enabled = clapEnabled(t.Src)
	return w
}

// run emits the file's module symbol, walks the file and finishes the
// records that need the whole file.
func (w *walker) run() {
	w.addSymbol(lastSegment(w.loc.mod), w.loc.mod, extract.KindModule,
		extract.Span{End: uint32(len(w.t.Src))}, "", extract.NoParent)
	if len(w.t.Nodes) == 0 {
		return
	}
	root := w.moduleScope(w.loc.mod, extract.NoParent, nil)
	w.collect(0, root)
	w.walkList(0, root)
	w.commands()
	w.sortRefs()
	w.importExterns()
}

// walkList walks the children of a file, declaration list or block,
// handing each item the outer attributes written before it.
func (w *walker) walkList(list int32, sc *scope) {
	attrs := int32(noNode)
	for c := range w.t.Kids(list) {
		if w.t.Nodes[c].Kind == w.x.attrItem {
			if attrs == noNode {
				attrs = c
			}
			continue
		}
		w.item(c, attrs, sc)
		attrs = noNode
	}
	if attrs != noNode { // attributes with nothing after them (broken code)
		w.walkAttrs(attrs, noNode, sc)
	}
}

// walk dispatches on the node kind for anything below the item level;
// items met here (in broken code, or in expression position) are handled
// as items without attributes.
func (w *walker) walk(i int32, sc *scope) {
	x := w.x
	switch k := w.t.Nodes[i].Kind; k {
	case x.identifier, x.fieldIdent, x.lifetime, x.label, x.primitiveType, x.charLit,
		x.self, x.crate, x.super, x.metavar, x.visibility, x.shebang:
	case x.block:
		w.block(i, sc)
	case x.callExpr:
		w.call(i, sc)
	case x.macroInv:
		w.macro(i, sc)
	case x.scopedIdent:
		w.valuePath(i, sc)
	case x.typeIdent, x.scopedTypeIdent, x.genericType, x.traitBounds, x.abstractType,
		x.dynamicType, x.boundedType, x.functionType, x.typeBinding, x.removedBound,
		x.genericTypeTurbofish:
		w.typeExpr(i, sc)
	case x.strLit, x.rawStrLit:
		w.stringLit(i)
	case x.attrItem, x.innerAttrItem:
		w.attribute(i, sc)
	case x.letDecl:
		w.let(i, sc)
	case x.closureExpr:
		w.closure(i, sc)
	case x.forExpr:
		m := w.varMark()
		w.patternThen(i, sc)
		w.dropVars(m)
	case x.letCondition:
		w.patternThen(i, sc)
	case x.ifExpr, x.whileExpr: // scope the bindings of `if let` and `while let`
		m := w.varMark()
		w.walkKids(i, sc)
		w.dropVars(m)
	case x.matchExpr:
		w.match(i, sc)
	case x.structPattern, x.tupleStructPat:
		w.bindPattern(i, sc)
	case x.typeParams:
		w.typeParams(i, sc)
	case x.fnItem, x.fnSig, x.structItem, x.enumItem, x.unionItem, x.traitItem, x.implItem,
		x.modItem, x.constItem, x.staticItem, x.typeItem, x.macroDef, x.useDecl,
		x.externCrate, x.foreignMod, x.assocType:
		w.item(i, noNode, sc)
	default:
		w.walkKids(i, sc)
	}
}

func (w *walker) walkKids(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
	}
}

// block walks a block, in a scope of its own when it defines items or
// imports names.
func (w *walker) block(i int32, sc *scope) {
	m := w.varMark()
	if w.declares(i) {
		sc = sc.child(scopeBlock)
		w.collect(i, sc)
	}
	w.walkList(i, sc)
	w.dropVars(m)
}

// declares reports whether a block has item or use statements.
func (w *walker) declares(i int32) bool {
	for c := range w.t.Kids(i) {
		if w.isItem(w.t.Nodes[c].Kind) {
			return true
		}
	}
	return false
}

func (w *walker) isItem(k uint16) bool {
	x := w.x
	switch k {
	case x.fnItem, x.structItem, x.enumItem, x.unionItem, x.traitItem, x.modItem,
		x.constItem, x.staticItem, x.typeItem, x.macroDef, x.useDecl, x.externCrate, x.foreignMod:
		return true
	}
	return false
}

// let walks a let statement: its type and value, then binds its names,
// a plain name with the evidence of its type: the type written, else the
// value's.
func (w *walker) let(i int32, sc *scope) {
	x, t := w.x, w.t
	pat, typ, val := int32(noNode), int32(noNode), int32(noNode)
	for c := range t.Kids(i) {
		switch t.Nodes[c].Field {
		case x.fPattern:
			pat = c
			continue
		case x.fType:
			typ = c
		case x.fValue:
			val = c
		}
		w.walk(c, sc)
	}
	if pat != noNode {
		w.bindTyped(pat, typ, val, sc, sc)
	}
}

// closure binds its parameters in the enclosing scope (an approximation:
// Rust scopes them to the closure) and walks its types and body.
func (w *walker) closure(i int32, sc *scope) {
	x, t := w.x, w.t
	defer w.dropVars(w.varMark())
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind != x.closureParams {
			w.walk(c, sc)
			continue
		}
		for p := range t.Kids(c) {
			w.param(p, sc, sc)
		}
	}
}

// patternThen walks `for pat in value` and `let pat = value` conditions.
func (w *walker) patternThen(i int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(i) {
		if t.Nodes[c].Field == x.fPattern {
			w.bindPattern(c, sc)
		} else {
			w.walk(c, sc)
		}
	}
}

// match walks a match expression; its arms may dispatch clap commands.
func (w *walker) match(i int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind != x.matchBlock {
			w.walk(c, sc)
			continue
		}
		for arm := range t.Kids(c) {
			if t.Nodes[arm].Kind != x.matchArm {
				w.walk(arm, sc)
				continue
			}
			w.clapArm(arm, sc)
			m := w.varMark()
			for part := range t.Kids(arm) {
				if t.Nodes[part].Field == x.fPattern {
					w.bindPattern(part, sc)
				} else {
					w.walk(part, sc)
				}
			}
			w.dropVars(m)
		}
	}
}

// bindPattern binds the variables of a pattern as locals of sc and emits
// type refs for the paths it matches on.
func (w *walker) bindPattern(p int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Nodes[p].Kind {
	case x.identifier:
		if b := t.Raw(p); !isUpper(b) && len(b) > 0 {
			name := string(b)
			sc.bindLocal(name)
			w.pushVar(name, receiver{}) // shadows with no evidence
		}
	case x.shorthandFieldIdent:
		name := t.Text(p)
		sc.bindLocal(name)
		w.pushVar(name, receiver{})
	case x.tupleStructPat, x.structPattern:
		for c := range t.Kids(p) {
			if t.Nodes[c].Field == x.fType {
				w.patternPath(c, sc)
			} else {
				w.bindPattern(c, sc)
			}
		}
	case x.fieldPattern:
		if pat := t.Child(p, x.fPattern); pat != noNode {
			w.bindPattern(pat, sc)
		} else if n := t.Child(p, x.fName); n != noNode {
			w.bindPattern(n, sc)
		}
	case x.scopedIdent:
		w.patternPath(p, sc)
	case x.matchPattern, x.orPattern, x.refPattern, x.mutPattern, x.capturedPattern,
		x.tuplePattern, x.slicePattern, x.referencePattern:
		for c := range t.Kids(p) {
			if t.Nodes[c].Field == x.fCondition {
				w.walk(c, sc) // a match guard
				continue
			}
			w.bindPattern(c, sc)
		}
	default:
		w.walk(p, sc)
	}
}

// sortRefs puts refs in source order, keeping the command handlers'
// indices right.
func (w *walker) sortRefs() {
	refs := w.out.Refs
	if slices.IsSortedFunc(refs, cmpRef) {
		return
	}
	order := make([]int, len(refs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpRef(refs[a], refs[b]) })
	sorted := make([]extract.RawRef, len(refs))
	where := make([]int, len(refs))
	for to, from := range order {
		sorted[to] = refs[from]
		where[from] = to
	}
	w.out.Refs = sorted
	for i := range w.out.Commands {
		if h := w.out.Commands[i].Handler; h != extract.NoHandler {
			w.out.Commands[i].Handler = where[h]
		}
	}
}

func cmpRef(a, b extract.RawRef) int { return int(a.Span.Start) - int(b.Span.Start) }
