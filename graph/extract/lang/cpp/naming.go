package cpp

import (
	"cmp"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Qualified names.
//
//   - C++: "ns::Class::method", free functions "ns::fn"; an out-of-line
//     definition "A::b" inside namespace ns is "ns::A::b"; template
//     arguments are left out ("V<int>::f" is "V::f").
//   - C: the name itself; struct, union and enum tags too ("point", not
//     "struct point"), so a tag and a typedef of the same name share it.
//   - Internal linkage (static at file or namespace scope, anything in an
//     anonymous namespace) and macros, when defined in a source file:
//     "<path>:<name>" ("src/a.c:helper", "src/a.cc:ns::helper"). In a
//     header they keep the plain name: every file that includes the header
//     sees them, so that is how callers elsewhere name them.
//
// Candidates (RawRef.Qualified) come from what the file itself says:
//
//   - A plain name: a macro the file defines; else what the file defines in
//     the enclosing classes and namespaces, innermost first; else, at
//     global scope (always, in C), the name itself: the global one. Inside
//     a namespace, a class or a method body an unknown name gets "": it may
//     live in another file of that namespace, in a base class, or in a
//     namespace a using-directive brought in (using-directives are not
//     followed).
//     Alternatives then name it in each enclosing scope, innermost first
//     (inside namespace a::b: a::b::f, a::f, f), and a plain call in a
//     method body is looked up as a member of the method's class (a
//     Receiver).
//   - A qualified name "x::f": prefixed by the innermost enclosing scope in
//     which the file defines x; as written otherwise, with the enclosing
//     scopes' prefixes as Alternatives; "::f" is "f".
//   - Member calls (obj.f(), p->f()): a Receiver when the file says what
//     obj is (receivers.go), none otherwise; #include refs: "".
//   - Calls through locals, parameters and template parameters, and the
//     standard typedefs (size_t, uint32_t...) get no ref at all.

// isHeader reports whether path is a header: anything but a source file
// extension, so that extensionless standard headers ("vector") count.
func isHeader(path string) bool {
	return !extract.HasExt(path, ".c", ".cc", ".cpp", ".cxx", ".c++")
}

// scopeInfo is a namespace or class the walk is in; scope 0 is global.
type scopeInfo struct {
	qual   string
	parent int32
}

// def is a name the file defines, found by unqualified lookup in scope.
type def struct{ scope, qual string }

// scopeKind tells namespaces from classes among the scopes a file defines.
type scopeKind uint8

const (
	knownNamespace scopeKind = iota + 1
	knownClass
)

// pending is a ref (or relation) whose candidate resolve fills in.
type pending struct {
	ref, rel int    // index into out.Refs or out.Relations; -1 for none
	scope    int32  // where the name was written
	written  string // the qualified name as written, "" for a plain name
	global   bool   // written with a leading "::"
	recv     *recvSpec
	// cls is the class of the method a plain call was written in: a name
	// the file does not define there is looked up as its member.
	cls string
}

// names is what a file defines, for resolve.
type names struct {
	scopes    []scopeInfo
	defs      map[string][]def     // by short name
	macros    map[string]string    // macro name → qualified name
	known     map[string]scopeKind // namespaces and classes defined here
	internals map[string]string    // public spelling → internal qualified name
	classes   map[string]int       // class qualified name → symbol index
	usings    map[string]string    // a name a using-declaration brings → what it names
	pending   []pending
	facts     []pendingFact
}

func newNames() names {
	return names{
		scopes: []scopeInfo{{parent: -1}}, defs: map[string][]def{}, macros: map[string]string{},
		known: map[string]scopeKind{}, internals: map[string]string{}, classes: map[string]int{}, usings: map[string]string{},
	}
}

// scopeQual is the qualified name of the current namespace or class.
func (w *walker) scopeQual() string { return w.scopes[w.scope].qual }

// join appends a name to a qualified prefix.
func join(q, name string) string {
	if q == "" {
		return name
	}
	return q + "::" + name
}

// linkName prefixes an internal-linkage name defined in a source file.
func (w *walker) linkName(q string, internal bool) string {
	if internal && !w.header {
		return w.path + ":" + q
	}
	return q
}

// define records that name, looked up in scope, means qual. An internal
// definition wins over a public one (C: static then extern is static).
func (w *walker) define(name, scope, qual string) {
	public := join(scope, name)
	if qual != public {
		w.internals[public] = qual
	}
	ds := w.defs[name]
	for i := range ds {
		if ds[i].scope == scope {
			if qual != public {
				ds[i].qual = qual
			}
			return
		}
	}
	w.defs[name] = append(ds, def{scope: scope, qual: qual})
}

// pushScope enters a namespace or class and returns the scope to restore.
func (w *walker) pushScope(qual string) int32 {
	outer := w.scope
	w.scopes = append(w.scopes, scopeInfo{qual: qual, parent: outer})
	w.scope = int32(len(w.scopes) - 1)
	return outer
}

// addSymbol appends a symbol under the current parent.
func (w *walker) addSymbol(name, qual string, kind extract.SymbolKind, sp extract.Span, sig string) int {
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: qual, Kind: kind, Span: sp, Signature: capSignature(sig), Parent: w.parent,
	})
	return len(w.out.Symbols) - 1
}

