package query

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultSearchLimit is spec §9.1's "top 20".
const DefaultSearchLimit = 20

// maxSearchLimit keeps one answer within an agent's context.
const maxSearchLimit = 500

// SearchQuery is a full-text search over symbols, strings and configs.
type SearchQuery struct {
	Text string
	// Kind narrows results: "symbol", "string", "config", or a symbol kind
	// ("function", "method", ...), which implies symbols.
	Kind  string
	Lang  string // files.lang, e.g. "go", "python"
	Limit int
}

// Match is one search hit (spec §9.1).
type Match struct {
	Kind       string  `json:"kind"` // "symbol", "string" or "config"
	Name       string  `json:"name,omitempty"`
	Qualified  string  `json:"qualified,omitempty"`
	SymbolKind string  `json:"symbol_kind,omitempty"`
	Value      string  `json:"value,omitempty"`
	Key        string  `json:"key,omitempty"`
	ConfigKind string  `json:"config_kind,omitempty"`
	Path       string  `json:"path"`
	Line       int     `json:"line"`
	score      float64 // bm25: lower is better
	exact      bool
	offset     int64
}

// SearchResult is the answer to a search.
type SearchResult struct {
	Matches []Match `json:"matches"`
}

// ErrBadQuery is wrapped by invalid search input.
var ErrBadQuery = errors.New("graph: bad query")

// Search runs q against the index in db; root is the worktree, for lines.
func Search(ctx context.Context, db *sql.DB, root string, q SearchQuery) (SearchResult, error) {
	if q.Limit <= 0 {
		q.Limit = DefaultSearchLimit
	}
	q.Limit = min(q.Limit, maxSearchLimit)
	tables, symKind, err := searchTables(q.Kind)
	if err != nil {
		return SearchResult{}, err
	}
	fts := ftsQuery(q.Text)
	if fts == "" {
		return SearchResult{}, fmt.Errorf("%w: %q has no words to search for", ErrBadQuery, q.Text)
	}
	var all []Match
	for _, t := range tables {
		var ms []Match
		switch t {
		case "symbol":
			ms, err = searchSymbols(ctx, db, q, fts, symKind)
		case "string":
			ms, err = searchStrings(ctx, db, q, fts)
		case "config":
			ms, err = searchConfigs(ctx, db, q, fts)
		}
		if err != nil {
			return SearchResult{}, err
		}
		all = append(all, ms...)
	}
	sortMatches(all)
	if len(all) > q.Limit {
		all = all[:q.Limit]
	}
	src := newSources(root)
	for i := range all {
		if all[i].Kind == "symbol" {
			all[i].Line = src.line(all[i].Path, all[i].offset)
		}
	}
	return SearchResult{Matches: all}, nil
}

func searchTables(kind string) ([]string, string, error) {
	switch kind {
	case "":
		return []string{"symbol", "string", "config"}, "", nil
	case "symbol", "string", "config":
		return []string{kind}, "", nil
	}
	if _, ok := extract.ParseSymbolKind(kind); ok {
		return []string{"symbol"}, kind, nil
	}
	return nil, "", fmt.Errorf("%w: unknown --kind %q (want symbol, string, config or a symbol kind: %s)",
		ErrBadQuery, kind, strings.Join(extract.SymbolKinds(), ", "))
}

// sortMatches puts exact name matches first, then best bm25 score; ties are
// broken by location so the order is deterministic.
func sortMatches(ms []Match) {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.exact != b.exact {
			return a.exact
		}
		if a.score != b.score {
			return a.score < b.score
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Line < b.Line || a.Line == b.Line && a.offset < b.offset
	})
}

// ftsQuery turns free text into an FTS5 query: every word must match, as a
// prefix of an indexed term or through its stem, so "handler" finds
// HandlerFunc and handle_request.
func ftsQuery(text string) string {
	var clauses []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		alts := []string{`"` + w + `"*`}
		if s := stem(w); s != w {
			alts = append(alts, `"`+s+`"*`)
		}
		clauses = append(clauses, "("+strings.Join(alts, " OR ")+")")
	}
	return strings.Join(clauses, " AND ")
}

