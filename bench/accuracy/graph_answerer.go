package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// lowestFloor asks for every answer, so that each level can be scored.
const lowestFloor = "fuzzy_name"

// graphAnswerer asks an Orbit index through core's public API, as the CLI
// does.
type graphAnswerer struct {
	g         *core.Graph
	selectors map[string]string // target key → the selector that picks it
}

func newGraphAnswerer(g *core.Graph) *graphAnswerer {
	return &graphAnswerer{g: g, selectors: map[string]string{}}
}

func (a *graphAnswerer) Refs(ctx context.Context, t *Target) ([]RefAnswer, error) {
	var res query.RefsResult
	err := a.ask(t, func(sel string) (query.SymbolRef, error) {
		var err error
		res, err = a.g.Refs(ctx, sel, query.RefsOptions{MinConfidence: lowestFloor})
		return res.Target, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]RefAnswer, len(res.Refs))
	for i, r := range res.Refs {
		out[i] = RefAnswer{File: r.File, Line: r.Line, Column: r.Column, Kind: r.Kind, Confidence: r.Confidence, Via: r.Via}
	}
	return out, nil
}

func (a *graphAnswerer) Callees(ctx context.Context, t *Target) ([]CalleeAnswer, error) {
	var res query.CalleesResult
	err := a.ask(t, func(sel string) (query.SymbolRef, error) {
		var err error
		res, err = a.g.Callees(ctx, sel, query.CalleesOptions{MinConfidence: lowestFloor})
		return res.Source, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]CalleeAnswer, len(res.Callees))
	for i, c := range res.Callees {
		out[i] = CalleeAnswer{Name: c.Name, Qualified: c.Qualified, Line: c.Line, Column: c.Column, Confidence: c.Confidence}
		if c.Target != nil {
			out[i].Qualified = c.Target.Qualified
			if c.Target.Package == "" {
				// A dependency's definition (-packages) is named, not
				// placed: a truth file knows the corpus's functions only.
				out[i].Def = &truthLoc{File: c.Target.Path, Line: c.Target.Line}
			}
		}
	}
	return out, nil
}

// ask runs a query with the target's selector. An ambiguous selector is
// retried with the candidate that is the target; a target found by place
// whose Container.Name selector finds nothing is retried with its bare name
// (a method of an object literal, a function nested in another). A selector
// that picks another symbol, or none, is errUnresolvable.
func (a *graphAnswerer) ask(t *Target, q func(selector string) (query.SymbolRef, error)) error {
	sel, known := a.selectors[t.Key]
	if !known {
		sel = t.Selector
	}
	if !known && t.ByPlace {
		// the one definition at the target's line: a redefinition of the
		// name elsewhere in the file (a const in each of two test
		// callbacks) is the same symbol to a selector without @<line>
		if g, err := q(withLine(sel, t.Line)); err == nil && t.is(g) && a.namedAt(g, t) {
			a.selectors[t.Key] = withLine(sel, t.Line)
			return nil
		}
	}
	got, err := q(sel)
	var le *query.LookupError
	if !known && errors.As(err, &le) {
		if le.Reason == "not_found" && t.ByPlace && !strings.HasSuffix(sel, "#"+t.Name) {
			sel = t.Selector[:strings.LastIndexByte(t.Selector, '#')+1] + t.Name
			got, err = q(sel)
		}
		if errors.As(err, &le) && le.Reason == "ambiguous" {
			if c, ok := pickCandidate(t, le.Candidates); ok {
				sel = c
				got, err = q(sel)
			}
		}
	}
	switch {
	case errors.As(err, &le):
		return fmt.Errorf("%w: %s: %s", errUnresolvable, sel, le.Reason)
	case err != nil:
		return err
	case !t.is(got):
		return fmt.Errorf("%w: %s picks %s at line %d", errUnresolvable, sel, got.Qualified, got.Line)
	case t.ByPlace && !a.namedAt(got, t) && !t.sameContainer(got):
		return fmt.Errorf("%w: %s picks %s at line %d, whose name is on another line than %d", errUnresolvable, sel, got.Qualified, got.Line, t.Line)
	}
	a.selectors[t.Key] = sel
	return nil
}

// namedAt reports whether the picked symbol's name is written on the
// target's line: the first line from the symbol's start that names it.
// A symbol starting up to maxLead lines above the target (its decorators)
// may be another one of the same name (ModelDB::Put 35 lines above a local
// class's Put the index does not define).
func (a *graphAnswerer) namedAt(s query.SymbolRef, t *Target) bool {
	src, err := os.ReadFile(filepath.Join(a.g.Location().Root, filepath.FromSlash(s.Path)))
	if err != nil {
		return true // cannot tell; the line test stands
	}
	name := regexp.MustCompile(`(^|[^\w$])` + regexp.QuoteMeta(t.Name) + `($|[^\w$])`)
	lines := strings.Split(string(src), "\n")
	for n := s.Line; n <= t.Line && n <= len(lines); n++ {
		if name.MatchString(lines[n-1]) {
			return n == t.Line
		}
	}
	return true
}

// sameContainer reports whether the symbol is named as the target's
// selector names it (Container.Name): a TypeScript overload set answered
// at its first signature, a few lines above the implementation the type
// checker names.
func (t *Target) sameContainer(s query.SymbolRef) bool {
	want := t.Selector[strings.LastIndexByte(t.Selector, '#')+1:]
	q := strings.ReplaceAll(s.Qualified, "::", ".")
	return q == want || strings.HasSuffix(q, "."+want) || strings.HasSuffix(q, ":"+want)
}

// withLine names the definition declared at line (symbol:<path>#<name>@<line>).
func withLine(sel string, line int) string {
	return fmt.Sprintf("%s@%d", sel, line)
}

// maxLead is how many lines a symbol's span may start before its name:
// decorators, annotations and attributes come first.
const maxLead = 40

// is reports whether the symbol a selector picked is the target.
func (t *Target) is(s query.SymbolRef) bool {
	if !t.ByPlace {
		return s.Qualified == t.Key
	}
	return s.Path == t.File && s.Name == t.Name && s.Line <= t.Line && t.Line-s.Line <= maxLead
}

// pickCandidate chooses the candidate that is the target: by qualified
// name, or, for a target found by place, the one starting nearest above its
// name (overloads share a name and a file).
func pickCandidate(t *Target, cands []query.Candidate) (string, bool) {
	best, bestLine := "", 0
	for _, c := range cands {
		switch {
		case !t.ByPlace && c.Qualified == t.Key:
			return c.Selector, true
		case t.ByPlace && c.Line <= t.Line && t.Line-c.Line <= maxLead && c.Line > bestLine:
			best, bestLine = c.Selector, c.Line
		}
	}
	return best, best != ""
}
