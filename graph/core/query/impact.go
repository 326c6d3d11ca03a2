package query

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// DefaultImpactDepth is impact's default BFS depth (DESIGN.md, A query).
const DefaultImpactDepth = 3

// MaxImpactNodes caps the symbols impact lists (DESIGN.md, A query).
const MaxImpactNodes = 200

// ImpactOptions bound an impact query.
type ImpactOptions struct {
	Depth         int        // 0 means DefaultImpactDepth
	MinConfidence Confidence // "" means same_module
}

// ImpactNode is one symbol reached from the target.
type ImpactNode struct {
	SymbolRef
	Distance int `json:"distance"` // edges from the target
	// Edge is the kind of the edge that first reached it (from the earliest
	// listed symbol one level up; the most confident of that symbol's edges
	// to it): a ref kind (call, type, use, …) or a relation kind (impl,
	// extends, implements).
	Edge string `json:"edge"`
	// Direction: "inbound" when this symbol refers to (or implements) the
	// one it was reached from, "outbound" when it is referred to by it.
	Direction  string `json:"direction"`
	Confidence string `json:"confidence"`
	Via        string `json:"via"` // qualified name of the symbol it was reached from
}

// ChangedSymbol is a symbol a change touches.
type ChangedSymbol struct {
	SymbolRef
	Change string `json:"change"` // created, signature, body, deleted
}

// ImpactResult is the answer to impact: touched symbols by distance.
type ImpactResult struct {
	Target SymbolRef `json:"target"`
	Depth  int       `json:"depth"`
	// Symbols are in breadth-first order: by distance; within a distance,
	// grouped by the symbol they were reached from (Via), in that symbol's
	// order one level up; within a group, by qualified name.
	Symbols   []ImpactNode `json:"symbols"`
	Truncated bool         `json:"truncated"` // more symbols are within depth than listed
	// Changed are the symbols a diff: selector's change touches (the
	// walk's roots), each with what the change did to it.
	Changed []ChangedSymbol `json:"changed,omitempty"`
	Staleness
}

// Impact walks breadth-first from the symbol sel names over inbound refs
// (the symbol around each ref site), outbound calls to indexed symbols and
// relations both ways. Edges below the floor are neither listed nor
// followed.
//
// The list is in breadth-first order (see ImpactResult.Symbols), which lets
// the walk stop as soon as the cap is certain: each level is expanded in
// chunks of its frontier, in list order, each chunk read in a few batched
// queries, and once the symbols found reach past the cap no later chunk or
// level can enter the list. Only the columns the walk needs are read, and
// line numbers only for listed symbols.
func (e *Engine) Impact(ctx context.Context, sel Selector, opts ImpactOptions) (ImpactResult, error) {
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
	src := e.sources()
	sym, err := e.resolveSymbol(ctx, src, sel)
	if err != nil {
		return ImpactResult{}, err
	}
	w := newImpactWalk(e, floor)
	defer w.close()
	w.seen[sym.Qualified] = true
	res := ImpactResult{Depth: depth, Symbols: []ImpactNode{}}
	listed := []symbolRow{sym} // the target, then res.Symbols
	frontier := []symbolRow{sym}
	for d := 1; d <= depth && len(frontier) > 0; d++ {
		if err := ctx.Err(); err != nil {
			return ImpactResult{}, err
		}
		found, more, err := w.level(ctx, frontier, MaxImpactNodes-len(res.Symbols))
		if err != nil {
			return ImpactResult{}, err
		}
		res.Truncated = more
		frontier = frontier[:0:0]
		for _, edge := range found {
			if _, external := src.mount(edge.to.Path); !containerKinds[edge.to.Kind] && !external {
				// A dependency's symbol is listed, never walked on: its
				// other callers are not reached through this change.
				frontier = append(frontier, edge.to)
			}
			listed = append(listed, edge.to)
			res.Symbols = append(res.Symbols, ImpactNode{Distance: d, Edge: edge.kind, Direction: edge.direction,
				Confidence: edge.confidence, Via: edge.via})
		}
		if res.Truncated {
			break
		}
	}
	lines := symbolLines(e.root, listed)
	ref := func(i int) SymbolRef {
		s := listed[i]
		if _, external := src.mount(s.Path); external {
			return symbolRef(src, s)
		}
		return SymbolRef{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Path: s.Path, Line: lines[i]}
	}
	res.Target = ref(0)
	for i := range listed[1:] {
		res.Symbols[i].SymbolRef = ref(i + 1)
	}
	return res, nil
}

// symbolLines are the 1-based lines the symbols start on (0 where the file
// is unreadable), as symbolRef finds them. Each file is read once and its
// newlines counted up to the offsets needed, not indexed whole.
func symbolLines(root string, syms []symbolRow) []int {
	out := make([]int, len(syms))
	byPath := map[string][]int{}
	for i, s := range syms {
		byPath[s.Path] = append(byPath[s.Path], i)
	}
	for path, idx := range byPath {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			continue
		}
		sort.Slice(idx, func(i, j int) bool { return syms[idx[i]].Start < syms[idx[j]].Start })
		line, at := 1, 0
		for _, i := range idx {
			off := int(min(max(syms[i].Start, 0), int64(len(b))))
			line += bytes.Count(b[at:off], []byte{'\n'})
			at = off
			out[i] = line
		}
	}
	return out
}