// stem strips one common English suffix (handler → handl, parsing → pars) so
// that word forms meet; short words are left alone.
func stem(w string) string {
	for _, suf := range []string{"ings", "ing", "ers", "er", "ed", "es", "s", "e"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

func searchSymbols(ctx context.Context, db *sql.DB, q SearchQuery, fts, symKind string) ([]Match, error) {
	filter, args := "", []any{}
	if symKind != "" {
		filter += ` AND s.kind = ?`
		args = append(args, symKind)
	}
	if q.Lang != "" {
		filter += ` AND f.lang = ?`
		args = append(args, q.Lang)
	}
	cols := `s.name, s.qualified, s.kind, s.file_path, s.span_start`
	exact, err := collect(ctx, db, `SELECT `+cols+`, -1e9 FROM symbols s JOIN files f ON f.path = s.file_path
		WHERE s.name = ?`+filter+` ORDER BY s.file_path, s.span_start LIMIT ?`,
		append(append([]any{strings.TrimSpace(q.Text)}, args...), q.Limit), scanSymbol)
	if err != nil {
		return nil, err
	}
	for i := range exact {
		exact[i].exact = true
	}
	ranked, err := collect(ctx, db, `SELECT `+cols+`, bm25(symbols_fts, 10.0, 3.0, 1.0) AS score
		FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid JOIN files f ON f.path = s.file_path
		WHERE symbols_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), q.Limit+len(exact)), scanSymbol)
	if err != nil {
		return nil, err
	}
	return append(exact, dropSeen(ranked, exact)...), nil
}

func scanSymbol(rows *sql.Rows) (Match, error) {
	m := Match{Kind: "symbol"}
	err := rows.Scan(&m.Name, &m.Qualified, &m.SymbolKind, &m.Path, &m.offset, &m.score)
	return m, err
}

func dropSeen(ms, seen []Match) []Match {
	out := ms[:0]
	for _, m := range ms {
		dup := false
		for _, s := range seen {
			if s.Path == m.Path && s.offset == m.offset && s.Qualified == m.Qualified {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func searchStrings(ctx context.Context, db *sql.DB, q SearchQuery, fts string) ([]Match, error) {
	filter, args := langFilter(q.Lang, "s.file_path")
	return collect(ctx, db, `SELECT s.value, s.file_path, s.line, bm25(strings_fts) AS score
		FROM strings_fts JOIN strings s ON s.id = strings_fts.rowid
		WHERE strings_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), q.Limit), func(rows *sql.Rows) (Match, error) {
			m := Match{Kind: "string"}
			err := rows.Scan(&m.Value, &m.Path, &m.Line, &m.score)
			return m, err
		})
}

func searchConfigs(ctx context.Context, db *sql.DB, q SearchQuery, fts string) ([]Match, error) {
	filter, args := langFilter(q.Lang, "c.file_path")
	return collect(ctx, db, `SELECT c.key, c.kind, c.file_path, c.line, bm25(configs_fts) AS score
		FROM configs_fts JOIN configs c ON c.id = configs_fts.rowid
		WHERE configs_fts MATCH ?`+filter+` ORDER BY score LIMIT ?`,
		append(append([]any{fts}, args...), q.Limit), func(rows *sql.Rows) (Match, error) {
			m := Match{Kind: "config"}
			err := rows.Scan(&m.Key, &m.ConfigKind, &m.Path, &m.Line, &m.score)
			return m, err
		})
}

func langFilter(lang, pathCol string) (string, []any) {
	if lang == "" {
		return "", nil
	}
	return ` AND ` + pathCol + ` IN (SELECT path FROM files WHERE lang = ?)`, []any{lang}
}

func collect(ctx context.Context, db *sql.DB, query string, args []any, scan func(*sql.Rows) (Match, error)) ([]Match, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	var out []Match
	for rows.Next() {
		m, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
