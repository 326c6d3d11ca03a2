package python

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// nameTarget is the candidate qualified name of a bare name used in sc and
// whether the use deserves a ref. Imports give the imported name, defs and
// classes their qualified name, module-level names ns.name and unbound
// names the last star import's name, else ns.name. Local variables and
// parameters give no ref; builtins give no ref and the candidate
// "builtins.name" (which callers use to recognise __import__).
func (w *walker) nameTarget(name []byte, sc *scope, at uint32) (string, bool) {
	b, s, found := w.lookupAt(name, sc, at)
	switch {
	case !found && isBuiltin(name):
		return "builtins." + string(name), false
	case !found && len(w.stars) > 0:
		q, _ := w.starCandidates(string(name))
		return q, true
	case !found:
		return join(w.ns, string(name)), true
	case b.kind != bindVar:
		return b.target, true
	case s.kind == scopeModule:
		return join(w.ns, string(name)), true
	}
	return "", false
}

// chain collects into w.segs the identifiers of a dotted expression a.b.c
// and reports whether i is one.
func (w *walker) chain(i int32) bool {
	w.segs = w.segs[:0]
	return w.appendChain(i)
}

func (w *walker) appendChain(i int32) bool {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier:
		w.segs = append(w.segs, t.Raw(i))
		return true
	case x.attribute:
		obj, attr := t.Child(i, x.fObject), t.Child(i, x.fAttribute)
		if obj == noNode || attr == noNode || !w.appendChain(obj) {
			return false
		}
		w.segs = append(w.segs, t.Raw(attr))
		return true
	}
	return false
}

// chainTarget is the candidate of the chain in w.segs: the first name
// bound to an import or a class is replaced by its qualified name; any
// other chain (self.x, obj.m) has no candidate.
func (w *walker) chainTarget(sc *scope) string {
	b, _, found := sc.lookup(w.segs[0])
	if !found || (b.kind != bindImport && b.kind != bindClass) || b.target == "" {
		return ""
	}
	buf := make([]byte, 0, 64)
	buf = append(buf, b.target...)
	for _, s := range w.segs[1:] {
		buf = append(buf, '.')
		buf = append(buf, s...)
	}
	return string(buf)
}

// chainText is the chain in w.segs as written, dot-joined.
func (w *walker) chainText() string {
	buf := make([]byte, 0, 64)
	for i, s := range w.segs {
		if i > 0 {
			buf = append(buf, '.')
		}
		buf = append(buf, s...)
	}
	return string(buf)
}

// target resolves a name or attribute expression: its candidate, whether
// it deserves a ref, and the node naming it (the last identifier).
func (w *walker) target(i int32, sc *scope) (q string, emit bool, name int32) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier:
		q, emit = w.nameTarget(t.Raw(i), sc, t.Nodes[i].Start)
		return q, emit, i
	case x.attribute:
		attr := t.Child(i, x.fAttribute)
		if attr == noNode {
			return "", false, noNode
		}
		if w.chain(i) {
			q = w.chainTarget(sc)
		}
		return q, true, attr
	}
	return "", false, noNode
}

// exprRef emits a ref of the given kind for a name or attribute
// expression and returns its candidate. A called attribute gets the
// receiver its object's evidence gives (value.go); a name no statement
// binds gets the other star imports as alternatives. A zero-width name is
// one that tree-sitter inserted to recover from an error: it gets no ref.
func (w *walker) exprRef(i int32, sc *scope, kind extract.RefKind) string {
	q, emit, name := w.target(i, sc)
	if !emit || w.t.Nodes[name].End <= w.t.Nodes[name].Start {
		return q
	}
	r := extract.RawRef{Span: w.t.Span(name), Name: w.t.Text(name), Qualified: q, Kind: kind}
	switch {
	case name == i:
		r.Alternatives = w.nameAlternatives(w.t.Raw(i), sc)
	case kind == extract.RefCall:
		r.Qualified, r.Receiver, r.Alternatives = w.memberCall(i, sc)
	}
	w.out.Refs = append(w.out.Refs, r)
	return q
}

// starCandidates are the modules a name no statement binds may come from:
// the last star import first (it shadows the earlier ones), then the
// others, then this module.
func (w *walker) starCandidates(name string) (string, []string) {
	n := len(w.stars)
	alts := make([]string, 0, n)
	for i := n - 2; i >= 0; i-- {
		alts = append(alts, w.stars[i]+"."+name)
	}
	return w.stars[n-1] + "." + name, append(alts, join(w.ns, name))
}

// nameAlternatives are the further candidates of a bare name: a name no
// statement binds, in a module with star imports, and an imported name the
// scope also defines as a class or def (the fallback of an import that may
// fail).
func (w *walker) nameAlternatives(name []byte, sc *scope) []string {
	if len(w.stars) == 0 || isBuiltin(name) {
		if b, _, found := sc.lookup(name); found && b.kind == bindImport {
			return b.alts
		}
		return nil
	}
	if b, _, found := sc.lookup(name); found {
		if b.kind == bindImport {
			return b.alts
		}
		return nil
	}
	_, alts := w.starCandidates(string(name))
	return alts
}

func (w *walker) addRef(sp extract.Span, name, q string, kind extract.RefKind) int {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: name, Qualified: q, Kind: kind})
	return len(w.out.Refs) - 1
}

// call walks the callee's receiver, emits the callee's call ref, then reads
// special calls (environment reads, import_module) and walks the arguments:
// records come out in source order.
func (w *walker) call(i int32, sc *scope) {
	x, t := w.x, w.t
	q := ""
	if fn := t.Child(i, x.fFunction); fn != noNode {
		w.walk(fn, sc, false)
		q = w.exprRef(fn, sc, extract.RefCall)
	}
	if args := t.Child(i, x.fArguments); args != noNode {
		w.specialCall(q, args)
		w.walk(args, sc, false)
	}
}

