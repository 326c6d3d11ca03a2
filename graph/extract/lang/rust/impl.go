package rust

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// impl emits an impl block symbol, the `impl Trait for Type` relation and
// the refs of its header, and walks its items as members of the type.
func (w *walker) impl(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	typ, trait, body := t.Child(i, x.fType), t.Child(i, x.fTrait), t.Child(i, x.fBody)
	is := sc.child(scopeItem)
	w.bindGenerics(i, is)
	self, known := w.selfType(typ, is)
	name := w.implName(trait, typ)
	q := w.uniqueImpl(join(sc.prefix, name))
	sym := w.addSymbol(name, q, extract.KindImpl, w.outerSpan(i, attrs), w.signature(i, body), sc.symbolParent())
	w.walkAttrs(attrs, i, sc)
	if trait != noNode && self != "" && !w.isGeneric(typ, is) {
		if to := w.traitTarget(trait, is); to != "" {
			w.out.Relations = append(w.out.Relations, extract.RawRelation{
				From: self, To: to, Kind: extract.RelImpl, Span: t.Span(trait)})
		}
	}
	for c := range t.Kids(i) {
		switch t.Nodes[c].Field {
		case x.fBody:
		case x.fTrait:
			w.typeExprAs(c, extract.RefType, is)
		default:
			w.walk(c, is)
		}
	}
	if body != noNode {
		is.self, is.prefix, is.sym, is.methods = self, self, sym, true
		if w.foreign(self) {
			// Another crate's type (Vec, u8, a dependency's struct): its
			// namespace is not this crate's to define names in, so the
			// members are the impl block's.
			is.prefix = q
		}
		if known && !w.isGeneric(typ, is) {
			is.selfRecv = self
		}
		w.walkList(body, is)
	}
}

// selfType is the qualified name of an impl's type: a path type resolved
// like a type reference (references, pointers and generic arguments set
// aside), a prelude type by its std path, anything else by its text under
// the module. known reports a name a type of the index may have (not the
// text of a tuple, array or dyn type).
func (w *walker) selfType(typ int32, sc *scope) (q string, known bool) {
	x, t := w.x, w.t
	if typ == noNode {
		return "", false
	}
	inner := typ
	for {
		switch t.Nodes[inner].Kind {
		case x.referenceType, x.pointerType:
			inner = t.Child(inner, x.fType)
			if inner == noNode {
				return "", false
			}
			continue
		case x.genericType:
			inner = t.Child(inner, x.fType)
			if inner == noNode {
				return "", false
			}
		}
		break
	}
	switch t.Nodes[inner].Kind {
	case x.typeIdent, x.scopedTypeIdent:
		if w.pathSegs(inner) {
			if b, _ := sc.lookup(w.segs[0]); b != boundLocal || len(w.segs) > 1 {
				if q, ok := w.resolve(sc, true); ok && q != "" {
					return q, true
				}
			}
		}
	case x.primitiveType:
		return t.Text(inner), true
	}
	return join(sc.mod, w.reducedText(typ)), false
}

// foreign reports a qualified type name rooted outside the file's crate:
// std, core and alloc, a primitive, a dependency.
func (w *walker) foreign(q string) bool {
	root, _, _ := strings.Cut(q, "::")
	return root != "" && root != w.loc.crate
}

// isGeneric reports an impl for a bare generic parameter (a blanket impl).
func (w *walker) isGeneric(typ int32, sc *scope) bool {
	if typ == noNode || w.t.Nodes[typ].Kind != w.x.typeIdent {
		return false
	}
	b, _ := sc.lookup(w.t.Raw(typ))
	return b == boundLocal
}

// traitTarget is the candidate qualified name of a trait in an impl
// header or a bound; prelude traits give their std path.
func (w *walker) traitTarget(i int32, sc *scope) string {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.genericType:
		i = t.Child(i, x.fType)
	case x.hrtb:
		return w.traitTarget(t.Child(i, x.fType), sc)
	case x.functionType:
		i = t.Child(i, x.fTrait)
	}
	if i == noNode || !w.pathSegs(i) {
		return ""
	}
	q, _ := w.resolve(sc, true)
	return q
}

// implName names an impl block after its header: "impl Trait for Type" or
// "impl Type", paths cut to their last segment.
func (w *walker) implName(trait, typ int32) string {
	name := "impl "
	if trait != noNode {
		name += w.reducedText(trait) + " for "
	}
	if typ != noNode {
		name += w.reducedText(typ)
	}
	return name
}

// uniqueImpl appends " (2)", " (3)", ... to an impl name already used in
// this file.
func (w *walker) uniqueImpl(q string) string {
	if w.impls == nil {
		w.impls = make(map[string]int)
	}
	w.impls[q]++
	if n := w.impls[q]; n > 1 {
		return q + " (" + strconv.Itoa(n) + ")"
	}
	return q
}

// reducedText is the source of a type with every path cut to its last
// segment (io::Result<fmt::Error> → Result<Error>), on one line.
func (w *walker) reducedText(i int32) string {
	x, t := w.x, w.t
	var out []byte
	pos := t.Nodes[i].Start
	for j := i; j < t.Nodes[i].SubEnd; j++ {
		k := t.Nodes[j].Kind
		if k != x.scopedTypeIdent && k != x.scopedIdent {
			continue
		}
		n := t.Child(j, x.fName)
		if n == noNode || t.Nodes[j].Start < pos {
			continue
		}
		out = append(out, t.Src[pos:t.Nodes[j].Start]...)
		pos = t.Nodes[n].Start
	}
	out = append(out, t.Src[pos:t.Nodes[i].End]...)
	return normalizeSignature(out)
}
