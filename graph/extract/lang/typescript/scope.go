package typescript

import "github.com/orbitgraph/orbit/graph/extract"

// bindKind is what a name is bound to in a scope. When a scope binds a name
// twice the stronger binding (the higher value) wins: `const User = ...`
// and `type User = ...` side by side make User a symbol.
type bindKind uint8

const (
	bindLocal  bindKind = iota + 1 // a variable, parameter or type parameter: no candidate
	bindSymbol                     // a function or constant of this file
	bindScope                      // a class, interface, enum or namespace: members chain with "."
	bindImport                     // an imported name ("src/a:get"): members chain with "."
	bindModule                     // a whole module ("src/a", "react"): members chain with ":"
)

type binding struct {
	kind   bindKind
	target string   // the candidate qualified name; "" for locals
	alts   []string // alternatives of target: the index-file form for a directory import ("src/a/index:get"), other tsconfig paths targets
	typ    *cand    // what the file says a variable's type is (a receiver chain); nil: nothing
}

// scope is one lexical scope: the module, a namespace, a class (for its
// type parameters), a function or a block.
type scope struct {
	prefix  string // qualified prefix of symbols defined here: "src/a:" or "src/a:C."
	sym     int    // Parent of symbols defined here
	names   map[string]binding
	exports map[string]bool // names an `export {a}` clause of this module or namespace exports
	this    *thisCtx        // what `this` is here, when this scope decides it; nil: as in parent
	results *results        // a function's scope: what its returns give (see returns.go); nil: as in parent
	parent  *scope
}

// thisCtx is what `this` and `super` stand for in a class body, a method
// or a constructor.
type thisCtx struct {
	class string // the class's qualified name; "" when unknown (an anonymous class, a plain function)
	base  cand   // the class's extends candidate, for super; zero when none
	ctor  bool   // in a constructor: `this.x = new T()` declares the type of field x
}

// unknownThis is `this` in a plain function or an object's method: a
// value the file does not type.
var unknownThis = &thisCtx{}

// thisOf is the innermost thisCtx; unknownThis outside any class.
func (sc *scope) thisOf() *thisCtx {
	for cur := sc; cur != nil; cur = cur.parent {
		if cur.this != nil {
			return cur.this
		}
	}
	return unknownThis
}

// retype sets the type evidence of the variable name, bound in sc or an
// enclosing scope, after it is assigned: a name that is not a variable of
// this file (an import, a class) is left alone.
func (sc *scope) retype(name []byte, typ cand) {
	for cur := sc; cur != nil; cur = cur.parent {
		b, ok := cur.names[string(name)]
		if !ok {
			continue
		}
		if b.kind == bindLocal || b.kind == bindSymbol {
			b.typ = nil
			if typ.recv != nil {
				b.typ = &typ
			}
			cur.names[string(name)] = b
		}
		return
	}
}

func newScope(prefix string, sym int, parent *scope) *scope {
	return &scope{prefix: prefix, sym: sym, parent: parent}
}

// inner is a scope that defines symbols under the same prefix and parent as
// sc: a block, an anonymous function.
func (sc *scope) inner() *scope { return newScope(sc.prefix, sc.sym, sc) }

// bind records a binding unless a stronger one is already there.
func (sc *scope) bind(name string, b binding) {
	if name == "" {
		return
	}
	if sc.names == nil {
		sc.names = make(map[string]binding)
	}
	if old, ok := sc.names[name]; ok && old.kind >= b.kind {
		return
	}
	sc.names[name] = b
}

// lookup finds the innermost binding of name.
func (sc *scope) lookup(name []byte) (binding, bool) {
	for cur := sc; cur != nil; cur = cur.parent {
		if b, ok := cur.names[string(name)]; ok {
			return b, true
		}
	}
	return binding{}, false
}

// exported reports whether an export clause of sc names name.
func (sc *scope) exported(name string) bool { return sc.exports[name] }

// markExported records a name an `export {a}` clause exports.
func (sc *scope) markExported(name string) {
	if sc.exports == nil {
		sc.exports = make(map[string]bool)
	}
	sc.exports[name] = true
}

// symbolBinding is the binding of a symbol of this kind: names that
// members are looked up in chain, others do not.
func symbolBinding(kind extract.SymbolKind, q string) binding {
	switch kind {
	case extract.KindClass, extract.KindInterface, extract.KindEnum, extract.KindNamespace, extract.KindModule:
		return binding{kind: bindScope, target: q}
	}
	return binding{kind: bindSymbol, target: q}
}
