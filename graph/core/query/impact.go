package query

import (
	"context"
	"database/sql"
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/resolve"
)

// DefaultImpactDepth is spec §9.5's default BFS depth.
const DefaultImpactDepth = 3

// MaxImpactNodes caps the symbols impact lists (spec §9.5).
const MaxImpactNodes = 200

// ImpactOptions bound an impact query.
type ImpactOptions struct {
	Depth         int    // 0 means DefaultImpactDepth
	MinConfidence string // "" means same_module
}

// ImpactNode is one symbol reached from the target.
type ImpactNode struct {
	SymbolRef
	Distance int `json:"distance"` // edges from the target
	// Edge is the kind of the edge that first reached it: a ref kind (call,
	// type, use, …) or a relation kind (impl, extends, implements).
	Edge string `json:"edge"`
	// Direction: "inbound" when this symbol refers to (or implements) the
	// one it was reached from, "outbound" when it is referred to by it.
	Direction  string `json:"direction"`
	Confidence string `json:"confidence"`
	Via        string `json:"via"` // qualified name of the symbol it was reached from
}

// ImpactResult is the answer to impact: touched symbols by distance.
type ImpactResult struct {
	Target    SymbolRef    `json:"target"`
	Depth     int          `json:"depth"`
	Symbols   []ImpactNode `json:"symbols"`
	Truncated bool         `json:"truncated"`
}

// Impact walks breadth-first from the symbol sel names over inbound refs
// (the symbol around each ref site), outbound calls to indexed symbols and
// relations both ways. Edges below the floor are neither listed nor
// followed. Each level is read in a few batched queries.
func Impact(ctx context.Context, db *sql.DB, root string, sel Selector, opts ImpactOptions) (ImpactResult, error) {
	floor, err := parseFloor(opts.MinConfidence)
	if err != nil {
		return ImpactResult{}, err
	}
	depth := opts.Depth
	if depth <= 0 {
		depth = DefaultImpactDepth
	}
	if sel.Kind != SelSymbol {
		return ImpactResult{}, fmt.Errorf("%w %q: impact needs a symbol:<path>#<name> selector", ErrBadSelector, sel.Raw)
	}
	src := newSources(root)
	sym, err := resolveSymbol(ctx, db, src, sel)
	if err != nil {
		return ImpactResult{}, err
	}
	w := &impactWalk{db: db, floor: floor, enc: newEnclosers(db), calls: newCallSites(db), seen: map[string]bool{sym.qualified: true}}
	res := ImpactResult{Target: symbolRef(src, sym), Depth: depth, Symbols: []ImpactNode{}}
	frontier := []symbolRow{sym}
	for d := 1; d <= depth && len(frontier) > 0; d++ {
		if err := ctx.Err(); err != nil {
			return ImpactResult{}, err
		}
		found, err := w.step(ctx, frontier)
		if err != nil {
			return ImpactResult{}, err
		}
		room := MaxImpactNodes - len(res.Symbols)
		if len(found) > room {
			found, res.Truncated = found[:room], true
		}
		frontier = frontier[:0:0]
		for _, e := range found {
			w.seen[e.to.qualified] = true
			if !containerKinds[e.to.kind] {
				frontier = append(frontier, e.to)
			}
			res.Symbols = append(res.Symbols, ImpactNode{SymbolRef: symbolRef(src, e.to), Distance: d,
				Edge: e.kind, Direction: e.direction, Confidence: e.confidence, Via: e.via})
		}
		if res.Truncated {
			break
		}
	}
	return res, nil
}

// containerKinds are listed when reached (an import of the target touches
// the importing module) but not walked on: every call of a whole file would
// follow.
var containerKinds = map[string]bool{"package": true, "module": true, "namespace": true}

// impactWalk holds what one impact query has read so far.
type impactWalk struct {
	db    *sql.DB
	floor int
	enc   *enclosers
	calls *callSites
	seen  map[string]bool // qualified names already listed (and the target)
}

// impactEdge is a candidate way to reach a symbol.
type impactEdge struct {
	to                   symbolRow
	via, kind, direction string
	confidence           string
}

// better picks the edge reported for a symbol reached several ways at one
// distance: the most confident, then a stable order.
func (e impactEdge) better(o impactEdge) bool {
	if a, b := resolve.Rank(e.confidence), resolve.Rank(o.confidence); a != b {
		return a < b
	}
	if e.via != o.via {
		return e.via < o.via
	}
	if e.kind != o.kind {
		return e.kind < o.kind
	}
	return e.direction < o.direction
}

