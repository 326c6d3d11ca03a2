package rust

import "github.com/orbitgraph/orbit/graph/extract"

type scopeKind uint8

const (
	scopeModule scopeKind = iota // the file or an inline mod
	scopeItem                    // an impl, trait, fn or type signature: generic parameters, Self
	scopeBlock                   // a function body or a block with items of its own
)

// scope is one Rust name scope. Lookups go outward through item and block
// scopes up to the nearest module scope and stop there: a module does not
// see its parent's names without a `use`.
type scope struct {
	kind   scopeKind
	mod    string // module path of the nearest module scope
	prefix string // qualified prefix of the items defined here
	sym    int    // symbol index of what encloses items defined here, or NoParent
	self   string // the Self type's qualified name, "" outside impls and traits
	// selfRecv is the type the value self has: the impl's type or the
	// trait; "" where it is not known (a blanket impl, an impl for a
	// tuple or a dyn type) and outside impls and traits.
	selfRecv string
	fn       string // qualified name of the enclosing function, "" outside one
	// methods: functions defined directly here are methods (an impl or
	// trait body).
	methods bool
	// names maps item names and use bindings to qualified names; locals
	// holds variables and generic parameters, which get no refs.
	names  map[string]string
	locals map[string]bool
	globs  []string // glob imports: the paths before ::*
	parent *scope
}

func newModuleScope(mod string, sym int, parent *scope) *scope {
	return &scope{kind: scopeModule, mod: mod, prefix: mod, sym: sym, parent: parent}
}

// moduleScope opens the scope of the file's module or of an inline module
// and registers it, so that paths into it (super::X, crate::a::X) can
// follow the names it binds.
func (w *walker) moduleScope(mod string, sym int, parent *scope) *scope {
	s := newModuleScope(mod, sym, parent)
	if w.mods == nil {
		w.mods = make(map[string]*scope)
	}
	w.mods[mod] = s
	return s
}

// child opens an item or block scope inside s.
func (s *scope) child(kind scopeKind) *scope {
	return &scope{kind: kind, mod: s.mod, prefix: s.prefix, sym: s.sym, self: s.self,
		selfRecv: s.selfRecv, fn: s.fn, parent: s}
}

func (s *scope) bind(name, target string) {
	if s.names == nil {
		s.names = make(map[string]string)
	}
	if _, ok := s.names[name]; !ok {
		s.names[name] = target
	}
}

func (s *scope) bindLocal(name string) {
	if s.locals == nil {
		s.locals = make(map[string]bool)
	}
	s.locals[name] = true
}

// binding is what a name is bound to, as seen from a scope.
type binding uint8

const (
	unbound binding = iota
	boundLocal
	boundName
)

// lookup finds name in s and its enclosing scopes up to the module.
func (s *scope) lookup(name []byte) (binding, string) {
	for cur := s; cur != nil; cur = cur.parent {
		if cur.locals[string(name)] {
			return boundLocal, ""
		}
		if q, ok := cur.names[string(name)]; ok {
			return boundName, q
		}
		if cur.kind == scopeModule {
			break
		}
	}
	return unbound, ""
}

// eachGlob calls fn with the path of each glob import in scope,
// innermost first.
func (s *scope) eachGlob(fn func(string)) {
	for cur := s; cur != nil; cur = cur.parent {
		for _, g := range cur.globs {
			fn(g)
		}
		if cur.kind == scopeModule {
			break
		}
	}
}

// glob returns the path of the only glob import in scope, or "".
func (s *scope) glob() string {
	found, many := "", false
	s.eachGlob(func(g string) {
		if found != "" && found != g {
			many = true
		}
		found = g
	})
	if many {
		return ""
	}
	return found
}

// symbolParent is the Parent of a symbol defined directly in s.
func (s *scope) symbolParent() int {
	if s.sym < 0 {
		return extract.NoParent
	}
	return s.sym
}

// join appends a name to a qualified prefix.
func join(q, name string) string {
	if q == "" {
		return name
	}
	return q + "::" + name
}

// parentPath drops the last segment of a :: path; "" when there is none.
func parentPath(q string) string {
	for i := len(q) - 2; i >= 0; i-- {
		if q[i] == ':' && q[i+1] == ':' {
			return q[:i]
		}
	}
	return ""
}

// lastSegment returns what follows the last :: of a path.
func lastSegment(q string) string {
	for i := len(q) - 2; i >= 0; i-- {
		if q[i] == ':' && q[i+1] == ':' {
			return q[i+2:]
		}
	}
	return q
}
