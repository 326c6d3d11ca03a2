package query

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Implementor match strengths: "exact" when the relation's trait is the
// qualified name asked for (its trailing segments, in any spelling), "name"
// when only the trait's short name agrees.
const (
	MatchExact = "exact"
	MatchName  = "name"
)

// ImplementorsResult lists the types implementing a trait or interface
// (DESIGN.md, A query). An empty list is an answer, not an error.
type ImplementorsResult struct {
	Trait        string        `json:"trait"`               // the short name matched
	Qualified    string        `json:"qualified,omitempty"` // what was asked for, when qualified
	Implementors []Implementor `json:"implementors"`
	Staleness
}

// Implementor is one impl/implements relation onto the trait.
type Implementor struct {
	Type       string `json:"type"` // relations.from_qualified
	Kind       string `json:"kind"` // "impl" or "implements"
	Trait      string `json:"trait"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	Confidence string `json:"confidence"`
	Match      string `json:"match"`
	// Package and Version name the dependency package of an implementor
	// declared outside the worktree (a JDK class, a crate's own impl);
	// such implementors follow the worktree's (DESIGN.md, Dependency
	// packages).
	Package string `json:"package,omitempty"`
	Version string `json:"version,omitempty"`
}

// traitQuery is what implementors looks for: a short name and, when the
// caller spelled a path, its segments.
type traitQuery struct {
	Raw      string
	Name     string
	Segments []string // nil for a bare short name
	exactQ   string   // with a symbol: selector, the resolved qualified name
}

// Implementors reads relations of kind impl/implements whose trait's last
// path segment is the trait name, so a trait is found however each file
// qualified it (LoopTransport and run::LoopTransport alike).
func (e *Engine) Implementors(ctx context.Context, arg string) (ImplementorsResult, error) {
	q, err := e.parseTraitQuery(ctx, arg)
	if err != nil {
		return ImplementorsResult{}, err
	}
	res := ImplementorsResult{Trait: q.Name, Implementors: []Implementor{}}
	if q.Segments != nil {
		res.Qualified = q.Raw
	}
	if q.exactQ != "" {
		res.Qualified = q.exactQ
	}
	rels, err := e.idx.ImplementationsMentioning(ctx, q.Name)
	if err != nil {
		return res, err
	}
	src := e.sources()
	for _, r := range rels {
		segs := pathSegments(r.To)
		if len(segs) == 0 || segs[len(segs)-1] != q.Name {
			continue
		}
		im := Implementor{Type: r.From, Kind: r.Kind, Trait: r.To, File: r.File,
			Line: src.line(r.File, r.Start), Confidence: r.Confidence, Match: q.match(r.To, segs)}
		if m, ok := src.mount(r.File); ok {
			im.Package, im.Version = m.Name, m.Version
		}
		res.Implementors = append(res.Implementors, im)
	}
	sortImplementors(res.Implementors)
	return res, nil
}

// parseTraitQuery reads a symbol: selector (resolved like show does) or a
// bare, possibly path-qualified name in any language's syntax.
func (e *Engine) parseTraitQuery(ctx context.Context, arg string) (traitQuery, error) {
	arg = strings.TrimSpace(arg)
	if form, _, ok := strings.Cut(arg, ":"); ok && isSelectorForm(form) {
		if SelectorKind(form) != SelSymbol && SelectorKind(form) != SelExternal {
			return traitQuery{}, fmt.Errorf("%w %q: implementors takes a trait name, symbol:<path>#<name> or ext:<package>#<name>", ErrBadSelector, arg)
		}
		sel, err := ParseSelector(arg)
		if err != nil {
			return traitQuery{}, err
		}
		sym, err := e.resolveSymbol(ctx, e.sources(), sel)
		if err != nil {
			return traitQuery{}, err
		}
		return traitQuery{Raw: arg, Name: sym.Name, exactQ: sym.Qualified}, nil
	}
	segs := pathSegments(arg)
	if len(segs) == 0 {
		return traitQuery{}, fmt.Errorf("%w: %q names no trait", ErrBadQuery, arg)
	}
	q := traitQuery{Raw: arg, Name: segs[len(segs)-1]}
	if len(segs) > 1 {
		q.Segments = segs
	}
	return q, nil
}

// isSelectorForm: the forms ParseScope and ParseSelector know, so that
// "fmt::Display" is read as a path but "file:x.go" as a misuse.
func isSelectorForm(form string) bool {
	switch SelectorKind(form) {
	case SelSymbol, SelFile, SelModule, SelCommand, SelDir, SelExternal:
		return true
	}
	return false
}

// match grades one relation's trait against the query.
func (q traitQuery) match(trait string, segs []string) string {
	if q.exactQ != "" {
		if trait == q.exactQ {
			return MatchExact
		}
		return MatchName
	}
	if q.Segments == nil || len(segs) < len(q.Segments) {
		return MatchName
	}
	tail := segs[len(segs)-len(q.Segments):]
	for i := range tail {
		if tail[i] != q.Segments[i] {
			return MatchName
		}
	}
	return MatchExact
}

// pathSegments splits a qualified name on every language's separators
// (:: . : # /) and drops generic arguments, so "std::fmt::Display",
// "io.Writer" and "src/app:Greeter" compare segment by segment.
func pathSegments(q string) []string {
	q = trimGenerics(q)
	return strings.FieldsFunc(q, func(r rune) bool { return strings.ContainsRune(":.#/", r) })
}

// trimGenerics drops trailing type arguments: From<u8> → From, Iface[T] → Iface.
func trimGenerics(q string) string {
	for _, open := range []string{"<", "["} {
		if i := strings.Index(q, open); i > 0 {
			q = q[:i]
		}
	}
	return strings.TrimSpace(q)
}

// sortImplementors: exact matches first, the worktree's before a
// dependency's, then by type, file and line.
func sortImplementors(ims []Implementor) {
	sort.SliceStable(ims, func(i, j int) bool {
		a, b := ims[i], ims[j]
		if a.Match != b.Match {
			return a.Match == MatchExact
		}
		if (a.Package == "") != (b.Package == "") {
			return a.Package == ""
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}
