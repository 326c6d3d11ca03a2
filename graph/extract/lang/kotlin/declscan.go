package kotlin

import "strings"

// scanTopLevel records the top-level declarations of the file (and the
// members of its classes, recursively) before the walk.
func (w *walker) scanTopLevel(root int32) {
	t := w.t
	for c := t.first(root); c >= 0; c = t.next(c) {
		switch t.kind(c) {
		case kinds.classDecl, kinds.objectDecl:
			if name := t.child(c, fields.name); name >= 0 {
				q := join(w.pkg, t.text(name))
				w.fileTypes[t.text(name)] = q
				w.scanClass(c, q)
			}
		case kinds.typeAlias:
			if name := t.child(c, fields.typ); name >= 0 {
				w.fileTypes[t.text(name)] = join(w.pkg, t.text(name))
			}
		case kinds.funcDecl:
			if name := t.child(c, fields.name); name >= 0 {
				w.addFileFunc(t.text(name), join(w.pkg, w.receiverPrefix(c, name)+t.text(name)))
			}
		case kinds.propertyDecl:
			if v := t.childOfKind(c, kinds.varDecl); v >= 0 {
				if name := t.childOfKind(v, kinds.ident); name >= 0 {
					w.addFileFunc(t.text(name), join(w.pkg, w.receiverPrefix(c, v)+t.text(name)))
					if w.receiver(c, v) < 0 {
						w.fileProps[t.text(name)] = struct{}{}
					}
				}
			}
		}
	}
}

// addFileFunc keeps the first top-level function or property of a name.
func (w *walker) addFileFunc(name, q string) {
	if _, ok := w.fileFuncs[name]; !ok {
		w.fileFuncs[name] = q
	}
}

// scanClass reads what a class, object or companion declares: its body's
// members and types, and its primary constructor's val/var parameters.
func (w *walker) scanClass(decl int32, q string) *classInfo {
	t := w.t
	body := t.childOfKind(decl, kinds.classBody)
	if body < 0 {
		body = t.childOfKind(decl, kinds.enumClassBody)
	}
	info := w.scanBody(body, q)
	info.supers = t.childOfKind(decl, kinds.delegationSpecs) >= 0
	if ctor := t.childOfKind(decl, kinds.primaryCtor); ctor >= 0 {
		if params := t.childOfKind(ctor, kinds.classParams); params >= 0 {
			for p := t.first(params); p >= 0; p = t.next(p) {
				if n := t.childOfKind(p, kinds.ident); n >= 0 && w.isProperty(p) {
					info.addProp(t.text(n))
				}
			}
		}
	}
	return info
}

// scanBody reads the members of a class body; q is the class's qualified
// name ("" for an anonymous body, which is not remembered).
func (w *walker) scanBody(body int32, q string) *classInfo {
	info := &classInfo{}
	if q != "" {
		w.infos[q] = info
	}
	if body < 0 {
		return info
	}
	t := w.t
	for c := t.first(body); c >= 0; c = t.next(c) {
		switch t.kind(c) {
		case kinds.classDecl, kinds.objectDecl:
			if name := t.child(c, fields.name); name >= 0 {
				nq := qualifyMember(q, t.bytes(name))
				info.types = append(info.types, binding{t.text(name), nq})
				w.scanClass(c, nq)
			}
		case kinds.companion:
			name := companionName(w, c)
			info.companionQ = qualifyMember(q, []byte(name))
			info.types = append(info.types, binding{name, info.companionQ})
			info.companion = w.scanClass(c, info.companionQ)
		case kinds.funcDecl:
			if name := t.child(c, fields.name); name >= 0 {
				info.addMember(t.text(name))
			}
		case kinds.propertyDecl:
			if v := t.childOfKind(c, kinds.varDecl); v >= 0 {
				if name := t.childOfKind(v, kinds.ident); name >= 0 && w.receiver(c, v) < 0 {
					info.addProp(t.text(name))
				} else if name >= 0 {
					info.addMember(t.text(name))
				}
			}
		case kinds.enumEntry:
			if name := t.childOfKind(c, kinds.ident); name >= 0 {
				info.addProp(t.text(name))
			}
		}
	}
	return info
}

// companionName is a companion object's name: Companion unless it has one.
func companionName(w *walker, c int32) string {
	if name := w.t.child(c, fields.name); name >= 0 {
		return w.t.text(name)
	}
	return "Companion"
}

// receiverPrefix is "Receiver." for an extension function or property
// (the receiver type is a child before the name), else "".
func (w *walker) receiverPrefix(decl, name int32) string {
	if r := w.receiver(decl, name); r >= 0 {
		return w.receiverName(r) + "."
	}
	return ""
}

// receiver returns the receiver type of an extension declaration: a type
// child before its name, or noNode.
func (w *walker) receiver(decl, name int32) int32 {
	for c := w.t.first(decl); c >= 0 && c != name; c = w.t.next(c) {
		switch w.t.kind(c) {
		case kinds.userType, kinds.nullableType, kinds.parenType:
			return c
		}
	}
	return noNode
}

// receiverName is a receiver type as written, without type arguments,
// nullability or parentheses: List<T>? is List.
func (w *walker) receiverName(r int32) string {
	t := w.t
	switch t.kind(r) {
	case kinds.userType:
		var b strings.Builder
		for c := t.first(r); c >= 0; c = t.next(c) {
			if t.kind(c) == kinds.ident {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.Write(t.bytes(c))
			}
		}
		return b.String()
	case kinds.nullableType, kinds.parenType:
		for c := t.first(r); c >= 0; c = t.next(c) {
			if k := t.kind(c); k != kinds.typeModifiers {
				return w.receiverName(c)
			}
		}
	}
	return normalize(t.bytes(r))
}
