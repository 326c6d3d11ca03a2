// Package resolve is pass 2 of DESIGN.md, A sync: it grades each reference's
// candidate qualified name against the whole index and assigns the
// confidence of DESIGN.md, Confidence.
//
// Layer: core. It depends only on extract; the symbol table comes in through
// the Symbols interface so that a cold build (in memory) and an incremental
// sync (SQL) share one rule and so agree byte for byte.
package resolve

import (
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Symbol is where one definition of a qualified name lives.
type Symbol struct {
	ID    int64
	File  string
	Kind  string
	Start uint32        // byte offset in File
	Arity extract.Arity // of an overload, when its language states it
	// External: a dependency package's declaration (DESIGN.md, Dependency
	// packages), a target like any other but no sign that its namespace
	// is the index's own.
	External bool
}

// Symbols looks up definitions by qualified name.
type Symbols interface {
	Lookup(qualified string) ([]Symbol, error)
}

// Import is one import of the referring file: its path as written and,
// when different, what it binds in the index (graph/extract/RESOLUTION.md).
type Import struct{ Path, Symbol, Resolved string }

// Result is a graded reference.
type Result struct {
	Confidence string
	Hint       int64 // the unique target's symbol id, or 0
	// Type: every definition of the target is a type (so a Go "call" of
	// it is a conversion: T(x), unsafe.Pointer(p)).
	Type bool
}

// File is the referring file as pass 2 sees it.
type File struct {
	Path    string
	Traits  extract.ResolutionTraits // of the file's language
	Imports []Import
}

// Resolve picks a reference's target (see Choose) and grades it:
//
//   - exact: the target is defined in the referring file itself;
//   - import_resolved: the target was reached through one of the file's
//     imports (it may be outside the index: an imported library);
//   - same_module: defined elsewhere in the index without an import (the
//     file's own package, or a chain of declared types);
//   - fuzzy_name: nothing defines it, or there is no target at all.
//
// Whether a target came through an import is read off the file's imports,
// not remembered from extraction, so re-resolving gives the same answer.
func Resolve(idx Index, f File, r Ref) (Result, Choice, error) {
	ch, err := Choose(idx, f.Traits, r)
	if err != nil || ch.Target == "" {
		return Result{Confidence: FuzzyName}, ch, err
	}
	defs, err := idx.Lookup(ch.Target)
	if err != nil {
		return Result{}, ch, err
	}
	res := Grade(ch.Target, f.Path, f.Imports, defs)
	if res.Confidence == SameModule && writtenViaImport(r, f.Imports) {
		// The file named it through an import and re-exports led to the
		// definition (`from pkg import X`, X defined in pkg.sub).
		res.Confidence = ImportResolved
	}
	res.Type = allTypes(defs)
	if res.Hint == 0 {
		res.Hint = overloadTaking(defs, r.Args, f.Path)
	}
	if res.Hint == 0 {
		res.Hint = memberOrNot(defs, len(r.Receiver) > 0)
		if res.Hint == 0 && f.Traits.NearestTwin {
			res.Hint = nearestTwin(defs, f.Path, r.Start)
		}
		if res.Hint != 0 {
			// Regrade cannot tell these apart again: the file is
			// resolved again when the name's definitions change.
			ch.Consulted = append(ch.Consulted, ch.Target)
		}
	}
	if ch.Unverified {
		res.Confidence = FuzzyName
	}
	if res.Confidence == ImportResolved && len(defs) == 0 {
		if err := gradeUndefined(idx, f, &res, &ch); err != nil {
			return Result{}, ch, err
		}
	}
	return res, ch, nil
}

// writtenViaImport reports whether a name the file wrote (the candidate or
// an alternative) comes through one of its imports.
func writtenViaImport(r Ref, imports []Import) bool {
	if r.Qualified != "" && ViaImport(r.Qualified, imports) {
		return true
	}
	for _, a := range r.Alternatives {
		if ViaImport(a, imports) {
			return true
		}
	}
	return false
}

// gradeUndefined grades a name reached through an import that nothing in
// the index defines. Through a library's import it is the library's name,
// graded by the import (DESIGN.md, Confidence). Through imports whose
// namespaces are all the index's own it points at nothing: a re-export or
// an attribute chain the index cannot follow, so fuzzy_name. The file's
// resolution depends on those namespaces and on the name itself, so it is
// resolved again when either gains or loses a definition.
func gradeUndefined(idx Index, f File, res *Result, ch *Choice) error {
	spaces := importNamespaces(ch.Target, f.Imports)
	own := len(spaces) > 0
	consulted := append(append([]string{}, ch.Consulted...), spaces...)
	for _, ns := range spaces {
		defined, err := idx.Defines(ns)
		if err != nil {
			return err
		}
		// An import naming an item of a module the index defines (Rust's
		// `use clap::Values`, Java's `import a.b.C`), or a module missing
		// below a package the index defines (Python's `from
		// pkg.tests.helpers import run` where pkg/tests is not indexed):
		// the nearest enclosing module the index defines is the namespace.
		outer := Namespaces(ns)
		for i := len(outer) - 1; !defined && i >= 0; i-- {
			defs, err := idx.Lookup(outer[i])
			if err != nil {
				return err
			}
			for _, d := range defs {
				defined = defined || !d.External
			}
			consulted = append(consulted, outer[i])
		}
		own = own && defined
	}
	if own {
		res.Confidence = FuzzyName
		consulted = append(consulted, ch.Target)
	}
	sort.Strings(consulted)
	ch.Consulted, ch.Derived = slices.Compact(consulted), true
	return nil
}

// importNamespaces lists the namespaces of the imports candidate comes
// through: each import's path, or what it binds in the index.
func importNamespaces(candidate string, imports []Import) []string {
	var out []string
	for _, im := range imports {
		if viaPath(candidate, im.Path, im.Symbol) {
			out = append(out, im.Path)
		}
		if im.Resolved != "" && viaPath(candidate, im.Resolved, im.Symbol) {
			out = append(out, im.Resolved)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// Namespaces lists the namespaces enclosing a qualified name, outermost
// first: its prefixes that end before a separator ("a/b.C.m" gives "a",
// "a/b", "a/b.C"). A name's definition coming or going may change whether
// each of them is defined (Index.Defines).
func Namespaces(q string) []string {
	var out []string
	for i := 1; i < len(q); i++ {
		if isSeparator(q[i]) && !isSeparator(q[i-1]) {
			out = append(out, q[:i])
		}
	}
	return out
}

// overloadTaking is the one definition among overloads of a name that
// takes a call's argument count, or 0: Java's and C++'s overloads share a
// qualified name, and the hint says which of them a call means. A
// prototype (a C++ method declared in its class, a function in a header)
// is no overload of its own: the definitions are, taking the default
// arguments their prototypes state. When several definitions take the
// call, the referring file's own one is meant if the file declares no
// other that takes it (a program's own copy, as for exact grades).
func overloadTaking(defs []Symbol, args extract.Arity, file string) int64 {
	if len(defs) < 2 {
		return 0
	}
	for _, d := range defs {
		if !d.Arity.Known {
			return 0
		}
	}
	bodies, protos := splitPrototypes(defs)
	if !args.Known && len(protos) == 0 {
		return 0
	}
	var fits []Symbol
	for _, d := range bodies {
		if WithDefaults(d.Arity, protos).Accepts(args) {
			fits = append(fits, d)
		}
	}
	if len(fits) == 1 {
		return fits[0].ID
	}
	var local []Symbol
	declared := 0
	for _, d := range fits {
		if d.File == file {
			local = append(local, d)
		}
	}
	for _, p := range protos {
		if p.File == file && p.Arity.Accepts(args) {
			declared++
		}
	}
	if len(local) == 1 && declared <= 1 {
		return local[0].ID
	}
	return 0
}

// Prototype is the kind of a function or method declared without a body.
var Prototype = extract.KindFunctionDeclaration.String()

// splitPrototypes splits definitions into those with a body and the
// prototypes; when none has a body, the prototypes are the bodies.
func splitPrototypes(defs []Symbol) (bodies, protos []Symbol) {
	for _, d := range defs {
		if d.Kind == Prototype {
			protos = append(protos, d)
		} else {
			bodies = append(bodies, d)
		}
	}
	if len(bodies) == 0 {
		return protos, nil
	}
	return bodies, protos
}

// WithDefaults is a definition's arity with the default arguments of its
// prototypes: C++ states them in the declaration only, so a prototype
// taking as many arguments at most and fewer at least lowers the minimum.
func WithDefaults(a extract.Arity, protos []Symbol) extract.Arity {
	for _, p := range protos {
		if a.Known && p.Arity.Known && p.Arity.Max == a.Max && p.Arity.Min < a.Min {
			a.Min = p.Arity.Min
		}
	}
	return a
}

// memberOrNot picks, when the name has both member definitions (a method
// of an interface) and others (a function nested in a function of the
// interface's name: TypeScript's $constructor), the only one of the kind
// the use can mean: a member through a receiver, else a non-member.
func memberOrNot(defs []Symbol, member bool) int64 {
	var members, others []Symbol
	for _, d := range defs {
		switch {
		case IsTypeKind(d.Kind), d.Kind == Prototype:
		case isMemberKind(d.Kind):
			members = append(members, d)
		default:
			others = append(others, d)
		}
	}
	if len(members) == 0 || len(others) == 0 {
		return 0
	}
	pick := others
	if member {
		pick = members
	}
	if len(pick) != 1 {
		return 0
	}
	return pick[0].ID
}

func isMemberKind(kind string) bool {
	switch kind {
	case "method", "constructor", "field", "property":
		return true
	}
	return false
}

// nearestTwin picks, of several value definitions of the name in file,
// the one nearest before offset, else the first (ResolutionTraits.NearestTwin).
// 0 when the file has fewer than two.
func nearestTwin(defs []Symbol, file string, offset uint32) int64 {
	var twins []Symbol
	for _, d := range defs {
		if d.File == file && d.Kind != Prototype && !IsTypeKind(d.Kind) {
			if len(twins) > 0 && d.Kind != twins[0].Kind {
				return 0 // not twins: told apart by kind (memberOrNot), or not at all
			}
			twins = append(twins, d)
		}
	}
	if len(twins) < 2 {
		return 0
	}
	first, before := twins[0], Symbol{}
	for _, d := range twins {
		if d.Start < first.Start {
			first = d
		}
		if d.Start <= offset && (before.ID == 0 || d.Start > before.Start) {
			before = d
		}
	}
	best := first
	if before.ID != 0 {
		best = before
	}
	return best.ID
}

func allTypes(defs []Symbol) bool {
	for _, d := range defs {
		if !IsTypeKind(d.Kind) {
			return false
		}
	}
	return len(defs) > 0
}

// Grade assigns the confidence of a target given its definitions.
func Grade(target, fromFile string, imports []Import, defs []Symbol) Result {
	var r Result
	if len(defs) == 1 {
		r.Hint = defs[0].ID
	}
	switch {
	case inFile(defs, fromFile):
		r.Confidence = Exact
	case ViaImport(target, imports) || inImportedFile(defs, imports):
		r.Confidence = ImportResolved
	case len(defs) > 0:
		r.Confidence = SameModule
	default:
		r.Confidence = FuzzyName
	}
	return r
}

// inImportedFile: a definition lives in a file the referring file names
// (C's #include "x.h").
func inImportedFile(defs []Symbol, imports []Import) bool {
	for _, d := range defs {
		for _, im := range imports {
			if im.Resolved != "" && im.Resolved == d.File {
				return true
			}
		}
	}
	return false
}

func inFile(defs []Symbol, file string) bool {
	for _, d := range defs {
		if d.File == file {
			return true
		}
	}
	return false
}

// ViaImport reports whether candidate is an import of the file or a name
// inside one: the import's path equals the candidate or is followed in it by
// a separator, and when the import names a symbol (`from a import b`,
// `import {b} from "a"`) that symbol comes next, whatever separator the
// language writes between them (".", "::", ":").
func ViaImport(candidate string, imports []Import) bool {
	for _, im := range imports {
		if viaPath(candidate, im.Path, im.Symbol) || im.Resolved != "" && viaPath(candidate, im.Resolved, im.Symbol) {
			return true
		}
	}
	return false
}

// viaPath: candidate is path or a name inside the module path names. A
// name after a '/' lies in another module below it (Go's encoding/json
// below an import of encoding, a TypeScript directory's files below a
// module of its name), which the import does not bring.
func viaPath(candidate, path, symbol string) bool {
	if path == "" || !hasSegmentPrefix(candidate, path) || len(candidate) > len(path) && candidate[len(path)] == '/' {
		return false
	}
	if symbol == "" || symbol == "*" {
		return true
	}
	rest := candidate[len(path):]
	trimmed := strings.TrimLeft(rest, ".:/#")
	return trimmed != rest && hasSegmentPrefix(trimmed, symbol)
}

// hasSegmentPrefix: s == prefix, or s starts with prefix and the next byte
// cannot continue an identifier ("fmt" is a prefix of "fmt.Println", not of
// "fmtx.Println").
func hasSegmentPrefix(s, prefix string) bool {
	if !strings.HasPrefix(s, prefix) {
		return false
	}
	if len(s) == len(prefix) {
		return true
	}
	c := s[len(prefix)]
	return !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80)
}

// Regrade re-resolves a stored reference from an unchanged file after other
// files changed. It needs no imports: whether the candidate came through an
// import is a property of the unchanged file, and the stored confidence
// already says so (import_resolved), so the answer equals a fresh Resolve.
// Two cases it cannot tell are resolved again instead (indexer
// dependents): a name reached through an import that loses its last
// definition, and one nothing defines (gradeUndefined records them).
func Regrade(stored, fromFile string, defs []Symbol, args extract.Arity) Result {
	var r Result
	if len(defs) == 1 {
		r.Hint = defs[0].ID
	} else {
		r.Hint = overloadTaking(defs, args, fromFile)
	}
	switch {
	case inFile(defs, fromFile):
		r.Confidence = Exact
	case stored == ImportResolved:
		r.Confidence = ImportResolved
	case len(defs) > 0:
		r.Confidence = SameModule
	default:
		r.Confidence = FuzzyName
	}
	return r
}