// declare adds a symbol named in the current scope and records its name.
func (w *walker) declare(name string, kind extract.SymbolKind, sp extract.Span, sig string, internal bool) int {
	scope := w.scopeQual()
	qual := w.linkName(join(scope, name), internal)
	if !internal && (kind == extract.KindFunction || kind == extract.KindFunctionDeclaration) {
		// `static int f(void);` then `int f(void) { … }`: a function
		// declared without static after a static declaration is static
		// (C11 6.2.2p5, C++ [basic.link]): the definition is the
		// prototype's internal function.
		if q, ok := w.internals[join(scope, name)]; ok {
			qual = q
		}
	}
	w.define(name, scope, qual)
	return w.addSymbol(name, qual, kind, sp, sig)
}

// addRef appends a ref whose candidate resolve computes from written (a
// qualified name as written, or "" for the plain name).
func (w *walker) addRef(sp extract.Span, name string, kind extract.RefKind, written string, global bool) {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: name, Kind: kind, Args: w.takeArgs(kind)})
	w.pending = append(w.pending, pending{ref: len(w.out.Refs) - 1, rel: -1, scope: w.scope, written: written, global: global})
}

// addRecvRef appends a member call ref whose receiver resolve computes
// from r (nil: by name only).
func (w *walker) addRecvRef(sp extract.Span, name string, r *recvSpec) {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: name, Kind: extract.RefCall, Args: w.takeArgs(extract.RefCall)})
	if r != nil {
		w.pending = append(w.pending, pending{ref: len(w.out.Refs) - 1, rel: -1, recv: r})
	}
}

// takeArgs is the argument count of the call being walked for the first
// call ref its callee adds; the call's other refs get none.
func (w *walker) takeArgs(kind extract.RefKind) extract.Arity {
	if kind != extract.RefCall {
		return extract.Arity{}
	}
	a := w.args
	w.args = extract.Arity{}
	return a
}

// resolve fills in the candidates of the file's refs, relations and facts.
func (w *walker) resolve() {
	w.resolveFacts()
	for _, p := range w.pending {
		if p.ref >= 0 {
			w.resolveRef(&w.out.Refs[p.ref], p)
			continue
		}
		r := &w.out.Relations[p.rel]
		name := r.To
		switch r.To = w.candidate(p, name); {
		case r.To != "":
		case p.written == "" || p.written == name && !p.global:
			// A base this file does not define: the enclosing
			// namespace's (`class SpecialEnv : public EnvWrapper` in
			// namespace leveldb), as C++ looks it up there before the
			// global one.
			r.To = join(w.namespaceOf(p.scope), name)
		default: // unknown: as written
			r.To = cmp.Or(p.written, name)
		}
	}
}

