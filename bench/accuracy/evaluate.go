package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Result is the whole measurement.
type Result struct {
	Corpus     string `json:"corpus"`
	Language   string `json:"language,omitempty"` // a truth file's
	Oracle     string `json:"oracle,omitempty"`   // a truth file's: what produced it
	Seed       uint64 `json:"seed"`
	Packages   int    `json:"packages"`
	Files      int    `json:"files"`
	TypeErrors int    `json:"type_errors"`
	AllTargets int    `json:"all_targets"`
	Sampled    int    `json:"sampled"`
	Duplicated int    `json:"sampled_with_duplicated_name"`
	Refs       *Score `json:"refs"`
	Callees    *Score `json:"callees"`
	// Strata are the refs figures of each stratum of the sample: ambiguous
	// (a short name declared more than once), unique_method, unique_function.
	Strata map[string]*Score `json:"strata"`
	// UnresolvableExamples are a few selectors that did not pick their target.
	UnresolvableExamples []string `json:"unresolvable_examples,omitempty"`
}

// evaluate asks ans about each sampled target and scores the answers
// against the oracle.
func evaluate(ctx context.Context, o *Oracle, ans answerer, sample []*Target) (*Result, error) {
	res := &Result{Corpus: o.Root, Packages: o.Packages, Files: len(o.Files), TypeErrors: o.TypeErrors, AllTargets: len(o.Targets),
		Sampled: len(sample), Refs: newScore("refs"), Callees: newScore("callees"), Strata: map[string]*Score{}}
	dup, _ := splitByNameCount(o.Targets)
	dupNames := map[string]bool{}
	for _, t := range dup {
		dupNames[t.Name] = true
	}
	src := newSourceLines(o.Root)
	for _, t := range sample {
		if t.Stratum == "" {
			t.Stratum = stratumOf(t, dupNames[t.Name])
		}
		if t.Stratum == "ambiguous" {
			res.Duplicated++
		}
		refs, err := ans.Refs(ctx, t)
		if err == nil {
			var callees []CalleeAnswer
			callees, err = ans.Callees(ctx, t)
			if err == nil {
				scoreRefs(res.Refs, o, t, refs, src)
				if res.Strata[t.Stratum] == nil {
					res.Strata[t.Stratum] = newScore("refs, " + t.Stratum)
				}
				scoreRefs(res.Strata[t.Stratum], o, t, refs, src)
				scoreCallees(res.Callees, o, t, callees, src)
				continue
			}
		}
		if !errors.Is(err, errUnresolvable) {
			return nil, fmt.Errorf("%s: %w", t.Key, err)
		}
		res.Refs.Unresolvable++
		res.Callees.Unresolvable++
		if len(res.UnresolvableExamples) < examples {
			res.UnresolvableExamples = append(res.UnresolvableExamples, err.Error())
		}
		fmt.Fprintln(os.Stderr, err) // every one, for whoever reads the log
	}
	return res, nil
}

func scoreRefs(s *Score, o *Oracle, t *Target, answers []RefAnswer, src *sourceLines) {
	s.Targets++
	s.Truth += len(t.Sites)
	visible := answers[:0:0]
	for _, a := range answers {
		if a.Via != "" {
			// A call through an interface or base member: the compiler
			// resolves it to that member, never to this method, so the
			// oracle can neither confirm nor refute that it runs here.
			s.Dispatched++
			continue
		}
		if a.Kind == "handler" {
			// A CLI command naming its handler: a registration the
			// compiler has no notion of.
			s.Handlers++
			continue
		}
		if o.sees(a.File, a.Line) {
			visible = append(visible, a)
		} else {
			s.Excluded++
		}
	}
	byRank(visible, func(a RefAnswer) string { return a.Confidence })
	m := matchRefs(t.Sites, visible, src)
	for i, a := range visible {
		tl := s.tally(a.Confidence)
		tl.Returned++
		if m.answerOK[i] {
			tl.Matched++
			continue
		}
		s.FalsePos = append(s.FalsePos, Finding{Target: t.Key, Site: site(a.File, a.Line, a.Column),
			Level: a.Confidence, Category: classifyFalseRef(o, t, a, src)})
	}
	for i, u := range t.Sites {
		s.matchedAt[m.siteLevel[i]]++
		s.kind(siteKind(u), atOrAbove(m.siteLevel[i], defaultFloor))
		if !atOrAbove(m.siteLevel[i], defaultFloor) {
			s.Misses = append(s.Misses, Finding{Target: t.Key, Site: site(u.File, u.Line, u.Col),
				Level: m.siteLevel[i], Category: classifyMiss(u, m.siteLevel[i], src)})
		}
	}
}

