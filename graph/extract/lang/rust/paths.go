package rust

import (
	"bytes"
	"slices"
)

// pathSegs collects the segments of a path node (an identifier, a scoped
// identifier or type identifier, crate/self/super, a generic type's base)
// into w.segs and reports whether i is one. w.abs reports a leading `::`.
func (w *walker) pathSegs(i int32) bool {
	w.segs, w.abs = w.segs[:0], false
	return i >= 0 && w.appendSegs(i) && len(w.segs) > 0
}

func (w *walker) appendSegs(i int32) bool {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier, x.typeIdent, x.crate, x.self, x.super, x.metavar:
		if t.empty(i) {
			return false
		}
		w.segs = append(w.segs, t.Raw(i))
		return true
	case x.scopedIdent, x.scopedTypeIdent:
		p, n := t.Child(i, x.fPath), t.Child(i, x.fName)
		if p == noNode {
			w.abs = len(w.segs) == 0
		} else if !w.appendSegs(p) {
			return false
		}
		return n != noNode && w.appendSegs(n)
	case x.genericType, x.genericTypeTurbofish:
		return w.appendSegs(t.Child(i, x.fType))
	case x.bracketedType: // <T as Trait>::f names Trait's f; <T>::f is T's
		q := t.FirstKid(i)
		if t.Kind(q) != x.qualifiedType {
			return q != noNode && len(w.segs) == 0 && w.appendSegs(q)
		}
		a := t.Child(q, x.fAlias)
		return a != noNode && len(w.segs) == 0 && w.appendSegs(a)
	}
	return false
}

// resolve turns the path in w.segs into a candidate qualified name (see
// the package comment) and reports whether a use of it deserves a ref.
// With mapPrelude, prelude names give their std path instead of no ref.
//
// A name that only glob imports can supply is looked up in the innermost
// glob's module first; the other globs' candidates are left in w.alts,
// in order, for the caller to keep (nil otherwise).
func (w *walker) resolve(sc *scope, mapPrelude bool) (string, bool) {
	segs := w.segs
	w.alts = nil
	if w.abs {
		return joinSegs("", segs), true
	}
	first := segs[0]
	rest := segs[1:]
	var base string
	switch string(first) {
	case "crate", "$crate":
		base = w.loc.crate
	case "self":
		if len(rest) == 0 {
			return "", false // the value self
		}
		base = w.selfBase(sc, rest)
	case "super":
		base = parentPath(sc.mod)
		for len(rest) > 0 && string(rest[0]) == "super" {
			base, rest = parentPath(base), rest[1:]
		}
		if base == "" {
			return joinSegs("", segs), true
		}
	case "_": // an inferred type
		return "", false
	case "Self":
		if sc.self == "" {
			return "", len(rest) > 0
		}
		base = sc.self
	default:
		switch b, q := sc.lookup(first); {
		case b == boundLocal:
			return "", len(rest) > 0 // a variable, or T::assoc of a generic T
		case b == boundName:
			base = q
		case prelude[string(first)] != "":
			if !mapPrelude {
				return "", false
			}
			base = prelude[string(first)]
		case len(rest) == 0 || isUpper(first):
			base, rest = sc.mod, segs
			if g := w.globCandidates(sc, segs); g != "" {
				base = g // follow finds what the glob's module binds it to
			}
		default: // another crate, std
			w.externCrateUse(segs, sc)
			return joinSegs("", segs), true
		}
	}
	base, rest = w.follow(base, rest)
	return joinSegs(base, rest), true
}

// selfBase is where `self::name` looks name up: the module, unless
// nothing of the module binds name and a glob import of it may (`use
// super::*; use self::helper::f;`), then the glob's module.
func (w *walker) selfBase(sc *scope, rest [][]byte) string {
	ms := sc
	for ms.kind != scopeModule && ms.parent != nil {
		ms = ms.parent
	}
	if _, ok := ms.names[string(rest[0])]; ok || len(ms.globs) == 0 {
		return sc.mod
	}
	if g := w.globCandidates(ms, rest); g != "" {
		return g
	}
	return sc.mod
}

// globCandidates returns the innermost glob import's module for a name
// no item or use of the scope binds, and leaves the candidates the other
// globs give in w.alts.
func (w *walker) globCandidates(sc *scope, segs [][]byte) string {
	first := ""
	sc.eachGlob(func(g string) {
		if first == "" {
			first = g
			return
		}
		if g == first {
			return
		}
		alt := joinSegs(w.follow(g, segs))
		if !slices.Contains(w.alts, alt) {
			w.alts = append(w.alts, alt)
		}
	})
	return first
}

// follow replaces base::name by what name is bound to when base is one of
// the file's modules that defines or imports name (crate::a::X where a
// imports X from elsewhere).
func (w *walker) follow(base string, rest [][]byte) (string, [][]byte) {
	for len(rest) > 0 {
		s := w.mods[base]
		if s == nil {
			break
		}
		q, ok := s.names[string(rest[0])]
		if !ok || q == join(base, string(rest[0])) {
			break
		}
		base, rest = q, rest[1:]
	}
	return base, rest
}

// expandUse resolves the path of a use tree in w.segs: crate, self and
// super, and a first segment bound by an earlier use or naming an item of
// the module, are expanded; anything else (another crate) stays as written.
func (w *walker) expandUse(segs [][]byte, abs bool, sc *scope) string {
	if abs || len(segs) == 0 {
		return joinSegs("", segs)
	}
	first, rest := segs[0], segs[1:]
	base := ""
	switch string(first) {
	case "crate", "$crate":
		base = w.loc.crate
	case "self":
		alts := w.alts // a use path has no alternatives
		base = w.selfBase(sc, rest)
		w.alts = alts
	case "super":
		base = parentPath(sc.mod)
		for len(rest) > 0 && string(rest[0]) == "super" {
			base, rest = parentPath(base), rest[1:]
		}
		if base == "" {
			return joinSegs("", segs)
		}
	default:
		if b, q := sc.lookup(first); b == boundName {
			base = q
		} else {
			return joinSegs("", segs)
		}
	}
	base, rest = w.follow(base, rest)
	return joinSegs(base, rest)
}

// joinSegs appends segments to a :: path.
func joinSegs(base string, segs [][]byte) string {
	n := len(base)
	for _, s := range segs {
		n += len(s) + 2
	}
	b := make([]byte, 0, n)
	b = append(b, base...)
	for _, s := range segs {
		if len(b) > 0 {
			b = append(b, ':', ':')
		}
		b = append(b, s...)
	}
	return string(b)
}

// isUpper reports whether a name starts with an upper-case ASCII letter:
// Rust's convention for types, traits and enum variants.
func isUpper(name []byte) bool { return len(name) > 0 && name[0] >= 'A' && name[0] <= 'Z' }

// variantPath reports whether the path in w.segs ends in two upper-case
// segments, Type::Variant or Type::CONST: the reference is to the type.
func (w *walker) variantPath() bool {
	n := len(w.segs)
	return n >= 2 && isUpper(w.segs[n-1]) && isUpper(w.segs[n-2])
}

// trimSpace reports the source between two tokens with blanks removed.
func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
