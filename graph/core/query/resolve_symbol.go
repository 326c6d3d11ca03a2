package query

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// resolveSymbol finds the one symbol a symbol: selector names. The name is a
// symbol's short name or a dotted suffix of its qualified name (Type.Method).
// No match is a LookupError with near names; several distinct symbols are a
// LookupError listing selectors that pick each one. Rows sharing a qualified
// name and kind (a redefinition) are one symbol by identity (DESIGN.md, A sync); the
// first is returned.
func (e *Engine) resolveSymbol(ctx context.Context, src *sources, sel Selector) (symbolRow, error) {
	rows, hits, err := e.findSymbols(ctx, src, sel)
	if err != nil {
		return symbolRow{}, err
	}
	if len(rows) == 0 && sel.Package != "" {
		return symbolRow{}, &LookupError{Selector: sel.Raw, Reason: "not_found", Note: partialPackages}
	}
	if len(rows) == 0 {
		return symbolRow{}, e.fileNotFound(ctx, src, sel)
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		elsewhere, err := e.definedElsewhere(ctx, sel)
		if err != nil {
			return symbolRow{}, err
		}
		sugg, err := e.resolving(ctx, src, append(elsewhere, symbolSuggestions(sel, rows)...))
		if err != nil {
			return symbolRow{}, err
		}
		le := &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: sugg}
		if sel.Package != "" {
			le.Note = partialPackages
		}
		return symbolRow{}, le
	}
	return symbolRow{}, &LookupError{Selector: sel.Raw, Reason: "ambiguous", Candidates: candidates(src, sel, hits)}
}

// partialPackages is the note of an ext: selector that matches nothing.
const partialPackages = "a dependency is indexed only as far as the worktree's code names it: " +
	"the files declaring what it names, and what those declarations need; " +
	"a package no file imports is not read, and --packages must be on"

// findSymbols returns the symbols of the selector's file and those of them
// the selector picks (one per symbol identity).
func (e *Engine) findSymbols(ctx context.Context, src *sources, sel Selector) (rows, hits []symbolRow, err error) {
	if sel.Package != "" {
		rows, err = e.idx.ExternalSymbols(ctx, sel.Package)
	} else {
		rows, err = e.idx.SymbolsInFile(ctx, sel.Path)
	}
	if err != nil || len(rows) == 0 {
		return rows, nil, err
	}
	seen := map[string]int{} // → index in hits
	for _, r := range rows {
		if !nameMatches(r, sel.Name) || sel.Sym != "" && r.Kind != sel.Sym ||
			sel.Line > 0 && src.line(r.Path, r.Start) != sel.Line {
			continue
		}
		id := r.Qualified + "\x00" + r.Kind
		if r.Arity().Known { // overloads are told apart, by where they are
			id += fmt.Sprintf("\x00%d", r.Start)
		}
		if i, ok := seen[id]; !ok {
			seen[id] = len(hits)
			hits = append(hits, r)
		} else if r.End-r.Start > hits[i].End-hits[i].Start {
			hits[i] = r // a C++ method's definition, not its declaration in the class
		}
	}
	return rows, preferMembers(preferBodies(hits)), nil
}

