package core

import (
	"context"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Overview aggregates the files and symbols of a dir:/file: scope, or of
// the whole worktree when scope is "" (spec §9.7).
func (g *Graph) Overview(ctx context.Context, scope string, opts query.OverviewOptions) (query.OverviewResult, error) {
	sc, err := query.ParseScope(scope)
	if err != nil {
		return query.OverviewResult{}, err
	}
	st, err := g.reader(ctx)
	if err != nil {
		return query.OverviewResult{}, err
	}
	res, err := query.Overview(ctx, st.DB, g.loc.Root, sc, opts)
	return res, g.queryErr(err)
}

// Implementors lists the types implementing a trait or interface, named by
// a symbol: selector or a (possibly path-qualified) name (spec §9.7). No
// implementors is an empty result, not an error.
func (g *Graph) Implementors(ctx context.Context, trait string) (query.ImplementorsResult, error) {
	st, err := g.reader(ctx)
	if err != nil {
		return query.ImplementorsResult{}, err
	}
	res, err := query.Implementors(ctx, st.DB, g.loc.Root, trait)
	return res, g.queryErr(err)
}

// Deps lists the outbound imports of the files in a dir:/file: scope ("" is
// the whole worktree; spec §9.7).
func (g *Graph) Deps(ctx context.Context, scope string) (query.DepsResult, error) {
	sc, err := query.ParseScope(scope)
	if err != nil {
		return query.DepsResult{}, err
	}
	st, err := g.reader(ctx)
	if err != nil {
		return query.DepsResult{}, err
	}
	res, err := query.Deps(ctx, st.DB, sc)
	return res, g.queryErr(err)
}
