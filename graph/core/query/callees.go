package query

import (
	"context"
	"fmt"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// CalleesOptions narrow a callees query (DESIGN.md, A query).
type CalleesOptions struct{ MinConfidence Confidence } // "" means same_module

// Callee is one outbound call of a symbol.
type Callee struct {
	Name       string     `json:"name"`
	Qualified  string     `json:"qualified,omitempty"` // target_qualified; "" when unknown
	Kind       string     `json:"kind"`                // ref kind (call)
	Confidence string     `json:"confidence"`
	Line       int        `json:"line"`             // the call site
	Column     int        `json:"column"`           // 1-based
	Target     *SymbolRef `json:"target,omitempty"` // the definition, when exactly one symbol has that qualified name
}

// CalleesResult is the answer to callees.
type CalleesResult struct {
	Source               SymbolRef `json:"source"`
	Callees              []Callee  `json:"callees"`
	SkippedLowConfidence int       `json:"skipped_low_confidence"`
	Staleness
}

// Callees lists the calls made inside the span of the symbol sel names,
// nested closures included, in source order.
func (e *Engine) Callees(ctx context.Context, sel Selector, opts CalleesOptions) (CalleesResult, error) {
	floor, err := parseFloor(opts.MinConfidence)
	if err != nil {
		return CalleesResult{}, err
	}
	if sel.Kind != SelSymbol {
		return CalleesResult{}, fmt.Errorf("%w %q: callees needs a symbol:<path>#<name> selector", ErrBadSelector, sel.Raw)
	}
	src := e.sources()
	sym, err := e.resolveSymbol(ctx, src, sel)
	if err != nil {
		return CalleesResult{}, err
	}
	res := CalleesResult{Source: symbolRef(src, sym), Callees: []Callee{}}
	calls := newCallSites(e.idx)
	rows, err := calls.within(ctx, sym)
	if err != nil {
		return CalleesResult{}, err
	}
	var kept []refRow
	for _, r := range rows {
		if above(r.Confidence, floor) {
			kept = append(kept, r)
		} else {
			res.SkippedLowConfidence++
		}
	}
	defs, err := e.definitions(ctx, kept)
	if err != nil {
		return CalleesResult{}, err
	}
	for _, r := range kept {
		c := Callee{Name: r.TargetName, Qualified: r.TargetQualified, Kind: r.Kind, Confidence: r.Confidence,
			Line: src.line(r.File, r.Start), Column: src.column(r.File, r.Start)}
		if d, ok := defs.of(r); ok {
			ref := symbolRef(src, d)
			c.Target = &ref
		}
		res.Callees = append(res.Callees, c)
	}
	return res, nil
}

// callSites reads the call refs of each file once per query.
type callSites struct {
	idx   *store.Reader
	files map[string][]refRow // by span start
}

func newCallSites(idx *store.Reader) *callSites {
	return &callSites{idx: idx, files: map[string][]refRow{}}
}

// load reads the call refs of the files not read yet, in batches.
func (c *callSites) load(ctx context.Context, paths []string) error {
	var todo []string
	for _, p := range paths {
		if _, ok := c.files[p]; !ok {
			c.files[p] = nil
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	rows, err := c.idx.CallsFrom(ctx, todo)
	if err != nil {
		return err
	}
	for _, r := range rows {
		c.files[r.File] = append(c.files[r.File], r)
	}
	for _, p := range todo {
		rs := c.files[p]
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Start < rs[j].Start })
	}
	return nil
}

// within lists the calls inside a symbol's span, in source order.
func (c *callSites) within(ctx context.Context, s symbolRow) ([]refRow, error) {
	if err := c.load(ctx, []string{s.Path}); err != nil {
		return nil, err
	}
	rows := c.files[s.Path]
	i := sort.Search(len(rows), func(i int) bool { return rows[i].Start >= s.Start })
	var out []refRow
	for ; i < len(rows) && rows[i].Start < s.End; i++ {
		if rows[i].End <= s.End {
			out = append(out, rows[i])
		}
	}
	return out, nil
}

// symbolIndex maps qualified names to their one definition.
type symbolIndex struct {
	byQualified map[string]symbolRow // only names with one definition
	byID        map[int64]symbolRow
	inFile      map[[2]string]symbolRow // (qualified, file) → its first definition there
}

// definitions reads the symbols the refs' target_qualified names (and
// hints) point at.
func (e *Engine) definitions(ctx context.Context, refs []refRow) (symbolIndex, error) {
	names := map[string]bool{}
	for _, r := range refs {
		if r.TargetQualified != "" {
			names[r.TargetQualified] = true
		}
	}
	return e.lookupQualified(ctx, keys(names))
}

// lookupQualified reads the symbols with the given qualified names. Rows
// sharing a qualified name and kind are one symbol (DESIGN.md, A sync); the one at
// the first path and offset stands for it. A prototype and the definition
// of the same function (C's declaration in a header, its body in a .c
// file) are one function too: the definition stands for it. Other kinds
// sharing a name leave it without a definition.
func (e *Engine) lookupQualified(ctx context.Context, names []string) (symbolIndex, error) {
	idx := symbolIndex{byQualified: map[string]symbolRow{}, byID: map[int64]symbolRow{}, inFile: map[[2]string]symbolRow{}}
	rows, err := e.idx.SymbolsNamed(ctx, names)
	if err != nil {
		return idx, err
	}
	ambiguous := map[string]bool{}
	for _, r := range rows {
		idx.byID[r.ID] = r
		if k := [2]string{r.Qualified, r.Path}; r.Kind != prototype && !hasRow(idx.inFile, k) {
			idx.inFile[k] = r
		}
		prev, seen := idx.byQualified[r.Qualified]
		switch {
		case ambiguous[r.Qualified]:
		case seen && prev.Kind == r.Kind:
			if r.Path != prev.Path && r.End-r.Start > prev.End-prev.Start {
				// a C++ method's definition in its .cc rather than its
				// declaration in the header's class (within one file, the
				// first of two same-named definitions stays: Python's
				// alternatives, typing overloads)
				idx.byQualified[r.Qualified] = r
			}
		case !seen || prev.Kind == prototype:
			if !seen || r.Kind != prototype {
				idx.byQualified[r.Qualified] = r
			}
		case r.Kind == prototype:
		default:
			delete(idx.byQualified, r.Qualified)
			ambiguous[r.Qualified] = true
		}
	}
	return idx, nil
}

// prototype is the kind of a function declared without a body.
var prototype = extract.KindFunctionDeclaration.String()

// of is a ref's definition: the one symbol with its target_qualified, else
// its build-time hint when that still names a symbol of that name.
func (idx symbolIndex) of(r refRow) (symbolRow, bool) {
	if r.TargetQualified == "" {
		return symbolRow{}, false
	}
	// The hint first: of overloads sharing the name, it is the one the call
	// means.
	if s, ok := idx.byID[r.Hint]; ok && r.Hint != 0 && s.Qualified == r.TargetQualified {
		return s, true
	}
	if r.Confidence == resolve.Exact { // defined in the referring file: that definition
		if s, ok := idx.inFile[[2]string{r.TargetQualified, r.File}]; ok {
			return s, true
		}
	}
	if s, ok := idx.byQualified[r.TargetQualified]; ok {
		return s, true
	}
	return symbolRow{}, false
}

func hasRow(m map[[2]string]symbolRow, k [2]string) bool {
	_, ok := m[k]
	return ok
}
