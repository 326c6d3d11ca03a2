package rust

import "slices"

// receiver is what a value's type is known from (RESOLUTION.md): a
// Receiver chain and the alternatives for its first element. A nil chain
// means no evidence.
type receiver struct {
	chain []string
	alts  []string
}

// then is r followed by more steps; r itself is left as it was.
func (r receiver) then(steps ...string) receiver {
	if r.chain == nil {
		return receiver{}
	}
	return receiver{chain: append(slices.Clip(r.chain), steps...), alts: r.alts}
}

// localVar is one variable binding in view, with the evidence of its
// type: recv, or the written type typ read in scope ts when the variable
// is first used as a receiver (most parameters never are).
type localVar struct {
	name string
	recv receiver
	typ  int32
	ts   *scope
}

// The variables in view are a stack on the walker: a binding pushes,
// leaving a block (or closure, arm, loop, if) truncates back to its mark,
// and a function body starts a floor its lookups stop at, since nested
// fn items do not capture. The newest binding of a name wins, which is
// Rust's shadowing, `let` included.

// pushVar binds name with what its type is known from (possibly nothing).
func (w *walker) pushVar(name string, r receiver) {
	w.vars = append(w.vars, localVar{name: name, recv: r, typ: noNode})
}

// pushTypedVar binds name with the type written at typ (noNode: none).
func (w *walker) pushTypedVar(name string, typ int32, ts *scope) {
	w.vars = append(w.vars, localVar{name: name, typ: typ, ts: ts})
}

// varMark is where the current block's bindings start.
func (w *walker) varMark() int { return len(w.vars) }

// dropVars forgets the bindings made since mark.
func (w *walker) dropVars(mark int) {
	clear(w.vars[mark:])
	w.vars = w.vars[:mark]
}

// enterFn starts a function's floor and returns what leaveFn restores.
func (w *walker) enterFn() (mark, floor int) {
	mark, floor = len(w.vars), w.varFloor
	w.varFloor = mark
	return mark, floor
}

func (w *walker) leaveFn(mark, floor int) {
	w.dropVars(mark)
	w.varFloor = floor
}

// lookupVar finds the newest binding of name in view.
func (w *walker) lookupVar(name []byte) (receiver, bool) {
	for i := len(w.vars) - 1; i >= w.varFloor; i-- {
		if v := &w.vars[i]; v.name == string(name) {
			if v.typ != noNode {
				v.recv, v.typ, v.ts = w.typeReceiver(v.typ, v.ts), noNode, nil
			}
			return v.recv, true
		}
	}
	return receiver{}, false
}