// containerKinds are listed when reached (an import of the target touches
// the importing module) but not walked on: every call of a whole file would
// follow.
var containerKinds = map[string]bool{"package": true, "module": true, "namespace": true}

// impactWalk holds what one impact query has read so far.
type impactWalk struct {
	e      *Engine
	floor  int
	levels []string        // the confidences at or above floor
	seen   map[string]bool // qualified names already listed (and the target)
	// spans are each file's symbol extents, read once per query (through
	// one prepared statement) and sorted for store.Innermost; syms are the
	// full rows of the symbols met so far.
	spans   map[string][]store.Extent
	extents *store.ExtentReader
	syms    map[int64]symbolRow
}

func newImpactWalk(e *Engine, floor int) *impactWalk {
	return &impactWalk{e: e, floor: floor, levels: levelsUpTo(floor), seen: map[string]bool{},
		spans: map[string][]store.Extent{}, extents: e.idx.Extents(), syms: map[int64]symbolRow{}}
}

func (w *impactWalk) close() { w.extents.Close() }

// impactEdge is a candidate way to reach a symbol.
type impactEdge struct {
	to                   symbolRow
	from                 int // index of via in the frontier
	via, kind, direction string
	confidence           string
}

// better picks the edge reported for a symbol reached several ways at one
// distance: from the earliest frontier symbol, then the most confident, then
// a stable order (kind, direction, then the definition's path and offset
// when one qualified name has several).
func (e impactEdge) better(o impactEdge) bool {
	if e.from != o.from {
		return e.from < o.from
	}
	if a, b := resolve.Rank(e.confidence), resolve.Rank(o.confidence); a != b {
		return a < b
	}
	if e.kind != o.kind {
		return e.kind < o.kind
	}
	if e.direction != o.direction {
		return e.direction < o.direction
	}
	if e.to.Path != o.to.Path {
		return e.to.Path < o.to.Path
	}
	if e.to.Start != o.to.Start {
		return e.to.Start < o.to.Start
	}
	return e.to.ID < o.to.ID
}

// level lists the symbols one edge away from the frontier that are not seen
// yet, in breadth-first order, at most room of them; more reports that
// there were more. The frontier is expanded in chunks: the symbols a chunk
// reaches all come after those of earlier chunks, so once more than room
// are found the rest of the frontier is not read. Chunks double in size,
// or are as large as the symbols found per frontier symbol so far suggest
// is needed to pass room, when that is smaller; the rest of the frontier
// is read at once when at that rate it would not come near room.
func (w *impactWalk) level(ctx context.Context, frontier []symbolRow, room int) (found []impactEdge, more bool, err error) {
	for lo := 0; lo < len(frontier); {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		n := max(lo, 1)
		if len(found) > 0 {
			need, rest := room+1-len(found), len(frontier)-lo
			switch {
			case 2*len(found)*rest < need*lo:
				n = rest // at the rate so far, the rest yields less than half of need
			default:
				n = min(n, max(1, (need*lo+len(found)-1)/len(found)))
			}
		}
		hi := min(len(frontier), lo+n)
		edges, err := w.step(ctx, frontier, lo, hi)
		if err != nil {
			return nil, false, err
		}
		for _, e := range edges {
			w.seen[e.to.Qualified] = true
		}
		found = append(found, edges...)
		if len(found) > room {
			return found[:room], true, nil
		}
		lo = hi
	}
	return found, false, nil
}

// step finds the symbols one edge away from frontier[lo:hi] that are not
// seen yet, ordered by the frontier symbol they are reached from, then
// qualified name.
func (w *impactWalk) step(ctx context.Context, frontier []symbolRow, lo, hi int) ([]impactEdge, error) {
	best := map[string]impactEdge{}
	offer := func(e impactEdge) {
		if w.seen[e.to.Qualified] || !above(e.confidence, w.floor) {
			return
		}
		if cur, ok := best[e.to.Qualified]; !ok || e.better(cur) {
			best[e.to.Qualified] = e
		}
	}
	byQualified := map[string]int{} // frontier qualified names are distinct
	byName := map[string][]int{}
	for i := lo; i < hi; i++ {
		s := frontier[i]
		byQualified[s.Qualified] = i
		byName[s.Name] = append(byName[s.Name], i)
	}
	if err := w.inbound(ctx, frontier, byQualified, byName, offer); err != nil {
		return nil, err
	}
	if err := w.outbound(ctx, frontier, lo, hi, offer); err != nil {
		return nil, err
	}
	if err := w.relations(ctx, byQualified, offer); err != nil {
		return nil, err
	}
	out := make([]impactEdge, 0, len(best))
	for _, e := range best {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].from != out[j].from {
			return out[i].from < out[j].from
		}
		return out[i].to.Qualified < out[j].to.Qualified
	})
	return out, nil
}
