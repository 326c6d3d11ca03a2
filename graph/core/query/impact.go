package query

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// DefaultImpactDepth is spec §9.5's default BFS depth.
const DefaultImpactDepth = 3

// MaxImpactNodes caps the symbols impact lists (spec §9.5).
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

// ImpactResult is the answer to impact: touched symbols by distance.
type ImpactResult struct {
	Target SymbolRef `json:"target"`
	Depth  int       `json:"depth"`
	// Symbols are in breadth-first order: by distance; within a distance,
	// grouped by the symbol they were reached from (Via), in that symbol's
	// order one level up; within a group, by qualified name.
	Symbols   []ImpactNode `json:"symbols"`
	Truncated bool         `json:"truncated"` // more symbols are within depth than listed
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
	sym, err := resolveSymbol(ctx, db, newSources(root), sel)
	if err != nil {
		return ImpactResult{}, err
	}
	w := newImpactWalk(db, floor)
	defer w.close()
	w.seen[sym.qualified] = true
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
		for _, e := range found {
			if !containerKinds[e.to.kind] {
				frontier = append(frontier, e.to)
			}
			listed = append(listed, e.to)
			res.Symbols = append(res.Symbols, ImpactNode{Distance: d, Edge: e.kind, Direction: e.direction,
				Confidence: e.confidence, Via: e.via})
		}
		if res.Truncated {
			break
		}
	}
	lines := symbolLines(root, listed)
	res.Target = SymbolRef{Name: sym.name, Qualified: sym.qualified, Kind: sym.kind, Path: sym.path, Line: lines[0]}
	for i, s := range listed[1:] {
		res.Symbols[i].SymbolRef = SymbolRef{Name: s.name, Qualified: s.qualified, Kind: s.kind, Path: s.path, Line: lines[i+1]}
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
		byPath[s.path] = append(byPath[s.path], i)
	}
	for path, idx := range byPath {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			continue
		}
		sort.Slice(idx, func(i, j int) bool { return syms[idx[i]].start < syms[idx[j]].start })
		line, at := 1, 0
		for _, i := range idx {
			off := int(min(max(syms[i].start, 0), int64(len(b))))
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
	db     *sql.DB
	floor  int
	levels []string        // the confidences at or above floor
	seen   map[string]bool // qualified names already listed (and the target)
	// spans are each file's symbol spans, read once per query, ordered for
	// innermost; syms are the full rows of the symbols met so far.
	spans map[string][]symbolSpan
	syms  map[int64]symbolRow
	// spansStmt is prepared once per query: it runs once per file.
	spansStmt *sql.Stmt
}

func newImpactWalk(db *sql.DB, floor int) *impactWalk {
	return &impactWalk{db: db, floor: floor, levels: levelsUpTo(floor), seen: map[string]bool{},
		spans: map[string][]symbolSpan{}, syms: map[int64]symbolRow{}}
}

func (w *impactWalk) close() {
	if w.spansStmt != nil {
		w.spansStmt.Close()
	}
}

// symbolSpan is the part of a symbols row innermost needs.
type symbolSpan struct {
	id         int64
	start, end int64
}

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
	if e.to.path != o.to.path {
		return e.to.path < o.to.path
	}
	if e.to.start != o.to.start {
		return e.to.start < o.to.start
	}
	return e.to.id < o.to.id
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
			w.seen[e.to.qualified] = true
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
		if w.seen[e.to.qualified] || !above(e.confidence, w.floor) {
			return
		}
		if cur, ok := best[e.to.qualified]; !ok || e.better(cur) {
			best[e.to.qualified] = e
		}
	}
	byQualified := map[string]int{} // frontier qualified names are distinct
	byName := map[string][]int{}
	for i := lo; i < hi; i++ {
		s := frontier[i]
		byQualified[s.qualified] = i
		byName[s.name] = append(byName[s.name], i)
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
		return out[i].to.qualified < out[j].to.qualified
	})
	return out, nil
}

// inboundSite is a ref to a frontier symbol: where it is, what it names.
type inboundSite struct {
	file                   string
	start, end             int64
	targetName, targetQual string
	kind, confidence       string
}

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
		spans, err := w.fileSpans(ctx, r.file)
		if err != nil {
			return err
		}
		enc, ok := innermostSpan(spans, r.start, r.end)
		if !ok {
			continue
		}
		if t, ok := byQualified[r.targetQual]; ok {
			hits[hit{enc, t, r.kind, r.confidence}] = true
			continue
		}
		for _, t := range byName[r.targetName] { // a fuzzy name match may mean any of them
			hits[hit{enc, t, r.kind, r.confidence}] = true
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
			offer(impactEdge{to: from, from: h.from, via: frontier[h.from].qualified, kind: h.kind, direction: "inbound",
				confidence: h.confidence})
		}
	}
	return nil
}

