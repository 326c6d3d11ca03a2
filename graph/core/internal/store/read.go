package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Reader is the read side of an index: every question the queries ask, as
// typed methods over the schema in schema.go, so that no SQL lives outside
// this package. It never writes.
type Reader struct{ db *sql.DB }

// Reader returns the read side of the index.
func (s *Store) Reader() *Reader { return &Reader{db: s.db} }

// maxBatch keeps IN lists well under SQLite's variable limit.
const maxBatch = 500

// inBatches calls fn with consecutive slices of at most size values.
func inBatches[V any](vals []V, size int, fn func(batch []V) error) error {
	for len(vals) > 0 {
		n := min(len(vals), size)
		if err := fn(vals[:n]); err != nil {
			return err
		}
		vals = vals[n:]
	}
	return nil
}

// placeholders is "?,?,…" for an IN list of n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func anys[V any](xs []V) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// collect runs a query and scans every row with scan; what names the
// operation in errors.
func collect[T any](ctx context.Context, db *sql.DB, what, query string, args []any, fields func(*T) []any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	return scanAll(rows, err, what, fields)
}

// scanAll scans the rows a query (or a prepared statement) returned.
// fields gives the destinations of a row's columns in a T; every row is
// scanned into one T and copied out, so a row costs no allocation of its
// own (the driver's strings aside).
func scanAll[T any](rows *sql.Rows, err error, what string, fields func(*T) []any) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	var x T
	dest := fields(&x)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

func stringField(x *string) []any { return []any{x} }

// likeEscape quotes LIKE's metacharacters (with ESCAPE '\').
func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// levelFilter is an SQL condition on confidence, "" for every level.
func levelFilter(levels []string) string {
	if levels == nil {
		return ""
	}
	return ` AND confidence IN (` + placeholders(len(levels)) + `)`
}

// appendAll is append(out, rows...) that takes rows itself when out is
// empty: most batched reads are one batch.
func appendAll[T any](out, rows []T) []T {
	if out == nil {
		return rows
	}
	return append(out, rows...)
}
