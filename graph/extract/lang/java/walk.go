package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// walker holds one file's analysis. It visits the flat tree once, in
// source order, so every record list comes out in source order.
type walker struct {
	t     *tree
	lines extract.LineIndex
	out   *extract.ExtractedFile
	pkg   string
	// fileTypes are the file's top-level types, imports its single-type
	// imports and statics its single static imports, by simple name.
	fileTypes, imports, statics map[string]string
	// onDemand are the packages and types of the on-demand imports
	// (a.b.* and static a.b.C.*) in order; staticOnDemand the static ones.
	onDemandImports, staticOnDemand []string
	frames                          []frame
	vars                            []variable // locals, parameters and fields in scope, innermost last
	segs                            []int32    // scratch for dotted names
	quiet                           int        // > 0 inside @SuppressWarnings: no strings
}

func newWalker(t *tree, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{
		t: t, lines: lines, out: out,
		fileTypes: map[string]string{}, imports: map[string]string{}, statics: map[string]string{},
	}
}

// run reads the package first (every qualified name starts with it) and
// the top-level type names (a type may be used above its declaration),
// then walks the file.
func (w *walker) run() {
	t := w.t
	for c := t.FirstKid(0); c >= 0; c = t.Next(c) {
		if t.Kind(c) == kinds.packageDecl && w.pkg == "" {
			w.pkg = w.dotted(t.FirstKid(c))
		}
	}
	w.out.Namespace = w.pkg
	w.frames = append(w.frames, frame{q: w.pkg, sym: extract.NoParent})
	for c := t.FirstKid(0); c >= 0; c = t.Next(c) {
		if isTypeDecl(t.Kind(c)) {
			if n := t.Child(c, fields.name); n >= 0 {
				w.fileTypes[t.Text(n)] = jvm.Join(w.pkg, t.Text(n))
			}
		}
	}
	w.walk(0)
}

// walk dispatches on the node's kind.
func (w *walker) walk(i int32) {
	switch act := actions.Of(w.t.Nodes[i].Kind); act { // ERROR nodes: their children
	case actChildren:
		w.children(i)
	case actNothing:
	case actTypeRef:
		w.typeRef(i)
	case actTypeDecl:
		w.typeDecl(i)
	case actMethod:
		w.method(i)
	case actField:
		w.field(i)
	case actEnumConst:
		w.enumConst(i)
	default:
		w.walkExpr(i, act)
	}
}

// walkExpr handles the kinds that are not declarations.
func (w *walker) walkExpr(i int32, act uint8) {
	switch act {
	case actAnnotation:
		w.annotation(i)
	case actCall:
		w.call(i)
	case actMethodRef:
		w.methodRef(i)
	case actCtorCall:
		w.ctorCall(i)
	case actNew:
		w.newExpr(i)
	case actString:
		w.stringLit(i)
	case actImport:
		w.importDecl(i)
	case actPackage:
		w.packageDecl(i)
	case actTypeParams:
		w.typeParams(i)
	default:
		w.walkLocals(i, act)
	}
}

// walkLocals handles the kinds that declare or scope local variables.
func (w *walker) walkLocals(i int32, act uint8) {
	switch act {
	case actScope:
		mark := len(w.vars)
		w.children(i)
		w.vars = w.vars[:mark]
	case actLocalVar:
		w.localVar(i)
	case actParam:
		w.param(i)
	case actLambda:
		w.lambda(i)
	case actEnhancedFor:
		w.enhancedFor(i)
	case actPattern:
		w.pattern(i)
	}
}

func (w *walker) children(i int32) {
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		w.walk(c)
	}
}

// childrenExcept walks the children of i but skip.
func (w *walker) childrenExcept(i, skip int32) {
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		if c != skip {
			w.walk(c)
		}
	}
}

// newExpr walks `new X(args)`; an anonymous class body is a scope of its
// own whose declarations are not symbols.
func (w *walker) newExpr(i int32) {
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		if w.t.Kind(c) == kinds.classBody {
			w.anonBody(c, w.typeChain(w.t.Child(i, fields.typ)))
		} else {
			w.walk(c)
		}
	}
}

// addRef emits a ref; a name missing from broken code gives none.
func (w *walker) addRef(i int32, name, q string, kind extract.RefKind) {
	w.addRefSpan(w.t.Span(i), name, q, kind)
}

func (w *walker) addRefSpan(sp extract.Span, name, q string, kind extract.RefKind) {
	if name != "" {
		w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: name, Qualified: q, Kind: kind})
	}
}

// addTarget emits a ref to a target: a candidate with its alternatives,
// or a receiver chain (with a candidate, the one to take when the
// receiver's type has no such member).
func (w *walker) addTarget(i int32, name string, tg target, kind extract.RefKind) {
	if name == "" {
		return
	}
	r := extract.RawRef{Span: w.t.Span(i), Name: name, Qualified: tg.Q, Kind: kind, Alternatives: tg.Alts}
	if tg.Recv != nil {
		r.Receiver = tg.Recv
	}
	w.out.Refs = append(w.out.Refs, r)
}

func (w *walker) line(i int32) int { return w.lines.Line(w.t.Nodes[i].Start) }
