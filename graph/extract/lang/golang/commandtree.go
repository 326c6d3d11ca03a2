package golang

import "github.com/orbitgraph/orbit/graph/extract"

// handlerTarget names the handler of a Run/RunE value: a function name or
// pkg.Func, or the one call a func literal's body makes (a single call
// statement or `return call`). Anything else — a method value, a local, a
// longer body — has none ("", "").
func (x *fileExtractor) handlerTarget(v int32) (name, target string) {
	v = x.t.unwrap(v)
	if x.t.Kind(v) != kinds.funcLit {
		return x.calleeTarget(v, nil)
	}
	call := x.singleCall(x.t.Child(v, fields.body))
	if call < 0 {
		return "", ""
	}
	var params []string
	for p := x.t.FirstKid(x.t.Child(v, fields.parameters)); p >= 0; p = x.t.Next(p) {
		for c := x.t.FirstKid(p); c >= 0; c = x.t.Next(c) {
			if x.t.Nodes[c].Field == fields.name {
				params = append(params, x.t.Text(c))
			}
		}
	}
	return x.calleeTarget(x.t.unwrap(x.t.Child(call, fields.function)), params)
}

// calleeTarget is the candidate of a called or referenced function: f, or
// pkg.F, or pkg.T.M; names in shadow (a literal's parameters) have none.
func (x *fileExtractor) calleeTarget(e int32, shadow []string) (name, target string) {
	switch x.t.Kind(e) {
	case kinds.ident:
		name = x.t.Text(e)
		if _, isType := x.types[name]; isType || contains(shadow, name) {
			return "", ""
		}
		if cand, ok := x.localCandidate(name, true); ok {
			return name, cand
		}
	case kinds.selectorExpr:
		op := x.t.Child(e, fields.operand)
		if contains(shadow, x.t.Text(op)) {
			return "", ""
		}
		name = x.t.Text(x.t.Child(e, fields.field))
		if path, ok := x.importPath(x.t.Text(op)); ok && x.t.Kind(op) == kinds.ident {
			return name, path + "." + name
		}
		if cand, ok := x.qualifiedValue(op); ok {
			return name, cand + "." + name
		}
	}
	return "", ""
}

// singleCall returns the call of a block holding only `call(...)` or
// `return call(...)`, or -1.
func (x *fileExtractor) singleCall(block int32) int32 {
	stmt := x.t.onlyChild(x.t.ChildOfKind(block, kinds.statementList))
	switch x.t.Kind(stmt) {
	case kinds.exprStmt:
		stmt = x.t.onlyChild(stmt)
	case kinds.returnStmt:
		stmt = x.t.onlyChild(x.t.onlyChild(stmt))
	default:
		return -1
	}
	if x.t.Kind(stmt) != kinds.callExpr {
		return -1
	}
	return stmt
}

// returnedCommand notes `return x` in a top-level function, so that a
// constructor returning a variable bound to a literal counts as well.
func (x *fileExtractor) returnedCommand(ret int32) {
	if !x.cmds.enabled || x.lits > 0 || x.fn == "" {
		return
	}
	if id := x.t.onlyChild(x.t.onlyChild(ret)); x.t.Kind(id) == kinds.ident {
		x.cmds.returns = append(x.cmds.returns, pendingReturn{x.fn, binding{x.fnDecl, x.t.Text(id)}})
	}
}

// addCommandCall notes parent.AddCommand(a, &b, newC(), pkg.NewD()).
func (x *fileExtractor) addCommandCall(callee, args int32) {
	if !x.cmds.enabled || x.t.Kind(callee) != kinds.selectorExpr ||
		x.t.Text(x.t.Child(callee, fields.field)) != "AddCommand" {
		return
	}
	parent := x.t.Child(callee, fields.operand)
	if x.t.Kind(parent) != kinds.ident {
		return
	}
	name := x.t.Text(parent)
	add := pendingAdd{decl: x.fnDecl, parent: name, span: x.span(x.t.parent(callee))}
	if !x.scope.has(name) {
		add.parentBinding = x.qualify(name)
	}
	for arg := x.t.FirstKid(args); arg >= 0; arg = x.t.Next(arg) {
		a := arg
		if x.t.Kind(a) == kinds.unaryExpr && x.t.Src[x.t.Nodes[a].Start] == '&' {
			a = x.t.FirstKid(a) // AddCommand(&cmd) for cmd := cobra.Command{...}
		}
		if ch, ok := x.childRef(a); ok {
			add.children = append(add.children, ch)
		}
	}
	x.cmds.adds = append(x.cmds.adds, add)
}

