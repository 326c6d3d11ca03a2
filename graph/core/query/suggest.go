package query

import (
	"sort"
	"strings"
)

// maxSuggestions caps "did you mean" lists.
const maxSuggestions = 5

// nearest ranks options by closeness to want: same text ignoring case, then
// prefix or substring, then small edit distance. Far-off options are dropped.
func nearest(want string, options []string) []string {
	type scored struct {
		s     string
		score int
	}
	lw := strings.ToLower(want)
	var out []scored
	seen := map[string]bool{}
	for _, o := range options {
		if seen[o] {
			continue
		}
		seen[o] = true
		lo := strings.ToLower(o)
		var score int
		switch {
		case lo == lw:
			score = 0
		case strings.HasPrefix(lo, lw) || strings.HasPrefix(lw, lo):
			score = 1
		case strings.Contains(lo, lw) || strings.Contains(lw, lo):
			score = 2
		default:
			d := editDistance(lw, lo)
			if d > max(2, len(lw)/3) {
				continue
			}
			score = 2 + d
		}
		out = append(out, scored{o, score})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score < out[j].score
		}
		return out[i].s < out[j].s
	})
	res := make([]string, 0, maxSuggestions)
	for i := 0; i < len(out) && i < maxSuggestions; i++ {
		res = append(res, out[i].s)
	}
	return res
}

// editDistance is Levenshtein distance over bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
