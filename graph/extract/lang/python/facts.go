package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// addFact states a fact once: pass 2 reads two facts about one name as a
// disagreement, so a repeat that agrees with the first (`x: T` in the
// class body, then `self.x = T()`) is dropped. A disagreeing one is kept.
func (w *walker) addFact(kind extract.FactKind, subject, member, object string, sp extract.Span, alts ...string) {
	key := factKey{kind, subject, member}
	norm := strings.TrimSuffix(object, extract.CallResult)
	if first, seen := w.facts[key]; seen && first == norm {
		return
	} else if !seen {
		if w.facts == nil {
			w.facts = make(map[factKey]string)
		}
		w.facts[key] = norm
	}
	w.out.Facts = append(w.out.Facts, extract.RawFact{Kind: kind, Subject: subject, Member: member, Object: object, Alternatives: alts, Span: sp})
}

// factKey is what a fact is about.
type factKey struct {
	kind            extract.FactKind
	subject, member string
}

// returnsFact states the declared result of def q: `-> T`, `-> "T"`,
// `-> Optional[T]`, `-> Self`; for a container (`-> List[T]`,
// `-> Iterator[T]`) the type of its elements, as member "[]".
func (w *walker) returnsFact(def int32, q string, sc *scope, prop bool) {
	r := w.t.Child(def, w.x.fReturnType)
	if r == noNode {
		return
	}
	if e := w.elemType(r, sc); e != "" {
		w.addFact(extract.FactReturns, q, "[]", e, w.t.Span(def))
		if prop {
			w.addFact(extract.FactType, sc.qual, lastSegment(q)+"[]", e, w.t.Span(def))
		}
	} else if obj := w.annotationType(r, sc); obj != "" {
		w.addFact(extract.FactReturns, q, "", obj, w.t.Span(def))
		if prop {
			w.addFact(extract.FactType, sc.qual, lastSegment(q), obj, w.t.Span(def))
		}
	}
}

// isProperty reports whether the decorators dec make a method of class
// scope sc a property (@property, @cached_property, @x.cached_property,
// Flask's @locked_cached_property): reading it gives its result, so its
// result is also the type fact of the attribute.
func (w *walker) isProperty(dec int32, sc *scope) bool {
	if dec == noNode || sc.kind != scopeClass {
		return false
	}
	for d := range w.t.Kids(dec) {
		e := w.t.FirstKid(d)
		if w.t.Kind(e) != w.x.identifier && w.t.Kind(e) != w.x.attribute {
			continue
		}
		name := w.t.Text(e)
		if name == "property" || strings.HasSuffix(name, "cached_property") {
			return true
		}
	}
	return false
}

// results is what the return statements of an unannotated function give
// so far: one type fact object that all of them agree on (None aside).
type results struct {
	scope *scope // the function's own scope: returns of nested defs are theirs
	obj   string
	alts  []string
	ok    bool // no return disagrees or gives what cannot be written
	// fixture: a pytest fixture, whose value is what it yields when it is
	// a generator: pytest calls it, never the code.
	fixture bool
}

// returned reads a return statement or yield of the function being
// walked.
func (w *walker) returned(i int32, sc *scope) {
	r := w.results
	for sc != nil && sc.kind == scopeComp {
		sc = sc.parent
	}
	if r == nil || !r.ok || sc != r.scope {
		return
	}
	e := w.t.FirstKid(i)
	if w.t.Kind(i) == w.x.yield && !r.fixture {
		r.ok = false // a generator: calling it gives no such value
		return
	}
	if e == noNode || w.t.Kind(e) == w.x.none {
		return // `return`, `return None`: an Optional result
	}
	v := w.valueOf(e, sc)
	obj := typeObject(v)
	switch {
	case obj == "" || r.obj != "" && obj != r.obj:
		r.ok = false
	case r.obj == "":
		r.obj, r.alts = obj, typeAlts(v, obj)
	}
}

// inferredResult states the result of def q that has no annotation when
// all its return statements agree on it (`return Flask(...)`, `return
// app` for a local app = create_app()), as pyright infers it.
func (w *walker) inferredResult(def int32, q string, sc *scope, prop bool) {
	if r := w.results; r != nil && r.ok && r.obj != "" {
		w.addFact(extract.FactReturns, q, "", r.obj, w.t.Span(def), r.alts...)
		if prop {
			w.addFact(extract.FactType, sc.qual, lastSegment(q), r.obj, w.t.Span(def), r.alts...)
		}
	}
}

// assigned records what an assignment says about its target: a local's
// value (localtypes.go), and the type and alias facts of module-level
// names, class attributes and `self.x` attributes.
func (w *walker) assigned(i int32, sc *scope) {
	x, t := w.x, w.t
	left := t.Child(i, x.fLeft)
	var v value
	if ann := t.Child(i, x.fType); ann != noNode {
		if sc.kind == scopeClass && t.Kind(left) == x.identifier {
			if w.declared == nil {
				w.declared = make(map[string]bool)
			}
			w.declared[sc.qual+"."+t.Text(left)] = true
		}
		if e := w.elemType(ann, sc); e != "" {
			v = value{elem: []string{e}}
		} else if q := w.annotationType(ann, sc); q != "" {
			v = value{chain: []string{q}}
		}
	} else if right := t.Child(i, x.fRight); right != noNode {
		v = w.valueOf(w.rightmost(right), sc)
	}
	switch t.Kind(left) {
	case x.identifier:
		w.assignName(left, v, sc)
		w.nameFact(i, left, v, sc)
	case x.attribute:
		w.attributeFact(i, left, v, sc)
	default:
		w.untype(left, sc)
	}
}

