package java

import (
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file keeps only what the worktree can reach: a private
// or package-private member of a class can be named only inside the
// dependency's own package, which the worktree does not declare (a
// package it declares is not read from a dependency), and a private type
// only inside its outer type, so they go, with what they hold, the
// relations they state and the facts about them. A package-private type
// stays: a public type may extend it (StringBuilder's
// AbstractStringBuilder), whose public members are reached through it.
// Interface members are public unless private; enum constants are public.

// pruneUnreachable drops the symbols of x the worktree cannot name.
func pruneUnreachable(x *extract.ExtractedFile) {
	drop := make([]bool, len(x.Symbols))
	for i, s := range x.Symbols {
		if s.Parent >= 0 && s.Parent < i && drop[s.Parent] {
			drop[i] = true // inside a dropped type
			continue
		}
		switch s.Kind {
		case extract.KindClass, extract.KindInterface, extract.KindEnum, extract.KindRecord, extract.KindMethod, extract.KindField, extract.KindConstructor:
		default:
			continue
		}
		if s.Signature == "" { // an enum constant
			continue
		}
		public, protected, private := modifiers(s.Signature)
		inInterface := false
		if s.Parent >= 0 && s.Parent < len(x.Symbols) {
			inInterface = x.Symbols[s.Parent].Kind == extract.KindInterface
		}
		switch s.Kind {
		case extract.KindMethod, extract.KindField, extract.KindConstructor:
			drop[i] = private || !(public || protected || inInterface)
		default:
			// A type that is not public may still be a public type's
			// supertype (AbstractStringBuilder): its public members are
			// reached through it. A private one is not.
			drop[i] = private
		}
	}
	kept := map[string]bool{}
	gone := map[string]bool{}
	for i, s := range x.Symbols {
		if drop[i] {
			gone[s.Qualified] = true
		} else {
			kept[s.Qualified] = true
		}
	}
	for q := range kept {
		delete(gone, q) // an overload of it stays
	}
	if len(gone) == 0 && !slices.Contains(drop, true) {
		return
	}
	at := make([]int, len(x.Symbols)) // old index → new
	syms := x.Symbols[:0]
	for i, s := range x.Symbols {
		at[i] = len(syms)
		if drop[i] {
			continue
		}
		if s.Parent >= 0 && s.Parent < i {
			s.Parent = at[s.Parent]
		}
		syms = append(syms, s)
	}
	x.Symbols = syms
	rels := x.Relations[:0]
	for _, r := range x.Relations {
		if !gone[r.From] {
			rels = append(rels, r)
		}
	}
	x.Relations = rels
	if len(rels) == 0 {
		x.Relations = nil
	}
	facts := x.Facts[:0]
	for _, f := range x.Facts {
		if !gone[f.Subject] && (f.Member == "" || !gone[f.Subject+"."+f.Member]) {
			facts = append(facts, f)
		}
	}
	x.Facts = facts
	if len(facts) == 0 {
		x.Facts = nil
	}
}

// modifiers reads the access modifiers leading a declaration's signature.
func modifiers(sig string) (public, protected, private bool) {
	for _, w := range strings.Fields(sig) {
		switch w {
		case "public":
			public = true
		case "protected":
			protected = true
		case "private":
			private = true
		case "static", "final", "abstract", "native", "synchronized", "transient", "volatile", "strictfp", "default", "sealed", "non-sealed":
		default:
			return
		}
	}
	return
}
