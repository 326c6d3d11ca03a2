package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// baseRule is how a declaration's base list reads.
type baseRule uint8

const (
	ruleClass     baseRule = iota // a superclass first, if any, then interfaces
	ruleStruct                    // interfaces only
	ruleInterface                 // base interfaces, which it extends
	ruleEnum                      // the underlying integer type: no relation
)

func (w *walker) baseRule(decl int32) baseRule {
	switch w.t.Nodes[decl].Kind {
	case kinds.structDecl:
		return ruleStruct
	case kinds.interfaceDecl:
		return ruleInterface
	case kinds.enumDecl:
		return ruleEnum
	case kinds.recordDecl:
		if w.isRecordStruct(decl) {
			return ruleStruct
		}
	}
	return ruleClass
}

// isRecordStruct reports `record struct`: the keyword is not a node, so
// it is read from the text between the modifiers and the name.
func (w *walker) isRecordStruct(decl int32) bool {
	t := w.t
	start := t.Nodes[decl].Start
	for c := range t.Kids(decl) {
		n := &t.Nodes[c]
		if n.Field == fields.name {
			return strings.Contains(t.Src[start:n.Start], "struct")
		}
		start = n.End
	}
	return false
}

// bases emits a type ref and a relation for each entry of a base list.
// C# does not say which base is a class: by the .NET naming convention a
// name I+Upper (IDisposable) is an interface, so a class's first base is
// its superclass (extends) unless it looks like an interface, and every
// other base is an interface (implements). Structs implement interfaces;
// interfaces extend theirs.
func (w *walker) bases(list int32, from string, rule baseRule) {
	t := w.t
	n := 0
	for c := range t.Kids(list) {
		switch t.Nodes[c].Kind {
		case kinds.primaryBase: // record R(int X) : Base(X)
			for cc := range t.Kids(c) {
				if t.Nodes[cc].Field == fields.typ {
					w.base(cc, c, from, rule, n)
				} else {
					w.walk(cc)
				}
			}
		case kinds.argumentList: // class C(int x) : Base(x)
			w.walk(c)
			continue
		default:
			w.base(c, c, from, rule, n)
		}
		n++
	}
}

// base handles base number n, named by typ, stated at site.
func (w *walker) base(typ, site int32, from string, rule baseRule, n int) {
	p := w.namedType(typ, extract.RefType, false)
	if p < 0 || rule == ruleEnum {
		return
	}
	kind := extract.RelImplements
	switch {
	case rule == ruleInterface:
		kind = extract.RelExtends
	case rule == ruleClass && n == 0 && !looksLikeInterface(w.out.Refs[w.types[p].ref].Name):
		kind = extract.RelExtends
	}
	w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, Kind: kind, Span: w.t.Span(site)})
	w.types[p].rel = len(w.out.Relations) - 1
}

// looksLikeInterface is the .NET convention: I followed by a capital.
func looksLikeInterface(name string) bool {
	return len(name) >= 2 && name[0] == 'I' && name[1] >= 'A' && name[1] <= 'Z'
}
