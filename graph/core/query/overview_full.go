package query

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/extract"
)

// listFiles returns every file in scope with its symbols in source order.
// Each file is read from disk once, for its line index, and then dropped,
// so a full overview of a large worktree holds one file's bytes at a time.
func listFiles(ctx context.Context, db *sql.DB, root string, scope Scope) ([]OverviewFile, int, error) {
	cond, args := scope.where("path")
	rows, err := db.QueryContext(ctx, `SELECT path, lang, byte_len, content_hash FROM files WHERE `+cond+` ORDER BY path`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list files: %w", err)
	}
	var files []OverviewFile
	var hashes [][]byte
	at := map[string]int{}
	for rows.Next() {
		var f OverviewFile
		var h []byte
		if err := rows.Scan(&f.Path, &f.Lang, &f.Bytes, &h); err != nil {
			rows.Close()
			return nil, 0, fmt.Errorf("list files: %w", err)
		}
		f.Symbols = []OverviewSymbol{}
		at[f.Path] = len(files)
		files, hashes = append(files, f), append(hashes, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list files: %w", err)
	}
	offsets, err := attachSymbols(ctx, db, scope, files, at)
	if err != nil {
		return nil, 0, err
	}
	stale := 0
	for i := range files {
		lines := readLines(root, files[i].Path, hashes[i])
		if files[i].Stale = lines.stale; lines.stale {
			stale++
		}
		for j := range files[i].Symbols {
			files[i].Symbols[j].Line = lines.line(offsets[i][j])
		}
	}
	return files, stale, nil
}

// attachSymbols appends each in-scope symbol to its file and returns the
// symbols' start offsets, parallel to files[i].Symbols.
func attachSymbols(ctx context.Context, db *sql.DB, scope Scope, files []OverviewFile, at map[string]int) ([][]int64, error) {
	cond, args := scope.where("s.file_path")
	rows, err := db.QueryContext(ctx, `SELECT s.file_path, s.name, s.qualified, s.kind, s.span_start, p.qualified
		FROM symbols s LEFT JOIN symbols p ON p.id = s.parent_symbol
		WHERE `+cond+` ORDER BY s.file_path, s.span_start, s.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list symbols: %w", err)
	}
	defer rows.Close()
	offsets := make([][]int64, len(files))
	for rows.Next() {
		var file string
		var s OverviewSymbol
		var start int64
		var parent sql.NullString
		if err := rows.Scan(&file, &s.Name, &s.Qualified, &s.Kind, &start, &parent); err != nil {
			return nil, fmt.Errorf("list symbols: %w", err)
		}
		i, ok := at[file]
		if !ok {
			continue
		}
		s.Parent = parent.String
		files[i].Symbols = append(files[i].Symbols, s)
		offsets[i] = append(offsets[i], start)
	}
	return offsets, rows.Err()
}

// fileLines is one file's line index, read once; zero lines when unreadable.
type fileLines struct {
	index    extract.LineIndex
	size     int64
	readable bool
	stale    bool // the bytes on disk are not the ones indexed
}

func readLines(root, path string, indexedHash []byte) fileLines {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
	if err != nil {
		return fileLines{stale: true}
	}
	sum := blake3.Sum256(b)
	return fileLines{index: extract.NewLineIndex(b), size: int64(len(b)), readable: true, stale: !bytes.Equal(sum[:], indexedHash)}
}

// line is the 1-based line of a byte offset, or 0 if the file is unreadable.
func (l fileLines) line(off int64) int {
	if !l.readable {
		return 0
	}
	return l.index.Line(uint32(min(max(off, 0), l.size)))
}