// inboundSites reads the refs that name a frontier symbol by qualified name
// and, when the floor admits fuzzy_name, the fuzzy_name refs that carry one
// of their short names. Only rows at or above the floor are read.
func (w *impactWalk) inboundSites(ctx context.Context, byQualified map[string]int,
	byName map[string][]int) ([]inboundSite, error) {
	var out []inboundSite
	read := func(query string, args []any) error {
		rows, err := w.db.QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("read refs: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r inboundSite
			if err := rows.Scan(&r.file, &r.start, &r.end, &r.targetName, &r.targetQual, &r.kind, &r.confidence); err != nil {
				return fmt.Errorf("read refs: %w", err)
			}
			out = append(out, r)
		}
		return rows.Err()
	}
	levels := anys(w.levels)
	for _, batch := range batches(keys(boolSet(byQualified))) {
		if err := read(`SELECT from_file, from_span_start, from_span_end, '', target_qualified, kind, confidence FROM refs
			WHERE target_qualified IN (`+placeholders(len(batch))+`)`+levelFilter(w.levels),
			append(anys(batch), levels...)); err != nil {
			return nil, err
		}
	}
	if w.floor < resolve.Rank(resolve.FuzzyName) {
		return out, nil
	}
	n := len(out)
	for _, batch := range batches(keys(boolSet(byName))) {
		if err := read(`SELECT from_file, from_span_start, from_span_end, target_name, COALESCE(target_qualified, ''), kind, confidence
			FROM refs WHERE target_name IN (`+placeholders(len(batch))+`) AND confidence = 'fuzzy_name'`, anys(batch)); err != nil {
			return nil, err
		}
	}
	// A fuzzy row naming a frontier symbol by qualified name was read above.
	kept := out[:n]
	for _, r := range out[n:] {
		if _, ok := byQualified[r.targetQual]; !ok {
			r.targetQual = ""
			kept = append(kept, r)
		}
	}
	return kept, nil
}

// fileSpans returns a file's symbol spans by start, then widest first, then
// id, reading them on first use.
func (w *impactWalk) fileSpans(ctx context.Context, path string) ([]symbolSpan, error) {
	if spans, ok := w.spans[path]; ok {
		return spans, nil
	}
	if w.spansStmt == nil {
		st, err := w.db.PrepareContext(ctx, `SELECT id, span_start, span_end FROM symbols WHERE file_path = ?`)
		if err != nil {
			return nil, fmt.Errorf("read symbols: %w", err)
		}
		w.spansStmt = st
	}
	rows, err := w.spansStmt.QueryContext(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("read symbols: %w", err)
	}
	defer rows.Close()
	spans := []symbolSpan{}
	for rows.Next() {
		var s symbolSpan
		if err := rows.Scan(&s.id, &s.start, &s.end); err != nil {
			return nil, fmt.Errorf("read symbols: %w", err)
		}
		spans = append(spans, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read symbols: %w", err)
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].start != spans[j].start {
			return spans[i].start < spans[j].start
		}
		if spans[i].end != spans[j].end {
			return spans[i].end > spans[j].end
		}
		return spans[i].id < spans[j].id
	})
	w.spans[path] = spans
	return spans, nil
}

// innermostSpan is the id of the symbol whose span holds [start, end) and
// starts last (spans nest, so that one is the innermost), as
// enclosers.innermost picks it.
func innermostSpan(spans []symbolSpan, start, end int64) (int64, bool) {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].start > start })
	for i--; i >= 0; i-- {
		if s := spans[i]; s.end >= end && s.start < s.end {
			return s.id, true
		}
	}
	return 0, false
}

