package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// addSymbol appends a symbol and returns its index. Overloads (bodiless
// signatures followed by more of them or by the implementation, under the
// same name) become one symbol spanning them all, with the first
// signature.
func (w *walker) addSymbol(name, q string, kind extract.SymbolKind, sp extract.Span, sig string, parent int, bodiless bool) int {
	if o := w.overload; o >= 0 {
		prev := &w.out.Symbols[o]
		if prev.Qualified == q && prev.Kind == kind && prev.Parent == parent {
			prev.Span.End = max(prev.Span.End, sp.End)
			if !bodiless {
				w.overload = -1
			}
			return o
		}
	}
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: sp, Signature: sig, Parent: parent,
	})
	idx := len(w.out.Symbols) - 1
	w.overload = -1
	if bodiless && (kind == extract.KindFunction || kind == extract.KindMethod || kind == extract.KindConstructor) {
		w.overload = idx
	}
	return idx
}

// outerSpan is the span of the export or `declare` around i, if any.
func (w *walker) outerSpan(i int32, d decl) extract.Span {
	if d.outer != noNode {
		return w.t.Span(d.outer)
	}
	return w.t.Span(i)
}

// declName is the name of a declaration; an anonymous default export is
// "default"; "" when there is none (an anonymous expression, broken code).
func (w *walker) declName(i int32, d decl) string {
	if n := w.t.Child(i, w.x.fName); n != noNode && !w.t.empty(n) {
		return w.t.Text(n)
	}
	if d.isDefault {
		return "default"
	}
	return ""
}

// function emits a function declaration, signature or default-exported
// function expression, and walks it in a scope of its own.
func (w *walker) function(i int32, d decl, sc *scope) {
	name := w.declName(i, d)
	if name == "" {
		w.funcParts(i, sc.inner(), sc, nil)
		return
	}
	q := sc.prefix + name
	body := w.t.Child(i, w.x.fBody)
	idx := w.addSymbol(name, q, extract.KindFunction, w.outerSpan(i, d), w.header(i, i, body), sc.sym, body == noNode)
	w.funcParts(i, newScope(q+".", idx, sc), sc, nil)
}

// funcParts walks a function's type parameters, parameters and return type
// and its body in fs, and decorators in the enclosing scope sc. class is
// the scope of the class of a constructor, whose parameter properties are
// fields; nil otherwise.
func (w *walker) funcParts(i int32, fs, sc *scope, class *scope) {
	x, t := w.x, w.t
	w.bindThis(i, fs)
	fs.results = &results{}
	for c := range t.Kids(i) {
		switch t.Nodes[c].Field {
		case x.fName:
			if t.Nodes[c].Kind == x.computedName {
				w.walk(c, sc)
			}
		case x.fParameters:
			w.params(c, fs, class)
		case x.fParameter:
			w.bindPattern(c, fs)
		case x.fBody:
			if t.Nodes[c].Kind == x.stmtBlock {
				w.body(c, fs)
			} else {
				w.walk(c, fs)
			}
		case x.fDecorator:
			w.walk(c, sc)
		default:
			w.walk(c, fs)
		}
	}
	w.declaredResult(i, fs, sc)
}

// bindThis decides what `this` is in a function: an arrow keeps the
// enclosing one, a class's method has the one method gave it, any other
// function (an object's method too) a value the file does not type.
func (w *walker) bindThis(i int32, fs *scope) {
	if fs.this == nil && w.t.Nodes[i].Kind != w.x.arrow {
		fs.this = unknownThis
	}
}

// declaredResult states the declared result of the named function or
// method whose scope is fs: what it returns, or for a getter the type of
// its property.
func (w *walker) declaredResult(i int32, fs, sc *scope) {
	if fs.sym == sc.sym || fs.sym < 0 {
		return
	}
	s := &w.out.Symbols[fs.sym]
	if s.Kind == extract.KindProperty && s.Parent >= 0 {
		if rt := w.t.Child(i, w.x.fReturnType); rt != noNode {
			w.memberTypeFact(w.out.Symbols[s.Parent].Qualified, s.Name, rt, noNode, rt, fs)
		}
		return
	}
	w.returnsFact(i, s.Qualified, fs)
}

