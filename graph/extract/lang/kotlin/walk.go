package kotlin

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// walker holds one file's analysis. It visits the flat tree once, in
// source order, so every record list comes out in source order.
type walker struct {
	t     *tree
	lines extract.LineIndex
	out   *extract.ExtractedFile
	pkg   string
	// fileTypes are the file's top-level classes, objects and type aliases,
	// fileFuncs its top-level functions and properties, imports its
	// single-name imports and aliases, all by simple name.
	fileTypes, fileFuncs, imports map[string]string
	fileProps                     map[string]struct{}   // the fileFuncs that are properties
	infos                         map[string]*classInfo // by qualified name
	frames                        []frame
	locals                        []local
	starImports                   []string // packages of `import a.b.*`, in order
	segs                          []int32  // scratch for dotted names
	quiet                         int      // > 0 inside @Suppress: no strings
}

func newWalker(t *tree, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	return &walker{
		t: t, lines: lines, out: out, fileTypes: map[string]string{}, fileFuncs: map[string]string{},
		imports: map[string]string{}, infos: map[string]*classInfo{}, fileProps: map[string]struct{}{},
	}
}

// run reads the package first (every qualified name starts with it) and
// what the file declares (a declaration may be used above it), then walks.
func (w *walker) run() {
	t := w.t
	for c := t.FirstKid(0); c >= 0; c = t.Next(c) {
		if t.Kind(c) == kinds.packageHeader && w.pkg == "" {
			w.pkg = w.dotted(t.ChildOfKind(c, kinds.qualifiedIdent))
		}
	}
	w.out.Namespace = w.pkg
	w.frames = append(w.frames, frame{q: w.pkg, sym: extract.NoParent})
	w.scanTopLevel(0)
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
	case actClass:
		w.classDecl(i)
	case actFunction:
		w.function(i)
	case actProperty:
		w.property(i)
	default:
		w.walkOther(i, act)
	}
}

// walkOther handles the less frequent kinds.
func (w *walker) walkOther(i int32, act uint8) {
	switch act {
	case actTypeAlias:
		w.typeAlias(i)
	case actCtor:
		w.secondaryCtor(i)
	case actEnumEntry:
		w.enumEntry(i)
	case actClassParams:
		w.classParams(i)
	case actTypeParams:
		w.typeParams(i)
	case actTypeConstraint:
		w.typeConstraint(i)
	case actImport:
		w.importDecl(i)
	case actPackage:
		w.packageHeader(i)
	case actInit:
		w.push(frame{sym: extract.NoParent, anon: true})
		w.children(i)
		w.pop()
	default:
		w.walkExpr(i, act)
	}
}

// walkExpr handles the expression kinds that produce records or scopes.
func (w *walker) walkExpr(i int32, act uint8) {
	switch act {
	case actAnnotation:
		w.annotation(i)
	case actCall:
		w.call(i)
	case actNavigation:
		w.navigation(i)
	case actInfix:
		w.infix(i)
	case actCallableRef:
		w.callableRef(i)
	case actString:
		w.stringLit(i)
	case actLambda:
		w.lambda(i)
	case actObjectLiteral:
		w.objectLiteral(i)
	case actIndex:
		w.index(i)
	case actLocals:
		w.bindNames(i)
		w.children(i)
	case actScope:
		w.scoped(i)
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

// lambda walks a lambda or anonymous function with its parameters (or
// the implicit `it`) bound as locals.
func (w *walker) lambda(i int32) {
	mark := len(w.locals)
	params := w.t.ChildOfKind(i, kinds.lambdaParams)
	if params < 0 {
		params = w.t.ChildOfKind(i, kinds.funcParams)
	}
	if params >= 0 {
		w.bindNames(params)
	} else if w.t.Kind(i) == kinds.lambda {
		w.bindLocal([]byte("it"), "")
	}
	w.top().lambdas++
	w.children(i)
	w.top().lambdas--
	w.locals = w.locals[:mark]
}

// bindNames binds the names a for loop, catch clause, when subject or
// parameter list declares as locals, each with its declared type.
func (w *walker) bindNames(i int32) {
	t := w.t
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch t.Kind(c) {
		case kinds.ident:
			if t.Kind(i) == kinds.catchBlock {
				w.bindValue(t.Raw(c), w.typeChain(t.Next(c)))
			}
		case kinds.varDecl, kinds.parameter:
			if n := t.ChildOfKind(c, kinds.ident); n >= 0 {
				w.bindValue(t.Raw(n), w.typeChain(t.Next(n)))
			}
		case kinds.multiVarDecl, kinds.lambdaParams:
			w.bindNames(c)
		}
	}
}

// scoped walks a block, for loop or catch clause: the names it declares
// end with it.
func (w *walker) scoped(i int32) {
	mark := len(w.locals)
	if t := w.t.Kind(i); t == kinds.forStmt || t == kinds.catchBlock {
		w.bindNames(i)
	}
	w.children(i)
	w.locals = w.locals[:mark]
}

// objectLiteral walks `object : T { ... }`: its supertypes are type refs,
// its body an anonymous scope.
func (w *walker) objectLiteral(i int32) {
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		if w.t.Kind(c) == kinds.classBody {
			w.anonBody(c)
		} else {
			w.walk(c)
		}
	}
}

// anonBody walks an object expression's or enum entry's body: a class
// scope whose declarations have no stable name.
func (w *walker) anonBody(body int32) {
	w.push(frame{class: true, anon: true, sym: extract.NoParent, info: w.scanBody(body, "")})
	w.children(body)
	w.pop()
}

// addRef emits a ref; a name missing from broken code gives none.
func (w *walker) addRef(i int32, name, q string, kind extract.RefKind) {
	w.addRefSpan(w.t.Span(i), name, q, kind)
}

func (w *walker) addRefSpan(sp extract.Span, name, q string, kind extract.RefKind) {
	w.addTargetSpan(sp, name, target{Q: q}, kind)
}

// addTargetSpan emits a ref to a target: a candidate with its
// alternatives, or a receiver chain.
func (w *walker) addTargetSpan(sp extract.Span, name string, tg target, kind extract.RefKind) {
	if name == "" {
		return
	}
	r := extract.RawRef{Span: sp, Name: name, Qualified: tg.Q, Kind: kind, Alternatives: tg.Alts}
	if tg.Recv != nil {
		r.Qualified, r.Receiver = "", tg.Recv
	}
	w.out.Refs = append(w.out.Refs, r)
}

func (w *walker) line(i int32) int { return w.lines.Line(w.t.Nodes[i].Start) }