// nameFact states the type of a module-level name (directly or through
// `global`) or of a class attribute assigned in the class body; a
// module-level name assigned another name (X = mod.Y) is an alias of it.
func (w *walker) nameFact(stmt, left int32, v value, sc *scope) {
	b, s, found := sc.lookup(w.t.Raw(left))
	if !found || b.kind != bindVar {
		return
	}
	name := w.t.Text(left)
	switch {
	case s.kind == scopeModule && v.named && len(v.chain) == 1 && !v.fn:
		w.addFact(extract.FactAlias, join(w.ns, name), "", v.chain[0], w.t.Span(stmt))
		w.markTyped(name)
	case s.kind == scopeModule:
		if obj := typeObject(v); obj != "" {
			w.addFact(extract.FactType, join(w.ns, name), "", obj, w.t.Span(stmt), typeAlts(v, obj)...)
			w.markTyped(name)
		}
	case s.kind == scopeClass && s == sc && len(v.elem) == 1:
		w.addFact(extract.FactType, s.qual, name+"[]", v.elem[0], w.t.Span(stmt))
	case s.kind == scopeClass && s == sc:
		if obj := typeObject(v); obj != "" {
			w.addFact(extract.FactType, s.qual, name, obj, w.t.Span(stmt), typeAlts(v, obj)...)
		}
	}
}

func (w *walker) markTyped(name string) {
	if w.typed == nil {
		w.typed = make(map[string]bool)
	}
	w.typed[name] = true
}

// attributeFact states the type of self.x assigned in a method of C.
func (w *walker) attributeFact(stmt, left int32, v value, sc *scope) {
	x, t := w.x, w.t
	obj, attr := t.Child(left, x.fObject), t.Child(left, x.fAttribute)
	if t.Kind(obj) != x.identifier || attr == noNode {
		return
	}
	if self := w.valueOf(obj, sc); !self.self || w.declared[self.chain[0]+"."+t.Text(attr)] {
		return
	} else if len(v.elem) == 1 {
		w.addFact(extract.FactType, self.chain[0], t.Text(attr)+"[]", v.elem[0], w.t.Span(stmt))
	} else if typ := typeObject(v); typ != "" {
		w.addFact(extract.FactType, self.chain[0], t.Text(attr), typ, w.t.Span(stmt), typeAlts(v, typ)...)
	}
}

// typeObject is the Object of a type fact for a value: an instance of a
// declared type ("T"), what calling a named definition gives ("T()"), or
// what a chain of method calls on a class, a typed instance, a module
// variable or a call's result returns ("T.m()", "f().m()": pass 2 reads
// each method's returns fact; `self.stream = environment._tokenize(...)`
// with `environment: Environment`). Other chains cannot be written as one
// name.
func typeObject(v value) string {
	switch {
	case v.chain == nil || isTyping(v.chain[0]):
		return "" // Any, TypeVar(...), NewType(...): no class to look in
	case len(v.chain) == 1 && !v.named:
		return v.chain[0]
	case len(v.chain) == 2 && v.made:
		return v.chain[0] + extract.CallResult
	case v.calls:
		var b strings.Builder
		b.WriteString(v.chain[0])
		for _, step := range v.chain[1:] {
			if step != extract.CallResult {
				b.WriteByte('.')
			}
			b.WriteString(step)
		}
		return b.String()
	}
	return ""
}

// typeAlts are the alternatives of type fact object obj of v: obj with
// each alternative of v's first element in its place (a star import's
// other modules; the class a module defines in place of an import that
// may fail, `try: from blinker import Namespace` / `except ImportError:
// class Namespace`).
func typeAlts(v value, obj string) []string {
	var alts []string
	for _, a := range v.alts {
		alts = append(alts, a+strings.TrimPrefix(obj, v.chain[0]))
	}
	return alts
}

// importFacts states that a module re-exports what it imports: in a
// package's __init__.py every from-import, elsewhere those of the
// project's own top-level package. A star import makes every name of the
// imported module a name of this one.
func (w *walker) importFacts(it importItem, sp extract.Span, sc *scope) {
	if sc.kind != scopeModule || it.symbol == "" || it.path == "__future__" || strings.HasPrefix(it.path, ".") {
		return
	}
	if !w.initFile && topSegment(it.path) != topSegment(w.ns) {
		return
	}
	subject, object := join(w.ns, it.local), it.path+"."+it.symbol
	switch {
	case it.symbol == "*":
		w.addFact(extract.FactAlias, w.ns, "*", it.path, sp)
	case subject != object: // `from . import sub` in sub's own package
		w.addFact(extract.FactAlias, subject, "", object, sp)
	}
}

// isTyping reports whether q is a name of the typing modules.
func isTyping(q string) bool {
	return strings.HasPrefix(q, "typing.") || strings.HasPrefix(q, "typing_extensions.")
}

// topSegment is what precedes the first dot of a dotted name.
func topSegment(q string) string {
	top, _, _ := strings.Cut(q, ".")
	return top
}
