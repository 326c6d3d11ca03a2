package query

import (
	"context"
	"fmt"
)

// Overview formats (DESIGN.md, A query). The requested one is always honoured.
const (
	OverviewSummary = "summary" // counts plus the files with the most symbols
	OverviewFull    = "full"    // summary plus every file with its symbols
)

// topFilesLimit is how many highest-symbol files a summary lists.
const topFilesLimit = 20

// OverviewOptions select the shape of an overview.
type OverviewOptions struct {
	Format string // OverviewSummary (default) or OverviewFull
	// Generated includes a generator's output (x.pb.go), which is indexed
	// for resolution but left out by default (DESIGN.md, Generated code).
	Generated bool
	// External includes dependency packages' declarations (DESIGN.md,
	// Dependency packages), indexed as resolution targets.
	External bool
}

// OverviewResult is the shape of a scope: what languages its files are in
// and what kinds of symbols they define (DESIGN.md, A query).
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
func (e *Engine) Overview(ctx context.Context, scope Scope, opts OverviewOptions) (OverviewResult, error) {
	switch opts.Format {
	case "":
		opts.Format = OverviewSummary
	case OverviewSummary, OverviewFull:
	default:
		return OverviewResult{}, fmt.Errorf("%w: unknown overview detail %q (want summary or full)", ErrBadQuery, opts.Format)
	}
	if err := e.checkScope(ctx, scope); err != nil {
		return OverviewResult{}, err
	}
	res := OverviewResult{Scope: scope.Raw, Format: opts.Format}
	scope.HideGenerated = !opts.Generated
	scope.HideExternal = !opts.External
	var err error
	if res.Files, err = e.countFiles(ctx, scope); err != nil {
		return res, err
	}
	if res.Symbols, err = e.countSymbols(ctx, scope); err != nil {
		return res, err
	}
	if res.TopFiles, err = e.topFiles(ctx, scope); err != nil {
		return res, err
	}
	if opts.Format == OverviewFull {
		res.FileList, res.StaleFiles, err = e.listFiles(ctx, scope)
	}
	return res, err
}

func (e *Engine) countFiles(ctx context.Context, scope Scope) (FileCounts, error) {
	langs, err := e.idx.CountFilesByLang(ctx, scope.paths())
	fc := FileCounts{ByLang: []LangCount{}}
	for _, l := range langs {
		fc.Total += l.Files
		fc.Bytes += l.Bytes
		fc.ByLang = append(fc.ByLang, LangCount(l))
	}
	return fc, err
}

func (e *Engine) countSymbols(ctx context.Context, scope Scope) (SymbolCounts, error) {
	kinds, err := e.idx.CountSymbolsByKind(ctx, scope.paths())
	sc := SymbolCounts{ByKind: []KindCount{}}
	for _, k := range kinds {
		sc.Total += k.Count
		sc.ByKind = append(sc.ByKind, KindCount(k))
	}
	return sc, err
}

// topFiles lists the files defining the most symbols, ties by path.
func (e *Engine) topFiles(ctx context.Context, scope Scope) ([]FileSymbols, error) {
	top, err := e.idx.TopFiles(ctx, scope.paths(), topFilesLimit)
	if err != nil {
		return nil, err
	}
	out := []FileSymbols{}
	for _, f := range top {
		out = append(out, FileSymbols(f))
	}
	return out, nil
}
