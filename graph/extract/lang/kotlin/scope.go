package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// binding maps a simple name to its qualified name; q is "" for a type
// parameter or a name without a stable qualified name.
type binding struct{ name, q string }

// classInfo is what a class, object or companion body declares, read
// before the body is walked so that uses above a declaration resolve.
type classInfo struct {
	members    map[string]struct{} // functions, properties and enum entries
	props      map[string]struct{} // properties and enum entries: values
	supers     bool                // it extends or implements something
	types      []binding           // nested classes and objects, the companion
	companion  *classInfo
	companionQ string
}

func (c *classInfo) has(name []byte) bool {
	_, ok := c.members[string(name)]
	return ok
}

func (c *classInfo) addMember(name string) {
	if c.members == nil {
		c.members = make(map[string]struct{})
	}
	c.members[name] = struct{}{}
}

// addProp records a property (or enum entry), a member with a value.
func (c *classInfo) addProp(name string) {
	c.addMember(name)
	if c.props == nil {
		c.props = make(map[string]struct{})
	}
	c.props[name] = struct{}{}
}

func (c *classInfo) hasProp(name []byte) bool {
	_, ok := c.props[string(name)]
	return ok
}

// frame is one class body, function, property or anonymous body.
type frame struct {
	q      string // qualified name ("" when anonymous)
	sym    int    // its symbol index: the parent of what it declares
	class  bool   // a class, object or companion body
	anon   bool   // declarations here are not symbols
	info   *classInfo
	types  []binding // type parameters and local classes
	locals int       // len(w.locals) on entry; restored on exit
	// self is the Receiver of this.f() ([q]) in a named class body, or
	// the receiver type of an extension function; superRecv that of
	// super.f().
	self, superRecv []string
	extension       bool // an extension function: `this` is its receiver
	// lambdas counts the lambdas of this frame the walk is in: a lambda
	// may have a receiver of its own (apply, with, DSL builders), which
	// then answers `this` and unqualified calls instead.
	lambdas int
}

// local is a parameter, local variable or local function; q is the
// qualified name of a local function, "" for a value, whose type the
// file may state (value).
type local struct {
	name  []byte
	q     string
	value chain
}

func (w *walker) top() *frame { return &w.frames[len(w.frames)-1] }

// push enters a frame; one without a name (an anonymous body, a
// declaration whose name is missing in broken code) declares no symbols.
func (w *walker) push(f frame) {
	f.anon = f.anon || w.top().anon || f.q == ""
	f.locals = len(w.locals)
	if f.class && f.q != "" {
		f.self = []string{f.q}
	}
	w.frames = append(w.frames, f)
}

func (w *walker) pop() {
	w.locals = w.locals[:w.top().locals]
	w.frames = w.frames[:len(w.frames)-1]
}

// thisFrame is the frame `this` and unqualified calls refer to: the
// innermost class body or extension function; nil when a lambda (which
// may have a receiver of its own) comes first.
func (w *walker) thisFrame() *frame {
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if fr.lambdas > 0 {
			return nil
		}
		if fr.class || fr.extension {
			return fr
		}
	}
	return nil
}

// isLocal reports whether declarations here are local to a function
// (or a property accessor, an init block) rather than members.
func (w *walker) isLocal() bool { return len(w.frames) > 1 && !w.top().class }

// bind makes a type name visible: at file level as a top-level type,
// elsewhere in the innermost frame.
func (w *walker) bind(name, q string) {
	if len(w.frames) == 1 {
		if _, ok := w.fileTypes[name]; !ok {
			w.fileTypes[name] = q
		}
		return
	}
	f := w.top()
	f.types = append(f.types, binding{name, q})
}

func (w *walker) bindLocal(name []byte, q string) {
	w.locals = append(w.locals, local{name: name, q: q})
}

// bindValue binds a local value and what the file says it is.
func (w *walker) bindValue(name []byte, value chain) {
	w.locals = append(w.locals, local{name: name, value: value})
}

func (w *walker) findLocal(name []byte) (*local, bool) {
	for i := len(w.locals) - 1; i >= 0; i-- {
		if bytes.Equal(w.locals[i].name, name) {
			return &w.locals[i], true
		}
	}
	return nil, false
}

// lookupType finds what a simple type name means: a type parameter or
// local class, a nested type of an enclosing class, a top-level type of
// the file, an import, then Kotlin's default imports. found is false when
// nothing names it.
func (w *walker) lookupType(name []byte) (q string, found bool) {
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if q, ok := findBinding(fr.types, name); ok {
			return q, true
		}
		if fr.info != nil {
			if q, ok := findBinding(fr.info.types, name); ok {
				return q, true
			}
		}
	}
	if q, ok := w.fileTypes[string(name)]; ok {
		return q, true
	}
	if q, ok := w.imports[string(name)]; ok {
		return q, true
	}
	if q, ok := builtins[string(name)]; ok {
		return q, true
	}
	return "", false
}

