package python

import "github.com/orbitgraph/orbit/graph/extract"

// value is what the file says about an expression's value: a receiver
// chain (RESOLUTION.md) whose first element is a qualified name and whose
// further elements are member names or "()". The zero value means no
// evidence.
type value struct {
	chain []string
	alts  []string // alternatives for chain[0]: the other star imports
	// imported: chain is one dotted path rooted at an imported name, which
	// absorbs further attributes (mod.X is the qualified name "pkg.mod.X");
	// folds counts the attributes absorbed so far.
	imported bool
	folds    int
	// named: chain[0] names a definition itself (a class, an imported or
	// module-level name), not a value of some type.
	named bool
	// made: chain is [Q, "()"] for a named, callable Q (a class or function
	// call, not a call of some variable's value).
	made bool
	// calls: chain is a root (a class, an instance of T — self, an
	// annotated name —, a module-level variable, a called function) and
	// method calls only ([T, m, "()", n, "()"]): a type fact can name
	// it ("T.m().n()"); member: such a chain and a method not called yet.
	calls, member bool
	isVar         bool // chain[0] is a module-level variable
	fn            bool // chain[0] is a function not yet called
	self          bool // the instance (or class) parameter of a method
	// elem: the value is a container (List[T], Iterator[T], ...) and this
	// is the chain of its elements; chain is nil then, so a container is
	// never a receiver.
	elem []string
}

// with returns v's chain extended by step, in a new slice: chains are
// shared between scopes' type tables.
func (v value) with(step string) value {
	chain := make([]string, len(v.chain), len(v.chain)+1)
	copy(chain, v.chain)
	return value{chain: append(chain, step), alts: v.alts}
}

// valueOf evaluates a name, attribute, call, await or parenthesized
// expression to the evidence the file gives for its value.
func (w *walker) valueOf(i int32, sc *scope) value {
	if i == noNode {
		return value{}
	}
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier:
		return w.nameValue(t.Raw(i), sc)
	case x.attribute:
		attr := t.Child(i, x.fAttribute)
		v := w.valueOf(t.Child(i, x.fObject), sc)
		if attr == noNode || v.chain == nil || v.fn {
			return value{}
		}
		if v.imported {
			return value{chain: []string{v.chain[0] + "." + t.Text(attr)}, imported: true, folds: v.folds + 1, named: true}
		}
		r := v.with(t.Text(attr))
		r.member = len(v.chain) == 1 || v.calls
		return r
	case x.call:
		fn := t.Child(i, x.fFunction)
		if w.isSuperCall(fn, sc) {
			return w.superValue(i, sc)
		}
		v := w.valueOf(fn, sc)
		if v.imported && len(v.chain) == 1 && (v.chain[0] == "typing.cast" || v.chain[0] == "typing_extensions.cast") {
			return w.castValue(t.Child(i, x.fArguments), sc)
		}
		if v.chain != nil {
			r := v.with(extract.CallResult)
			r.made = v.named && !v.isVar && len(v.chain) == 1
			r.calls = v.member || r.made
			return r
		}
	case x.parenExpr, x.await:
		if c := t.FirstKid(i); c != noNode && t.Nodes[c].SubEnd == t.Nodes[i].SubEnd {
			return w.valueOf(c, sc)
		}
	}
	return value{}
}

// nameValue is the evidence for a bare name: an import, class or def gives
// its qualified name, a module-level variable with a type or alias fact
// stated above its own qualified name (pass 2 follows the fact), a local
// its tracked type. A name no
// statement binds may come from a star import.
func (w *walker) nameValue(name []byte, sc *scope) value {
	b, s, found := sc.lookup(name)
	switch {
	case !found && isBuiltin(name), !found && len(w.stars) == 0:
		return value{}
	case !found:
		q, alts := w.starCandidates(string(name))
		return value{chain: []string{q}, alts: alts, named: true}
	case b.kind == bindImport && b.target != "":
		return value{chain: []string{b.target}, alts: b.alts, imported: true, named: true}
	case b.kind == bindClass:
		return value{chain: []string{b.target}, named: true}
	case b.kind == bindDef:
		return value{chain: []string{b.target}, named: true, fn: true}
	case b.kind != bindVar:
	case s.kind == scopeModule && w.typed[string(name)]:
		return value{chain: []string{join(w.ns, string(name))}, named: true, isVar: true}
	case s.kind == scopeFunc && s.self != "" && string(name) == s.self:
		return value{chain: s.class.selfChain, self: true}
	case s.kind == scopeFunc || s.kind == scopeComp:
		return s.types[string(name)]
	}
	return value{}
}

// castValue is the value of typing.cast(T, v): an instance of T.
func (w *walker) castValue(args int32, sc *scope) value {
	if w.t.Kind(args) != w.x.argList {
		return value{}
	}
	if q := w.annotationType(w.t.FirstKid(args), sc); q != "" {
		return value{chain: []string{q}}
	}
	return value{}
}

// isSuperCall reports whether fn is the builtin super.
func (w *walker) isSuperCall(fn int32, sc *scope) bool {
	if w.t.Kind(fn) != w.x.identifier || string(w.t.Raw(fn)) != "super" {
		return false
	}
	_, _, found := sc.lookup(w.t.Raw(fn))
	return !found
}

// superValue is the value of super() or super(C, self) in a method of C:
// the first base of C, when the class statement names one.
func (w *walker) superValue(call int32, sc *scope) value {
	m := sc
	for m.kind == scopeComp && m.parent != nil {
		m = m.parent
	}
	if m.class == nil || m.class.base == "" {
		return value{}
	}
	if args := w.t.Child(call, w.x.fArguments); args != noNode && w.t.FirstKid(args) != noNode {
		first := w.t.FirstKid(args)
		if c := w.valueOf(first, sc); len(c.chain) != 1 || c.chain[0] != m.class.qual {
			return value{} // super(Other, obj): not the next class after this one
		}
	}
	return value{chain: []string{m.class.base}}
}

// memberCall is the candidate of a call to attribute i (obj.m): an
// imported module path gives the dotted name; any other evidence for obj
// gives a receiver; none gives nothing (a name-only ref).
func (w *walker) memberCall(i int32, sc *scope) (q string, recv, alts []string) {
	x, t := w.x, w.t
	attr := t.Child(i, x.fAttribute)
	v := w.valueOf(t.Child(i, x.fObject), sc)
	if attr == noNode || v.chain == nil || v.fn {
		return "", nil, nil
	}
	name := t.Text(attr)
	if v.imported {
		q = v.chain[0] + "." + name
		if w.modules[v.chain[0]] {
			return q, nil, nil // a module's function: mod.f(), a.b.f() after import a.b
		}
		// A from-imported name may be a module, a class or a variable of a
		// declared type (`from .globals import current_app`): pass 2 looks
		// the member up on its type, or takes q for a module's name.
		return q, v.chain, nil
	}
	return "", v.chain, v.alts
}
