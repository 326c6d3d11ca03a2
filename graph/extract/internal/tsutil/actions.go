package tsutil

// Actions is a walk's dispatch table: what the walk does with each node
// kind, so that it switches on a small integer instead of comparing
// kinds. The zero action is the default (walk the children); kinds past
// the table, such as ERROR, get it too.
type Actions[A ~uint8] []A

// NewActions returns a table for l's kinds, all at the zero action.
func NewActions[A ~uint8](l *Lang) Actions[A] {
	return make(Actions[A], l.Language.NodeKindCount())
}

// Set gives the kinds ids action act; ids past the table are ignored.
func (a Actions[A]) Set(act A, ids ...uint16) {
	for _, id := range ids {
		if int(id) < len(a) {
			a[id] = act
		}
	}
}

// SetNamed gives the kinds of l named names action act.
func (a Actions[A]) SetNamed(l *Lang, act A, names ...string) {
	for _, name := range names {
		a[l.KindID(name)] = act
	}
}

// Of returns kind k's action.
func (a Actions[A]) Of(k uint16) A {
	if int(k) < len(a) {
		return a[k]
	}
	return 0
}