// resolveRef fills in one ref: its receiver, or its candidates.
func (w *walker) resolveRef(r *extract.RawRef, p pending) {
	switch {
	case p.recv != nil:
		w.setReceiver(r, p.recv)
	case p.cls != "" && p.written == "":
		if r.Qualified = w.lookupName(r.Name, p.scope); r.Qualified == "" {
			// Not the class's member: a function of its namespace.
			r.Receiver = []string{w.classQual(p.cls)}
			r.Qualified = join(w.namespaceOf(p.scope), r.Name)
		}
	default:
		r.Qualified, r.Alternatives = w.candidates(p, r.Name)
	}
}

// namespaceOf is the innermost namespace around scope: the scope itself,
// or the one its classes are in.
func (w *walker) namespaceOf(scope int32) string {
	for s := scope; s > 0; s = w.scopes[s].parent {
		if q := w.scopes[s].qual; w.known[q] != knownClass {
			return q
		}
	}
	return ""
}

// candidates are the names a ref may mean, most likely first, and the
// others (see the comment at the top of the file).
func (w *walker) candidates(p pending, name string) (string, []string) {
	if p.written == "" || p.written == name && !p.global {
		if q := w.lookupName(name, p.scope); q != "" || p.scope == 0 {
			return q, nil
		}
		qual := w.scopes[p.scope].qual
		first, alts := "", make([]string, 0, strings.Count(qual, "::")+1)
		for s := qual; s != ""; s, _ = splitLast(s) {
			c := s + "::" + name
			if lastSegment(s) == name { // inside class K, K is the class
				c = s
			}
			switch {
			case first == "":
				first = c
			case c != first && !slices.Contains(alts, c):
				alts = append(alts, c)
			}
		}
		if name != first && !slices.Contains(alts, name) {
			alts = append(alts, name)
		}
		if len(alts) == 0 {
			alts = nil
		}
		return first, alts
	}
	q := w.lookupQualified(p)
	if q != p.written || p.global || p.scope == 0 || strings.HasPrefix(q, "std::") {
		return q, nil
	}
	qual := w.scopes[p.scope].qual
	alts := make([]string, 0, strings.Count(qual, "::")+1)
	for s := qual; s != ""; s, _ = splitLast(s) {
		alts = append(alts, s+"::"+q)
	}
	return q, alts
}

func (w *walker) candidate(p pending, name string) string {
	if p.written == "" || p.written == name && !p.global {
		return w.lookupName(name, p.scope)
	}
	return w.lookupQualified(p)
}

// lookupName finds a plain name: a macro, then what the file defines in
// the enclosing classes and namespaces, innermost first. A name the file
// does not define is the global one at global scope, and unknown ("")
// inside a namespace or class, where it may be defined in another file.
func (w *walker) lookupName(name string, scope int32) string {
	if q, ok := w.macros[name]; ok {
		return q
	}
	for s := scope; s >= 0; s = w.scopes[s].parent {
		for _, d := range w.defs[name] {
			if d.scope == w.scopes[s].qual {
				return d.qual
			}
		}
	}
	if scope == 0 {
		return name
	}
	return ""
}

// lookupQualified finds "x::y::n": prefixed by the innermost enclosing
// scope in which this file defines x, as written otherwise.
func (w *walker) lookupQualified(p pending) string {
	q := p.written
	if first, rest, ok := strings.Cut(q, "::"); ok && !p.global && w.usings[first] != "" {
		q = w.usings[first] + "::" + rest // using leveldb::DB; DB::Open
	} else if ok && !p.global {
		for s := p.scope; s > 0; s = w.scopes[s].parent {
			if w.known[join(w.scopes[s].qual, first)] != 0 {
				q = w.scopes[s].qual + "::" + q
				break
			}
		}
	}
	if iq, ok := w.internals[q]; ok {
		return iq
	}
	return q
}
