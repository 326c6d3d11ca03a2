package typescript

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// assignedDefinition reads an assignment statement whose value is a
// function or class expression and that defines a name: a CommonJS export
// at module level (`exports.a = function`, `module.exports.A = class`, or
// `module.exports = function`, which is "default"), or a member of an
// object or prototype (`app.get = function`, `Foo.prototype.run =
// function`: the method "Foo.run"). It reports whether it walked stmt.
func (w *walker) assignedDefinition(stmt, asg int32, sc *scope) bool {
	x, t := w.x, w.t
	if t.Nodes[asg].Kind != x.assignExpr {
		return false
	}
	left, right := t.Child(asg, x.fLeft), t.Child(asg, x.fRight)
	kind := extract.KindFunction
	switch w.actOfNode(right) {
	case actFuncExpr:
	case actClassExpr:
		kind = extract.KindClass
	default:
		return false
	}
	name, q, parent, member := w.assignedName(left, sc)
	if q == "" {
		return false
	}
	if member && kind == extract.KindFunction {
		kind = extract.KindMethod
	}
	idx := w.addSymbol(name, q, kind, t.Span(stmt), w.header(stmt, right, t.Child(right, x.fBody)), parent, false)
	if kind == extract.KindClass {
		w.classParts(right, q, idx, sc)
	} else {
		w.funcParts(right, newScope(q+".", idx, sc), sc, nil)
	}
	return true
}

// assignedName reads the target of such an assignment: the name, its
// qualified name and parent, and whether it is a member; q is "" when
// the assignment defines nothing (this.x, an imported or builtin object,
// a local object inside a function).
func (w *walker) assignedName(left int32, sc *scope) (name, q string, parent int, member bool) {
	if left == noNode || !w.chain(left) || len(w.segs) < 2 {
		return "", "", 0, false
	}
	s := w.segs
	b, bound := sc.lookup(s[0])
	if !bound && sc.parent == nil {
		if name = commonJSName(s); name != "" {
			return name, sc.prefix + name, sc.sym, false
		}
	}
	switch {
	case len(s) == 2:
	case len(s) == 3 && string(s[1]) == "prototype":
		s = [][]byte{s[0], s[2]}
	default:
		return "", "", 0, false
	}
	name = string(s[1])
	switch {
	case bound && (b.kind == bindSymbol || b.kind == bindScope):
		return name, b.target + "." + name, w.symbolIndex(b.target), true
	case sc.parent != nil || bound && b.kind != bindLocal || !bound && builtins[string(s[0])]:
		return "", "", 0, false
	}
	return name, sc.prefix + string(s[0]) + "." + name, sc.sym, true
}

// commonJSName is the name `exports.name`, `module.exports.name` or
// `module.exports` ("default") assigns, or "".
func commonJSName(s [][]byte) string {
	switch {
	case len(s) == 2 && string(s[0]) == "exports":
		return string(s[1])
	case len(s) == 2 && string(s[0]) == "module" && string(s[1]) == "exports":
		return "default"
	case len(s) == 3 && string(s[0]) == "module" && string(s[1]) == "exports":
		return string(s[2])
	}
	return ""
}

// symbolIndex is the index of the last symbol named q, or NoParent.
func (w *walker) symbolIndex(q string) int {
	for i := len(w.out.Symbols) - 1; i >= 0; i-- {
		if w.out.Symbols[i].Qualified == q {
			return i
		}
	}
	return extract.NoParent
}
