package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
)

// Extent is a symbol's id and byte span [Start, End): what finding the
// symbol around a site needs.
type Extent struct {
	ID         int64
	Start, End int64
}

func (x Extent) extent() Extent { return x }

// Nested is a row with an Extent: Extent itself or Symbol.
type Nested interface{ extent() Extent }

// SortNested orders one file's symbols for Innermost: by start, then widest
// first, then id.
func SortNested[T Nested](xs []T) {
	sort.Slice(xs, func(i, j int) bool {
		a, b := xs[i].extent(), xs[j].extent()
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End > b.End
		}
		return a.ID < b.ID
	})
}

// Innermost is the symbol of sorted (see SortNested) whose non-empty span
// holds [start, end) and starts last: spans nest, so that one is the
// innermost symbol around the site.
func Innermost[T Nested](sorted []T, start, end int64) (T, bool) {
	i := sort.Search(len(sorted), func(i int) bool { return sorted[i].extent().Start > start })
	for i--; i >= 0; i-- {
		if x := sorted[i].extent(); x.End >= end && x.Start < x.End {
			return sorted[i], true
		}
	}
	var none T
	return none, false
}

// ExtentReader reads files' symbol extents through one prepared statement,
// for a query that reads many files one at a time. Close it when done.
type ExtentReader struct {
	r    *Reader
	stmt *sql.Stmt // prepared on first use
}

// Extents returns an ExtentReader.
func (r *Reader) Extents() *ExtentReader { return &ExtentReader{r: r} }

// InFile reads a file's symbol extents, sorted for Innermost.
func (e *ExtentReader) InFile(ctx context.Context, path string) ([]Extent, error) {
	if e.stmt == nil {
		st, err := e.r.db.PrepareContext(ctx, `SELECT id, span_start, span_end FROM symbols WHERE file_path = ?`)
		if err != nil {
			return nil, fmt.Errorf("read symbols: %w", err)
		}
		e.stmt = st
	}
	rows, err := e.stmt.QueryContext(ctx, path)
	xs, err := scanAll(rows, err, "read symbols", func(x *Extent) []any {
		return []any{&x.ID, &x.Start, &x.End}
	})
	SortNested(xs)
	return xs, err
}

// Close releases the prepared statement.
func (e *ExtentReader) Close() {
	if e.stmt != nil {
		e.stmt.Close()
	}
}
