package query

import (
	"context"
	"slices"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// The three kinds of edge impact walks from a frontier: inbound refs (the
// symbol around each ref site), outbound calls and relations both ways.

// inbound offers the symbol around each ref to a frontier symbol. The
// enclosing symbols are found in Go over each file's symbol spans, read
// once per query (a per-ref SQL lookup is far slower on files with large
// tables); full rows are read only for the distinct symbols found.
func (w *impactWalk) inbound(ctx context.Context, frontier []symbolRow, byQualified map[string]int, byName map[string][]int,
	offer func(impactEdge)) error {
	sites, err := w.inboundSites(ctx, byQualified, byName)
	if err != nil || len(sites) == 0 {
		return err
	}
	type hit struct {
		enc              int64
		from             int
		kind, confidence string
	}
	hits := map[hit]bool{}
	for _, r := range sites {
		spans, err := w.fileSpans(ctx, r.File)
		if err != nil {
			return err
		}
		enc, ok := store.Innermost(spans, r.Start, r.End)
		if !ok {
			continue
		}
		if t, ok := byQualified[r.TargetQualified]; ok {
			hits[hit{enc.ID, t, r.Kind, r.Confidence}] = true
			continue
		}
		for _, t := range byName[r.TargetName] { // a fuzzy name match may mean any of them
			hits[hit{enc.ID, t, r.Kind, r.Confidence}] = true
		}
	}
	ids := make([]int64, 0, len(hits))
	for h := range hits {
		ids = append(ids, h.enc)
	}
	if err := w.loadSymbols(ctx, ids); err != nil {
		return err
	}
	for h := range hits {
		if from, ok := w.syms[h.enc]; ok {
			offer(impactEdge{to: from, from: h.from, via: frontier[h.from].Qualified, kind: h.kind, direction: "inbound",
				confidence: h.confidence})
		}
	}
	return nil
}

// inboundSites reads the refs that name a frontier symbol by qualified name
// and, when the floor admits fuzzy_name, the fuzzy_name refs that carry one
// of their short names. Only rows at or above the floor are read.
func (w *impactWalk) inboundSites(ctx context.Context, byQualified map[string]int,
	byName map[string][]int) ([]refRow, error) {
	out, err := w.e.idx.SitesTo(ctx, keys(boolSet(byQualified)), w.levels)
	if err != nil || w.floor < resolve.Rank(resolve.FuzzyName) {
		return out, err
	}
	fuzzy, err := w.e.idx.FuzzySitesNamed(ctx, keys(boolSet(byName)))
	if err != nil {
		return nil, err
	}
	// A fuzzy row naming a frontier symbol by qualified name was read above.
	for _, r := range fuzzy {
		if _, ok := byQualified[r.TargetQualified]; !ok {
			r.TargetQualified = ""
			out = append(out, r)
		}
	}
	return out, nil
}

// fileSpans returns a file's symbol extents sorted for store.Innermost,
// reading them on first use.
func (w *impactWalk) fileSpans(ctx context.Context, path string) ([]store.Extent, error) {
	if spans, ok := w.spans[path]; ok {
		return spans, nil
	}
	spans, err := w.extents.InFile(ctx, path)
	if err != nil {
		return nil, err
	}
	w.spans[path] = spans
	return spans, nil
}

// loadSymbols reads the full rows of the symbols not read yet.
func (w *impactWalk) loadSymbols(ctx context.Context, ids []int64) error {
	var todo []int64
	for _, id := range ids {
		if _, ok := w.syms[id]; !ok {
			w.syms[id] = symbolRow{} // placeholder: not read twice
			todo = append(todo, id)
		}
	}
	rows, err := w.e.idx.SymbolsByID(ctx, todo)
	if err != nil {
		return err
	}
	for _, r := range rows {
		w.syms[r.ID] = r
	}
	for _, id := range ids {
		if w.syms[id].ID == 0 {
			delete(w.syms, id)
		}
	}
	return nil
}

// outbound offers the indexed symbols the frontier calls. The calls are
// read once per file for all the frontier symbols in it, one row per
// distinct callee of each symbol.
func (w *impactWalk) outbound(ctx context.Context, frontier []symbolRow, lo, hi int, offer func(impactEdge)) error {
	var files []string
	inFile := map[string][]int{}
	for i := lo; i < hi; i++ {
		p := frontier[i].Path
		if _, ok := inFile[p]; !ok {
			files = append(files, p)
		}
		inFile[p] = append(inFile[p], i)
	}
	var calls []refRow
	var callers []int
	for _, path := range files {
		for _, layer := range disjointLayers(frontier, inFile[path]) {
			found, by, err := w.callsWithin(ctx, frontier, path, layer)
			if err != nil {
				return err
			}
			calls, callers = append(calls, found...), append(callers, by...)
		}
	}
	if len(calls) == 0 {
		return nil
	}
	defs, err := w.e.definitions(ctx, calls)
	if err != nil {
		return err
	}
	for i, c := range calls {
		if d, ok := defs.of(c); ok {
			offer(impactEdge{to: d, from: callers[i], via: frontier[callers[i]].Qualified, kind: c.Kind, direction: "outbound",
				confidence: c.Confidence})
		}
	}
	return nil
}

// disjointLayers splits the frontier symbols at syms, all in one file,
// into groups whose spans do not overlap (nested symbols go to later
// groups), each in source order.
func disjointLayers(frontier []symbolRow, syms []int) [][]int {
	sorted := slices.Clone(syms)
	sort.SliceStable(sorted, func(i, j int) bool { return frontier[sorted[i]].Start < frontier[sorted[j]].Start })
	var layers [][]int
	var ends []int64
	for _, f := range sorted {
		s := frontier[f]
		k := 0
		for k < len(layers) && ends[k] > s.Start {
			k++
		}
		if k == len(layers) {
			layers, ends = append(layers, nil), append(ends, 0)
		}
		layers[k], ends[k] = append(layers[k], f), max(s.End, s.Start)
	}
	return layers
}

// callsWithin reads the distinct calls at or above the floor to qualified
// names not seen yet inside the spans of the frontier symbols at syms
// (disjoint, in source order, all in path), with the frontier index of the
// symbol making each.
func (w *impactWalk) callsWithin(ctx context.Context, frontier []symbolRow, path string, syms []int) ([]refRow, []int, error) {
	spans := make([]store.Span, len(syms))
	for i, f := range syms {
		spans[i] = store.Span{Start: frontier[f].Start, End: frontier[f].End}
	}
	found, err := w.e.idx.DistinctCallsWithin(ctx, path, spans, w.levels)
	if err != nil {
		return nil, nil, err
	}
	var calls []refRow
	var callers []int
	for _, c := range found {
		if !w.seen[c.TargetQualified] {
			calls = append(calls, refRow{File: path, Kind: "call", TargetQualified: c.TargetQualified, Hint: c.Hint, Confidence: c.Confidence})
			callers = append(callers, syms[c.Span])
		}
	}
	return calls, callers, nil
}

// relations offers the symbols at the other end of relations touching the
// frontier, in both directions.
func (w *impactWalk) relations(ctx context.Context, byQualified map[string]int, offer func(impactEdge)) error {
	names := keys(boolSet(byQualified))
	into, err := w.e.idx.RelationsInto(ctx, names)
	if err != nil {
		return err
	}
	outOf, err := w.e.idx.RelationsOutOf(ctx, names)
	if err != nil {
		return err
	}
	type end struct {
		other, via, direction string
		rel                   store.Relation
	}
	var ends []end
	others := map[string]bool{}
	for _, r := range into {
		ends = append(ends, end{r.From, r.To, "inbound", r})
		others[r.From] = true
	}
	for _, r := range outOf {
		ends = append(ends, end{r.To, r.From, "outbound", r})
		others[r.To] = true
	}
	if len(ends) == 0 {
		return nil
	}
	defs, err := w.e.lookupQualified(ctx, keys(others))
	if err != nil {
		return err
	}
	for _, e := range ends {
		if d, ok := defs.byQualified[e.other]; ok {
			offer(impactEdge{to: d, from: byQualified[e.via], via: e.via, kind: e.rel.Kind, direction: e.direction,
				confidence: e.rel.Confidence})
		}
	}
	return nil
}

func boolSet[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
