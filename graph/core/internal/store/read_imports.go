package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Import is an imports row; TargetSymbol is "" when NULL.
type Import struct{ File, TargetPath, TargetSymbol string }

// Imports reads the distinct imports of some files, by file and target.
func (r *Reader) Imports(ctx context.Context, paths Paths) ([]Import, error) {
	cond, args := paths.where("from_file")
	return collect(ctx, r.db, "deps", `SELECT DISTINCT from_file, target_path, coalesce(target_symbol, '') FROM imports
		WHERE `+cond+` ORDER BY from_file, target_path, 3`, args, func(im *Import) []any {
		return []any{&im.File, &im.TargetPath, &im.TargetSymbol}
	})
}

// Definer is where a symbol of some qualified name is defined.
type Definer struct{ Kind, File string }

// TargetDefiner is a Definer of an import target.
type TargetDefiner struct {
	Target string
	Definer
}

// ImportTargetDefiners reads, in one join, the symbols whose qualified
// name is the target of an import of some files, by target and file.
func (r *Reader) ImportTargetDefiners(ctx context.Context, paths Paths) ([]TargetDefiner, error) {
	cond, args := paths.where("from_file")
	return collect(ctx, r.db, "deps", `SELECT t.target_path, s.kind, s.file_path
		FROM (SELECT DISTINCT target_path FROM imports WHERE `+cond+`) t
		JOIN symbols s ON s.qualified = t.target_path ORDER BY t.target_path, s.file_path`, args, func(d *TargetDefiner) []any {
		return []any{&d.Target, &d.Kind, &d.File}
	})
}

// Placer answers, through prepared statements, the many small questions
// of placing import targets in the worktree. Close it when done.
type Placer struct {
	definers, file *sql.Stmt
}

// placePathQuery finds the indexed file a path names, in the order a module
// loader would: the path itself, the path plus the shortest extension, then
// any file below it (the path is a directory). Each branch is an index range.
const placePathQuery = `SELECT path FROM (
	SELECT path, 0 AS rank FROM files WHERE path = ?1
	UNION ALL SELECT * FROM (SELECT path, 1 FROM files WHERE path > ?1 || '.' AND path < ?1 || '/' ORDER BY length(path), path LIMIT 1)
	UNION ALL SELECT * FROM (SELECT path, 2 FROM files WHERE path >= ?1 || '/' AND path < ?1 || '0' LIMIT 1)
) ORDER BY rank LIMIT 1`

// Placer prepares a Placer.
func (r *Reader) Placer(ctx context.Context) (*Placer, error) {
	p := &Placer{}
	var err error
	if p.definers, err = r.db.PrepareContext(ctx, `SELECT kind, file_path FROM symbols WHERE qualified = ? ORDER BY file_path`); err != nil {
		return nil, fmt.Errorf("deps: %w", err)
	}
	if p.file, err = r.db.PrepareContext(ctx, placePathQuery); err != nil {
		p.definers.Close()
		return nil, fmt.Errorf("deps: %w", err)
	}
	return p, nil
}

// Definers reads where the symbols of a qualified name are defined, by file.
func (p *Placer) Definers(ctx context.Context, qualified string) ([]Definer, error) {
	rows, err := p.definers.QueryContext(ctx, qualified)
	return scanAll(rows, err, "deps", func(d *Definer) []any {
		return []any{&d.Kind, &d.File}
	})
}

// FileAt is the indexed file a repo path names (see placePathQuery); ok is
// false when there is none.
func (p *Placer) FileAt(ctx context.Context, path string) (file string, ok bool, err error) {
	err = p.file.QueryRowContext(ctx, path).Scan(&file)
	switch {
	case err == sql.ErrNoRows:
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("deps: %w", err)
	}
	return file, true, nil
}

// Close releases the prepared statements.
func (p *Placer) Close() {
	p.definers.Close()
	p.file.Close()
}
