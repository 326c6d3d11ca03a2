package query

import (
	"context"
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// SymbolRef is a symbol as refs, callees and impact report it.
type SymbolRef struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"`
	Kind      string `json:"kind"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
	// Package and Version name the dependency package (its module, "std"
	// for Go's standard library) of an external symbol: a target queries
	// stop at (DESIGN.md, Dependency packages).
	Package string `json:"package,omitempty"`
	Version string `json:"version,omitempty"`
}

func symbolRef(src *sources, s symbolRow) SymbolRef {
	ref := SymbolRef{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Path: s.Path, Line: src.line(s.Path, s.Start)}
	if m, ok := src.mount(s.Path); ok {
		ref.Package, ref.Version = m.Name, m.Version
	}
	return ref
}

// parseFloor maps a MinConfidence option to a rank; "" is the default
// floor, same_module (DESIGN.md, A query: everything but fuzzy_name).
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
	idx   *store.Reader
	files map[string][]symbolRow // sorted by store.SortNested
}

func newEnclosers(idx *store.Reader) *enclosers {
	return &enclosers{idx: idx, files: map[string][]symbolRow{}}
}

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
	if len(todo) == 0 {
		return nil
	}
	rows, err := e.idx.SymbolsInFiles(ctx, todo)
	if err != nil {
		return err
	}
	for _, p := range todo {
		e.files[p] = nil
	}
	for _, r := range rows {
		e.files[r.Path] = append(e.files[r.Path], r)
	}
	for _, p := range todo {
		store.SortNested(e.files[p])
	}
	return nil
}

// innermost is the innermost symbol of path around [start, end). Call
// load first.
func (e *enclosers) innermost(path string, start, end int64) (symbolRow, bool) {
	return store.Innermost(e.files[path], start, end)
}
