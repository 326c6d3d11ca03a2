package golang

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// isBuiltinFunc reports Go's predeclared functions.
func isBuiltinFunc(name string) bool {
	switch name {
	case "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
		"make", "max", "min", "new", "panic", "print", "println", "real", "recover":
		return true
	}
	return false
}

// isOftenDeclared reports the predeclared functions a package may
// declare for itself in another file than the call: print and println
// (debugging aids a tool may shadow, as x/tools' godex does). A call of
// one gets a ref for pass 2 to resolve against the package; when the
// package declares none it stays fuzzy_name, below the default floor.
// Not min, max and clear: most packages call them, so a ref for each call
// would add rows (and resolve_deps) to most files for a rare case: a
// package's own min is rare since Go 1.21.
func isOftenDeclared(name string) bool {
	switch name {
	case "print", "println":
		return true
	}
	return false
}

// isPredeclaredType reports Go's predeclared types (and nil, which a type
// switch case lists as one).
func isPredeclaredType(name string) bool {
	switch name {
	case "any", "bool", "byte", "comparable", "complex64", "complex128", "error",
		"float32", "float64", "int", "int8", "int16", "int32", "int64", "rune", "string",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
		"nil": // case nil: in a type switch
		return true
	}
	return false
}

// isUniverse reports a predeclared name the file does not redeclare.
func (x *fileExtractor) isUniverse(name string, funcs bool) bool {
	if _, ok := x.topNames[name]; ok {
		return false
	}
	return isPredeclaredType(name) || funcs && isBuiltinFunc(name) && !isOftenDeclared(name)
}

// localCandidate is the candidate for an unqualified name: ok is false for
// locals and predeclared names, which get no ref.
func (x *fileExtractor) localCandidate(name string, funcs bool) (string, bool) {
	if name == "" || name == "_" || x.scope.has(name) || x.isUniverse(name, funcs) {
		return "", false
	}
	return x.qualify(name), true
}

// typeRef emits a type ref for a type_identifier or qualified_type.
func (x *fileExtractor) typeRef(i int32) {
	if name, cand, ok := x.typeCandidate(i); ok {
		x.addRef(i, extract.RefType, name, cand)
	}
}

// typeCandidate resolves T, pkg.T and T[...] / pkg.T[...] to (name,
// candidate). A qualified type whose package is not an import keeps its
// name with an empty candidate; ok is false for locals and predeclared types.
func (x *fileExtractor) typeCandidate(i int32) (name, cand string, ok bool) {
	switch x.t.Kind(i) {
	case kinds.typeIdent:
		name = x.t.Text(i)
		cand, ok = x.localCandidate(name, false)
		return name, cand, ok
	case kinds.qualifiedType:
		name = x.t.Text(x.t.Child(i, fields.name))
		if path, found := x.importPath(x.t.Text(x.t.Child(i, fields.pkg))); found {
			cand = path + "." + name
		}
		return name, cand, name != ""
	case kinds.genericType:
		return x.typeCandidate(x.t.Child(i, fields.typ))
	}
	return "", "", false
}

// call handles a call expression: a ref for what is called, then the walk
// of the callee's remaining parts and of the arguments, then the configs
// and commands a call can state.
func (x *fileExtractor) call(i int32) {
	fn := x.t.Child(i, fields.function)
	callee := x.t.unwrap(fn)
	var inst int32 = -1
	if x.t.Kind(callee) == kinds.typeInstExpr { // Map[K, V](xs)
		inst, callee = callee, x.t.Child(callee, fields.typ)
	}
	if !x.calleeRef(callee) {
		x.walk(fn)
	} else if inst >= 0 {
		x.walkExcept(inst, callee) // the type arguments
	}
	x.walkExcept(i, fn)
	x.envConfig(callee, x.t.Child(i, fields.arguments))
	x.addCommandCall(callee, x.t.Child(i, fields.arguments))
}

// calleeRef emits the ref for a called name. It returns false when the
// callee still has to be walked (a method call's receiver, a func literal).
func (x *fileExtractor) calleeRef(callee int32) bool {
	switch x.t.Kind(callee) {
	case kinds.ident, kinds.typeIdent:
		name := x.t.Text(callee)
		if cand, ok := x.localCandidate(name, true); ok {
			kind := extract.RefCall
			if _, isType := x.types[name]; isType {
				kind = extract.RefType // a conversion T(x) to a type of this file
			}
			x.addRef(callee, kind, name, cand)
		}
		return true
	case kinds.qualifiedType:
		x.typeRefAs(callee, extract.RefCall)
		return true
	case kinds.selectorExpr:
		return x.selectorCall(callee)
	case kinds.unaryExpr:
		return x.pointerConversion(callee)
	case kinds.indexExpr: // F[T]() and pkg.F[T](), instantiated explicitly
		op := x.t.Child(callee, fields.operand)
		if x.calleeRef(x.t.unwrap(op)) {
			x.walkExcept(callee, op)
			return true
		}
	}
	return false
}

