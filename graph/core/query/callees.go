package query

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
)

// CalleesOptions narrow a callees query (spec §9.4).
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
}

// Callees lists the calls made inside the span of the symbol sel names,
// nested closures included, in source order.
func Callees(ctx context.Context, db *sql.DB, root string, sel Selector, opts CalleesOptions) (CalleesResult, error) {
	floor, err := parseFloor(opts.MinConfidence)
	if err != nil {
		return CalleesResult{}, err
	}
	if sel.Kind != SelSymbol {
		return CalleesResult{}, fmt.Errorf("%w %q: callees needs a symbol:<path>#<name> selector", ErrBadSelector, sel.Raw)
	}
	src := newSources(root)
	sym, err := resolveSymbol(ctx, db, src, sel)
	if err != nil {
		return CalleesResult{}, err
	}
	res := CalleesResult{Source: symbolRef(src, sym), Callees: []Callee{}}
	calls := newCallSites(db)
	rows, err := calls.within(ctx, sym)
	if err != nil {
		return CalleesResult{}, err
	}
	var kept []refRow
	for _, r := range rows {
		if above(r.confidence, floor) {
			kept = append(kept, r)
		} else {
			res.SkippedLowConfidence++
		}
	}
	defs, err := definitions(ctx, db, kept)
	if err != nil {
		return CalleesResult{}, err
	}
	for _, r := range kept {
		c := Callee{Name: r.targetName, Qualified: r.targetQualified, Kind: r.kind, Confidence: r.confidence,
			Line: src.line(r.file, r.start), Column: src.column(r.file, r.start)}
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
	db    *sql.DB
	files map[string][]refRow // by span start
}

func newCallSites(db *sql.DB) *callSites {
	return &callSites{db: db, files: map[string][]refRow{}}
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
	for _, batch := range batches(todo) {
		rows, err := queryRefs(ctx, c.db, `SELECT `+refCols+` FROM refs WHERE from_file IN (`+placeholders(len(batch))+`)
			AND kind = 'call'`, anys(batch)...)
		if err != nil {
			return err
		}
		for _, r := range rows {
			c.files[r.file] = append(c.files[r.file], r)
		}
		for _, p := range batch {
			rs := c.files[p]
			sort.SliceStable(rs, func(i, j int) bool { return rs[i].start < rs[j].start })
		}
	}
	return nil
}

// within lists the calls inside a symbol's span, in source order.
func (c *callSites) within(ctx context.Context, s symbolRow) ([]refRow, error) {
	if err := c.load(ctx, []string{s.path}); err != nil {
		return nil, err
	}
	rows := c.files[s.path]
	i := sort.Search(len(rows), func(i int) bool { return rows[i].start >= s.start })
	var out []refRow
	for ; i < len(rows) && rows[i].start < s.end; i++ {
		if rows[i].end <= s.end {
			out = append(out, rows[i])
		}
	}
	return out, nil
}

// symbolIndex maps qualified names to their one definition.
type symbolIndex struct {
	byQualified map[string]symbolRow // only names with one definition
	byID        map[int64]symbolRow
}

// definitions reads the symbols the refs' target_qualified names (and
// hints) point at.
func definitions(ctx context.Context, db *sql.DB, refs []refRow) (symbolIndex, error) {
	names := map[string]bool{}
	for _, r := range refs {
		if r.targetQualified != "" {
			names[r.targetQualified] = true
		}
	}
	return lookupQualified(ctx, db, keys(names))
}

// lookupQualified reads the symbols with the given qualified names. Rows
// sharing a qualified name and kind are one symbol (spec §6.3); the one at
// the first path and offset stands for it.
func lookupQualified(ctx context.Context, db *sql.DB, names []string) (symbolIndex, error) {
	idx := symbolIndex{byQualified: map[string]symbolRow{}, byID: map[int64]symbolRow{}}
	ambiguous := map[string]bool{}
	for _, batch := range batches(names) {
		rows, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE qualified IN (`+placeholders(len(batch))+`)
			ORDER BY qualified, file_path, span_start, id`, anys(batch)...)
		if err != nil {
			return idx, err
		}
		for _, r := range rows {
			idx.byID[r.id] = r
			prev, seen := idx.byQualified[r.qualified]
			switch {
			case !seen && !ambiguous[r.qualified]:
				idx.byQualified[r.qualified] = r
			case seen && prev.kind != r.kind:
				delete(idx.byQualified, r.qualified)
				ambiguous[r.qualified] = true
			}
		}
	}
	return idx, nil
}

// of is a ref's definition: the one symbol with its target_qualified, else
// its build-time hint when that still names a symbol of that name.
func (idx symbolIndex) of(r refRow) (symbolRow, bool) {
	if r.targetQualified == "" {
		return symbolRow{}, false
	}
	if s, ok := idx.byQualified[r.targetQualified]; ok {
		return s, true
	}
	if s, ok := idx.byID[r.hint]; ok && r.hint != 0 && s.qualified == r.targetQualified {
		return s, true
	}
	return symbolRow{}, false
}
