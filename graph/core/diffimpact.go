package core

import (
	"context"
	"errors"

	"github.com/orbitgraph/orbit/graph/core/internal/history"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// diffImpact is impact from every symbol the working tree's change against
// rev ("" is HEAD) touches: the selector diff:[REV]. The touched symbols are
// found as history finds a commit's (DESIGN.md, History); each one still in
// the index is a root of the walk, and the roots' walks are merged, each
// symbol at its least distance, capped as one walk is.
func (g *Graph) diffImpact(ctx context.Context, rev string, opts query.ImpactOptions) (query.ImpactResult, error) {
	touched, err := history.Touched(g.opts.Registry, g.loc.Root, rev)
	if err != nil {
		return query.ImpactResult{}, err
	}
	name := "diff:" + rev
	res := query.ImpactResult{Target: query.SymbolRef{Name: name, Qualified: name, Kind: "diff"}, Depth: opts.Depth}
	if res.Depth <= 0 {
		res.Depth = query.DefaultImpactDepth
	}
	roots := map[string]bool{}
	var walks []query.ImpactResult
	for _, t := range touched {
		ref := query.SymbolRef{Name: t.Symbol.Local, Qualified: t.Symbol.Local, Kind: t.Symbol.Kind, Path: t.Path, Line: t.Symbol.Start}
		if t.What == history.Deleted {
			res.Changed = append(res.Changed, query.ChangedSymbol{SymbolRef: ref, Change: t.What})
			continue
		}
		walk, err := g.Impact(ctx, "symbol:"+t.Path+"#"+t.Symbol.Local, opts)
		var le *query.LookupError
		if errors.As(err, &le) {
			// Not in the index as it is (a sync is due, or a nested name
			// the selector cannot single out): listed, not walked.
			res.Changed = append(res.Changed, query.ChangedSymbol{SymbolRef: ref, Change: t.What})
			continue
		}
		if err != nil {
			return query.ImpactResult{}, err
		}
		res.Changed = append(res.Changed, query.ChangedSymbol{SymbolRef: walk.Target, Change: t.What})
		roots[walk.Target.Qualified+"\x00"+walk.Target.Path] = true
		walks = append(walks, walk)
		res.Staleness = walk.Staleness
	}
	// Merge by distance: every walk's level d before any walk's level d+1.
	seen := map[string]bool{}
	for d := 1; d <= res.Depth; d++ {
		for _, w := range walks {
			res.Truncated = res.Truncated || w.Truncated
			for _, n := range w.Symbols {
				key := n.Qualified + "\x00" + n.Path
				if n.Distance != d || seen[key] || roots[key] {
					continue
				}
				if len(res.Symbols) == query.MaxImpactNodes {
					res.Truncated = true
					return res, nil
				}
				seen[key] = true
				res.Symbols = append(res.Symbols, n)
			}
		}
	}
	return res, nil
}
