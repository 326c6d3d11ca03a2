package query

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// SymbolRef is a symbol as refs, callees and impact report it.
type SymbolRef struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"`
	Kind      string `json:"kind"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
}

func symbolRef(src *sources, s symbolRow) SymbolRef {
	return SymbolRef{Name: s.name, Qualified: s.qualified, Kind: s.kind, Path: s.path, Line: src.line(s.path, s.start)}
}

// parseFloor maps a MinConfidence option to a rank; "" is the default
// floor, same_module (spec §9.3–§9.6: everything but fuzzy_name).
func parseFloor(c Confidence) (int, error) {
	if c == "" {
		return DefaultConfidence.Rank(), nil
	}
	level, err := resolve.ParseConfidence(string(c))
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrBadQuery, err)
	}
	return level.Rank(), nil
}

// levelsUpTo lists the confidence levels at or above a floor rank, as the
// index stores them.
func levelsUpTo(floor int) []string {
	var out []string
	for _, l := range resolve.Levels()[:min(max(floor, 0), len(resolve.Levels()))] {
		out = append(out, string(l))
	}
	return out
}

// above reports whether a row's confidence passes the floor. An unknown
// confidence string ranks below every floor.
func above(confidence string, floor int) bool {
	r := resolve.Rank(confidence)
	return r != 0 && r <= floor
}

// column is the 1-based byte column of an offset, 0 if the file is
// unreadable.
func (s *sources) column(path string, off int64) int {
	f := s.get(path)
	if !f.ok {
		return 0
	}
	off = min(max(off, 0), int64(len(f.content)))
	line := f.lines.Line(uint32(off))
	start := int64(0)
	if line > 1 {
		start = int64(f.lines[line-2]) + 1
	}
	return int(off-start) + 1
}

// enclosers finds the innermost symbol around a ref site. Each file's
// symbols are read once per query, in batches, so that a query touching
// hundreds of files makes a handful of SQL round trips.
type enclosers struct {
	db    *sql.DB
	files map[string][]symbolRow // by span_start, then widest first
}

func newEnclosers(db *sql.DB) *enclosers {
	return &enclosers{db: db, files: map[string][]symbolRow{}}
}

// maxBatch keeps IN lists well under SQLite's variable limit.
const maxBatch = 500

// load reads the symbols of the files not read yet.
func (e *enclosers) load(ctx context.Context, paths []string) error {
	var todo []string
	seen := map[string]bool{}
	for _, p := range paths {
		if _, ok := e.files[p]; !ok && !seen[p] {
			seen[p] = true
			todo = append(todo, p)
		}
	}
	for len(todo) > 0 {
		n := min(len(todo), maxBatch)
		rows, err := querySymbols(ctx, e.db, `SELECT `+symbolCols+` FROM symbols WHERE file_path IN (`+placeholders(n)+`)`, anys(todo[:n])...)
		if err != nil {
			return err
		}
		for _, p := range todo[:n] {
			e.files[p] = nil
		}
		for _, r := range rows {
			e.files[r.path] = append(e.files[r.path], r)
		}
		for _, p := range todo[:n] {
			syms := e.files[p]
			sort.Slice(syms, func(i, j int) bool {
				if syms[i].start != syms[j].start {
					return syms[i].start < syms[j].start
				}
				if syms[i].end != syms[j].end {
					return syms[i].end > syms[j].end
				}
				return syms[i].id < syms[j].id
			})
		}
		todo = todo[n:]
	}
	return nil
}

// innermost is the symbol of path whose span holds [start, end) and starts
// last (spans nest, so that one is the innermost). Call load first.
func (e *enclosers) innermost(path string, start, end int64) (symbolRow, bool) {
	syms := e.files[path]
	i := sort.Search(len(syms), func(i int) bool { return syms[i].start > start })
	for i--; i >= 0; i-- {
		if s := syms[i]; s.end >= end && s.start < s.end {
			return s, true
		}
	}
	return symbolRow{}, false
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func anys(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