// resolving keeps, of suggested selectors, the first few that resolve to
// exactly one symbol or an indexed file when pasted back: a suggestion
// built from a similar file name or a shorter name may name nothing.
func (e *Engine) resolving(ctx context.Context, src *sources, sugg []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, s := range sugg {
		if seen[s] || len(out) == maxSuggestions {
			continue
		}
		seen[s] = true
		sel, err := ParseSelector(s)
		if err != nil {
			continue
		}
		switch sel.Kind {
		case SelSymbol:
			_, hits, err := e.findSymbols(ctx, src, sel)
			if err != nil {
				return nil, err
			}
			if len(hits) != 1 {
				continue
			}
		case SelFile:
			rows, err := e.idx.PathsEndingIn(ctx, path.Base(sel.Path))
			if err != nil {
				return nil, err
			}
			found := false
			for _, p := range rows {
				found = found || p == sel.Path
			}
			if !found {
				continue
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// preferBodies drops the prototypes of a name that a hit defines with a
// body: a C++ method declared in its class and defined below, a C
// function declared before its definition.
func preferBodies(hits []symbolRow) []symbolRow {
	bodies := map[string]bool{}
	for _, h := range hits {
		if h.Kind != prototype {
			bodies[h.Qualified] = true
		}
	}
	out := hits[:0:0]
	for _, h := range hits {
		if h.Kind != prototype || !bodies[h.Qualified] {
			out = append(out, h)
		}
	}
	return out
}

// preferMembers drops the package or module a name also names when a
// declaration inside it has the name too: #main is Go's func main, not
// package main (whose selector is #main:package, or module:…).
func preferMembers(hits []symbolRow) []symbolRow {
	if len(hits) < 2 {
		return hits
	}
	var members []symbolRow
	for _, h := range hits {
		if !isContainerKind(h.Kind) {
			members = append(members, h)
		}
	}
	if len(members) == 0 {
		return hits
	}
	return members
}

func isContainerKind(kind string) bool {
	switch kind {
	case extract.KindPackage.String(), extract.KindModule.String(), extract.KindNamespace.String():
		return true
	}
	return false
}

// nameMatches: the short name, or a suffix of the qualified name on a
// segment boundary. Member separators are interchangeable, so Type.method
// and Type::method name a Rust method alike, Class.method a Ruby one.
func nameMatches(r symbolRow, want string) bool {
	if r.Name == want {
		return true
	}
	if !strings.ContainsAny(want, ".:#") {
		return false
	}
	q, w := dotted(r.Qualified), dotted(want)
	if !strings.HasSuffix(q, w) {
		return false
	}
	i := len(q) - len(w)
	return i == 0 || strings.ContainsRune("./:", rune(q[i-1]))
}

// memberSeparators are what the languages write between a type and its
// member besides ".".
var memberSeparators = strings.NewReplacer("::", ".", "#", ".")

func dotted(s string) string { return memberSeparators.Replace(s) }

func symbolSuggestions(sel Selector, rows []symbolRow) []string {
	names := make([]string, 0, len(rows))
	for _, r := range rows {
		names = append(names, r.Name)
	}
	var out []string
	for _, n := range nearest(sel.Name, names) {
		out = append(out, "symbol:"+sel.Path+"#"+n)
	}
	return out
}

// candidates gives each hit the shortest selector that picks it alone.
func candidates(src *sources, sel Selector, hits []symbolRow) []Candidate {
	out := make([]Candidate, len(hits))
	for i, h := range hits {
		line := src.line(h.Path, h.Start)
		file := sel.Path
		if sel.Package != "" { // ext:<package>#…: the candidate's own file
			file = h.Path
		}
		s := uniqueSelector(file, h, hits)
		if overloaded(h, hits) { // the shortest name of the overloads, and the line
			s = withLine(uniqueSelector(file, h, oneEach(hits)), line)
		}
		out[i] = Candidate{Selector: s, Qualified: h.Qualified, Kind: h.Kind, Line: line}
	}
	return out
}

// oneEach keeps the first hit of each qualified name and kind.
func oneEach(hits []symbolRow) []symbolRow {
	seen := map[string]bool{}
	var out []symbolRow
	for _, h := range hits {
		if k := h.Qualified + "\x00" + h.Kind; !seen[k] {
			seen[k] = true
			out = append(out, h)
		}
	}
	return out
}

// overloaded reports whether another hit has h's qualified name and kind:
// only its line tells them apart.
func overloaded(h symbolRow, hits []symbolRow) bool {
	for _, o := range hits {
		if o.ID != h.ID && o.Qualified == h.Qualified && o.Kind == h.Kind {
			return true
		}
	}
	return false
}

// withLine puts "@<line>" after a selector's name, before any ":<kind>".
func withLine(sel string, line int) string {
	head, kind := splitKind(sel[strings.IndexByte(sel, '#')+1:])
	out := sel[:strings.IndexByte(sel, '#')+1] + head + "@" + strconv.Itoa(line)
	if kind != "" {
		out += ":" + kind
	}
	return out
}

func uniqueSelector(p string, h symbolRow, all []symbolRow) string {
	for _, suffix := range suffixes(h.Qualified) {
		for _, withKind := range []bool{false, true} {
			count := 0
			for _, o := range all {
				if nameMatches(o, suffix) && (!withKind || o.Kind == h.Kind) {
					count++
				}
			}
			if count == 1 {
				s := "symbol:" + p + "#" + suffix
				if withKind {
					s += ":" + h.Kind
				}
				return s
			}
		}
	}
	return "symbol:" + p + "#" + h.Qualified + ":" + h.Kind
}

// suffixes lists a qualified name's segment-boundary suffixes, shortest
// first, spelled as in the name itself ("Type.Method", "Type::method").
func suffixes(q string) []string {
	var out []string
	for i := len(q) - 1; i > 0; i-- {
		if strings.ContainsRune("./:#", rune(q[i-1])) && !strings.ContainsRune("./:#", rune(q[i])) {
			out = append(out, q[i:])
		}
	}
	return append(out, q)
}

// fileNotFound suggests indexed files with the same or a similar name.
func (e *Engine) fileNotFound(ctx context.Context, src *sources, sel Selector) error {
	paths, err := e.idx.PathsEndingIn(ctx, path.Base(sel.Path))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		all, err := e.idx.AllPaths(ctx)
		if err != nil {
			return err
		}
		paths = nearest(sel.Path, all)
	}
	var sugg []string
	if sel.Kind == SelSymbol {
		if sugg, err = e.definedElsewhere(ctx, sel); err != nil {
			return err
		}
	}
	for _, p := range nearest(sel.Path, paths) {
		if sel.Kind == SelSymbol {
			sugg = append(sugg, fmt.Sprintf("symbol:%s#%s", p, sel.Name))
		} else {
			sugg = append(sugg, "file:"+p)
		}
	}
	if len(sugg) == 0 {
		for i, p := range paths {
			if i == maxSuggestions {
				break
			}
			sugg = append(sugg, "file:"+p)
		}
	}
	if sugg, err = e.resolving(ctx, src, sugg); err != nil {
		return err
	}
	return &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: sugg}
}

// definedElsewhere suggests the files that do define the name asked for
// (its last segment), nearest directories first: the usual mistake is the
// right name in the wrong file.
func (e *Engine) definedElsewhere(ctx context.Context, sel Selector) ([]string, error) {
	name := sel.Name
	if i := strings.LastIndexAny(name, ".:#"); i >= 0 {
		name = name[i+1:]
	}
	if name == "" {
		return nil, nil
	}
	paths, err := e.idx.FilesDefining(ctx, name, sel.Path, path.Dir(sel.Path), maxSuggestions)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = "symbol:" + p + "#" + sel.Name
	}
	return out, nil
}

// capSuggestions drops repeats and keeps the first maxSuggestions.
func capSuggestions(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] && len(out) < maxSuggestions {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
