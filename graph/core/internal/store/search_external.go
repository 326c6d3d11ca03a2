package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
)

// A dependency package's symbols have no full-text rows: writing them cost
// about an eighth of what packages add to a cold build, for a search that
// leaves them out unless asked (DESIGN.md, Dependency packages: search).
// SearchExternalSymbols finds them by scanning instead, matching as
// symbols_fts would.

// SearchWord is one word of a search: it matches a term that starts with
// any of its forms (the word, its stem), lowercased.
type SearchWord []string

// SearchExternalSymbols reads at most limit dependency symbols that match
// every word in their name, qualified name or signature, best first: a word
// found in the name weighs most, then in the qualified name, then in the
// signature (bm25's column weights for symbols_fts); ties go to the shorter
// name, then by path and offset. Score is minus the weight, plus a
// millionth per byte of the name.
func (r *Reader) SearchExternalSymbols(ctx context.Context, words []SearchWord, f SearchFilter, limit int) ([]SymbolHit, error) {
	if len(words) == 0 || limit <= 0 {
		return nil, nil
	}
	filter, args := f.symbolFilter()
	rows, err := r.db.QueryContext(ctx, `SELECT `+symbolHitCols+`, s.signature FROM symbols s JOIN files f ON f.path = s.file_path
		WHERE s.external`+filter, args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	var hits []SymbolHit
	for rows.Next() {
		var h SymbolHit
		var sig sql.NullString
		if err := rows.Scan(&h.Name, &h.Qualified, &h.Kind, &h.Path, &h.Offset, &h.External, &sig); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if w := matchWeight(words, h.Name, h.Qualified, sig.String); w > 0 {
			h.Score = -float64(w) + float64(len(h.Name))*1e-6 // on equal weight, shorter names first
			hits = append(hits, h)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.Score != b.Score {
			return a.Score < b.Score
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Offset < b.Offset
	})
	return hits[:min(limit, len(hits))], nil
}

// columnWeights are symbols_fts's bm25 weights: name, qualified, signature.
var columnWeights = [3]int{10, 3, 1}

// matchWeight is, over the words, the weight of the best column each is
// found in, or 0 when a word is found in none. Name and qualified name are
// tokenized as their SearchTerms, the signature as it is.
func matchWeight(words []SearchWord, name, qualified, signature string) int {
	// A term is a lowercased part of a column: a word found in none of
	// them as a substring matches nothing, and most symbols fail here.
	all := strings.ToLower(name + "\x00" + qualified + "\x00" + signature)
	for _, w := range words {
		if !anyContains(all, w) {
			return 0
		}
	}
	cols := [3][]string{searchTokens(SearchTerms(name)), searchTokens(SearchTerms(qualified)), searchTokens(signature)}
	total := 0
	for _, w := range words {
		best := 0
		for c, toks := range cols {
			if columnWeights[c] > best && anyHasPrefix(toks, w) {
				best = columnWeights[c]
			}
		}
		if best == 0 {
			return 0
		}
		total += best
	}
	return total
}

// searchTokens splits text as FTS5's unicode61 tokenizer does: runs of
// letters and digits, lowercased.
func searchTokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isIdentRune(r) })
}

func anyHasPrefix(toks []string, forms SearchWord) bool {
	for _, t := range toks {
		for _, f := range forms {
			if strings.HasPrefix(t, f) {
				return true
			}
		}
	}
	return false
}

func anyContains(s string, forms SearchWord) bool {
	for _, f := range forms {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
}
