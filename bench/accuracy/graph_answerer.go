package main

import (
	"context"
	"errors"
	"fmt"

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
	err := a.ask(t, func(sel string) (string, error) {
		var err error
		res, err = a.g.Refs(ctx, sel, query.RefsOptions{MinConfidence: lowestFloor})
		return res.Target.Qualified, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]RefAnswer, len(res.Refs))
	for i, r := range res.Refs {
		out[i] = RefAnswer{File: r.File, Line: r.Line, Column: r.Column, Kind: r.Kind, Confidence: r.Confidence}
	}
	return out, nil
}

func (a *graphAnswerer) Callees(ctx context.Context, t *Target) ([]CalleeAnswer, error) {
	var res query.CalleesResult
	err := a.ask(t, func(sel string) (string, error) {
		var err error
		res, err = a.g.Callees(ctx, sel, query.CalleesOptions{MinConfidence: lowestFloor})
		return res.Source.Qualified, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]CalleeAnswer, len(res.Callees))
	for i, c := range res.Callees {
		q := c.Qualified
		if c.Target != nil {
			q = c.Target.Qualified
		}
		out[i] = CalleeAnswer{Name: c.Name, Qualified: q, Line: c.Line, Column: c.Column, Confidence: c.Confidence}
	}
	return out, nil
}

// ask runs a query with the target's selector. An ambiguous selector is
// retried with the candidate whose qualified name is the target's; a
// selector that picks another symbol, or none, is errUnresolvable.
func (a *graphAnswerer) ask(t *Target, q func(selector string) (qualified string, err error)) error {
	sel, ok := a.selectors[t.Key]
	if !ok {
		sel = t.Selector
	}
	got, err := q(sel)
	var le *query.LookupError
	if errors.As(err, &le) && le.Reason == "ambiguous" && !ok {
		for _, c := range le.Candidates {
			if c.Qualified == t.Key {
				sel = c.Selector
				got, err = q(sel)
				break
			}
		}
	}
	switch {
	case errors.As(err, &le):
		return fmt.Errorf("%w: %s: %s", errUnresolvable, sel, le.Reason)
	case err != nil:
		return err
	case got != t.Key:
		return fmt.Errorf("%w: %s picks %s", errUnresolvable, sel, got)
	}
	a.selectors[t.Key] = sel
	return nil
}
