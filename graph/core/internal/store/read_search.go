package store

import "context"

// SearchFilter narrows a full-text search: a symbol kind (symbols only)
// and a files.lang; "" means any. A generator's output is left out unless
// Generated, a dependency package's unless External.
type SearchFilter struct {
	SymbolKind, Lang string
	Generated        bool
	External         bool
}

// externalPackages selects the ids of dependency packages; externalFiles
// their files' paths.
const (
	externalPackages = `(SELECT id FROM packages WHERE kind != 'own')`
	externalFiles    = `(SELECT path FROM files WHERE package IN ` + externalPackages + `)`
)

// SymbolHit is a symbol a search found; Score is bm25, lower is better.
type SymbolHit struct {
	Name, Qualified, Kind, Path string
	Offset                      int64
	External                    bool // a dependency package's
	Score                       float64
}

const symbolHitCols = `s.name, s.qualified, s.kind, s.file_path, s.span_start, s.external`

func symbolHitFields(h *SymbolHit) []any {
	return []any{&h.Name, &h.Qualified, &h.Kind, &h.Path, &h.Offset, &h.External, &h.Score}
}

// symbolFilter is the SQL of f over symbols s joined to files f.
func (f SearchFilter) symbolFilter() (string, []any) {
	filter, args := "", []any{}
	if f.SymbolKind != "" {
		filter += ` AND s.kind = ?`
		args = append(args, f.SymbolKind)
	}
	if f.Lang != "" {
		filter += ` AND f.lang = ?`
		args = append(args, f.Lang)
	}
	if !f.Generated {
		filter += ` AND f.generated = 0`
	}
	if !f.External {
		filter += ` AND NOT s.external`
	}
	return filter, args
}

// SymbolsNamedExactly reads at most limit symbols whose short name is
// name, by path and offset, each with the best possible score.
func (r *Reader) SymbolsNamedExactly(ctx context.Context, name string, f SearchFilter, limit int) ([]SymbolHit, error) {
	filter, args := f.symbolFilter()
	return collect(ctx, r.db, "search", `SELECT `+symbolHitCols+`, -1e9 FROM symbols s JOIN files f ON f.path = s.file_path
		WHERE s.name = ?`+filter+` ORDER BY s.external, s.file_path, s.span_start LIMIT ?`,
		append(append([]any{name}, args...), limit), symbolHitFields)
}

// SearchSymbols reads the limit best symbols matching an FTS5 query, name
// weighing most, then qualified name, then signature.
func (r *Reader) SearchSymbols(ctx context.Context, fts string, f SearchFilter, limit int) ([]SymbolHit, error) {
	filter, args := f.symbolFilter()
	return collect(ctx, r.db, "search", `SELECT `+symbolHitCols+`, bm25(symbols_fts, 10.0, 3.0, 1.0) AS score
		FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid JOIN files f ON f.path = s.file_path
		WHERE symbols_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), limit), symbolHitFields)
}

// TextHit is a string literal or config key a search found: Text is the
// value or key, Kind the config kind ("" for strings).
type TextHit struct {
	Text, Kind, Path string
	Line             int
	Score            float64
}

// SearchStrings reads the limit best string literals matching an FTS5
// query.
func (r *Reader) SearchStrings(ctx context.Context, fts string, f SearchFilter, limit int) ([]TextHit, error) {
	filter, args := f.fileFilter("s.file_path")
	return collect(ctx, r.db, "search", `SELECT s.value, s.file_path, s.line, bm25(strings_fts) AS score
		FROM strings_fts JOIN strings s ON s.id = strings_fts.rowid
		WHERE strings_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), limit), func(h *TextHit) []any {
			return []any{&h.Text, &h.Path, &h.Line, &h.Score}
		})
}

// SearchConfigs reads the limit best config keys matching an FTS5 query.
func (r *Reader) SearchConfigs(ctx context.Context, fts string, f SearchFilter, limit int) ([]TextHit, error) {
	filter, args := f.fileFilter("c.file_path")
	return collect(ctx, r.db, "search", `SELECT c.key, c.kind, c.file_path, c.line, bm25(configs_fts) AS score
		FROM configs_fts JOIN configs c ON c.id = configs_fts.rowid
		WHERE configs_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), limit), func(h *TextHit) []any {
			return []any{&h.Text, &h.Kind, &h.Path, &h.Line, &h.Score}
		})
}

// fileFilter is the SQL of f's language and generated tests on a path
// column.
func (f SearchFilter) fileFilter(pathCol string) (string, []any) {
	filter, args := "", []any{}
	if f.Lang != "" {
		filter += ` AND ` + pathCol + ` IN (SELECT path FROM files WHERE lang = ?)`
		args = append(args, f.Lang)
	}
	if !f.Generated {
		filter += ` AND ` + pathCol + ` NOT IN (SELECT path FROM files WHERE generated = 1)`
	}
	if !f.External {
		filter += ` AND ` + pathCol + ` NOT IN ` + externalFiles
	}
	return filter, args
}
