package kotlin

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// scanTopLevel records the top-level declarations of the file (and the
// members of its classes, recursively) before the walk.
func (w *walker) scanTopLevel(root int32) {
	t := w.t
	for c := t.FirstKid(root); c >= 0; c = t.Next(c) {
		switch t.Kind(c) {
		case kinds.classDecl, kinds.objectDecl:
			if name := t.Child(c, fields.name); name >= 0 {
				q := jvm.Join(w.pkg, t.Text(name))
				w.fileTypes[t.Text(name)] = q
				w.scanClass(c, q)
			}
		case kinds.typeAlias:
			if name := t.Child(c, fields.typ); name >= 0 {
				w.fileTypes[t.Text(name)] = jvm.Join(w.pkg, t.Text(name))
			}
		case kinds.funcDecl:
			if name := t.Child(c, fields.name); name >= 0 {
				w.addFileFunc(t.Text(name), jvm.Join(w.pkg, w.receiverPrefix(c, name)+t.Text(name)))
			}
		case kinds.propertyDecl:
			if v := t.ChildOfKind(c, kinds.varDecl); v >= 0 {
				if name := t.ChildOfKind(v, kinds.ident); name >= 0 {
					w.addFileFunc(t.Text(name), jvm.Join(w.pkg, w.receiverPrefix(c, v)+t.Text(name)))
					if w.receiver(c, v) < 0 {
						w.fileProps[t.Text(name)] = struct{}{}
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
	body := t.ChildOfKind(decl, kinds.classBody)
	if body < 0 {
		body = t.ChildOfKind(decl, kinds.enumClassBody)
	}
	info := w.scanBody(body, q)
	info.supers = t.ChildOfKind(decl, kinds.delegationSpecs) >= 0
	if ctor := t.ChildOfKind(decl, kinds.primaryCtor); ctor >= 0 {
		if params := t.ChildOfKind(ctor, kinds.classParams); params >= 0 {
			for p := t.FirstKid(params); p >= 0; p = t.Next(p) {
				if n := t.ChildOfKind(p, kinds.ident); n >= 0 && w.isProperty(p) {
					info.addProp(t.Text(n))
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
	for c := t.FirstKid(body); c >= 0; c = t.Next(c) {
		switch t.Kind(c) {
		case kinds.classDecl, kinds.objectDecl:
			if name := t.Child(c, fields.name); name >= 0 {
				nq := qualifyMember(q, t.Raw(name))
				info.types = append(info.types, binding{t.Text(name), nq})
				w.scanClass(c, nq)
			}
		case kinds.companion:
			name := companionName(w, c)
			info.companionQ = qualifyMember(q, []byte(name))
			info.types = append(info.types, binding{name, info.companionQ})
			info.companion = w.scanClass(c, info.companionQ)
		case kinds.funcDecl:
			if name := t.Child(c, fields.name); name >= 0 {
				info.addMember(t.Text(name))
			}
		case kinds.propertyDecl:
			if v := t.ChildOfKind(c, kinds.varDecl); v >= 0 {
				if name := t.ChildOfKind(v, kinds.ident); name >= 0 && w.receiver(c, v) < 0 {
					info.addProp(t.Text(name))
				} else if name >= 0 {
					info.addMember(t.Text(name))
				}
			}
		case kinds.enumEntry:
			if name := t.ChildOfKind(c, kinds.ident); name >= 0 {
				info.addProp(t.Text(name))
			}
		}
	}
	return info
}

// companionName is a companion object's name: Companion unless it has one.
func companionName(w *walker, c int32) string {
	if name := w.t.Child(c, fields.name); name >= 0 {
		return w.t.Text(name)
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
	for c := w.t.FirstKid(decl); c >= 0 && c != name; c = w.t.Next(c) {
		switch w.t.Kind(c) {
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
	switch t.Kind(r) {
	case kinds.userType:
		var b strings.Builder
		for c := t.FirstKid(r); c >= 0; c = t.Next(c) {
			if t.Kind(c) == kinds.ident {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.Write(t.Raw(c))
			}
		}
		return b.String()
	case kinds.nullableType, kinds.parenType:
		for c := t.FirstKid(r); c >= 0; c = t.Next(c) {
			if k := t.Kind(c); k != kinds.typeModifiers {
				return w.receiverName(c)
			}
		}
	}
	return normalize(t.Raw(r))
}
