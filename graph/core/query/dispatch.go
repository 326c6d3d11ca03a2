package query

import (
	"context"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// maxSuperDepth bounds the walk up a method's supertypes.
const maxSuperDepth = 6

// dispatchMember is a supertype's member a call may name to reach a method
// by dynamic dispatch, with the most its evidence allows.
type dispatchMember struct {
	qualified string
	ceiling   int // the weakest grade a ref through it may keep (a rank)
}

// dispatchMembers lists the members of a method's supertypes with its name:
// a call of io.Writer.Write, or of Shape.area, may run T.Write or
// Circle.area. Only interfaces, traits and classes dispatch (a Go struct
// embedding another does not). The grade of such a call can be no stronger
// than the relation that makes T a subtype, nor than same_module (the call
// names the supertype, not T), and it is fuzzy_name when the index knows
// another implementation of that member's type: the call may run either.
func (e *Engine) dispatchMembers(ctx context.Context, sym symbolRow) ([]dispatchMember, error) {
	owner, sep, ok := ownerOf(sym)
	if !ok {
		return nil, nil
	}
	ceiling := map[string]int{} // supertype → its grade ceiling
	frontier := map[string]int{owner: resolve.Rank(resolve.Exact)}
	for depth := 0; depth < maxSuperDepth && len(frontier) > 0; depth++ {
		rels, err := e.idx.RelationsOutOf(ctx, keys(frontier))
		if err != nil {
			return nil, err
		}
		next := map[string]int{}
		for _, r := range rels {
			c := max(frontier[r.From], resolve.Rank(r.Confidence), resolve.Rank(resolve.SameModule))
			if _, seen := ceiling[r.To]; seen || r.To == owner {
				continue
			}
			ok, err := e.dispatches(ctx, r.To, r.Kind)
			if err != nil {
				return nil, err
			}
			if ok {
				ceiling[r.To], next[r.To] = c, c
			}
		}
		frontier = next
	}
	var out []dispatchMember
	for super, c := range ceiling {
		several, err := e.idx.SubtypesAtLeast(ctx, super, 2)
		if err != nil {
			return nil, err
		}
		if several {
			c = resolve.Rank(resolve.FuzzyName)
		}
		out = append(out, dispatchMember{qualified: super + sep + sym.Name, ceiling: c})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].qualified < out[j].qualified })
	return out, nil
}

// ownerOf splits a method's qualified name into its type's and the
// separator between them ("pkg.T" and "." for "pkg.T.M", "a::T" and "::").
func ownerOf(sym symbolRow) (owner, sep string, ok bool) {
	if sym.Kind != "method" || !strings.HasSuffix(sym.Qualified, sym.Name) {
		return "", "", false
	}
	head := strings.TrimSuffix(sym.Qualified, sym.Name)
	owner = strings.TrimRight(head, ".:#/")
	if owner == "" || owner == head {
		return "", "", false
	}
	return owner, head[len(owner):], true
}

// dispatches reports whether calls through a supertype's members may run
// a subtype's: implements and impl always; extends unless the supertype is
// a struct (Go embedding).
func (e *Engine) dispatches(ctx context.Context, super, kind string) (bool, error) {
	if kind != "extends" {
		return true, nil
	}
	defs, err := e.idx.SymbolsNamed(ctx, []string{super})
	if err != nil {
		return false, err
	}
	for _, d := range defs {
		if d.Kind == "struct" {
			return false, nil
		}
	}
	return true, nil
}

// dispatched are the refs that may reach a method through a supertype's
// member, graded no stronger than dispatchMembers allows, with the member
// each calls.
type dispatched struct {
	rows  []viaRow
	below map[string]int // refs under the floor, by kind: only counted
}

// A member whose ceiling is below the floor is only counted (by kind, in
// below): an interface with many implementations has many calls.
func (e *Engine) dispatchedRefs(ctx context.Context, sym symbolRow, floor int) (dispatched, error) {
	var out dispatched
	members, err := e.dispatchMembers(ctx, sym)
	if err != nil || len(members) == 0 {
		return out, err
	}
	out.below = map[string]int{}
	for _, m := range members {
		if m.ceiling > floor {
			counts, err := e.idx.CountRefsTo(ctx, m.qualified)
			if err != nil {
				return out, err
			}
			for _, c := range counts {
				out.below[c.Kind] += c.Count
			}
			continue
		}
		rows, err := e.idx.RefsTo(ctx, []string{m.qualified}, nil)
		if err != nil {
			return out, err
		}
		for _, r := range rows {
			if rank := resolve.Rank(r.Confidence); rank < m.ceiling {
				r.Confidence = string(resolve.Levels()[m.ceiling-1])
			}
			out.rows = append(out.rows, viaRow{refRow: r, via: m.qualified})
		}
	}
	return out, nil
}
