package ruby

import "github.com/orbitgraph/orbit/graph/extract"

// evidence is what the file says about the class of an expression's value
// (DESIGN.md, Confidence): a head and the member and call steps applied to it. The
// head is the class around the walk (self, @x), or a constant path whose
// candidates need the whole file (Foo.new; Foo.create with smeth set) and
// are found after the walk.
type evidence struct {
	qual  string // a known head: the class of self
	path  string // else a constant path as written
	abs   bool   // written ::Foo
	cref  *cref  // where path was written
	smeth string // a singleton method called on path (Foo.create): the head is path.smeth
	rest  []string
}

// with is e followed by more steps; e is left as it is.
func (e *evidence) with(steps ...string) *evidence {
	if e == nil {
		return nil
	}
	c := *e
	c.rest = append(append(make([]string, 0, len(e.rest)+len(steps)), e.rest...), steps...)
	return &c
}

// selfEvidence is the class of self inside an instance method, or nil
// elsewhere (a class body or singleton method: self is the class object).
func (w *walker) selfEvidence() *evidence {
	if w.self != selfInstance || w.cref == nil {
		return nil
	}
	return &evidence{qual: w.cref.qual}
}

// evidenceOf is the evidence of an expression's class, or nil when the
// file does not say: Foo.new, self and instance variables in an instance
// method, typed locals, and calls on those.
func (w *walker) evidenceOf(i int32) *evidence {
	t := w.t
	switch t.Kind(i) {
	case kinds.self:
		return w.selfEvidence()
	case kinds.ivar:
		return w.selfEvidence().with(t.Text(i))
	case kinds.ident:
		name := t.Text(i)
		if w.isLocal(name) {
			return w.localEvidence(name)
		}
		return w.selfEvidence().with(name, extract.CallResult)
	case kinds.parens:
		if c := t.FirstKid(i); c >= 0 && t.Nodes[c].SubEnd == t.Nodes[i].SubEnd {
			return w.evidenceOf(c)
		}
	case kinds.call:
		return w.callEvidence(i)
	}
	return nil
}

// callEvidence is the evidence of a call's result: Foo.new is a Foo,
// Foo.m the result of singleton method m, recv.m and m the result of
// an instance method of what the receiver is.
func (w *walker) callEvidence(i int32) *evidence {
	t := w.t
	recv, m := t.Child(i, fields.receiver), t.Child(i, fields.method)
	if m < 0 || t.Kind(m) == kinds.super {
		return nil
	}
	name := t.Text(m)
	switch {
	case recv < 0:
		return w.selfEvidence().with(name, extract.CallResult)
	case w.isConstChain(recv):
		path, abs, _ := w.constPath(recv)
		if globalObjects[path] {
			return nil
		}
		ev := &evidence{path: path, abs: abs, cref: w.cref}
		if name == "new" {
			return ev
		}
		ev.smeth = name
		return ev.with(extract.CallResult)
	}
	return w.evidenceOf(recv).with(name, extract.CallResult)
}
