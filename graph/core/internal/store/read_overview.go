package store

import (
	"context"
	"database/sql"
	"fmt"
)

// LangCount is one language's share of some files.
type LangCount struct {
	Lang  string
	Files int
	Bytes int64
}

// CountFilesByLang counts files and bytes per language, most files first.
func (r *Reader) CountFilesByLang(ctx context.Context, paths Paths) ([]LangCount, error) {
	cond, args := paths.where("path")
	return collect(ctx, r.db, "count files", `SELECT lang, count(*) AS n, sum(byte_len) FROM files WHERE `+cond+`
		GROUP BY lang ORDER BY n DESC, lang`, args, func(l *LangCount) []any {
		return []any{&l.Lang, &l.Files, &l.Bytes}
	})
}

// CountSymbolsByKind counts the symbols of some files per kind, most first.
func (r *Reader) CountSymbolsByKind(ctx context.Context, paths Paths) ([]KindCount, error) {
	cond, args := paths.where("file_path")
	return collect(ctx, r.db, "count symbols", `SELECT kind, count(*) AS n FROM symbols WHERE `+cond+`
		GROUP BY kind ORDER BY n DESC, kind`, args, kindCountFields)
}

// FileSymbolCount is a file and how many symbols it defines.
type FileSymbolCount struct {
	Path, Lang string
	Symbols    int
}

// TopFiles lists at most limit files defining the most symbols, ties by
// path.
func (r *Reader) TopFiles(ctx context.Context, paths Paths, limit int) ([]FileSymbolCount, error) {
	cond, args := paths.where("file_path")
	return collect(ctx, r.db, "top files", `SELECT t.file_path, f.lang, t.n
		FROM (SELECT file_path, count(*) AS n FROM symbols WHERE `+cond+`
			GROUP BY file_path ORDER BY n DESC, file_path LIMIT ?) t
		JOIN files f ON f.path = t.file_path ORDER BY t.n DESC, t.file_path`, append(args, limit), func(f *FileSymbolCount) []any {
		return []any{&f.Path, &f.Lang, &f.Symbols}
	})
}

// FileRecord is a files row as a full overview lists it.
type FileRecord struct {
	Path, Lang string
	Bytes      int64
	Hash       []byte
}

// Files lists files by path.
func (r *Reader) Files(ctx context.Context, paths Paths) ([]FileRecord, error) {
	cond, args := paths.where("path")
	return collect(ctx, r.db, "list files", `SELECT path, lang, byte_len, content_hash FROM files WHERE `+cond+` ORDER BY path`,
		args, func(f *FileRecord) []any {
			return []any{&f.Path, &f.Lang, &f.Bytes, &f.Hash}
		})
}

// ListedSymbol is a symbol as a full overview lists it, with the qualified
// name of its parent ("" for none).
type ListedSymbol struct {
	File, Name, Qualified, Kind string
	Start                       int64
	Parent                      string
}

// EachSymbol calls fn with every symbol of some files, by file and offset.
// It streams: a full overview of a large worktree is not held twice.
func (r *Reader) EachSymbol(ctx context.Context, paths Paths, fn func(ListedSymbol)) error {
	cond, args := paths.where("s.file_path")
	rows, err := r.db.QueryContext(ctx, `SELECT s.file_path, s.name, s.qualified, s.kind, s.span_start, p.qualified
		FROM symbols s LEFT JOIN symbols p ON p.id = s.parent_symbol
		WHERE `+cond+` ORDER BY s.file_path, s.span_start, s.id`, args...)
	if err != nil {
		return fmt.Errorf("list symbols: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s ListedSymbol
		var parent sql.NullString
		if err := rows.Scan(&s.File, &s.Name, &s.Qualified, &s.Kind, &s.Start, &parent); err != nil {
			return fmt.Errorf("list symbols: %w", err)
		}
		s.Parent = parent.String
		fn(s)
	}
	return rows.Err()
}
