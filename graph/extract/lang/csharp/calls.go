package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// invocation handles a call: a ref for what is called (after the refs of
// its receiver), an environment read, then the arguments.
func (w *walker) invocation(i int32) {
	fn := w.t.child(i, fields.function)
	args := w.t.child(i, fields.arguments)
	w.callee(fn)
	w.envConfig(fn, args)
	w.walk(args)
}

// callee emits the call ref of a called expression: M(), M<T>(),
// recv.M(), this.M(), a?.M(), A.B.M(). Anything else (a delegate returned
// by a call, a lambda) is walked without a call ref.
func (w *walker) callee(fn int32) {
	t := w.t
	switch t.kind(fn) {
	case kinds.ident, kinds.genericName:
		id := w.lastIdent(fn)
		if name := identText(t.text(id)); name != "nameof" {
			w.pendCall(id, name, "", false)
		}
		w.typeArgs(fn)
	case kinds.memberAccess:
		w.memberCall(fn, t.child(fn, fields.expression), t.child(fn, fields.name))
	case kinds.qualifiedName:
		w.memberCall(fn, t.child(fn, fields.qualifier), t.child(fn, fields.name))
	case kinds.condAccess:
		for c := range t.kids(fn) {
			if nm := t.child(c, fields.name); t.nodes[c].Kind == kinds.memberBinding && nm != noNode {
				w.addRef(w.lastIdent(nm), extract.RefCall, identText(t.text(w.lastIdent(nm))), "")
				w.typeArgs(nm)
			} else {
				w.walk(c)
			}
		}
	default:
		w.walk(fn)
	}
}

// memberCall handles recv.M(): a receiver that is a dotted name may name a
// type (candidate Type.M when the file defines both) or a using alias;
// this.M() looks in the enclosing type; any other receiver is walked and
// the call keeps its name only.
func (w *walker) memberCall(fn, recv, nm int32) {
	id := w.lastIdent(nm)
	if id == noNode {
		w.walkKids(fn)
		return
	}
	name := identText(w.t.text(id))
	switch {
	case recv == noNode && w.isThis(fn):
		w.pendCall(id, name, "this", false)
	case recv == noNode: // base.M()
		w.addRef(id, extract.RefCall, name, "")
	default:
		abs, ok := w.chain(recv)
		if !ok {
			w.walk(recv)
			w.addRef(id, extract.RefCall, name, "")
			break
		}
		var buf [8]seg
		segs := append(buf[:0], w.segs...)
		for _, s := range segs {
			w.typeArgs(s.generic)
		}
		w.pendCall(id, name, w.segPath(segs), abs)
	}
	w.typeArgs(nm)
}

// isThis reports whether a member access without an expression child
// starts with the keyword this (rather than base).
func (w *walker) isThis(fn int32) bool {
	rest := w.t.src[w.t.nodes[fn].Start:]
	return strings.HasPrefix(rest, "this") && (len(rest) == 4 || !isIdentByte(rest[4]))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// pendCall emits a call ref whose candidate is found after the walk.
func (w *walker) pendCall(id int32, name, recv string, abs bool) {
	ref := w.addRef(id, extract.RefCall, name, "")
	w.calls = append(w.calls, pendingCall{ref: ref, sc: w.sc, recv: recv, abs: abs})
}

// objectCreation handles `new T(...)`: a call ref to the type, then the
// arguments and initializer.
func (w *walker) objectCreation(i int32) {
	for c := range w.t.kids(i) {
		if w.t.nodes[c].Field == fields.typ {
			w.namedType(c, extract.RefCall, false)
		} else {
			w.walk(c)
		}
	}
}

// attribute handles [Name(args)]: a type ref to the attribute class, its
// serialization name if it gives one, then the arguments.
func (w *walker) attribute(i int32) {
	nm := w.t.child(i, fields.name)
	for c := range w.t.kids(i) {
		if c == nm {
			w.namedType(c, extract.RefType, true)
			w.serdeConfig(i, nm)
		} else {
			w.walk(c)
		}
	}
}
