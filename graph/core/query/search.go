package query

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultSearchLimit: search answers the top 20 (DESIGN.md, A query).
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
	// Generated includes a generator's output (x.pb.go), which is indexed
	// for resolution but left out by default (DESIGN.md, Generated code).
	Generated bool
	// External includes dependency packages' declarations (DESIGN.md,
	// Dependency packages), left out by default.
	External bool
}

// Match is one search hit (DESIGN.md, A query).
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
	external   bool // a dependency package's symbol
	offset     int64
}

// SearchResult is the answer to a search.
type SearchResult struct {
	Matches []Match `json:"matches"`
	Staleness
}

// ErrBadQuery is wrapped by invalid search input.
var ErrBadQuery = errors.New("graph: bad query")

// ValueError is a bad query: a parameter with a value outside its set. It
// is an ErrBadQuery and names the valid values.
type ValueError struct {
	Name, Value string
	Valid       []string
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("unknown %s %q (want one of: %s)", e.Name, e.Value, strings.Join(e.Valid, ", "))
}

func (e *ValueError) Is(target error) bool { return target == ErrBadQuery }

// Search runs q against the index.
func (e *Engine) Search(ctx context.Context, q SearchQuery) (SearchResult, error) {
	if q.Limit <= 0 {
		q.Limit = DefaultSearchLimit
	}
	q.Limit = min(q.Limit, maxSearchLimit)
	tables, symKind, err := searchTables(q.Kind)
	if err != nil {
		return SearchResult{}, err
	}
	words := searchWords(q.Text)
	fts := ftsQuery(words)
	if fts == "" {
		return SearchResult{}, fmt.Errorf("%w: %q has no words to search for", ErrBadQuery, q.Text)
	}
	var all []Match
	for _, t := range tables {
		var ms []Match
		switch t {
		case "symbol":
			ms, err = e.searchSymbols(ctx, q, words, fts, symKind)
		case "string":
			ms, err = e.searchStrings(ctx, q, fts)
		case "config":
			ms, err = e.searchConfigs(ctx, q, fts)
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
	src := e.sources()
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

// sortMatches puts exact name matches first, then best score; the
// worktree's before dependencies' within each (their scores, bm25 and
// store.SearchExternalSymbols's weights, do not compare); ties are broken
// by location so the order is deterministic.
func sortMatches(ms []Match) {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.exact != b.exact {
			return a.exact
		}
		if a.external != b.external {
			return !a.external
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

// searchWords are the words of free text, lowercased, each with its stem
// when that differs: a word matches a term it or its stem is a prefix of,
// so "handler" finds HandlerFunc and handle_request.
func searchWords(text string) []store.SearchWord {
	var words []store.SearchWord
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		forms := store.SearchWord{w}
		if s := stem(w); s != w {
			forms = append(forms, s)
		}
		words = append(words, forms)
	}
	return words
}

// ftsQuery is the FTS5 query of the words: every word must match.
func ftsQuery(words []store.SearchWord) string {
	var clauses []string
	for _, forms := range words {
		alts := make([]string, len(forms))
		for i, f := range forms {
			alts[i] = `"` + f + `"*`
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

// searchSymbols: exact name matches, then the full-text index's; with
// External, the dependency symbols matching the words, which the full-text
// index does not hold (store.SearchExternalSymbols).
func (e *Engine) searchSymbols(ctx context.Context, q SearchQuery, words []store.SearchWord, fts, symKind string) ([]Match, error) {
	f := store.SearchFilter{SymbolKind: symKind, Lang: q.Lang, Generated: q.Generated, External: q.External}
	hits, err := e.idx.SymbolsNamedExactly(ctx, strings.TrimSpace(q.Text), f, q.Limit)
	if err != nil {
		return nil, err
	}
	exact := symbolMatches(hits)
	for i := range exact {
		exact[i].exact = true
	}
	if hits, err = e.idx.SearchSymbols(ctx, fts, f, q.Limit+len(exact)); err != nil {
		return nil, err
	}
	if q.External {
		ext, err := e.idx.SearchExternalSymbols(ctx, words, f, q.Limit+len(exact))
		if err != nil {
			return nil, err
		}
		hits = append(hits, ext...)
	}
	return append(exact, dropSeen(symbolMatches(hits), exact)...), nil
}

func symbolMatches(hits []store.SymbolHit) []Match {
	var out []Match
	for _, h := range hits {
		out = append(out, Match{Kind: "symbol", Name: h.Name, Qualified: h.Qualified, SymbolKind: h.Kind, Path: h.Path,
			offset: h.Offset, score: h.Score, external: h.External})
	}
	return out
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

func (e *Engine) searchStrings(ctx context.Context, q SearchQuery, fts string) ([]Match, error) {
	hits, err := e.idx.SearchStrings(ctx, fts, store.SearchFilter{Lang: q.Lang, Generated: q.Generated, External: q.External}, q.Limit)
	var out []Match
	for _, h := range hits {
		out = append(out, Match{Kind: "string", Value: h.Text, Path: h.Path, Line: h.Line, score: h.Score})
	}
	return out, err
}

func (e *Engine) searchConfigs(ctx context.Context, q SearchQuery, fts string) ([]Match, error) {
	hits, err := e.idx.SearchConfigs(ctx, fts, store.SearchFilter{Lang: q.Lang, Generated: q.Generated, External: q.External}, q.Limit)
	var out []Match
	for _, h := range hits {
		out = append(out, Match{Kind: "config", Key: h.Text, ConfigKind: h.Kind, Path: h.Path, Line: h.Line, score: h.Score})
	}
	return out, err
}

// Staleness says whether the files on disk changed since the index was
// synced, as far as a bounded check saw (DESIGN.md, Staleness). Query
// answers embed it; it is empty when nothing changed.
type Staleness struct {
	// Stale: an indexed file changed or vanished, or a file the index
	// would hold appeared, since the last sync: run a sync for answers
	// about the files as they are.
	Stale bool `json:"stale,omitempty"`
	// StaleFiles are a few of those files.
	StaleFiles []string `json:"stale_files,omitempty"`
	// StaleUnchecked counts indexed files the check's time budget did not
	// reach.
	StaleUnchecked int `json:"stale_unchecked,omitempty"`
}

// SetStaleness records the check's outcome in an answer.
func (s *Staleness) SetStaleness(v Staleness) { *s = v }

// StaleNote is a line for people, "" when the index is fresh.
func (s Staleness) StaleNote() string {
	switch {
	case s.Stale:
		return fmt.Sprintf("note: files changed since the last sync (%s); run `orbit graph sync` for answers about them as they are", strings.Join(s.StaleFiles, ", "))
	case s.StaleUnchecked > 0:
		return fmt.Sprintf("note: %d indexed files were not checked for changes", s.StaleUnchecked)
	}
	return ""
}
