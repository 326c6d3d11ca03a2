package python

import "github.com/orbitgraph/orbit/graph/extract"

type scopeKind uint8

const (
	scopeModule scopeKind = iota
	scopeClass
	scopeFunc
	scopeComp // a lambda or a comprehension
)

// bindKind is what a name is bound to in a scope. When a scope binds a name
// more than once the strongest binding (the highest value) wins: an import
// says more than `x = None` in its except branch.
type bindKind uint8

const (
	bindVar bindKind = iota + 1
	bindDef
	bindClass
	bindImport
	bindNonlocal // `nonlocal x`: look in the enclosing function scopes
	bindGlobal   // `global x`: look in the module scope
)

type binding struct {
	kind   bindKind
	target string // qualified name of a def, class or imported name
	at     uint32 // where a def's or class's name starts, an assignment ends; 0: anywhere
	// alts: for an import, the class or def the same scope binds to the
	// name too, the fallback when the import names nothing indexed
	// (`try: from blinker import Namespace` / `except: class Namespace`).
	alts []string
}

// scope is one Python namespace: the module, a class body, a function, a
// lambda or a comprehension.
type scope struct {
	kind   scopeKind
	qual   string // qualified name of the scope's symbol; ns for the module
	sym    int    // index of the scope's symbol, extract.NoParent for the module
	names  map[string]binding
	parent *scope
	// types holds the values of a function's local variables with type
	// evidence, as of the statement being walked (localtypes.go).
	types map[string]value
	// class is, for a method's scope, the scope of its class, and self the
	// name of its instance (or class) parameter while it is not re-bound.
	class *scope
	self  string
	// base is, for a class scope, the candidate of its first base ("" when
	// there is none); selfChain is the receiver chain of its instances.
	base      string
	selfChain []string
}

func newScope(kind scopeKind, qual string, sym int, parent *scope) *scope {
	return &scope{kind: kind, qual: qual, sym: sym, names: make(map[string]binding), parent: parent}
}

// bind records a binding unless a stronger one is already there.
func (s *scope) bind(name string, b binding) {
	old, ok := s.names[name]
	switch {
	case ok && old.kind == bindImport && definesType(b) && len(old.alts) == 0:
		old.alts = []string{b.target}
		s.names[name] = old
		return
	case ok && old.kind >= b.kind:
		return
	case ok && b.kind == bindImport && definesType(old):
		b.alts = []string{old.target}
	}
	s.names[name] = b
}

// definesType reports a binding to a class or def of the scope's own.
func definesType(b binding) bool {
	return (b.kind == bindClass || b.kind == bindDef) && b.target != ""
}

// lookup finds the binding of name as seen from s, following Python's
// rules: class bodies are visible only to their own direct statements,
// `global` jumps to the module and `nonlocal` to the enclosing functions.
func (s *scope) lookup(name []byte) (binding, *scope, bool) {
	for cur := s; cur != nil; cur = cur.parent {
		if cur.kind == scopeClass && cur != s {
			continue
		}
		b, ok := cur.names[string(name)]
		if !ok || b.kind == bindNonlocal {
			continue
		}
		if b.kind == bindGlobal {
			cur = moduleOf(cur)
			b, ok = cur.names[string(name)]
			return b, cur, ok && b.kind < bindNonlocal
		}
		return b, cur, true
	}
	return binding{}, nil, false
}

func moduleOf(s *scope) *scope {
	for s.parent != nil {
		s = s.parent
	}
	return s
}

// symbolParent is the Parent of a symbol defined directly in s.
func (s *scope) symbolParent() int {
	if s.kind == scopeModule {
		return extract.NoParent
	}
	return s.sym
}

// join appends a name to a qualified prefix.
func join(q, name string) string {
	if q == "" {
		return name
	}
	return q + "." + name
}