// decorators emits a call ref for each decorator (@foo and @foo(...)),
// and the Click command ref cmd before the refs of decorator at.
func (w *walker) decorators(dec int32, sc *scope, at int32, cmd extract.RawRef) {
	x, t := w.x, w.t
	for d := range t.Kids(dec) {
		if d == at {
			w.out.Refs = append(w.out.Refs, cmd)
		}
		e := t.FirstKid(d)
		if t.Nodes[d].Kind != x.decorator || e == noNode {
			continue
		}
		w.walk(e, sc, false)
		if k := t.Nodes[e].Kind; k == x.identifier || k == x.attribute {
			w.exprRef(e, sc, extract.RefCall)
		}
	}
}

// valueRef emits a use ref for a name read as a value where it names a
// function, class or imported name: an argument (`sorted(xs, key=by_name)`),
// the object of an attribute when it names a function (`view.__name__`),
// an assigned or returned value (`handler = on_exit`, `return wrapper`), an
// element of a list, tuple, set or dict value, a default, an operand of
// `and`/`or`/`if else`. Callees, attribute names, targets and parameters are
// not in these places; local variables and builtins give no ref.
func (w *walker) valueRef(i int32, sc *scope) {
	if !w.valuePlace(i) || w.t.Nodes[i].End <= w.t.Nodes[i].Start {
		return
	}
	name := w.t.Raw(i)
	b, s, found := w.lookupAt(name, sc, w.t.Nodes[i].Start)
	if found && s.kind == scopeModule && s == sc && b.at > w.t.Nodes[i].Start {
		return // a module-level def below the use is not bound yet
	}
	if !found || (b.kind != bindDef && b.kind != bindClass && b.kind != bindImport) || b.target == "" {
		return
	}
	if p := w.t.Nodes[i].Parent; w.t.Nodes[p].Kind == w.x.attribute && b.kind != bindDef {
		return // mod.f, Class.m: the attribute's own ref names the member
	}
	w.out.Refs = append(w.out.Refs, extract.RawRef{
		Span: w.t.Span(i), Name: w.t.Text(i), Qualified: b.target, Kind: extract.RefUse,
	})
}

// valuePlace reports whether the identifier i stands where a value is read.
func (w *walker) valuePlace(i int32) bool {
	x, t := w.x, w.t
	p := t.Nodes[i].Parent
	if p < 0 {
		return false
	}
	f := t.Nodes[i].Field
	switch t.Nodes[p].Kind {
	case x.argList, x.list, x.tuple, x.set, x.returnStmt, x.condExpr, x.boolOp, x.yield, x.parenExpr:
		return true
	case x.keywordArg, x.pair, x.defaultParam, x.typedDefault:
		return f == x.fValue
	case x.assignment:
		return f == x.fRight
	case x.attribute:
		return f == x.fObject // a function's attribute: view.__name__ = name
	case x.exprList:
		// `return a, b` and `x = a, b`; not `del a, b`
		g := t.Nodes[p].Parent
		return g >= 0 && (t.Nodes[g].Kind == x.returnStmt ||
			t.Nodes[g].Kind == x.assignment && t.Nodes[p].Field == x.fRight)
	}
	return false
}

// attributeRead emits a use ref for obj.m read, not called nor assigned —
// a property read (`if self.debug:`), a method passed as a value
// (`key=self.sort_key`), a module's constant (`mod.DEFAULT`) — when the
// file gives evidence for obj (self, a typed local, an import): the member
// is then looked up in obj's type in pass 2, as for a call. A read of
// anything else (`data.items` of an unknown value) gets no ref.
func (w *walker) attributeRead(i int32, sc *scope) {
	x, t := w.x, w.t
	attr := t.Child(i, x.fAttribute)
	p := t.Nodes[i].Parent
	if attr == noNode || p < 0 || t.Nodes[attr].End <= t.Nodes[attr].Start {
		return
	}
	f := t.Nodes[i].Field
	switch t.Nodes[p].Kind {
	case x.call:
		if f == x.fFunction {
			return // the callee: call() emits its ref
		}
	case x.assignment, x.augAssign, x.forStmt, x.forIn:
		if f == x.fLeft {
			return
		}
	case x.decorator, x.deleteStmt, x.patternList, x.tuplePat, x.listPat, x.asPatternTarget:
		return
	}
	q, recv, alts := w.memberCall(i, sc)
	if q == "" && recv == nil {
		return
	}
	if recv == nil && t.Nodes[p].Kind == x.attribute && f == x.fObject {
		return // os.path in os.path.join: a prefix of the name the outer attribute gives
	}
	w.out.Refs = append(w.out.Refs, extract.RawRef{
		Span: t.Span(attr), Name: t.Text(attr), Qualified: q, Receiver: recv,
		Alternatives: alts, Kind: extract.RefUse,
	})
}

// lookupAt is sc.lookup for a name used at byte offset at: a class body
// runs in order, so a name it binds below the use — a def, a class, an
// assignment not yet run (`json_module = json` above `def json`,
// `f = staticmethod(f)`) — is not bound yet there, and the name is looked
// up in the enclosing scopes.
func (w *walker) lookupAt(name []byte, sc *scope, at uint32) (binding, *scope, bool) {
	b, s, found := sc.lookup(name)
	if found && s == sc && sc.kind == scopeClass && b.at > at && sc.parent != nil {
		return sc.parent.lookup(name)
	}
	return b, s, found
}