// loadSymbols reads the full rows of the symbols not read yet.
func (w *impactWalk) loadSymbols(ctx context.Context, ids []int64) error {
	var todo []any
	for _, id := range ids {
		if _, ok := w.syms[id]; !ok {
			w.syms[id] = symbolRow{} // placeholder: not read twice
			todo = append(todo, id)
		}
	}
	for len(todo) > 0 {
		n := min(len(todo), maxBatch)
		rows, err := querySymbols(ctx, w.db, `SELECT `+symbolCols+` FROM symbols WHERE id IN (`+placeholders(n)+`)`, todo[:n]...)
		if err != nil {
			return err
		}
		for _, r := range rows {
			w.syms[r.id] = r
		}
		todo = todo[n:]
	}
	for _, id := range ids {
		if w.syms[id].id == 0 {
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
		p := frontier[i].path
		if _, ok := inFile[p]; !ok {
			files = append(files, p)
		}
		inFile[p] = append(inFile[p], i)
	}
	var calls []refRow
	var callers []int
	for _, path := range files {
		for _, layer := range disjointLayers(frontier, inFile[path]) {
			for len(layer) > 0 {
				n := min(len(layer), maxBatch/4)
				found, by, err := w.callsWithin(ctx, frontier, path, layer[:n])
				if err != nil {
					return err
				}
				calls, callers = append(calls, found...), append(callers, by...)
				layer = layer[n:]
			}
		}
	}
	if len(calls) == 0 {
		return nil
	}
	defs, err := definitions(ctx, w.db, calls)
	if err != nil {
		return err
	}
	for i, c := range calls {
		if d, ok := defs.of(c); ok {
			offer(impactEdge{to: d, from: callers[i], via: frontier[callers[i]].qualified, kind: c.kind, direction: "outbound",
				confidence: c.confidence})
		}
	}
	return nil
}

// disjointLayers splits the frontier symbols at syms, all in one file,
// into groups whose spans do not overlap (nested symbols go to later
// groups), each in source order.
func disjointLayers(frontier []symbolRow, syms []int) [][]int {
	sorted := slices.Clone(syms)
	sort.SliceStable(sorted, func(i, j int) bool { return frontier[sorted[i]].start < frontier[sorted[j]].start })
	var layers [][]int
	var ends []int64
	for _, f := range sorted {
		s := frontier[f]
		k := 0
		for k < len(layers) && ends[k] > s.start {
			k++
		}
		if k == len(layers) {
			layers, ends = append(layers, nil), append(ends, 0)
		}
		layers[k], ends[k] = append(layers[k], f), max(s.end, s.start)
	}
	return layers
}

// callsWithin reads the distinct calls at or above the floor to qualified
// names not seen yet inside the spans of the frontier symbols at syms
// (disjoint, in source order, all in path), with the frontier index of the
// symbol making each. The file's refs are scanned once: a CASE picks the
// one span a ref can be in.
func (w *impactWalk) callsWithin(ctx context.Context, frontier []symbolRow, path string, syms []int) ([]refRow, []int, error) {
	var which strings.Builder
	args := make([]any, 0, 4*len(syms)+3+len(w.levels))
	var last int64
	which.WriteString("CASE")
	for i, f := range syms {
		s := frontier[f]
		which.WriteString(" WHEN r.from_span_start >= ? AND r.from_span_start < ? AND r.from_span_end <= ? THEN ?")
		args = append(args, s.start, s.end, s.end, i)
		last = max(last, s.end)
	}
	which.WriteString(" END")
	args = append(args, frontier[syms[0]].start, last)
	args = append(args, path)
	args = append(args, anys(w.levels)...)
	rows, err := w.db.QueryContext(ctx, `SELECT DISTINCT `+which.String()+` AS k, r.target_qualified, COALESCE(r.target_symbol_hint, 0), r.confidence
		FROM refs r WHERE r.from_span_start >= ? AND r.from_span_start < ? AND r.from_file = ? AND r.kind = 'call'
		AND r.target_qualified IS NOT NULL`+levelFilter(w.levels)+` AND k IS NOT NULL`, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("read refs: %w", err)
	}
	defer rows.Close()
	var calls []refRow
	var callers []int
	for rows.Next() {
		var i int
		r := refRow{file: path, kind: "call"}
		if err := rows.Scan(&i, &r.targetQualified, &r.hint, &r.confidence); err != nil {
			return nil, nil, fmt.Errorf("read refs: %w", err)
		}
		if i >= 0 && i < len(syms) && !w.seen[r.targetQualified] {
			calls, callers = append(calls, r), append(callers, syms[i])
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read refs: %w", err)
	}
	return calls, callers, nil
}

// relations offers the symbols at the other end of relations touching the
// frontier, in both directions.
func (w *impactWalk) relations(ctx context.Context, byQualified map[string]int, offer func(impactEdge)) error {
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
			offer(impactEdge{to: d, from: byQualified[e.via], via: e.via, kind: e.rel.kind, direction: e.direction,
				confidence: e.rel.confidence})
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
