package golang

import "github.com/orbitgraph/orbit/graph/extract"

// embeddings records extends relations from a declared type to what its
// struct embeds (B, *B, pkg.C, G[T]) or its interface embeds (io.Reader).
// Union or ~T elements of constraint interfaces are not embeddings; nor are
// predeclared types (interface{ comparable }).
func (x *fileExtractor) embeddings(name string, typ int32) {
	from := x.qualify(name)
	switch x.t.Kind(typ) {
	case kinds.structType:
		list := x.t.ChildOfKind(typ, kinds.fieldDeclList)
		for fd := x.t.FirstKid(list); fd >= 0; fd = x.t.Next(fd) {
			if x.t.Kind(fd) == kinds.fieldDecl && x.t.Child(fd, fields.name) < 0 {
				x.extends(from, fd, x.t.Child(fd, fields.typ))
			}
		}
	case kinds.interfaceType:
		for el := x.t.FirstKid(typ); el >= 0; el = x.t.Next(el) {
			if x.t.Kind(el) == kinds.typeElem {
				x.extends(from, el, x.t.onlyChild(el))
			}
		}
	}
}

// extends adds one relation stated at site, when typ has a candidate.
func (x *fileExtractor) extends(from string, site, typ int32) {
	_, to, ok := x.typeCandidate(typ)
	if !ok || to == "" {
		return
	}
	x.out.Relations = append(x.out.Relations, extract.RawRelation{
		From: from, To: to, Kind: extract.RelExtends, Span: x.span(site),
	})
}
