package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Paths selects indexed files: one File, or every file below Dir, or, when
// both are empty (or Dir is "."), every file; without a generator's output
// when NoGenerated.
type Paths struct {
	File, Dir   string
	NoGenerated bool
	NoExternal  bool // leave dependency packages' files out
}

// where is an SQL condition on a path column selecting the files. A
// directory is a half-open range of paths ("d/" ≤ p < "d0", '0' being the
// byte after '/'), so SQLite answers it from the column's index.
func (p Paths) where(col string) (string, []any) {
	cond, args := p.place(col)
	if p.NoGenerated {
		cond += " AND " + col + " NOT IN (SELECT path FROM files WHERE generated = 1)"
	}
	if p.NoExternal {
		cond += " AND " + col + " NOT IN " + externalFiles
	}
	return cond, args
}

func (p Paths) place(col string) (string, []any) {
	switch {
	case p.File != "":
		return col + " = ?", []any{p.File}
	case p.Dir == "" || p.Dir == ".":
		return "1", nil
	}
	return col + " >= ? AND " + col + " < ?", []any{p.Dir + "/", p.Dir + "0"}
}

// AnyFile reports whether any indexed file is among paths.
func (r *Reader) AnyFile(ctx context.Context, paths Paths) (bool, error) {
	cond, args := paths.where("path")
	var one int
	err := r.db.QueryRowContext(ctx, `SELECT 1 FROM files WHERE `+cond+` LIMIT 1`, args...).Scan(&one)
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read files: %w", err)
	}
	return true, nil
}

// FileMeta is what show says of a file.
type FileMeta struct {
	Lang string
	Size int64
}

// File reads a file's language and size; ok is false when it is not indexed.
func (r *Reader) File(ctx context.Context, path string) (m FileMeta, ok bool, err error) {
	err = r.db.QueryRowContext(ctx, `SELECT lang, byte_len FROM files WHERE path = ?`, path).Scan(&m.Lang, &m.Size)
	if err == sql.ErrNoRows {
		return FileMeta{}, false, nil
	}
	return m, err == nil, err
}

// FileHash reads the BLAKE3 hash of the bytes a file was indexed from.
func (r *Reader) FileHash(ctx context.Context, path string) ([]byte, error) {
	var hash []byte
	err := r.db.QueryRowContext(ctx, `SELECT content_hash FROM files WHERE path = ?`, path).Scan(&hash)
	return hash, err
}

// AllPaths lists every indexed file, sorted.
func (r *Reader) AllPaths(ctx context.Context) ([]string, error) {
	return collect(ctx, r.db, "read index", `SELECT path FROM files ORDER BY path`, nil, stringField)
}

// PathsEndingIn lists at most 50 indexed files whose path ends in suffix,
// sorted.
func (r *Reader) PathsEndingIn(ctx context.Context, suffix string) ([]string, error) {
	return collect(ctx, r.db, "read index", `SELECT path FROM files WHERE path LIKE ? ESCAPE '\' ORDER BY path LIMIT 50`,
		[]any{"%" + likeEscape(suffix)}, stringField)
}

// FileStat is what the index recorded of a file's place on disk.
type FileStat struct {
	Path    string
	MtimeNs int64
	Size    int64
	Hash    []byte // BLAKE3 of the indexed bytes
}

// FileStats lists every indexed file of the worktree (a dependency
// package's files are not its own) with its recorded mtime and size,
// sorted by path.
func (r *Reader) FileStats(ctx context.Context) ([]FileStat, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT path, mtime_ns, byte_len, content_hash FROM files
		WHERE package IS NULL OR package NOT IN (SELECT id FROM packages WHERE kind != 'own') ORDER BY path`)
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	defer rows.Close()
	var out []FileStat
	for rows.Next() {
		var f FileStat
		if err := rows.Scan(&f.Path, &f.MtimeNs, &f.Size, &f.Hash); err != nil {
			return nil, fmt.Errorf("read index: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
