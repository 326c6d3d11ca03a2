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
	recv string // "" for M(), "this" for this.M(), else the dotted receiver
	abs  bool   // the receiver was written with global::
}

// defined holds the qualified names of the types and methods of the file.
type defined struct {
	types, methods map[string]bool
	aliases        map[string]string
}

// resolve fills in the candidates of pending refs and relations.
func (w *walker) resolve() {
	defer w.dropRefs()
	if len(w.types)+len(w.calls) == 0 {
		return
	}
	d := defined{types: map[string]bool{}, methods: map[string]bool{}, aliases: w.aliases}
	for _, s := range w.out.Symbols {
		switch s.Kind {
		case extract.KindClass, extract.KindStruct, extract.KindRecord, extract.KindInterface,
			extract.KindEnum, extract.KindType:
			d.types[s.Qualified] = true
		case extract.KindMethod, extract.KindTest:
			d.methods[s.Qualified] = true
		}
	}
	for _, p := range w.types {
		q := d.typeCandidate(p)
		if p.ref >= 0 {
			w.out.Refs[p.ref].Qualified = q
		}
		if p.rel >= 0 {
			w.out.Relations[p.rel].To = q
		}
	}
	for _, p := range w.calls {
		w.out.Refs[p.ref].Qualified = d.callCandidate(p, w.out.Refs[p.ref].Name)
	}
}

// typeCandidate: a type of this file visible from where the name was
// written (nested types of the enclosing types, then types of the
// enclosing namespaces); else a using alias; else a dotted name as written
// (the file cannot tell a namespace from a type); else the simple name in
// the innermost namespace, where C# looks first. Attribute names try the
// Attribute suffix first.
func (d *defined) typeCandidate(p pendingType) string {
	if p.abs {
		return p.path
	}
	if p.attr && !strings.HasSuffix(p.path, "Attribute") {
		if q, ok := d.inFile(p.sc, p.path+"Attribute"); ok {
			return q
		}
		if q, ok := d.inFile(p.sc, p.path); ok {
			return q
		}
		return d.fallback(p.sc, p.path+"Attribute")
	}
	if q, ok := d.inFile(p.sc, p.path); ok {
		return q
	}
	return d.fallback(p.sc, p.path)
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

// fallback is the candidate of a name the file does not define.
func (d *defined) fallback(sc *scope, path string) string {
	first, rest, dotted := strings.Cut(path, ".")
	if target, ok := d.aliases[first]; ok {
		if dotted {
			return target + "." + rest
		}
		return target
	}
	if dotted {
		return path
	}
	return join(sc.ns, path)
}

// callCandidate: M() and this.M() are a method of an enclosing type (only
// the innermost for this.M()) that this file defines; Type.M() needs both
// Type and Type.M in this file, or a using alias for Type's first name;
// global::A.B.M() is A.B.M. Otherwise the call keeps its name only: the
// method may be inherited, an extension or on a local variable.
func (d *defined) callCandidate(p pendingCall, name string) string {
	switch {
	case p.abs:
		return p.recv + "." + name
	case p.recv == "" || p.recv == "this":
		for s := p.sc; s != nil; s = s.parent {
			if s.kind != scopeType {
				continue
			}
			if q := s.qual + "." + name; d.methods[q] {
				return q
			}
			if p.recv == "this" {
				break
			}
		}
		return ""
	}
	if q, ok := d.inFile(p.sc, p.recv); ok {
		if q += "." + name; d.methods[q] {
			return q
		}
		return ""
	}
	first, rest, dotted := strings.Cut(p.recv, ".")
	if target, ok := d.aliases[first]; ok {
		if dotted {
			target += "." + rest
		}
		return target + "." + name
	}
	return ""
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
