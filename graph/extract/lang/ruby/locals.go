package ruby

// locals tracks the local variables in scope, so that a bare identifier
// that names none is read as a receiverless call (as Ruby reads it). A def,
// class or module body starts a scope of its own; a block sees the
// variables around it. Names are substrings of the source: no allocation.
type locals struct {
	names []string
	evs   []*evidence // the type evidence of each binding, or nil
	base  int         // where the innermost def, class or module scope starts
}

// scopeMark restores a scope: endScope(mark) drops what it bound.
type scopeMark struct{ n, base int }

func (l *locals) hardScope() scopeMark {
	m := scopeMark{len(l.names), l.base}
	l.base = len(l.names)
	return m
}

func (l *locals) softScope() scopeMark { return scopeMark{len(l.names), l.base} }

func (l *locals) endScope(m scopeMark) {
	l.names, l.evs, l.base = l.names[:m.n], l.evs[:m.n], m.base
}

// bind binds name with no type evidence (a new binding hides an older
// one's evidence: reassignment without evidence loses the type).
func (l *locals) bind(name string) { l.bindTyped(name, nil) }

func (l *locals) bindTyped(name string, ev *evidence) {
	l.names = append(l.names, name)
	l.evs = append(l.evs, ev)
}

// localEvidence is the type evidence of local variable name, or nil.
func (l *locals) localEvidence(name string) *evidence {
	for i := len(l.names) - 1; i >= l.base; i-- {
		if l.names[i] == name {
			return l.evs[i]
		}
	}
	return nil
}

func (l *locals) isLocal(name string) bool {
	for i := len(l.names) - 1; i >= l.base; i-- {
		if l.names[i] == name {
			return true
		}
	}
	return false
}

// bindParams binds the parameters of a method, block or lambda and walks
// their default values, each after the parameters before it are bound.
func (w *walker) bindParams(list int32) {
	if list < 0 {
		return
	}
	t := w.t
	for p := range t.Kids(list) {
		switch t.Nodes[p].Kind {
		case kinds.ident:
			w.bind(t.Text(p))
		case kinds.optParam, kinds.kwParam:
			w.bind(t.Text(t.Child(p, fields.name)))
			w.walk(t.Child(p, fields.value))
		case kinds.splatParam, kinds.hashSplatParam, kinds.blockParam:
			if nm := t.Child(p, fields.name); nm >= 0 {
				w.bind(t.Text(nm))
			}
		case kinds.destructParam:
			w.bindParams(p)
		}
	}
}

// bindTargets binds the plain names an assignment, loop or rescue writes;
// attribute and index targets are walked as expressions.
func (w *walker) bindTargets(i int32) {
	t := w.t
	switch t.Kind(i) {
	case kinds.ident:
		w.bind(t.Text(i))
	case kinds.leftList, kinds.destruct, kinds.restAssign, kinds.exceptionVar:
		for c := range t.Kids(i) {
			w.bindTargets(c)
		}
	case kinds.constant, kinds.scopeRes:
		w.constDef(i, noNode, i)
	default:
		w.walk(i)
	}
}

// bindPattern binds the names a pattern of case/in captures; constants in
// it are references.
func (w *walker) bindPattern(i int32) {
	t := w.t
	switch t.Kind(i) {
	case kinds.ident:
		w.bind(t.Text(i))
	case kinds.constant, kinds.scopeRes:
		w.constRef(i)
	case kinds.keywordPattern:
		if v := t.Child(i, fields.value); v >= 0 {
			w.bindPattern(v)
		} else {
			w.bind(t.Text(t.Child(i, fields.key)))
		}
	default:
		for c := range t.Kids(i) {
			w.bindPattern(c)
		}
	}
}

// block walks a block or lambda: its parameters are its own, the
// variables around it stay visible.
func (w *walker) block(i int32) {
	mark := w.softScope()
	for c := range w.t.Kids(i) {
		if k := w.t.Nodes[c].Kind; k == kinds.blockParams || k == kinds.lambdaParams {
			w.bindParams(c)
		} else {
			w.walk(c)
		}
	}
	w.endScope(mark)
}

// forLoop binds the loop variables (for has no scope of its own).
func (w *walker) forLoop(i int32) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == fields.pattern {
			w.bindTargets(c)
		} else {
			w.walk(c)
		}
	}
}

// inClause binds the captures of an `in` pattern, then walks the rest.
func (w *walker) inClause(i int32) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == fields.pattern {
			w.bindPattern(c)
		} else {
			w.walk(c)
		}
	}
}
