package store

import (
	"context"
	"database/sql"
	"strings"
)

// Ref is a refs row as queries read it.
type Ref struct {
	File            string
	Start, End      int64
	TargetName      string
	TargetQualified string // "" when NULL
	Hint            int64  // 0 when NULL
	Kind            string
	Confidence      string
	Args            sql.NullInt64 // a call's argument count, when counted
}

const refCols = `from_file, from_span_start, from_span_end, target_name, COALESCE(target_qualified, ''), COALESCE(target_symbol_hint, 0), kind, confidence, args`

func refFields(r *Ref) []any {
	return []any{&r.File, &r.Start, &r.End, &r.TargetName, &r.TargetQualified, &r.Hint, &r.Kind, &r.Confidence, &r.Args}
}

// refsIn reads refs whose column col is one of vals, in batches; where adds
// conditions and their args follow the batch's.
func (r *Reader) refsIn(ctx context.Context, cols, col string, vals []string, where string, args []any,
	fields func(*Ref) []any) ([]Ref, error) {
	var out []Ref
	err := inBatches(vals, maxBatch, func(batch []string) error {
		rows, err := collect(ctx, r.db, "read refs", `SELECT `+cols+` FROM refs WHERE `+col+` IN (`+placeholders(len(batch))+`)`+where,
			append(anys(batch), args...), fields)
		out = appendAll(out, rows)
		return err
	})
	return out, err
}

// RefsTo reads the refs whose target_qualified is one of qualified; levels,
// when not nil, keeps only those confidences.
func (r *Reader) RefsTo(ctx context.Context, qualified, levels []string) ([]Ref, error) {
	return r.refsIn(ctx, refCols, "target_qualified", qualified, levelFilter(levels), anys(levels), refFields)
}

// FuzzyRefsNamed reads the fuzzy_name refs whose target_name is one of
// names; levels as in RefsTo.
func (r *Reader) FuzzyRefsNamed(ctx context.Context, names, levels []string) ([]Ref, error) {
	return r.refsIn(ctx, refCols, "target_name", names, `
			AND confidence = 'fuzzy_name'`+levelFilter(levels), anys(levels), refFields)
}

// CallsFrom reads the call refs made in the given files.
func (r *Reader) CallsFrom(ctx context.Context, paths []string) ([]Ref, error) {
	return r.refsIn(ctx, refCols, "from_file", paths, `
			AND kind = 'call'`, nil, refFields)
}

// KindCount is how many rows of one kind a count found.
type KindCount struct {
	Kind  string
	Count int
}

// CountFuzzyNamed counts, by kind, the fuzzy_name refs with a short name
// that do not already name qualified.
func (r *Reader) CountFuzzyNamed(ctx context.Context, name, qualified string) ([]KindCount, error) {
	return collect(ctx, r.db, "read refs", `SELECT kind, count(*) FROM refs WHERE target_name = ? AND confidence = 'fuzzy_name'
		AND (target_qualified IS NULL OR target_qualified != ?) GROUP BY kind`, []any{name, qualified}, kindCountFields)
}

// CountRefsTo counts, by kind, the refs whose target is qualified.
func (r *Reader) CountRefsTo(ctx context.Context, qualified string) ([]KindCount, error) {
	return collect(ctx, r.db, "read refs", `SELECT kind, count(*) FROM refs WHERE target_qualified = ? GROUP BY kind`,
		[]any{qualified}, kindCountFields)
}

func kindCountFields(k *KindCount) []any {
	return []any{&k.Kind, &k.Count}
}

// siteFields reads a ref site without its hint: the walk of impact reads no
// more than it needs.
func siteFields(r *Ref) []any {
	return []any{&r.File, &r.Start, &r.End, &r.TargetName, &r.TargetQualified, &r.Kind, &r.Confidence}
}

// SitesTo is RefsTo without target names and hints.
func (r *Reader) SitesTo(ctx context.Context, qualified, levels []string) ([]Ref, error) {
	return r.refsIn(ctx, `from_file, from_span_start, from_span_end, '', target_qualified, kind, confidence`,
		"target_qualified", qualified, levelFilter(levels), anys(levels), siteFields)
}

// FuzzySitesNamed is FuzzyRefsNamed at every level, without hints.
func (r *Reader) FuzzySitesNamed(ctx context.Context, names []string) ([]Ref, error) {
	return r.refsIn(ctx, `from_file, from_span_start, from_span_end, target_name, COALESCE(target_qualified, ''), kind, confidence`,
		"target_name", names, ` AND confidence = 'fuzzy_name'`, nil, siteFields)
}

// Span is a byte range [Start, End) of a file.
type Span struct{ Start, End int64 }

// SpanCall is a distinct call made inside one of several spans: the index
// of the span, and what it calls.
type SpanCall struct {
	Span            int
	TargetQualified string
	Hint            int64
	Confidence      string
}

// DistinctCallsWithin reads the distinct qualified calls at the given
// confidence levels made inside spans of path (disjoint, in source order),
// each with the span it is in. The file's refs are scanned once per batch
// of spans: a CASE picks the one span a ref can be in.
func (r *Reader) DistinctCallsWithin(ctx context.Context, path string, spans []Span, levels []string) ([]SpanCall, error) {
	var out []SpanCall
	first := 0
	err := inBatches(spans, maxBatch/4, func(batch []Span) error {
		calls, err := r.callsWithin(ctx, path, batch, levels)
		for _, c := range calls {
			if c.Span >= 0 && c.Span < len(batch) {
				c.Span += first
				out = append(out, c)
			}
		}
		first += len(batch)
		return err
	})
	return out, err
}

func (r *Reader) callsWithin(ctx context.Context, path string, spans []Span, levels []string) ([]SpanCall, error) {
	var which strings.Builder
	args := make([]any, 0, 4*len(spans)+3+len(levels))
	var last int64
	which.WriteString("CASE")
	for i, s := range spans {
		which.WriteString(" WHEN r.from_span_start >= ? AND r.from_span_start < ? AND r.from_span_end <= ? THEN ?")
		args = append(args, s.Start, s.End, s.End, i)
		last = max(last, s.End)
	}
	which.WriteString(" END")
	args = append(args, spans[0].Start, last)
	args = append(args, path)
	args = append(args, anys(levels)...)
	return collect(ctx, r.db, "read refs", `SELECT DISTINCT `+which.String()+` AS k, r.target_qualified, COALESCE(r.target_symbol_hint, 0), r.confidence
		FROM refs r WHERE r.from_span_start >= ? AND r.from_span_start < ? AND r.from_file = ? AND r.kind = 'call'
		AND r.target_qualified IS NOT NULL`+levelFilter(levels)+` AND k IS NOT NULL`, args, func(c *SpanCall) []any {
		return []any{&c.Span, &c.TargetQualified, &c.Hint, &c.Confidence}
	})
}