// pointerConversion emits a type ref for the T of (*T)(x) or (*pkg.T)(x).
func (x *fileExtractor) pointerConversion(deref int32) bool {
	if !x.isDeref(deref) {
		return false
	}
	t := x.t.unwrap(x.t.FirstKid(deref))
	switch x.t.Kind(t) {
	case kinds.ident:
		name := x.t.Text(t)
		if cand, ok := x.localCandidate(name, false); ok {
			x.addRef(t, extract.RefType, name, cand)
		}
		return true
	case kinds.selectorExpr:
		if cand, ok := x.qualifiedValue(t); ok {
			x.addRef(t, extract.RefType, x.t.Text(x.t.Child(t, fields.field)), cand)
			return true
		}
	}
	return false
}

// conversion handles T(x) as the parser sees it: G[A](x) is either a
// conversion to a generic type or a call of a generic function. Only a
// generic type of this file makes it a conversion; otherwise it is a call
// (explicitly instantiated calls are far more common).
func (x *fileExtractor) conversion(i int32) {
	typ := x.t.Child(i, fields.typ)
	base := x.t.Child(typ, fields.typ)
	_, isType := x.types[x.t.Text(base)]
	if x.t.Kind(typ) != kinds.genericType || isType || !x.calleeRef(base) {
		x.walkExcept(i, -1)
		return
	}
	x.walkExcept(typ, base)
	x.walkExcept(i, typ)
}

// typeRefAs emits the ref of a type node with another kind (pkg.F parsed as
// a type in pkg.F[T](x)).
func (x *fileExtractor) typeRefAs(i int32, kind extract.RefKind) {
	if name, cand, ok := x.typeCandidate(i); ok {
		x.addRef(i, kind, name, cand)
	}
}

// selectorCall handles a called selector: pkg.F(), pkg.X.M() (a method
// expression, or a method of a package variable: the candidate is
// pkg.X.M either way), (*T).M(), and otherwise a method call x.M(), whose
// ref has the name only, after the receiver's own refs.
func (x *fileExtractor) selectorCall(sel int32) bool {
	name := x.t.Text(x.t.Child(sel, fields.field))
	operand := x.t.unwrap(x.t.Child(sel, fields.operand))
	if x.t.Kind(operand) == kinds.ident {
		if path, ok := x.importPath(x.t.Text(operand)); ok {
			x.addRef(sel, extract.RefCall, name, path+"."+name)
			return true
		}
	}
	if cand, ok := x.qualifiedValue(operand); ok { // pkg.V.M() or the method expression pkg.T.M
		x.addMemberRef(sel, name, []string{cand})
		return true
	}
	if x.methodExpr(sel) {
		return true
	}
	chain := x.exprChain(operand)
	x.walk(operand)
	x.addMemberRef(x.t.Child(sel, fields.field), name, chain)
	return true
}

// addMemberRef emits a method call whose receiver chain the file states
// (nil: no evidence, the ref has the name only).
func (x *fileExtractor) addMemberRef(i int32, name string, chain []string) {
	if isMarked(chain) || isLocal(chain) {
		chain = nil // unnamed container, func and struct types have no methods
	}
	x.out.Refs = append(x.out.Refs, extract.RawRef{Span: x.span(i), Name: name, Kind: extract.RefCall, Receiver: chain})
}

// qualifiedValue resolves pkg.X, where pkg is an import, to "path.X".
func (x *fileExtractor) qualifiedValue(i int32) (string, bool) {
	if x.t.Kind(i) != kinds.selectorExpr {
		return "", false
	}
	op := x.t.Child(i, fields.operand)
	if x.t.Kind(op) != kinds.ident {
		return "", false
	}
	path, ok := x.importPath(x.t.Text(op))
	if !ok {
		return "", false
	}
	return path + "." + x.t.Text(x.t.Child(i, fields.field)), true
}

