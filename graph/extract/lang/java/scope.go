package java

import "github.com/orbitgraph/orbit/graph/extract/internal/jvm"

// binding maps a simple type name to its qualified name; q is "" for a
// type parameter or a type without a stable name, which gets no ref.
type binding struct{ name, q string }

// frame is one class body, method or anonymous body being walked.
type frame struct {
	q     string // qualified name of the class or method ("" when anonymous)
	sym   int    // its symbol index: the parent of what it declares
	class bool   // a class body: its methods answer unqualified calls
	anon  bool   // inside an anonymous body: declarations are not symbols
	types []binding
	// methods are the names of the methods the class body declares.
	methods map[string]struct{}
	super   string // candidate of the superclass, for super(...)
	// self is the Receiver of this.m() ([q]); superRecv and superAlts
	// those of super.m(); supers says the class extends or implements
	// something, so an unqualified call may name an inherited method.
	self, superRecv, superAlts []string
	supers                     bool
	varMark                    int // len(walker.vars) on entry, restored on exit
}

func (w *walker) top() *frame { return &w.frames[len(w.frames)-1] }

// push enters a frame; one without a name (an anonymous body, a
// declaration whose name is missing in broken code) declares no symbols.
func (w *walker) push(f frame) {
	f.anon = f.anon || w.top().anon || f.q == ""
	f.varMark = len(w.vars)
	if f.class && f.q != "" {
		f.self = []string{f.q}
	}
	w.frames = append(w.frames, f)
}

// pop leaves a frame; the variables declared in it go out of scope.
func (w *walker) pop() {
	w.vars = w.vars[:w.top().varMark]
	w.frames = w.frames[:len(w.frames)-1]
}

// bind makes a type name visible in the innermost frame; at file level it
// is a top-level type.
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

// lookupType finds what a simple type name means: a member type, type
// parameter or local class of an enclosing scope, a top-level type of the
// file, a single-type import, then java.lang. found is false when nothing
// in the file names it.
func (w *walker) lookupType(name []byte) (q string, found bool) {
	for f := len(w.frames) - 1; f >= 0; f-- {
		types := w.frames[f].types
		for b := len(types) - 1; b >= 0; b-- {
			if types[b].name == string(name) {
				return types[b].q, true
			}
		}
	}
	if q, ok := w.fileTypes[string(name)]; ok {
		return q, true
	}
	if q, ok := w.imports[string(name)]; ok {
		return q, true
	}
	if _, ok := javaLangTypes[string(name)]; ok {
		return "java.lang." + string(name), true
	}
	return "", false
}

// typeName is the candidate for a simple type name: what lookupType finds,
// or a type of this package. ok is false for type parameters and `var`.
func (w *walker) typeName(name []byte) (q string, ok bool) {
	q, _, ok = w.typeCands(name)
	return q, ok
}

// typeCands is typeName with the alternatives Java's lookup leaves open: a
// name the file does not bind is in this package or in one of the
// on-demand imports, in that order.
func (w *walker) typeCands(name []byte) (q string, alts []string, ok bool) {
	if q, found := w.lookupType(name); found {
		return q, nil, q != ""
	}
	if string(name) == "var" {
		return "", nil, false
	}
	return jvm.Join(w.pkg, string(name)), w.onDemand(string(name)), true
}

// qualifyDotted is the candidate for a dotted type name such as Map.Entry
// or java.util.List: a first segment that names a type is resolved, a
// lower-case one starts a package name, anything else is in this package
// or an on-demand import.
func (w *walker) qualifyDotted(segs []int32) (q string, alts []string, ok bool) {
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

// staticTarget is the type named by the receiver of a call or method
// reference when it is a type: a name the file binds to a type, an
// UpperCamel name (a type of this package or an on-demand import), or a
// dotted chain of them, possibly behind a package name
// (java.util.Collections). ok is false for values (locals, fields,
// constants) and anything else.
func (w *walker) staticTarget(obj int32) (q string, alts []string, ok bool) {
	segs, ok := w.segments(obj)
	if !ok {
		return "", nil, false
	}
	if w.lookupVar(w.t.Raw(segs[0])) != nil {
		return "", nil, false // a variable shadows a type of the same name
	}
	return jvm.StaticTarget(w.t, segs, w.pkg, w.lookupType, w.onDemand)
}

func (w *walker) innermostClass() *frame {
	for f := len(w.frames) - 1; f >= 0; f-- {
		if w.frames[f].class {
			return &w.frames[f]
		}
	}
	return nil
}

// qualifyMember is q.name, or "" for a member of an anonymous class.
func qualifyMember(q string, name []byte) string {
	if q == "" {
		return ""
	}
	return q + "." + string(name)
}

// segments lists the identifiers of a dotted name (identifier,
// scoped_identifier, scoped_type_identifier or a field_access chain of
// plain names) into w.segs; ok is false for anything else.
func (w *walker) segments(i int32) ([]int32, bool) {
	w.segs = w.segs[:0]
	ok := w.appendSegs(i)
	return w.segs, ok && len(w.segs) > 0
}

func (w *walker) appendSegs(i int32) bool {
	switch w.t.Kind(i) {
	case kinds.ident, kinds.typeIdent:
		w.segs = append(w.segs, i)
		return w.t.Nodes[i].End > w.t.Nodes[i].Start // a missing name is no name
	case kinds.scopedIdent, kinds.scopedTypeIdent, kinds.fieldAccess:
		for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
			if !w.appendSegs(c) {
				return false
			}
		}
		return true
	}
	return false
}

// dotted is the text of a dotted name without spaces or comments.
func (w *walker) dotted(i int32) string {
	segs, ok := w.segments(i)
	if !ok {
		return ""
	}
	return jvm.JoinSegs(w.t, segs)
}
