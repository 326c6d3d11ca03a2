package main

import (
	"context"
	"errors"
	"fmt"
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
	}
	a.selectors[t.Key] = sel
	return nil
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
