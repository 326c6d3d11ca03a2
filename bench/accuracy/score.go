package main

import "sort"

// Tally counts answers of one confidence level.
type Tally struct {
	Returned int `json:"returned"`
	Matched  int `json:"matched"`
}

// Finding is one miss or false positive, for people to read.
type Finding struct {
	Target   string `json:"target"`
	Site     string `json:"site"` // file:line:col
	Level    string `json:"level,omitempty"`
	Category string `json:"category"`
}

// Score is one query's (refs or callees) figures over the sample.
type Score struct {
	Query        string `json:"query"`
	Targets      int    `json:"targets"`
	Unresolvable int    `json:"unresolvable_selectors"`
	Truth        int    `json:"truth_sites"`
	Excluded     int    `json:"excluded_answers"` // in files the oracle did not type-check
	// Dispatched counts refs answered through a supertype's member (Via):
	// not scored, since the compiler names the member they call.
	Dispatched int `json:"dispatched_answers"`
	// Handlers counts refs of kind handler (a CLI command naming the
	// function it runs): not scored, no compiler reference.
	Handlers int `json:"handler_answers"`
	// MatchedByAltName counts callee matches under an alternate name of
	// the call (see altNames).
	MatchedByAltName int               `json:"matched_by_alternate_name,omitempty"`
	Levels           map[string]*Tally `json:"levels"`
	// SiteKinds is recall at the default floor per kind of truth site.
	SiteKinds map[string]*KindRecall `json:"site_kinds"`
	Misses    []Finding              `json:"misses"`
	FalsePos  []Finding              `json:"false_positives"`
	// matchedAt[l] counts truth sites whose best matching answer has level l.
	matchedAt map[string]int
}

func newScore(q string) *Score {
	s := &Score{Query: q, Levels: map[string]*Tally{}, SiteKinds: map[string]*KindRecall{}, matchedAt: map[string]int{}}
	for _, l := range levels {
		s.Levels[l] = &Tally{}
	}
	return s
}

func (s *Score) tally(level string) *Tally {
	t := s.Levels[level]
	if t == nil {
		t = &Tally{}
		s.Levels[level] = t
	}
	return t
}

// KindRecall counts the truth sites of one kind (call, import, value) and
// those found at the default floor.
type KindRecall struct {
	Truth int `json:"truth"`
	Found int `json:"found"`
}

func (s *Score) kind(k string, found bool) {
	r := s.SiteKinds[k]
	if r == nil {
		r = &KindRecall{}
		s.SiteKinds[k] = r
	}
	r.Truth++
	if found {
		r.Found++
	}
}

// Floor is precision, recall and F1 of the answers at or above a floor.
type Floor struct {
	Floor     string  `json:"floor"`
	Returned  int     `json:"returned"`
	Matched   int     `json:"matched"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// AtFloor micro-averages over the sample: precision is matched answers over
// returned answers at or above the floor; recall is truth sites matched by
// such an answer over all truth sites.
func (s *Score) AtFloor(floor string) Floor {
	f := Floor{Floor: floor}
	found := 0
	for l, t := range s.Levels {
		if atOrAbove(l, floor) {
			f.Returned += t.Returned
			f.Matched += t.Matched
		}
	}
	for l, n := range s.matchedAt {
		if atOrAbove(l, floor) {
			found += n
		}
	}
	f.Precision = ratio(f.Matched, f.Returned)
	f.Recall = ratio(found, s.Truth)
	if f.Precision+f.Recall > 0 {
		f.F1 = 2 * f.Precision * f.Recall / (f.Precision + f.Recall)
	}
	return f
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Categories counts findings by category, most frequent first.
func Categories(fs []Finding) []CategoryCount {
	count := map[string]int{}
	for _, f := range fs {
		count[f.Category]++
	}
	out := make([]CategoryCount, 0, len(count))
	for c, n := range count {
		out = append(out, CategoryCount{c, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Category < out[j].Category
	})
	return out
}

// CategoryCount is how many findings fell into one category.
type CategoryCount struct {
	Category string `json:"category"`
	N        int    `json:"n"`
}

// byRank orders answers strongest first, so that a site returned twice is
// matched by its best answer.
func byRank[T any](xs []T, conf func(T) string) {
	sort.SliceStable(xs, func(i, j int) bool { return rank(conf(xs[i])) < rank(conf(xs[j])) })
}