// step finds the symbols one edge away from the frontier that are not seen
// yet, ordered by qualified name.
func (w *impactWalk) step(ctx context.Context, frontier []symbolRow) ([]impactEdge, error) {
	best := map[string]impactEdge{}
	offer := func(e impactEdge) {
		if w.seen[e.to.qualified] || !above(e.confidence, w.floor) {
			return
		}
		if cur, ok := best[e.to.qualified]; !ok || e.better(cur) {
			best[e.to.qualified] = e
		}
	}
	byQualified := map[string]symbolRow{}
	byName := map[string][]symbolRow{}
	for _, s := range frontier {
		byQualified[s.qualified] = s
		byName[s.name] = append(byName[s.name], s)
	}
	if err := w.inbound(ctx, frontier, byQualified, byName, offer); err != nil {
		return nil, err
	}
	if err := w.outbound(ctx, frontier, offer); err != nil {
		return nil, err
	}
	if err := w.relations(ctx, byQualified, offer); err != nil {
		return nil, err
	}
	out := make([]impactEdge, 0, len(best))
	for _, e := range best {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].to.qualified < out[j].to.qualified })
	return out, nil
}

// inbound offers the symbol around each ref to a frontier symbol. The
// enclosing symbols are found in Go over each file's symbols, read once:
// a per-ref SQL lookup is far slower on files with large tables.
func (w *impactWalk) inbound(ctx context.Context, frontier []symbolRow, byQualified map[string]symbolRow,
	byName map[string][]symbolRow, offer func(impactEdge)) error {
	fuzzy := w.floor >= resolve.Rank(resolve.FuzzyName)
	rows, err := inboundRefs(ctx, w.db, frontier, fuzzy, levelsUpTo(w.floor))
	if err != nil {
		return err
	}
	var kept []refRow
	for _, r := range rows {
		if above(r.confidence, w.floor) {
			kept = append(kept, r)
		}
	}
	if err := w.enc.load(ctx, refFiles(kept)); err != nil {
		return err
	}
	for _, r := range kept {
		from, ok := w.enc.innermost(r.file, r.start, r.end)
		if !ok {
			continue
		}
		targets := byName[r.targetName] // a fuzzy name match may mean any of them
		if t, ok := byQualified[r.targetQualified]; ok {
			targets = []symbolRow{t}
		}
		for _, t := range targets {
			offer(impactEdge{to: from, via: t.qualified, kind: r.kind, direction: "inbound", confidence: r.confidence})
		}
	}
	return nil
}

// outbound offers the indexed symbols the frontier calls.
func (w *impactWalk) outbound(ctx context.Context, frontier []symbolRow, offer func(impactEdge)) error {
	paths := make([]string, len(frontier))
	for i, s := range frontier {
		paths[i] = s.path
	}
	if err := w.calls.load(ctx, paths); err != nil {
		return err
	}
	var calls []refRow
	var callers []symbolRow
	for _, s := range frontier {
		rows, err := w.calls.within(ctx, s)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if above(r.confidence, w.floor) && r.targetQualified != "" && !w.seen[r.targetQualified] {
				calls, callers = append(calls, r), append(callers, s)
			}
		}
	}
	defs, err := definitions(ctx, w.db, calls)
	if err != nil {
		return err
	}
	for i, c := range calls {
		if d, ok := defs.of(c); ok {
			offer(impactEdge{to: d, via: callers[i].qualified, kind: c.kind, direction: "outbound", confidence: c.confidence})
		}
	}
	return nil
}

// relations offers the symbols at the other end of relations touching the
// frontier, in both directions.
func (w *impactWalk) relations(ctx context.Context, byQualified map[string]symbolRow, offer func(impactEdge)) error {
	names := keys(boolSet(byQualified))
	into, err := relationsTouching(ctx, w.db, "to_qualified", names)
	if err != nil {
		return err
	}
	outOf, err := relationsTouching(ctx, w.db, "from_qualified", names)
	if err != nil {
		return err
	}
	type end struct {
		other, via, direction string
		rel                   relationRow
	}
	var ends []end
	others := map[string]bool{}
	for _, r := range into {
		ends = append(ends, end{r.from, r.to, "inbound", r})
		others[r.from] = true
	}
	for _, r := range outOf {
		ends = append(ends, end{r.to, r.from, "outbound", r})
		others[r.to] = true
	}
	if len(ends) == 0 {
		return nil
	}
	defs, err := lookupQualified(ctx, w.db, keys(others))
	if err != nil {
		return err
	}
	for _, e := range ends {
		if d, ok := defs.byQualified[e.other]; ok {
			offer(impactEdge{to: d, via: e.via, kind: e.rel.kind, direction: e.direction, confidence: e.rel.confidence})
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
