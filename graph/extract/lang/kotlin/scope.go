package kotlin

import (
	"bytes"
)

// binding maps a simple name to its qualified name; q is "" for a type
// parameter or a name without a stable qualified name.
type binding struct{ name, q string }

// classInfo is what a class, object or companion body declares, read
// before the body is walked so that uses above a declaration resolve.
type classInfo struct {
	members    map[string]struct{} // functions, properties and enum entries
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

// frame is one class body, function, property or anonymous body.
type frame struct {
	q      string // qualified name ("" when anonymous)
	sym    int    // its symbol index: the parent of what it declares
	class  bool   // a class, object or companion body
	anon   bool   // declarations here are not symbols
	info   *classInfo
	types  []binding // type parameters and local classes
	locals int       // len(w.locals) on entry; restored on exit
}

// local is a parameter, local variable or local function; q is the
// qualified name of a local function, "" for a value.
type local struct {
	name []byte
	q    string
}

func (w *walker) top() *frame { return &w.frames[len(w.frames)-1] }

// push enters a frame; one without a name (an anonymous body, a
// declaration whose name is missing in broken code) declares no symbols.
func (w *walker) push(f frame) {
	f.anon = f.anon || w.top().anon || f.q == ""
	f.locals = len(w.locals)
	w.frames = append(w.frames, f)
}

func (w *walker) pop() {
	w.locals = w.locals[:w.top().locals]
	w.frames = w.frames[:len(w.frames)-1]
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
	w.locals = append(w.locals, local{name, q})
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
	if q, found := w.lookupType(name); found {
		return q, q != ""
	}
	return join(w.pkg, string(name)), true
}

// qualifyDotted is the candidate for a dotted type name such as Map.Entry
// or java.io.File: a first segment that names a type is resolved, a
// lower-case one starts a package name, anything else is in this package.
func (w *walker) qualifyDotted(segs []int32) (string, bool) {
	first := w.t.bytes(segs[0])
	rest := w.joinSegs(segs[1:])
	if q, found := w.lookupType(first); found {
		return joinNonEmpty(q, rest), q != ""
	}
	if isLowerInitial(first) {
		return joinNonEmpty(string(first), rest), true
	}
	return join(w.pkg, joinNonEmpty(string(first), rest)), true
}

// nameTarget is the candidate for an unqualified call f(): a local
// function, a member of an enclosing class or its companion, a type (a
// constructor call) or function the file declares, an import, a default
// import, else a function of this package. emit is false for locals that
// hold values (a lambda parameter called like a function).
func (w *walker) nameTarget(name []byte) (q string, emit bool) {
	if l, ok := w.findLocal(name); ok {
		return l.q, l.q != ""
	}
	for f := len(w.frames) - 1; f >= 0; f-- {
		fr := &w.frames[f]
		if q, ok := w.memberOf(fr, name); ok {
			return q, true
		}
	}
	if q, ok := w.fileFuncs[string(name)]; ok {
		return q, true
	}
	if q, found := w.lookupType(name); found {
		return q, true
	}
	return join(w.pkg, string(name)), true
}

// memberOf finds name among the members a class frame (or its companion)
// declares; "" with ok for a member of an anonymous object.
func (w *walker) memberOf(fr *frame, name []byte) (string, bool) {
	if !fr.class || fr.info == nil {
		return "", false
	}
	if fr.info.has(name) {
		return qualifyMember(fr.q, name), true
	}
	if c := fr.info.companion; c != nil && c.has(name) {
		return qualifyMember(fr.info.companionQ, name), true
	}
	return "", false
}

// thisTarget is the candidate for this.f(): a member of the innermost
// class, else name-only.
func (w *walker) thisTarget(name []byte) string {
	for f := len(w.frames) - 1; f >= 0; f-- {
		if fr := &w.frames[f]; fr.class {
			q, _ := w.memberOf(fr, name)
			return q
		}
	}
	return ""
}

// staticTarget is the type (or object) a receiver names when it is one:
// a name the file binds to a type, an UpperCamel name (a type of this
// package), or a dotted chain of them, possibly behind a package name.
// ok is false for values.
func (w *walker) staticTarget(segs []int32) (string, bool) {
	first := w.t.bytes(segs[0])
	if _, isLocal := w.findLocal(first); isLocal {
		return "", false
	}
	if q, found := w.lookupType(first); found {
		if q == "" || !w.allUpperCamel(segs[1:]) {
			return "", false
		}
		return joinNonEmpty(q, w.joinSegs(segs[1:])), true
	}
	k := 0
	for k < len(segs) && isLowerInitial(w.t.bytes(segs[k])) {
		k++
	}
	if k == len(segs) || !w.allUpperCamel(segs[k:]) {
		return "", false
	}
	if k == 0 {
		return join(w.pkg, w.joinSegs(segs)), true
	}
	return w.joinSegs(segs), true
}

// staticMember is Type.f for a type the file declares: its companion's
// member when the class itself does not declare f.
func (w *walker) staticMember(q string, name []byte) string {
	if info := w.infos[q]; info != nil && !info.has(name) && info.companion != nil && info.companion.has(name) {
		return info.companionQ + "." + string(name)
	}
	return q + "." + string(name)
}