// params binds the parameter names in fs and walks their types, defaults
// and decorators.
func (w *walker) params(i int32, fs *scope, class *scope) {
	x, t := w.x, w.t
	for p := range t.Kids(i) {
		k := t.Nodes[p].Kind
		if k != x.requiredParam && k != x.optionalParam {
			w.bindPattern(p, fs)
			w.patternDefaults(p, fs)
			continue
		}
		if class != nil {
			w.paramProperty(p, class)
		}
		for c := range t.Kids(p) {
			if t.Nodes[c].Field == x.fPattern {
				w.bindPattern(c, fs)
				w.patternDefaults(c, fs)
			} else {
				w.walk(c, fs)
			}
		}
		if pat := t.Child(p, x.fPattern); t.Kind(pat) == x.identifier {
			fs.retype(t.Raw(pat), w.declaredType(p, fs))
		}
	}
}

// declaredType is the type evidence of a parameter, variable or field
// declaration d: its type annotation if it has one (`x: any` gives
// none), else its initial value.
func (w *walker) declaredType(d int32, sc *scope) cand {
	if ty := w.t.Child(d, w.x.fType); ty != noNode {
		return w.typeValue(ty, sc)
	}
	return w.valueOf(w.t.Child(d, w.x.fValue), sc)
}

// paramProperty emits the field a constructor parameter with an
// accessibility or readonly modifier declares.
func (w *walker) paramProperty(p int32, class *scope) {
	x, t := w.x, w.t
	pat := t.Child(p, x.fPattern)
	if t.Kind(pat) != x.identifier || t.empty(pat) {
		return
	}
	if t.ChildOfKind(p, x.accessibility) == noNode && t.ChildOfKind(p, x.overrideMod) == noNode &&
		!bytes.HasPrefix(t.Raw(p), []byte("readonly")) {
		return
	}
	name := t.Text(pat)
	end := t.Nodes[pat].End
	if ty := t.Child(p, x.fType); ty != noNode {
		end = t.Nodes[ty].End
	}
	sig := normalizeSignature(t.Src[t.Nodes[p].Start:end])
	w.addSymbol(name, class.prefix+name, extract.KindField, t.Span(p), sig, class.sym, false)
	w.memberTypeFact(ownerOf(class), name, t.Child(p, x.fType), t.Child(p, x.fValue), p, class)
}

// bindPattern binds the names a parameter or declaration pattern
// introduces as locals.
func (w *walker) bindPattern(i int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier, x.shorthandPattern:
		sc.bind(t.Text(i), binding{kind: bindLocal})
	case x.objectPattern, x.arrayPattern, x.restPattern:
		for c := range t.Kids(i) {
			w.bindPattern(c, sc)
		}
	case x.pairPattern:
		w.bindPattern(t.Child(i, x.fValue), sc)
	case x.assignPattern, x.objectAssignPattern:
		w.bindPattern(t.Child(i, x.fLeft), sc)
	}
}

// patternDefaults walks the default values and computed keys of a
// pattern, where calls may hide.
func (w *walker) patternDefaults(i int32, sc *scope) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.objectPattern, x.arrayPattern, x.restPattern, x.pairPattern:
		for c := range t.Kids(i) {
			if t.Nodes[c].Kind == x.computedName {
				w.walk(c, sc)
			} else {
				w.patternDefaults(c, sc)
			}
		}
	case x.assignPattern, x.objectAssignPattern:
		w.patternDefaults(t.Child(i, x.fLeft), sc)
		if r := t.Child(i, x.fRight); r != noNode {
			w.walk(r, sc)
		}
	}
}

// ambientDecl walks `declare ...`: its declarations define symbols though
// they have no bodies; `declare global { ... }` adds file-level ones.
func (w *walker) ambientDecl(i int32, d decl, sc *scope) {
	saved := w.ambient
	w.ambient = true
	if d.outer == noNode {
		d.outer = i
	}
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.stmtBlock {
			w.walkKids(c, sc)
		} else if !w.walkDecl(c, d, sc) {
			w.walk(c, sc)
		}
	}
	w.ambient = saved
}
