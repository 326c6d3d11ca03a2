package csharp

import (
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// pendingType is a type name whose candidate needs the whole file's types:
// a type may be declared after its first use.
type pendingType struct {
	ref, rel int    // indexes into Refs and Relations, or -1
	sc       *scope // where the name was written
	path     string // dotted as written, type arguments and global:: left out
	abs      bool   // written with global::
	attr     bool   // an attribute's name: NameAttribute is tried first
}

// pendingCall is a call whose candidate needs the whole file's methods.
type pendingCall struct {
	ref  int
	sc   *scope
	recv string    // "" for M(), "this", "base", a dotted receiver, "?" for another expression
	ev   *evidence // the receiver's type evidence, or nil
}

// pendingFact is a fact whose Object is a type written in the file.
type pendingFact struct {
	fact int
	ev   *evidence
}

// defined holds the qualified names of the types, methods, fields and
// properties of the file, and the candidates found so far.
type defined struct {
	types, methods, members map[string]bool
	aliases                 map[string]string
	usings                  []string // namespaces and types of using directives, in source order
	cache                   map[candKey]cands
}

// resolve fills in the candidates of pending refs, relations and facts.
func (w *walker) resolve() {
	defer w.dropRefs()
	if len(w.types)+len(w.calls)+len(w.facts) == 0 {
		return
	}
	d := defined{types: map[string]bool{}, methods: map[string]bool{}, members: map[string]bool{},
		aliases: w.aliases, usings: w.usings, cache: map[candKey]cands{}}
	for _, s := range w.out.Symbols {
		switch s.Kind {
		case extract.KindClass, extract.KindStruct, extract.KindRecord, extract.KindInterface,
			extract.KindEnum, extract.KindType:
			d.types[s.Qualified] = true
		case extract.KindMethod, extract.KindTest:
			d.methods[s.Qualified] = true
		case extract.KindProperty:
			d.members[s.Qualified] = true
		}
	}
	for _, f := range w.fields {
		d.members[f] = true
	}
	for _, p := range w.types {
		c := d.typeCandidate(p.sc, p.path, p.abs, p.attr)
		if p.ref >= 0 {
			w.out.Refs[p.ref].Qualified = c.q
			w.out.Refs[p.ref].Alternatives = c.alts
		}
		if p.rel >= 0 {
			w.out.Relations[p.rel].To = c.q
		}
	}
	for _, p := range w.calls {
		d.resolveCall(p, &w.out.Refs[p.ref])
	}
	for _, p := range w.facts {
		w.out.Facts[p.fact].Object = d.typeCandidate(p.ev.sc, p.ev.path, p.ev.abs, false).q
	}
}

// resolveCall fills in a call's candidate: M() naming a method this file
// defines in an outer type (not the innermost) is that method, otherwise
// a member of the innermost type (Receiver [C]); Type.M() is a static
// call with Type's candidates; a receiver with evidence gives Receiver;
// anything else keeps its name only.
func (d *defined) resolveCall(p pendingCall, r *extract.RawRef) {
	if p.recv == "" {
		if q := d.outerMethod(p.sc, r.Name); q != "" {
			r.Qualified = q
			return
		}
	}
	recv, alts, static := d.resolveHead(p.ev)
	switch {
	case recv == nil:
	case static:
		r.Qualified = recv[0] + "." + r.Name
		if len(alts) > 0 {
			r.Alternatives = make([]string, len(alts))
			for i, a := range alts {
				r.Alternatives[i] = a + "." + r.Name
			}
		}
	default:
		r.Receiver, r.Alternatives = recv, alts
	}
}

// outerMethod is the method name of an enclosing type other than the
// innermost, when this file defines it there and not in the innermost;
// "" otherwise.
func (d *defined) outerMethod(sc *scope, name string) string {
	inner := true
	for s := sc; s != nil; s = s.parent {
		if s.kind != scopeType {
			continue
		}
		if q := s.qual + "." + name; d.methods[q] {
			if inner {
				return ""
			}
			return q
		}
		inner = false
	}
	return ""
}

// resolveHead turns evidence into a receiver chain with alternatives for
// its head. A name whose first part is a field or property of an enclosing
// type is that member; a name read from a variable is nothing else; any
// other name is a type (static reports a bare type name: Type.M() is a
// static call, not a receiver).
func (d *defined) resolveHead(ev *evidence) (recv, alts []string, static bool) {
	if ev == nil {
		return nil, nil, false
	}
	if ev.qual != "" {
		return append([]string{ev.qual}, ev.rest...), nil, false
	}
	if !ev.asType && !ev.abs {
		first, more, dotted := strings.Cut(ev.path, ".")
		for s := ev.sc; s != nil; s = s.parent {
			if s.kind == scopeType && d.members[s.qual+"."+first] {
				recv = []string{s.qual, first}
				if dotted {
					recv = append(recv, strings.Split(more, ".")...)
				}
				return append(recv, ev.rest...), nil, false
			}
		}
		if ev.value {
			return nil, nil, false
		}
	}
	c := d.typeCandidate(ev.sc, ev.path, ev.abs, false)
	return append([]string{c.q}, ev.rest...), c.alts, !ev.asType && len(ev.rest) == 0
}

// cands is a name's first candidate and its alternatives.
type cands struct {
	q    string
	alts []string
}

// typeCandidate: a type of this file visible from where the name was
// written (nested types of the enclosing types, then types of the
// enclosing namespaces); else the candidates of fallback. Attribute names
// try the Attribute suffix first.
func (d *defined) typeCandidate(sc *scope, path string, abs, attr bool) cands {
	if abs {
		return cands{q: path}
	}
	if attr && !strings.HasSuffix(path, "Attribute") {
		if q, ok := d.inFile(sc, path+"Attribute"); ok {
			return cands{q: q}
		}
		if q, ok := d.inFile(sc, path); ok {
			return cands{q: q}
		}
		return d.fallback(sc, path+"Attribute")
	}
	if q, ok := d.inFile(sc, path); ok {
		return cands{q: q}
	}
	return d.fallback(sc, path)
}

// inFile resolves a dotted name against the types of this file: its first
// name as a type visible from sc, or the whole name relative to an
// enclosing namespace.
func (d *defined) inFile(sc *scope, path string) (string, bool) {
	first, rest, dotted := strings.Cut(path, ".")
	for s := sc; s != nil; s = s.parent {
		if s.kind == scopeMethod {
			continue
		}
		for p := s.qual; ; p = parentName(p) {
			if q := join(p, first); d.types[q] {
				if dotted {
					q += "." + rest
				}
				return q, true
			}
			if q := join(p, path); dotted && d.types[q] {
				return q, true
			}
			if s.kind == scopeType || p == "" {
				break
			}
		}
	}
	return "", false
}

// candKey is a name as written and the namespace it was written in.
type candKey struct{ ns, path string }

// fallback is the candidates of a name the file does not define, in C#'s
// lookup order: a using alias is exact; a simple name is in the innermost
// namespace, then the outer ones, then each using directive's namespace,
// then the global namespace. A dotted name is first as written (usually
// fully qualified), then relative to the enclosing namespaces (a using
// imports types, not namespaces, so A.B through one is rare: left out).
func (d *defined) fallback(sc *scope, path string) cands {
	first, rest, dotted := strings.Cut(path, ".")
	if target, ok := d.aliases[first]; ok {
		if dotted {
			return cands{q: target + "." + rest}
		}
		return cands{q: target}
	}
	key := candKey{sc.ns, path}
	if c, ok := d.cache[key]; ok {
		return c
	}
	c := cands{q: path}
	if !dotted {
		c.q = join(sc.ns, path)
	}
	add := func(q string) {
		if q != c.q && !slices.Contains(c.alts, q) {
			c.alts = append(c.alts, q)
		}
	}
	for ns := sc.ns; ns != ""; ns = parentName(ns) {
		add(ns + "." + path)
	}
	if !dotted {
		for _, u := range d.usings {
			add(u + "." + path)
		}
		add(path)
	}
	c.alts = slices.Clip(c.alts)
	d.cache[key] = c
	return c
}

// dropRefs removes the refs to names tree-sitter made up for missing
// code (empty identifiers), keeping the others' order. It runs after the
// pending candidates, which point into Refs, are filled in.
func (w *walker) dropRefs() {
	if !slices.ContainsFunc(w.out.Refs, func(r extract.RawRef) bool { return r.Name == "" }) {
		return
	}
	refs := w.out.Refs[:0]
	for _, r := range w.out.Refs {
		if r.Name != "" {
			refs = append(refs, r)
		}
	}
	w.out.Refs = refs
}

// parentName drops the last segment of a dotted name ("" for one name).
func parentName(q string) string {
	if i := strings.LastIndexByte(q, '.'); i >= 0 {
		return q[:i]
	}
	return ""
}
