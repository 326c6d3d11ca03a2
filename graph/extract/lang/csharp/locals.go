package csharp

// local is a variable or parameter in scope with the evidence of its type
// (nil when the file does not say: it still hides a field of that name).
type local struct {
	name string
	ev   *evidence
}

// locals are the variables in scope, innermost last. Blocks, methods,
// lambdas and the statements that declare variables mark where their
// variables start; C# types are static, so a binding never changes.
type locals struct{ vars []local }

func (l *locals) mark() int { return len(l.vars) }

func (l *locals) endScope(m int) { l.vars = l.vars[:m] }

// bind declares name; evidence read from a variable is a value, never a
// type name.
func (l *locals) bind(name string, ev *evidence) {
	if ev != nil && ev.isName() {
		c := *ev
		c.value = true
		ev = &c
	}
	l.vars = append(l.vars, local{name: name, ev: ev})
}

// lookupLocal finds the innermost variable called name.
func (l *locals) lookupLocal(name string) (*evidence, bool) {
	for i := len(l.vars) - 1; i >= 0; i-- {
		if l.vars[i].name == name {
			return l.vars[i].ev, true
		}
	}
	return nil, false
}

// scoped walks i with the variables it declares dropped afterwards.
func (w *walker) scoped(i int32, walk func(int32)) {
	m := w.mark()
	walk(i)
	w.endScope(m)
}

// parameter binds a parameter (an implicitly typed lambda's too) and walks
// its type and default value.
func (w *walker) parameter(i int32) {
	t := w.t
	if t.Nodes[i].Kind == kinds.implicitParam {
		w.bind(identText(t.Text(i)), nil)
		return
	}
	w.walkKids(i)
	if nm := t.Child(i, fields.name); nm != noNode {
		w.bind(identText(t.Text(nm)), w.typeEvidence(t.Child(i, fields.typ)))
	}
}

// variableDecl walks a local declaration (Foo x = …, var x = new Foo(),
// using and for declarations) and binds its variables, each after its
// initializer.
func (w *walker) variableDecl(i int32) {
	t := w.t
	typ := t.Child(i, fields.typ)
	declared := w.typeEvidence(typ)
	implicit := t.Kind(typ) == kinds.implicitType
	for c := range t.Kids(i) {
		if c == typ {
			w.typeRef(c)
			continue
		}
		if t.Nodes[c].Kind != kinds.variableDeclarator {
			w.walk(c)
			continue
		}
		nm := t.Child(c, fields.name)
		var value int32 = noNode
		for v := range t.Kids(c) {
			if v != nm {
				value = v
				w.walk(v)
			}
		}
		if nm == noNode {
			continue
		}
		ev := declared
		if implicit {
			ev = w.evidenceOf(value)
		}
		w.bind(identText(t.Text(nm)), ev)
	}
}

// foreach binds its loop variable for the body.
func (w *walker) foreach(i int32) {
	t := w.t
	typ := t.Child(i, fields.typ)
	for c := range t.Kids(i) {
		switch {
		case c == typ:
			w.typeRef(c)
		case t.Nodes[c].Field == fields.left && t.Nodes[c].Kind == kinds.ident:
			w.bind(identText(t.Text(c)), w.typeEvidence(typ))
		default:
			w.walk(c)
		}
	}
}

// declaration binds the variable of a pattern (o is Foo f), an out
// argument (out Foo f) or a catch clause, in the enclosing block as C#
// scopes them.
func (w *walker) declaration(i int32) {
	w.walkKids(i)
	if nm := w.t.Child(i, fields.name); nm != noNode && w.t.Kind(nm) == kinds.ident {
		w.bind(identText(w.t.Text(nm)), w.typeEvidence(w.t.Child(i, fields.typ)))
	}
}
