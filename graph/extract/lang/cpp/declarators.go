package cpp

import "bytes"

// declInfo is what a declarator declares.
type declInfo struct {
	name   int32 // the name (identifier, qualified_identifier, ...), or noNode
	fn     bool  // a function, not a pointer to one nor a variable
	params int32 // the function's parameter_list, or noNode
	ptr    bool  // a pointer, reference or array lies between the name and the type
}

// declInfo unwraps a declarator down to its name. The innermost
// function_declarator decides whether it declares a function: in
// `int (*fp)(int)` a pointer sits below it, so fp is a variable; in
// `int *f(void)` the pointer is above it, so f is a function.
func (w *walker) declInfo(d int32) declInfo {
	x := w.x
	info := declInfo{name: noNode, params: noNode}
	for d >= 0 {
		switch k := w.t.Nodes[d].Kind; k {
		case x.funcDeclarator:
			info.fn, info.params = true, w.t.Child(d, x.fParameters)
		case x.pointerDecl, x.referenceDecl, x.arrayDecl:
			info.fn, info.ptr = false, true
		case x.initDecl, x.parenDecl, x.attributedDecl:
		case x.operatorCast:
			info.name, info.fn = d, true
			info.params = w.t.Child(w.t.Child(d, x.fDeclarator), x.fParameters)
			return info
		default:
			if w.isName(k) || k == x.structuredBinding {
				info.name = d
			}
			return info
		}
		d = w.innerDecl(d)
	}
	return info
}

// isName reports whether kind k names what a declarator declares.
func (w *walker) isName(k uint16) bool {
	x := w.x
	switch k {
	case x.identifier, x.fieldIdent, x.typeIdent, x.qualifiedIdent, x.destructorName,
		x.operatorName, x.templateFunc:
		return true
	}
	return false
}

// isDeclarator reports whether kind k wraps another declarator.
func (w *walker) isDeclarator(k uint16) bool {
	x := w.x
	switch k {
	case x.funcDeclarator, x.pointerDecl, x.referenceDecl, x.arrayDecl, x.initDecl,
		x.parenDecl, x.attributedDecl:
		return true
	}
	return false
}

// innerDecl is the declarator d wraps: its declarator field, or for the
// kinds without one (parentheses) its first declarator or name child.
func (w *walker) innerDecl(d int32) int32 {
	if c := w.t.Child(d, w.x.fDeclarator); c != noNode {
		return c
	}
	for c := range w.t.Kids(d) {
		if k := w.t.Nodes[c].Kind; w.isDeclarator(k) || w.isName(k) || k == w.x.structuredBinding {
			return c
		}
	}
	return noNode
}

// walkDeclarator walks what a declarator contains (parameter types, array
// sizes, initial values) but the name it declares.
func (w *walker) walkDeclarator(d int32) {
	if d < 0 {
		return
	}
	k := w.t.Nodes[d].Kind
	switch {
	case k == w.x.qualifiedIdent || k == w.x.templateFunc:
		w.walkTemplateArgs(d)
	case w.isName(k):
	case w.isDeclarator(k):
		inner := w.innerDecl(d)
		for c := range w.t.Kids(d) {
			if c == inner {
				w.walkDeclarator(c)
			} else {
				w.walk(c)
			}
		}
	default:
		w.walk(d)
	}
}

// walkTemplateArgs walks the template argument lists inside a qualified
// name, as types, and nothing else of it.
func (w *walker) walkTemplateArgs(i int32) {
	x := w.x
	for c := range w.t.Kids(i) {
		switch w.t.Nodes[c].Kind {
		case x.qualifiedIdent, x.templateType, x.templateFunc, x.templateMethod:
			w.walkTemplateArgs(c)
		default:
			if w.t.Nodes[c].Field == x.fArguments {
				w.walk(c)
			}
		}
	}
}

// declareLocal adds the names a declarator in a function body declares
// to the locals in scope, with the evidence of their type the type
// specifier typ (noNode: none) and the declarator give. A local prototype
// declares no local, but in C++ `Random rnd(test::RandomSeed());` (the
// most vexing parse) is a variable of a class type.
func (w *walker) declareLocal(d, typ int32) {
	info := w.declInfo(d)
	switch w.t.Kind(info.name) {
	case w.x.identifier:
		if !info.fn || w.cxx && w.isClassType(typ) {
			w.locals = append(w.locals, w.newLocal(w.t.Raw(info.name), typ, d))
		}
	case w.x.structuredBinding:
		for c := range w.t.Kids(info.name) {
			w.locals = append(w.locals, local{name: w.t.Raw(c), typ: noNode})
		}
	}
}

// declareParams adds a parameter list's names to the locals in scope.
func (w *walker) declareParams(params int32) {
	if params < 0 {
		return
	}
	for c := range w.t.Kids(params) {
		if w.t.Nodes[c].Kind == w.x.identifier { // K&R: f(a, b) int a; ...
			w.locals = append(w.locals, local{name: w.t.Raw(c), typ: noNode})
		} else {
			w.declareLocal(w.t.Child(c, w.x.fDeclarator), w.t.Child(c, w.x.fType))
		}
	}
}

// isLocal reports whether name is a local variable, parameter or template
// parameter in scope: calls to it and types named by it get no ref.
func (w *walker) isLocal(name []byte) bool {
	_, ok := w.lookupLocal(name)
	return ok
}

// lookupLocal finds the innermost local named name.
func (w *walker) lookupLocal(name []byte) (*local, bool) {
	for i := len(w.locals) - 1; i >= 0; i-- {
		if bytes.Equal(w.locals[i].name, name) {
			return &w.locals[i], true
		}
	}
	return nil, false
}

// templateParams walks a template parameter list, declaring each
// parameter once its own default has been read.
func (w *walker) templateParams(list int32) {
	x := w.x
	for p := range w.t.Kids(list) {
		switch w.t.Nodes[p].Kind {
		case x.typeParamDecl, x.optTypeParamDecl, x.varTypeParamDecl:
			name := w.t.Child(p, x.fName)
			if name == noNode {
				name = w.t.ChildOfKind(p, x.typeIdent)
			}
			w.walkExcept(p, name)
			if name != noNode {
				w.locals = append(w.locals, local{name: w.t.Raw(name), typ: noNode})
			}
		case x.tmplTmplParamDecl, x.templateParamList:
			w.templateParams(p)
		default:
			w.walk(p)
			w.declareLocal(w.t.Child(p, x.fDeclarator), noNode)
		}
	}
}

// isClassType reports whether a type specifier names a class: a name or
// a qualified or template name that is not a standard typedef.
func (w *walker) isClassType(typ int32) bool {
	switch w.t.Kind(typ) {
	case w.x.typeIdent:
		return !builtinTypes[string(w.t.Raw(typ))]
	case w.x.qualifiedIdent, w.x.templateType:
		return true
	}
	return false
}