// childRef reads an argument of AddCommand: a variable, a call of a
// function of this package, or pkg.Var and pkg.NewCmd() of another.
func (x *fileExtractor) childRef(a int32) (childRef, bool) {
	fn := x.t.Child(a, fields.function)
	switch {
	case x.t.Kind(a) == kinds.ident:
		ch := childRef{name: x.t.Text(a)}
		if !x.scope.has(ch.name) {
			ch.binding = x.qualify(ch.name)
		}
		return ch, true
	case x.t.Kind(a) == kinds.callExpr && x.t.Kind(fn) == kinds.ident:
		return childRef{name: x.t.Text(fn), call: true, binding: x.qualify(x.t.Text(fn))}, true
	case x.t.Kind(a) == kinds.callExpr && x.t.Kind(fn) == kinds.selectorExpr:
		a = fn
	}
	if x.t.Kind(a) == kinds.selectorExpr {
		op := x.t.Child(a, fields.operand)
		if path, ok := x.importPath(x.t.Text(op)); ok && x.t.Kind(op) == kinds.ident {
			return childRef{binding: path + "." + x.t.Text(x.t.Child(a, fields.field))}, true
		}
	}
	return childRef{}, false
}

// finishCommands links children to parents, then emits one command row per
// literal whose full name is known, with its handler ref.
func (x *fileExtractor) finishCommands() {
	c := &x.cmds
	for _, r := range c.returns {
		if lit, ok := c.lookupVar(r.ret.decl, r.ret.name); ok {
			x.bindFunc(r.fn, lit)
		}
	}
	for _, a := range c.adds {
		p, ok := c.lookupVar(a.decl, a.parent)
		for _, ch := range a.children {
			lit, found := -1, false
			switch {
			case ch.call:
				lit, found = c.funcs[ch.name]
			case ch.name != "":
				lit, found = c.lookupVar(a.decl, ch.name)
			}
			if ok && found {
				if lit != p && c.lits[lit].parent < 0 {
					c.lits[lit].parent = p
				}
				continue
			}
			// One side is held in another file: core links them.
			edge := extract.CommandEdge{Parent: a.parentBinding, Child: ch.binding, Span: a.span}
			if ok && len(c.lits[p].bindings) > 0 {
				edge.Parent = c.lits[p].bindings[0]
			}
			if found && len(c.lits[lit].bindings) > 0 {
				edge.Child = c.lits[lit].bindings[0]
			}
			if edge.Parent != "" && edge.Child != "" {
				x.out.CommandEdges = append(x.out.CommandEdges, edge)
			}
		}
	}
	for i := range c.lits {
		x.emitCommand(i)
	}
}

// lookupVar finds a variable in the function first, then at package level.
func (c *commands) lookupVar(decl int32, name string) (int, bool) {
	if lit, ok := c.vars[binding{decl, name}]; ok {
		return lit, true
	}
	lit, ok := c.vars[binding{-1, name}]
	return lit, ok
}

// fullName is "root sub leaf" and the outermost literal of the chain; ok
// is false below a parent whose name is not a literal, and on a cycle.
func (c *commands) fullName(i, depth int) (name string, top int, ok bool) {
	l := &c.lits[i]
	switch {
	case !l.literal || depth > len(c.lits):
		return "", i, false
	case l.parent < 0:
		return l.base, i, true
	}
	p, top, ok := c.fullName(l.parent, depth+1)
	return p + " " + l.base, top, ok
}

// emitCommand writes literal i's row; a literal Use under a parent without
// a known name becomes a command ref instead (its path cannot be stated).
func (x *fileExtractor) emitCommand(i int) {
	l := &x.cmds.lits[i]
	if !l.literal {
		return // its non-literal Use already has a command ref
	}
	name, top, ok := x.cmds.fullName(i, 0)
	if !ok {
		x.out.Refs = append(x.out.Refs, extract.RawRef{Span: l.span, Name: l.base, Kind: extract.RefCommand})
		return
	}
	handler := extract.NoHandler
	if l.target != "" {
		handler = len(x.out.Refs)
		x.out.Refs = append(x.out.Refs, extract.RawRef{Span: l.span, Name: l.handler, Qualified: l.target, Kind: extract.RefHandler})
	}
	x.out.Commands = append(x.out.Commands, extract.RawCommand{Name: name, Span: l.span, Handler: handler,
		Body: l.body, Bindings: l.bindings, Top: x.cmds.lits[top].bindings})
}
