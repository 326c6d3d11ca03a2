package core

import (
	"context"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Refs lists the references to a symbol (spec §9.3).
func (g *Graph) Refs(ctx context.Context, selector string, opts query.RefsOptions) (query.RefsResult, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.RefsResult{}, err
	}
	st, err := g.reader(ctx)
	if err != nil {
		return query.RefsResult{}, err
	}
	res, err := query.Refs(ctx, st.DB, g.loc.Root, sel, opts)
	return res, g.queryErr(err)
}

// Callees lists the calls a symbol makes (spec §9.4).
func (g *Graph) Callees(ctx context.Context, selector string, opts query.CalleesOptions) (query.CalleesResult, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.CalleesResult{}, err
	}
	st, err := g.reader(ctx)
	if err != nil {
		return query.CalleesResult{}, err
	}
	res, err := query.Callees(ctx, st.DB, g.loc.Root, sel, opts)
	return res, g.queryErr(err)
}

// Impact lists the symbols within a few edges of a symbol (spec §9.5).
func (g *Graph) Impact(ctx context.Context, selector string, opts query.ImpactOptions) (query.ImpactResult, error) {
	sel, err := query.ParseSelector(selector)
	if err != nil {
		return query.ImpactResult{}, err
	}
	st, err := g.reader(ctx)
	if err != nil {
		return query.ImpactResult{}, err
	}
	res, err := query.Impact(ctx, st.DB, g.loc.Root, sel, opts)
	return res, g.queryErr(err)
}

// Trace returns the call tree under a CLI command's handler (spec §9.6); an
// unknown command is an empty result, not an error.
func (g *Graph) Trace(ctx context.Context, command string, opts query.TraceOptions) (query.TraceResult, error) {
	st, err := g.reader(ctx)
	if err != nil {
		return query.TraceResult{}, err
	}
	res, err := query.Trace(ctx, st.DB, g.loc.Root, command, opts)
	return res, g.queryErr(err)
}