func findBinding(list []binding, name []byte) (string, bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].name == string(name) {
			return list[i].q, true
		}
	}
	return "", false
}

// typeName is the candidate for a simple type name: what lookupType
// finds, or a type of this package. ok is false for type parameters.
func (w *walker) typeName(name []byte) (string, bool) {
	q, _, ok := w.typeCands(name)
	return q, ok
}

// typeCands is typeName with the alternatives Kotlin's lookup leaves open:
// a name the file does not bind is in this package or in one of the
// star imports, in that order.
func (w *walker) typeCands(name []byte) (q string, alts []string, ok bool) {
	if q, found := w.lookupType(name); found {
		return q, nil, q != ""
	}
	return jvm.Join(w.pkg, string(name)), w.onDemand(string(name)), true
}

// qualifyDotted is the candidate for a dotted type name such as Map.Entry
// or java.io.File: a first segment that names a type is resolved, a
// lower-case one starts a package name, anything else is in this package
// or a star import.
func (w *walker) qualifyDotted(segs []int32) (string, []string, bool) {
	first := w.t.Raw(segs[0])
	rest := jvm.JoinSegs(w.t, segs[1:])
	if q, found := w.lookupType(first); found {
		return jvm.JoinNonEmpty(q, rest), nil, q != ""
	}
	if jvm.IsLowerInitial(first) {
		return jvm.JoinNonEmpty(string(first), rest), nil, true
	}
	name := jvm.JoinNonEmpty(string(first), rest)
	return jvm.Join(w.pkg, name), w.onDemand(name), true
}

// nameTarget is the target of an unqualified call f(): a local function,
// a member of an enclosing class or its companion (that class is the
// receiver), a type (a constructor call) or function the file declares,
// an import, a default import; else, in a class with supertypes, an
// inherited member (the class is the receiver), otherwise a function of
// this package or a star import. emit is false for locals that hold
// values (a lambda parameter called like a function).
func (w *walker) nameTarget(name []byte) (tg target, emit bool) {
	if l, ok := w.findLocal(name); ok {
		return target{Q: l.q}, l.q != ""
	}
	for f := len(w.frames) - 1; f >= 0; f-- {
		if recv, ok := w.memberOf(&w.frames[f], name); ok {
			return target{Recv: recv}, true
		}
	}
	if q, ok := w.fileFuncs[string(name)]; ok {
		return target{Q: q}, true
	}
	if q, found := w.lookupType(name); found {
		return target{Q: q}, true
	}
	// An UpperCamel name is a constructor of a class the file cannot see
	// rather than an inherited method.
	if fr := w.thisFrame(); fr != nil && fr.self != nil && (fr.extension || fr.info != nil && fr.info.supers) &&
		!jvm.IsUpperCamel(name) {
		return target{Recv: fr.self}, true
	}
	return target{Q: jvm.Join(w.pkg, string(name)), Alts: w.onDemand(string(name))}, true
}

func (w *walker) innermostClass() *frame {
	for f := len(w.frames) - 1; f >= 0; f-- {
		if w.frames[f].class {
			return &w.frames[f]
		}
	}
	return nil
}

// memberOf finds name among the members a class frame (or its companion)
// declares and returns the receiver it is a member of; nil with ok for a
// member of an anonymous object.
func (w *walker) memberOf(fr *frame, name []byte) ([]string, bool) {
	if !fr.class || fr.info == nil {
		return nil, false
	}
	if fr.info.has(name) {
		return fr.self, true
	}
	if c := fr.info.companion; c != nil && c.has(name) && fr.info.companionQ != "" {
		return []string{fr.info.companionQ}, true
	}
	return nil, false
}

// staticTarget is the type (or object) a receiver names when it is one:
// a name the file binds to a type, an UpperCamel name (a type of this
// package or a star import), or a dotted chain of them, possibly behind a
// package name. ok is false for values.
func (w *walker) staticTarget(segs []int32) (string, []string, bool) {
	if _, isLocal := w.findLocal(w.t.Raw(segs[0])); isLocal {
		return "", nil, false
	}
	return jvm.StaticTarget(w.t, segs, w.pkg, w.lookupType, w.onDemand)
}

// staticMember is Type.f for a type the file declares: its companion's
// member when the class itself does not declare f.
func (w *walker) staticMember(q string, name []byte) string {
	if info := w.infos[q]; info != nil && !info.has(name) && info.companion != nil && info.companion.has(name) {
		return info.companionQ + "." + string(name)
	}
	return q + "." + string(name)
}
