package query

import (
	"context"
	"database/sql"
	"fmt"
)

// Overview formats (spec §9.7). The requested one is always honoured.
const (
	OverviewSummary = "summary" // counts plus the files with the most symbols
	OverviewFull    = "full"    // summary plus every file with its symbols
)

// topFilesLimit is how many highest-symbol files a summary lists.
const topFilesLimit = 20

// OverviewOptions select the shape of an overview.
type OverviewOptions struct {
	Format string // OverviewSummary (default) or OverviewFull
}

// OverviewResult is the shape of a scope: what languages its files are in
// and what kinds of symbols they define (spec §9.7).
type OverviewResult struct {
	Scope      string         `json:"scope"`
	Format     string         `json:"format"`
	Files      FileCounts     `json:"files"`
	Symbols    SymbolCounts   `json:"symbols"`
	TopFiles   []FileSymbols  `json:"top_files"`
	FileList   []OverviewFile `json:"file_list,omitempty"` // full only
	StaleFiles int            `json:"stale_files,omitempty"`
}

// FileCounts aggregates the files table.
type FileCounts struct {
	Total  int         `json:"total"`
	Bytes  int64       `json:"bytes"`
	ByLang []LangCount `json:"by_lang"` // most files first
}

// LangCount is one language's share of a scope.
type LangCount struct {
	Lang  string `json:"lang"`
	Files int    `json:"files"`
	Bytes int64  `json:"bytes"`
}

// SymbolCounts aggregates the symbols table.
type SymbolCounts struct {
	Total  int         `json:"total"`
	ByKind []KindCount `json:"by_kind"` // most symbols first
}

// KindCount is how many symbols of one kind a scope defines.
type KindCount struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

// FileSymbols is a file and how many symbols it defines.
type FileSymbols struct {
	Path    string `json:"path"`
	Lang    string `json:"lang"`
	Symbols int    `json:"symbols"`
}

// OverviewFile is one file of a full overview with all of its symbols,
// nested ones included (Parent names the enclosing symbol).
type OverviewFile struct {
	Path    string           `json:"path"`
	Lang    string           `json:"lang"`
	Bytes   int64            `json:"bytes"`
	Symbols []OverviewSymbol `json:"symbols"`
	// Stale: the file changed on disk since the last sync, so its lines
	// may be off until `orbit graph sync` runs.
	Stale bool `json:"stale,omitempty"`
}

// OverviewSymbol is a symbol listed in a full overview.
type OverviewSymbol struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"`
	Kind      string `json:"kind"`
	Line      int    `json:"line"`
	Parent    string `json:"parent,omitempty"`
}

// Overview aggregates the files and symbols within scope. Counts come from
// GROUP BY queries over indexed path ranges, so a summary of a large
// worktree reads no file from disk.
func Overview(ctx context.Context, db *sql.DB, root string, scope Scope, opts OverviewOptions) (OverviewResult, error) {
	switch opts.Format {
	case "":
		opts.Format = OverviewSummary
	case OverviewSummary, OverviewFull:
	default:
		return OverviewResult{}, fmt.Errorf("%w: unknown overview detail %q (want summary or full)", ErrBadQuery, opts.Format)
	}
	if err := checkScope(ctx, db, scope); err != nil {
		return OverviewResult{}, err
	}
	res := OverviewResult{Scope: scope.Raw, Format: opts.Format}
	var err error
	if res.Files, err = countFiles(ctx, db, scope); err != nil {
		return res, err
	}
	if res.Symbols, err = countSymbols(ctx, db, scope); err != nil {
		return res, err
	}
	if res.TopFiles, err = topFiles(ctx, db, scope); err != nil {
		return res, err
	}
	if opts.Format == OverviewFull {
		res.FileList, res.StaleFiles, err = listFiles(ctx, db, root, scope)
	}
	return res, err
}

func countFiles(ctx context.Context, db *sql.DB, scope Scope) (FileCounts, error) {
	cond, args := scope.where("path")
	rows, err := db.QueryContext(ctx, `SELECT lang, count(*) AS n, sum(byte_len) FROM files WHERE `+cond+`
		GROUP BY lang ORDER BY n DESC, lang`, args...)
	if err != nil {
		return FileCounts{}, fmt.Errorf("count files: %w", err)
	}
	defer rows.Close()
	fc := FileCounts{ByLang: []LangCount{}}
	for rows.Next() {
		var l LangCount
		if err := rows.Scan(&l.Lang, &l.Files, &l.Bytes); err != nil {
			return fc, fmt.Errorf("count files: %w", err)
		}
		fc.Total += l.Files
		fc.Bytes += l.Bytes
		fc.ByLang = append(fc.ByLang, l)
	}
	return fc, rows.Err()
}

func countSymbols(ctx context.Context, db *sql.DB, scope Scope) (SymbolCounts, error) {
	cond, args := scope.where("file_path")
	rows, err := db.QueryContext(ctx, `SELECT kind, count(*) AS n FROM symbols WHERE `+cond+`
		GROUP BY kind ORDER BY n DESC, kind`, args...)
	if err != nil {
		return SymbolCounts{}, fmt.Errorf("count symbols: %w", err)
	}
	defer rows.Close()
	sc := SymbolCounts{ByKind: []KindCount{}}
	for rows.Next() {
		var k KindCount
		if err := rows.Scan(&k.Kind, &k.Count); err != nil {
			return sc, fmt.Errorf("count symbols: %w", err)
		}
		sc.Total += k.Count
		sc.ByKind = append(sc.ByKind, k)
	}
	return sc, rows.Err()
}

// topFiles lists the files defining the most symbols, ties by path.
func topFiles(ctx context.Context, db *sql.DB, scope Scope) ([]FileSymbols, error) {
	cond, args := scope.where("file_path")
	rows, err := db.QueryContext(ctx, `SELECT t.file_path, f.lang, t.n
		FROM (SELECT file_path, count(*) AS n FROM symbols WHERE `+cond+`
			GROUP BY file_path ORDER BY n DESC, file_path LIMIT ?) t
		JOIN files f ON f.path = t.file_path ORDER BY t.n DESC, t.file_path`, append(args, topFilesLimit)...)
	if err != nil {
		return nil, fmt.Errorf("top files: %w", err)
	}
	defer rows.Close()
	out := []FileSymbols{}
	for rows.Next() {
		var f FileSymbols
		if err := rows.Scan(&f.Path, &f.Lang, &f.Symbols); err != nil {
			return nil, fmt.Errorf("top files: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
