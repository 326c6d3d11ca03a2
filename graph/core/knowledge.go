package core

import (
	"context"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Overview aggregates the files and symbols of a dir:/file: scope, or of
// the whole worktree when scope is "" (DESIGN.md, A query).
func (g *Graph) Overview(ctx context.Context, scope string, opts query.OverviewOptions) (query.OverviewResult, error) {
	sc, err := query.ParseScope(scope)
	if err != nil {
		return query.OverviewResult{}, err
	}
	return run(g, ctx, func(e *query.Engine) (query.OverviewResult, error) { return e.Overview(ctx, sc, opts) })
}

// Implementors lists the types implementing a trait or interface, named by
// a symbol: selector or a (possibly path-qualified) name (DESIGN.md, A query). No
// implementors is an empty result, not an error.
func (g *Graph) Implementors(ctx context.Context, trait string) (query.ImplementorsResult, error) {
	return run(g, ctx, func(e *query.Engine) (query.ImplementorsResult, error) { return e.Implementors(ctx, trait) })
}

// Deps lists the outbound imports of the files in a dir:/file: scope ("" is
// the whole worktree; DESIGN.md, A query).
func (g *Graph) Deps(ctx context.Context, scope string) (query.DepsResult, error) {
	sc, err := query.ParseScope(scope)
	if err != nil {
		return query.DepsResult{}, err
	}
	return run(g, ctx, func(e *query.Engine) (query.DepsResult, error) { return e.Deps(ctx, sc) })
}
