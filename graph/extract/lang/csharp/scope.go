package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

type scopeKind uint8

const (
	scopeNamespace scopeKind = iota
	scopeType
	scopeMethod // a generic method, local function or delegate: its type parameters
)

// scope is a namespace, type or generic method around the walk. Pending
// candidates keep a pointer to theirs, so scopes are never reused.
type scope struct {
	kind    scopeKind
	qual    string    // qualified name of the namespace or type ("" globally); a method's type's
	ns      string    // the innermost namespace
	sym     int       // symbol index of the innermost type, or extract.NoParent
	tparams []string  // type parameters declared here
	base    *evidence // a type's first base type (base.M()), or nil
	parent  *scope
}

// isTypeParam reports whether name is a type parameter in scope.
func (s *scope) isTypeParam(name string) bool {
	for ; s != nil; s = s.parent {
		for _, p := range s.tparams {
			if p == name {
				return true
			}
		}
	}
	return false
}

// typeParams lists the names a type_parameter_list declares.
func (w *walker) typeParams(list int32) []string {
	if list == noNode {
		return nil
	}
	var out []string
	for p := range w.t.Kids(list) {
		if nm := w.t.Child(p, fields.name); nm != noNode {
			out = append(out, identText(w.t.Text(nm)))
		}
	}
	return out
}

// withTypeParams runs fn in a scope that adds the type parameters of list.
func (w *walker) withTypeParams(list int32, fn func()) {
	if list == noNode {
		fn()
		return
	}
	outer := w.sc
	w.sc = &scope{kind: scopeMethod, qual: outer.qual, ns: outer.ns, sym: outer.sym,
		tparams: w.typeParams(list), parent: outer}
	fn()
	w.sc = outer
}

// join qualifies name by prefix, the global namespace having no prefix.
func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// lastSegment is the part of a dotted name after its last dot.
func lastSegment(q string) string { return q[strings.LastIndexByte(q, '.')+1:] }

// identText drops the @ of a verbatim identifier (@class).
func identText(s string) string { return strings.TrimPrefix(s, "@") }

// attributeName drops the conventional Attribute suffix.
func attributeName(s string) string {
	if n := strings.TrimSuffix(s, "Attribute"); n != "" {
		return n
	}
	return s
}

func (w *walker) addRef(i int32, kind extract.RefKind, name, q string) int {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: w.t.Span(i), Name: name, Qualified: q, Kind: kind})
	return len(w.out.Refs) - 1
}
