package java

// variable is a local, parameter or field in scope and what its value is
// known to be; a zero chain says nothing is known, but the name still
// shadows fields and types of the same name.
type variable struct {
	name  string
	value chain
}

// lookupVar finds the innermost variable of that name, or nil.
func (w *walker) lookupVar(name []byte) *variable {
	for v := len(w.vars) - 1; v >= 0; v-- {
		if w.vars[v].name == string(name) {
			return &w.vars[v]
		}
	}
	return nil
}

func (w *walker) bindVar(name int32, value chain) {
	if name >= 0 && w.t.Kind(name) == kinds.ident {
		w.vars = append(w.vars, variable{name: w.t.Text(name), value: value})
	}
}

// localVar declares the variables of `T x = …, y;`, `var x = …;` or a
// try resource, each visible from its declarator on.
func (w *walker) localVar(i int32) {
	t := w.t
	typ := t.Child(i, fields.typ)
	if t.Kind(i) == kinds.resource {
		w.walkDeclarator(i, typ)
		return
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if t.Nodes[c].Field == fields.declarator {
			w.walkDeclarator(c, typ)
		} else {
			w.walk(c)
		}
	}
}

// walkDeclarator walks a declarator's initializer, then binds its name:
// to the declared type, or for `var` to what the initializer evaluates to.
// An array (T x[]) is not a T.
func (w *walker) walkDeclarator(d, typ int32) {
	t := w.t
	name, value := t.Child(d, fields.name), t.Child(d, fields.value)
	w.childrenExcept(d, name)
	var c chain
	switch {
	case t.Child(d, fields.dimensions) >= 0:
	case t.Kind(typ) == kinds.typeIdent && string(t.Raw(typ)) == "var":
		c = w.value(value)
	default:
		c = w.typeChain(typ)
	}
	w.bindVar(name, c)
}

// param walks a formal, catch or varargs parameter and binds its name to
// its declared type (a multi-catch or varargs parameter has no one type).
func (w *walker) param(i int32) {
	t := w.t
	if t.Kind(i) == kinds.spreadParam {
		w.children(i)
		if d := t.ChildOfKind(i, kinds.varDeclarator); d >= 0 {
			w.bindVar(t.Child(d, fields.name), chain{})
		}
		return
	}
	name := t.Child(i, fields.name)
	w.childrenExcept(i, name)
	var c chain
	switch {
	case t.Child(i, fields.dimensions) >= 0:
	case t.Kind(i) == kinds.catchParam:
		if ct := t.ChildOfKind(i, kinds.catchType); ct >= 0 && t.Next(t.FirstKid(ct)) < 0 {
			c = w.typeChain(t.FirstKid(ct))
		}
	default:
		c = w.typeChain(t.Child(i, fields.typ))
	}
	w.bindVar(name, c)
}

// lambda walks a lambda in a scope of its own; untyped parameters are
// bound with nothing known, typed ones as parameters.
func (w *walker) lambda(i int32) {
	t := w.t
	mark := len(w.vars)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case t.Nodes[c].Field != fields.parameters:
			w.walk(c)
		case t.Kind(c) == kinds.ident:
			w.bindVar(c, chain{})
		case t.Kind(c) == kinds.inferredParams:
			for p := t.FirstKid(c); p >= 0; p = t.Next(p) {
				w.bindVar(p, chain{})
			}
		default:
			w.walk(c)
		}
	}
	w.vars = w.vars[:mark]
}

// enhancedFor binds the loop variable for the body only; `var` gives it no
// known type (the element type of the iterable is not in view).
func (w *walker) enhancedFor(i int32) {
	t := w.t
	mark := len(w.vars)
	name, typ := t.Child(i, fields.name), t.Child(i, fields.typ)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == name:
		case t.Nodes[c].Field == fields.body:
			var el chain
			if t.Child(i, fields.dimensions) < 0 {
				el = w.typeChain(typ)
			}
			w.bindVar(name, el)
			w.walk(c)
		default:
			w.walk(c)
		}
	}
	w.vars = w.vars[:mark]
}

// pattern binds the variable of `x instanceof T t` or `case T t` to T,
// in the enclosing scope (Java's flow scoping reaches past the if).
func (w *walker) pattern(i int32) {
	t := w.t
	var name, typ int32 = noNode, noNode
	if t.Kind(i) == kinds.instanceof {
		name, typ = t.Child(i, fields.name), t.Child(i, fields.right)
	} else {
		typ = t.FirstKid(i)
		name = t.Next(typ)
	}
	w.childrenExcept(i, name)
	if name >= 0 {
		w.bindVar(name, w.typeChain(typ))
	}
}

// bindMember binds a field, record component or enum constant of the
// class being scanned to [C, name]; in an anonymous body, to its declared
// type.
func (w *walker) bindMember(f *frame, name, typ int32) {
	if name < 0 {
		return
	}
	if f.q == "" {
		w.bindVar(name, w.typeChain(typ))
		return
	}
	w.bindVar(name, chain{Recv: []string{f.q, w.t.Text(name)}})
}
