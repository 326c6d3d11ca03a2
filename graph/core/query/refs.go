package query

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// RefsOptions narrow a refs query (DESIGN.md, A query).
type RefsOptions struct {
	MinConfidence Confidence // a floor (see ParseConfidence); "" means same_module
	Kinds         []string   // keep only these kinds (of RefKinds and RelationKinds); empty = all
}

// RefSite is one inbound reference.
type RefSite struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"` // 1-based byte column of the ref's start
	Kind       string `json:"kind"`
	Confidence string `json:"confidence"`
	From       string `json:"from,omitempty"` // qualified name of the innermost symbol enclosing the site
	// Via is the supertype's member the site calls (io.Writer.Write for a
	// method Write): the call reaches the target only by dynamic dispatch.
	Via string `json:"via,omitempty"`
}

// RelationSite is one structural edge into the target (impl, extends,
// implements).
type RelationSite struct {
	From       string `json:"from"`
	Kind       string `json:"kind"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	Confidence string `json:"confidence"`
}

// RefsResult is the answer to refs.
type RefsResult struct {
	Target               SymbolRef      `json:"target"`
	Refs                 []RefSite      `json:"refs"`
	Relations            []RelationSite `json:"relations"`
	SkippedLowConfidence int            `json:"skipped_low_confidence"`
	Staleness
}

// RefKinds and RelationKinds are the values RefsOptions.Kinds accepts:
// the extractors' kinds, so that a new kind is accepted and listed in every
// front end's help without being written out again.
var (
	RefKinds      = extract.RefKinds()
	RelationKinds = extract.RelationKinds()
)

// Refs lists the references to the symbol sel names: rows whose
// target_qualified is its qualified name, plus (only at the fuzzy floor)
// fuzzy_name rows with its short name, and relations into it.
func (e *Engine) Refs(ctx context.Context, sel Selector, opts RefsOptions) (RefsResult, error) {
	floor, err := parseFloor(opts.MinConfidence)
	if err != nil {
		return RefsResult{}, err
	}
	keep, err := kindFilter(opts.Kinds)
	if err != nil {
		return RefsResult{}, err
	}
	if sel.Kind != SelSymbol {
		return RefsResult{}, fmt.Errorf("%w %q: refs needs a symbol:<path>#<name> selector", ErrBadSelector, sel.Raw)
	}
	src := e.sources()
	sym, err := e.resolveSymbol(ctx, src, sel)
	if err != nil {
		return RefsResult{}, err
	}
	res := RefsResult{Target: symbolRef(src, sym), Refs: []RefSite{}, Relations: []RelationSite{}}
	fuzzy := floor >= resolve.Rank(resolve.FuzzyName)
	rows, err := e.inboundRefs(ctx, []symbolRow{sym}, fuzzy, nil)
	if err != nil {
		return RefsResult{}, err
	}
	if !fuzzy { // below the floor, name matches are only counted
		if res.SkippedLowConfidence, err = e.countNameMatches(ctx, sym, keep); err != nil {
			return RefsResult{}, err
		}
	}
	// Every definition of the name: refs of one of them leave out what
	// means another (the other side of a type/value pair, another file's
	// own definition, another overload).
	defs, err := e.idx.SymbolsNamed(ctx, []string{sym.Qualified})
	if err != nil {
		return RefsResult{}, err
	}
	rows = thisOverload(sym, defs, otherFilesOwn(sym, defs, sameSide(sym, defs, hintedHere(sym, defs, rows, sel.Line == 0))))
	dispatched, err := e.dispatchedRefs(ctx, sym, floor)
	if err != nil {
		return RefsResult{}, err
	}
	for kind, n := range dispatched.below {
		if keep(kind) {
			res.SkippedLowConfidence += n
		}
	}
	var kept []viaRow
	for _, r := range append(direct(rows), dispatched.rows...) {
		switch {
		case !keep(r.Kind):
		case !above(r.Confidence, floor):
			res.SkippedLowConfidence++
		default:
			kept = append(kept, r)
		}
	}
	enc := newEnclosers(e.idx)
	if err := enc.load(ctx, refFiles(kept)); err != nil {
		return RefsResult{}, err
	}
	for _, r := range kept {
		site := RefSite{File: r.File, Line: src.line(r.File, r.Start), Column: src.column(r.File, r.Start), Kind: r.Kind,
			Confidence: r.Confidence, Via: r.via}
		if s, ok := enc.innermost(r.File, r.Start, r.End); ok {
			site.From = s.Qualified
		}
		res.Refs = append(res.Refs, site)
	}
	rels, err := e.idx.RelationsInto(ctx, []string{sym.Qualified})
	if err != nil {
		return RefsResult{}, err
	}
	for _, r := range rels {
		if !keep(r.Kind) {
			continue
		}
		if !above(r.Confidence, floor) {
			res.SkippedLowConfidence++
			continue
		}
		res.Relations = append(res.Relations, RelationSite{From: r.From, Kind: r.Kind, File: r.File, Line: src.line(r.File, r.Start), Confidence: r.Confidence})
	}
	sortRefSites(res.Refs)
	sortRelationSites(res.Relations)
	return res, nil
}

// hintedHere drops the refs whose hint names another definition of sym's
// qualified name: pass 2 told the definitions apart (an overload by its
// arguments, a twin by its position) and picked that one. Unless the
// selector named a line (@<line>), sym stands for every definition of its
// identity (a redefinition: same file, name and kind), so refs hinted at
// any of them stay.
func hintedHere(sym symbolRow, defs []symbolRow, rows []refRow, identity bool) []refRow {
	other := map[int64]bool{}
	for _, d := range defs {
		same := d.ID == sym.ID || identity && d.Path == sym.Path && d.Kind == sym.Kind
		if !same {
			other[d.ID] = true
		}
	}
	out := rows[:0:0]
	for _, r := range rows {
		if r.TargetQualified == sym.Qualified && other[r.Hint] {
			continue
		}
		out = append(out, r)
	}
	return out
}

// otherFilesOwn drops the refs graded exact in another file than sym's
// that defines the name itself (a C program's own static helper, a second
// program's function of the same name): exact means the ref names that
// definition. A file that only declares it (a prototype) does not count.
func otherFilesOwn(sym symbolRow, defs []symbolRow, rows []refRow) []refRow {
	owners := map[string]bool{}
	for _, d := range defs {
		if d.Kind != prototype {
			owners[d.Path] = true
		}
	}
	out := rows[:0:0]
	for _, r := range rows {
		if r.Confidence == resolve.Exact && r.TargetQualified == sym.Qualified && r.File != sym.Path && owners[r.File] {
			continue
		}
		out = append(out, r)
	}
	return out
}

// thisOverload keeps, of the refs naming an overloaded method's qualified
// name, those that can mean this overload: pass 2's hint names it, or names
// none (several overloads take that many arguments, or the use passes
// none: X::m) and the argument count fits — then it may mean another, so it
// is graded fuzzy_name. The count fits the default arguments its
// prototypes state (C++).
func thisOverload(sym symbolRow, defs []symbolRow, rows []refRow) []refRow {
	arity := sym.Arity()
	if !arity.Known {
		return rows
	}
	var protos []resolve.Symbol
	for _, d := range defs {
		if d.Kind == prototype {
			protos = append(protos, resolve.Symbol{Kind: d.Kind, Arity: d.Arity()})
		}
	}
	arity = resolve.WithDefaults(arity, protos)
	out := rows[:0:0]
	for _, r := range rows {
		switch {
		case r.TargetQualified != sym.Qualified, r.Hint == sym.ID:
		case r.Hint != 0:
			continue // another overload's
		case r.Args.Valid && !arity.Accepts(extract.Exactly(int(r.Args.Int64))):
			continue
		default:
			r.Confidence = resolve.FuzzyName
		}
		out = append(out, r)
	}
	return out
}

// sameSide keeps the refs that can mean sym when its qualified name also
// names a definition of the other side (TypeScript's interface and function
// $constructor, a type and a const OK): a type use never means the
// function, a call never means the type.
func sameSide(sym symbolRow, defs []symbolRow, rows []refRow) []refRow {
	types, values := 0, 0
	for _, d := range defs {
		if resolve.IsTypeKind(d.Kind) {
			types++
		} else {
			values++
		}
	}
	if types == 0 || values == 0 {
		return rows
	}
	isType := resolve.IsTypeKind(sym.Kind)
	out := rows[:0:0]
	for _, r := range rows {
		typeUse := r.Kind == extract.RefType.String() || r.Kind == extract.RefTraitBound.String()
		if isType && r.Kind != extract.RefCall.String() || !isType && !typeUse {
			out = append(out, r)
		}
	}
	return out
}

// countNameMatches counts the fuzzy_name refs with the target's short name
// that inboundRefs would add at the fuzzy floor, without reading them.
func (e *Engine) countNameMatches(ctx context.Context, sym symbolRow, keep func(string) bool) (int, error) {
	counts, err := e.idx.CountFuzzyNamed(ctx, sym.Name, sym.Qualified)
	total := 0
	for _, c := range counts {
		if keep(c.Kind) {
			total += c.Count
		}
	}
	return total, err
}

// kindFilter checks --kind values and returns the test for a row's kind.
func kindFilter(kinds []string) (func(string) bool, error) {
	if len(kinds) == 0 {
		return func(string) bool { return true }, nil
	}
	for _, k := range kinds {
		if !slices.Contains(RefKinds, k) && !slices.Contains(RelationKinds, k) {
			return nil, fmt.Errorf("%w: unknown kind %q (want one of %s)", ErrBadQuery, k,
				strings.Join(append(slices.Clone(RefKinds), RelationKinds...), ", "))
		}
	}
	return func(k string) bool { return slices.Contains(kinds, k) }, nil
}

// refRow is a refs row.
type refRow = store.Ref

// inboundRefs reads the refs that name any of targets by qualified name and,
// when nameMatches, the fuzzy_name refs that carry one of their short names (they
// may mean the target: the name matches). Each row appears once.
//
// levels, when not nil, keeps only rows of those confidences (in SQL, so
// rows below a floor are never read).
func (e *Engine) inboundRefs(ctx context.Context, targets []symbolRow, nameMatches bool, levels []string) ([]refRow, error) {
	qualified, names := map[string]bool{}, map[string]bool{}
	for _, t := range targets {
		qualified[t.Qualified], names[t.Name] = true, true
	}
	out, err := e.idx.RefsTo(ctx, keys(qualified), levels)
	if err != nil || !nameMatches {
		return out, err
	}
	rows, err := e.idx.FuzzyRefsNamed(ctx, keys(names), levels)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if !qualified[r.TargetQualified] { // not read above already
			out = append(out, r)
		}
	}
	return out, nil
}

func refFiles(rows []viaRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.File
	}
	return out
}

// viaRow is a ref row and, for a call through a supertype's member, that
// member (RefSite.Via).
type viaRow struct {
	refRow
	via string
}

func direct(rows []refRow) []viaRow {
	out := make([]viaRow, len(rows))
	for i, r := range rows {
		out[i] = viaRow{refRow: r}
	}
	return out
}

// sortRefSites orders by confidence (exact first), then file, line, column.
func sortRefSites(xs []RefSite) {
	sort.Slice(xs, func(i, j int) bool {
		a, b := xs[i], xs[j]
		if ra, rb := resolve.Rank(a.Confidence), resolve.Rank(b.Confidence); ra != rb {
			return ra < rb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Kind < b.Kind
	})
}

func sortRelationSites(xs []RelationSite) {
	sort.Slice(xs, func(i, j int) bool {
		a, b := xs[i], xs[j]
		if ra, rb := resolve.Rank(a.Confidence), resolve.Rank(b.Confidence); ra != rb {
			return ra < rb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.From != b.From {
			return a.From < b.From
		}
		return a.Kind < b.Kind
	})
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
