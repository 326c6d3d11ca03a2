package query

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
)

// RefsOptions narrow a refs query (spec §9.3).
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
func Refs(ctx context.Context, db *sql.DB, root string, sel Selector, opts RefsOptions) (RefsResult, error) {
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
	src := newSources(root)
	sym, err := resolveSymbol(ctx, db, src, sel)
	if err != nil {
		return RefsResult{}, err
	}
	res := RefsResult{Target: symbolRef(src, sym), Refs: []RefSite{}, Relations: []RelationSite{}}
	fuzzy := floor >= resolve.Rank(resolve.FuzzyName)
	rows, err := inboundRefs(ctx, db, []symbolRow{sym}, fuzzy, nil)
	if err != nil {
		return RefsResult{}, err
	}
	if !fuzzy { // below the floor, name matches are only counted
		if res.SkippedLowConfidence, err = countNameMatches(ctx, db, sym, keep); err != nil {
			return RefsResult{}, err
		}
	}
	var kept []refRow
	for _, r := range rows {
		switch {
		case !keep(r.kind):
		case !above(r.confidence, floor):
			res.SkippedLowConfidence++
		default:
			kept = append(kept, r)
		}
	}
	enc := newEnclosers(db)
	if err := enc.load(ctx, refFiles(kept)); err != nil {
		return RefsResult{}, err
	}
	for _, r := range kept {
		site := RefSite{File: r.file, Line: src.line(r.file, r.start), Column: src.column(r.file, r.start), Kind: r.kind, Confidence: r.confidence}
		if s, ok := enc.innermost(r.file, r.start, r.end); ok {
			site.From = s.qualified
		}
		res.Refs = append(res.Refs, site)
	}
	rels, err := relationsTouching(ctx, db, "to_qualified", []string{sym.qualified})
	if err != nil {
		return RefsResult{}, err
	}
	for _, r := range rels {
		if !keep(r.kind) {
			continue
		}
		if !above(r.confidence, floor) {
			res.SkippedLowConfidence++
			continue
		}
		res.Relations = append(res.Relations, RelationSite{From: r.from, Kind: r.kind, File: r.file, Line: src.line(r.file, r.start), Confidence: r.confidence})
	}
	sortRefSites(res.Refs)
	sortRelationSites(res.Relations)
	return res, nil
}

// countNameMatches counts the fuzzy_name refs with the target's short name
// that inboundRefs would add at the fuzzy floor, without reading them.
func countNameMatches(ctx context.Context, db *sql.DB, sym symbolRow, keep func(string) bool) (int, error) {
	rows, err := db.QueryContext(ctx, `SELECT kind, count(*) FROM refs WHERE target_name = ? AND confidence = 'fuzzy_name'
		AND (target_qualified IS NULL OR target_qualified != ?) GROUP BY kind`, sym.name, sym.qualified)
	if err != nil {
		return 0, fmt.Errorf("read refs: %w", err)
	}
	defer rows.Close()
	total := 0
	for rows.Next() {
		var kind string
		var n int
		if err := rows.Scan(&kind, &n); err != nil {
			return 0, fmt.Errorf("read refs: %w", err)
		}
		if keep(kind) {
			total += n
		}
	}
	return total, rows.Err()
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
type refRow struct {
	file            string
	start, end      int64
	targetName      string
	targetQualified string // "" when NULL
	hint            int64  // 0 when NULL
	kind            string
	confidence      string
}

const refCols = `from_file, from_span_start, from_span_end, target_name, COALESCE(target_qualified, ''), COALESCE(target_symbol_hint, 0), kind, confidence`

func queryRefs(ctx context.Context, db *sql.DB, query string, args ...any) ([]refRow, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read refs: %w", err)
	}
	defer rows.Close()
	var out []refRow
	for rows.Next() {
		var r refRow
		if err := rows.Scan(&r.file, &r.start, &r.end, &r.targetName, &r.targetQualified, &r.hint, &r.kind, &r.confidence); err != nil {
			return nil, fmt.Errorf("read refs: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// inboundRefs reads the refs that name any of targets by qualified name and,
// when nameMatches, the fuzzy_name refs that carry one of their short names (they
// may mean the target: the name matches). Each row appears once.
//
// levels, when not nil, keeps only rows of those confidences (in SQL, so
// rows below a floor are never read).
func inboundRefs(ctx context.Context, db *sql.DB, targets []symbolRow, nameMatches bool, levels []string) ([]refRow, error) {
	qualified, names := map[string]bool{}, map[string]bool{}
	for _, t := range targets {
		qualified[t.qualified], names[t.name] = true, true
	}
	var out []refRow
	for _, batch := range batches(keys(qualified)) {
		rows, err := queryRefs(ctx, db, `SELECT `+refCols+` FROM refs WHERE target_qualified IN (`+placeholders(len(batch))+`)`+levelFilter(levels),
			append(anys(batch), anys(levels)...)...)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	if !nameMatches {
		return out, nil
	}
	for _, batch := range batches(keys(names)) {
		rows, err := queryRefs(ctx, db, `SELECT `+refCols+` FROM refs WHERE target_name IN (`+placeholders(len(batch))+`)
			AND confidence = 'fuzzy_name'`+levelFilter(levels), append(anys(batch), anys(levels)...)...)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if !qualified[r.targetQualified] { // not read above already
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// levelFilter is an SQL condition on confidence, "" for every level.
func levelFilter(levels []string) string {
	if levels == nil {
		return ""
	}
	return ` AND confidence IN (` + placeholders(len(levels)) + `)`
}

func refFiles(rows []refRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.file
	}
	return out
}

// relationRow is a relations row.
type relationRow struct {
	from, to, kind, file string
	start                int64
	confidence           string
}

// relationsTouching reads relations whose column (to_qualified or
// from_qualified) is one of names.
func relationsTouching(ctx context.Context, db *sql.DB, col string, names []string) ([]relationRow, error) {
	var out []relationRow
	for _, batch := range batches(names) {
		rows, err := db.QueryContext(ctx, `SELECT from_qualified, to_qualified, kind, def_file, def_span_start, confidence
			FROM relations WHERE `+col+` IN (`+placeholders(len(batch))+`)`, anys(batch)...)
		if err != nil {
			return nil, fmt.Errorf("read relations: %w", err)
		}
		for rows.Next() {
			var r relationRow
			if err := rows.Scan(&r.from, &r.to, &r.kind, &r.file, &r.start, &r.confidence); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read relations: %w", err)
			}
			out = append(out, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
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

func batches(xs []string) [][]string {
	var out [][]string
	for len(xs) > 0 {
		n := min(len(xs), maxBatch)
		out = append(out, xs[:n])
		xs = xs[n:]
	}
	return out
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
