package query

import (
	"bytes"
	"context"
	"os"
	"path/filepath"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// listFiles returns every file in scope with its symbols in source order.
// Each file is read from disk once, for its line index, and then dropped,
// so a full overview of a large worktree holds one file's bytes at a time.
func (e *Engine) listFiles(ctx context.Context, scope Scope) ([]OverviewFile, int, error) {
	records, err := e.idx.Files(ctx, scope.paths())
	if err != nil {
		return nil, 0, err
	}
	files := make([]OverviewFile, len(records))
	at := map[string]int{}
	for i, r := range records {
		files[i] = OverviewFile{Path: r.Path, Lang: r.Lang, Bytes: r.Bytes, Symbols: []OverviewSymbol{}}
		at[r.Path] = i
	}
	offsets, err := e.attachSymbols(ctx, scope, files, at)
	if err != nil {
		return nil, 0, err
	}
	stale := 0
	for i := range files {
		lines := readLines(e.root, files[i].Path, records[i].Hash)
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
func (e *Engine) attachSymbols(ctx context.Context, scope Scope, files []OverviewFile, at map[string]int) ([][]int64, error) {
	offsets := make([][]int64, len(files))
	err := e.idx.EachSymbol(ctx, scope.paths(), func(s store.ListedSymbol) {
		i, ok := at[s.File]
		if !ok {
			return
		}
		files[i].Symbols = append(files[i].Symbols, OverviewSymbol{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Parent: s.Parent})
		offsets[i] = append(offsets[i], s.Start)
	})
	return offsets, err
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