func scoreCallees(s *Score, o *Oracle, t *Target, answers []CalleeAnswer, src *sourceLines) {
	s.Targets++
	s.Truth += len(t.Calls)
	if t.ByPlace {
		answers = judgeable(s, o, t, answers)
	}
	byRank(answers, func(a CalleeAnswer) string { return a.Confidence })
	m := matchCallees(t.Calls, answers)
	s.MatchedByAltName += m.byAltName
	for i, a := range answers {
		tl := s.tally(a.Confidence)
		tl.Returned++
		if m.answerOK[i] {
			tl.Matched++
			continue
		}
		s.FalsePos = append(s.FalsePos, Finding{Target: t.Key, Site: site(t.File, a.Line, a.Column) + " " + calleeName(a),
			Level: a.Confidence, Category: classifyFalseCallee(o, t, a, src)})
	}
	for i, c := range t.Calls {
		s.matchedAt[m.callLevel[i]]++
		if atOrAbove(m.callLevel[i], defaultFloor) {
			continue
		}
		category := classifyMiss(c, m.callLevel[i], src)
		switch {
		case m.callLevel[i] != "":
		case hasNameOnly(answers, c):
			category = "returned as a name only (no qualified target)"
		case c.Outer != "" && hasQualified(answers, c.Outer, c.Line):
			category = "promoted method, returned as the outer type's T.M"
		case strings.HasPrefix(c.Key, "vendor/") && hasQualified(answers, strings.TrimPrefix(c.Key, "vendor/"), c.Line):
			category = "vendored package, returned by its import path"
		}
		s.Misses = append(s.Misses, Finding{Target: t.Key, Site: site(c.File, c.Line, c.Col) + " " + c.Key,
			Level: m.callLevel[i], Category: category})
	}
}

func site(file string, line, col int) string { return fmt.Sprintf("%s:%d:%d", file, line, col) }

func calleeName(a CalleeAnswer) string {
	if a.Qualified != "" {
		return a.Qualified
	}
	return a.Name + " (unqualified)"
}

// hasNameOnly reports an unqualified answer naming call c on its line.
func hasNameOnly(answers []CalleeAnswer, c Use) bool {
	for _, a := range answers {
		if a.Qualified == "" && a.Line == c.Line && a.Name == shortName(c.Key) {
			return true
		}
	}
	return false
}

// hasQualified reports an answer naming key on line.
func hasQualified(answers []CalleeAnswer, key string, line int) bool {
	for _, a := range answers {
		if a.Qualified == key && a.Line == line {
			return true
		}
	}
	return false
}

// stratumOf is a Go target's stratum.
func stratumOf(t *Target, duplicated bool) string {
	switch {
	case duplicated:
		return "ambiguous"
	case t.Method:
		return "unique_method"
	}
	return "unique_function"
}

// siteKind is a truth site's kind; Go's sites are calls or values.
func siteKind(u Use) string {
	switch {
	case u.Kind != "":
		return u.Kind
	case u.Call:
		return "call"
	}
	return "value"
}

// judgeable keeps the callee answers a truth file can judge: those naming a
// definition in the index, on lines the compiler saw. A truth file lists only calls of functions the
// corpus declares, so a call into a library, or one we name without a
// definition, can be neither confirmed nor refuted; it is counted as
// excluded.
func judgeable(s *Score, o *Oracle, t *Target, answers []CalleeAnswer) []CalleeAnswer {
	out := answers[:0:0]
	for _, a := range answers {
		if a.Def == nil || !o.sees(t.File, a.Line) {
			s.Excluded++
			continue
		}
		out = append(out, a)
	}
	return out
}
