package python

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// typeRefs emits type refs for the names in an annotation: plain and
// dotted names, including inside subscripts (list[Foo]), unions and
// Callable's argument lists. String annotations are skipped.
func (w *walker) typeRefs(i int32, sc *scope) {
	if i == noNode {
		return
	}
	x, t := w.x, w.t
	switch k := t.Nodes[i].Kind; k {
	case x.identifier:
		w.exprRef(i, sc, extract.RefType)
	case x.attribute:
		if w.chain(i) {
			w.exprRef(i, sc, extract.RefType)
		} else {
			w.walk(i, sc, false)
		}
	case x.typ, x.subscript, x.genericType, x.typeParameter, x.unionType, x.binaryOp,
		x.list, x.tuple, x.parenExpr, x.exprList:
		for c := range t.Kids(i) {
			w.typeRefs(c, sc)
		}
	case x.str, x.concatStr:
	default:
		w.walk(i, sc, false)
	}
}

// bases emits, for each base of class from, a type ref and an extends
// relation, and returns the candidate of the first base super() reaches
// (not Generic or Protocol), or "". Keyword arguments are not bases:
// metaclass=M is a type ref, the others are walked as expressions.
func (w *walker) bases(sup int32, from string, sc *scope) string {
	x, t := w.x, w.t
	first, done := "", false
	for c := range t.Kids(sup) {
		switch t.Nodes[c].Kind {
		case x.keywordArg:
			w.keywordBase(c, sc)
		case x.identifier, x.attribute, x.subscript:
			q, generic := w.base(c, from, sc)
			if !done && !generic {
				first, done = q, true
			}
		default:
			w.walk(c, sc, false)
			done = true
		}
	}
	return first
}

// base handles one base expression: Name, mod.Name or Name[params], and
// returns its candidate ("" when there is none) and whether it is Generic
// or Protocol. object is skipped; so are the parameters of Generic[...] and
// Protocol[...], while those of other subscripted bases are type refs.
func (w *walker) base(c int32, from string, sc *scope) (string, bool) {
	x, t := w.x, w.t
	e := c
	if t.Nodes[c].Kind == x.subscript {
		e = t.Child(c, x.fValue)
	}
	if e == noNode || !w.chain(e) {
		w.walk(c, sc, false)
		return "", false
	}
	written := w.chainText()
	q, emit, name := w.target(e, sc)
	if q == "builtins.object" {
		return "", false
	}
	generic := lastSegment(written) == "Generic" || lastSegment(written) == "Protocol"
	candidate := q
	if emit && t.Text(name) != "" { // a base the parser recovered as nothing names no type
		w.addRef(t.Span(name), t.Text(name), q, extract.RefType)
	}
	if q == "" {
		q = written
	}
	w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, To: q, Kind: extract.RelExtends, Span: t.Span(c)})
	if e == c || generic {
		return candidate, generic
	}
	for p := range t.Kids(c) {
		if t.Nodes[p].Field == x.fSubscript {
			w.typeRefs(p, sc)
		}
	}
	return candidate, generic
}

// keywordBase handles a keyword argument of a class statement.
func (w *walker) keywordBase(c int32, sc *scope) {
	x, t := w.x, w.t
	v := t.Child(c, x.fValue)
	if v == noNode {
		return
	}
	if n := t.Child(c, x.fName); n != noNode && t.Text(n) == "metaclass" && w.chain(v) {
		w.exprRef(v, sc, extract.RefType)
		return
	}
	w.walk(v, sc, false)
}