// selector handles a selector that is not called: an unambiguous method
// expression — T.M or (*T).M for a type T of this file, (*pkg.T).M — gets a
// call ref, a package member pkg.X (a function value, a constant, a
// variable) a use ref. v.f where the file states v's type and the value
// may be a method value (see methodValue) gets a use ref with v's chain:
// pass 2 finds the method, or grades a field fuzzy_name. A type outside the
// module is left out: pass 2 would name its member unconfirmed, by its
// import, and it may be a field.
func (x *fileExtractor) selector(i int32) {
	if x.methodExpr(i) {
		return
	}
	if cand, ok := x.qualifiedValue(i); ok { // pkg.F as a value, pkg.Const, pkg.Var
		x.addRef(i, extract.RefUse, x.t.Text(x.t.Child(i, fields.field)), cand)
		return
	}
	x.walkExcept(i, -1)
	if !x.methodValue(i) {
		return
	}
	field := x.t.Child(i, fields.field)
	name := x.t.Text(field)
	chain := x.exprChain(x.t.Child(i, fields.operand))
	if name == "" || chain == nil || isMarked(chain) || isLocal(chain) || x.isLocalField(chain, name) {
		return
	}
	if len(chain) == 1 && !x.inModule(chain[0]) {
		return // a library type's member would be named unconfirmed, and may be a field
	}
	x.out.Refs = append(x.out.Refs, extract.RawRef{Span: x.span(field), Name: name, Kind: extract.RefUse, Receiver: chain})
}

// methodValue reports whether a selector not called stands where a method
// value can: an argument (sort.Slice(x, h.less)), the right side of an
// assignment or a var (f := t.M), a returned or sent value, a composite
// literal's element. Elsewhere (an operand of another selector, an index,
// an operator, the left of an assignment) it can only be a field, which
// gets no ref.
func (x *fileExtractor) methodValue(sel int32) bool {
	i := sel
	p := x.t.parent(i)
	for x.t.Kind(p) == kinds.parenExpr {
		i, p = p, x.t.parent(p)
	}
	switch x.t.Kind(p) {
	case kinds.argumentList:
		return true
	case kinds.exprList:
		f := x.t.field(p)
		return f == fields.right || f == fields.value || x.t.Kind(x.t.parent(p)) == kinds.returnStmt
	case kinds.literalElement:
		return x.t.field(p) != fields.key
	case kinds.sendStmt:
		return x.t.field(i) == fields.value
	}
	return false
}

// isLocalField reports v.f where v's chain is a struct type of this file
// that declares a field f: a field, not a method value.
func (x *fileExtractor) isLocalField(chain []string, name string) bool {
	if len(chain) != 1 {
		return false
	}
	local, ok := strings.CutPrefix(chain[0], x.ns+".")
	if !ok {
		return false
	}
	_, isField := x.structFields[local+"."+name]
	return isField
}

// methodExpr emits a call ref for T.M or (*T).M (T a type of this file) or
// (*pkg.T).M, and reports whether it did.
func (x *fileExtractor) methodExpr(sel int32) bool {
	operand := x.t.Child(sel, fields.operand)
	inner := x.t.unwrap(operand)
	pointer := inner != operand && x.isDeref(inner)
	if pointer {
		inner = x.t.unwrap(x.t.FirstKid(inner))
	}
	cand, ok := "", false
	switch x.t.Kind(inner) {
	case kinds.ident, kinds.typeIdent:
		name := x.t.Text(inner)
		if _, isType := x.types[name]; isType {
			cand, ok = x.localCandidate(name, false)
		}
	case kinds.selectorExpr:
		cand, ok = x.qualifiedValue(inner)
		ok = ok && pointer
	case kinds.qualifiedType:
		_, cand, ok = x.typeCandidate(inner)
		ok = ok && cand != ""
	}
	if !ok {
		return false
	}
	name := x.t.Text(x.t.Child(sel, fields.field))
	x.addRef(sel, extract.RefCall, name, cand+"."+name)
	return true
}

// isDeref reports *e written as a unary expression or a pointer type.
func (x *fileExtractor) isDeref(i int32) bool {
	switch x.t.Kind(i) {
	case kinds.pointerType:
		return true
	case kinds.unaryExpr:
		return x.t.Src[x.t.Nodes[i].Start] == '*'
	}
	return false
}

// identUse emits a use ref for a package-level name used as a value — a
// function passed as a value, a variable, a constant: whatever is not a
// local, a predeclared name or an import. Declared names and the keys of
// keyed composite elements (struct field names) are not uses.
func (x *fileExtractor) identUse(i int32) {
	n := &x.t.Nodes[i]
	if n.Field == fields.name {
		return
	}
	if p := x.t.parent(i); x.t.Kind(p) == kinds.literalElement && x.t.Nodes[p].Field == fields.key {
		return
	}
	name := x.t.Text(i)
	if _, isImport := x.imports[name]; isImport {
		return
	}
	if cand, ok := x.localCandidate(name, true); ok {
		x.addRef(i, extract.RefUse, name, cand)
	}
}
