package store

import (
	"context"
	"fmt"
	"strings"
)

// Relation is a relations row as queries read it.
type Relation struct {
	From, To, Kind string
	File           string
	Start          int64
	Confidence     string
}

func (r *Reader) relationsIn(ctx context.Context, col string, names []string) ([]Relation, error) {
	var out []Relation
	err := inBatches(names, maxBatch, func(batch []string) error {
		rows, err := collect(ctx, r.db, "read relations", `SELECT from_qualified, to_qualified, kind, def_file, def_span_start, confidence
			FROM relations WHERE `+col+` IN (`+placeholders(len(batch))+`)`, anys(batch), func(x *Relation) []any {
			return []any{&x.From, &x.To, &x.Kind, &x.File, &x.Start, &x.Confidence}
		})
		out = appendAll(out, rows)
		return err
	})
	return out, err
}

// RelationsInto reads the relations whose to_qualified is one of names.
func (r *Reader) RelationsInto(ctx context.Context, names []string) ([]Relation, error) {
	return r.relationsIn(ctx, "to_qualified", names)
}

// SubtypesAtLeast reports whether at least n distinct names have a
// relation into q (counting no further).
func (r *Reader) SubtypesAtLeast(ctx context.Context, q string, n int) (bool, error) {
	var got int
	err := r.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT DISTINCT from_qualified FROM relations
		WHERE to_qualified = ? LIMIT ?)`, q, n).Scan(&got)
	if err != nil {
		return false, fmt.Errorf("read relations: %w", err)
	}
	return got >= n, nil
}

// RelationsOutOf reads the relations whose from_qualified is one of names.
func (r *Reader) RelationsOutOf(ctx context.Context, names []string) ([]Relation, error) {
	return r.relationsIn(ctx, "from_qualified", names)
}

// ImplementationsMentioning reads the impl and implements relations whose
// trait's qualified name contains name: the caller keeps those whose last
// segment is name, however each file qualified it.
func (r *Reader) ImplementationsMentioning(ctx context.Context, name string) ([]Relation, error) {
	return collect(ctx, r.db, "implementors", `SELECT from_qualified, kind, to_qualified, def_file, def_span_start, confidence
		FROM relations WHERE kind IN ('impl', 'implements') AND to_qualified GLOB ?`, []any{"*" + globEscape(name) + "*"},
		func(x *Relation) []any {
			return []any{&x.From, &x.Kind, &x.To, &x.File, &x.Start, &x.Confidence}
		})
}

// globEscape quotes GLOB's metacharacters so a name matches literally.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("*?[", r) {
			b.WriteString("[" + string(r) + "]")
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
