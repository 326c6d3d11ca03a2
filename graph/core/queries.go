package core

import (
	"context"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Refs lists the references to a symbol (DESIGN.md, A query).
func (g *Graph) Refs(ctx context.Context, selector string, opts query.RefsOptions) (query.RefsResult, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.RefsResult{}, err
	}
	return run(g, ctx, func(e *query.Engine) (query.RefsResult, error) { return e.Refs(ctx, sel, opts) })
}

// Callees lists the calls a symbol makes (DESIGN.md, A query).
func (g *Graph) Callees(ctx context.Context, selector string, opts query.CalleesOptions) (query.CalleesResult, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.CalleesResult{}, err
	}
	return run(g, ctx, func(e *query.Engine) (query.CalleesResult, error) { return e.Callees(ctx, sel, opts) })
}

// Impact lists the symbols within a few edges of a symbol (DESIGN.md, A query).
func (g *Graph) Impact(ctx context.Context, selector string, opts query.ImpactOptions) (query.ImpactResult, error) {
	if rev, ok := strings.CutPrefix(selector, "diff:"); ok {
		return g.diffImpact(ctx, rev, opts)
	}
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.ImpactResult{}, err
	}
	return run(g, ctx, func(e *query.Engine) (query.ImpactResult, error) { return e.Impact(ctx, sel, opts) })
}

// Trace returns the call tree under a CLI command's handler (DESIGN.md, A query); an
// unknown command is an empty result, not an error.
func (g *Graph) Trace(ctx context.Context, command string, opts query.TraceOptions) (query.TraceResult, error) {
	return run(g, ctx, func(e *query.Engine) (query.TraceResult, error) { return e.Trace(ctx, command, opts) })
}
