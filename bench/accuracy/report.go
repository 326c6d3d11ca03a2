package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// examples is how many misses and false positives the report prints.
const examples = 10

func writeJSON(w io.Writer, r *Result) error {
	type floors struct {
		Refs    []Floor `json:"refs_floors"`
		Callees []Floor `json:"callees_floors"`
	}
	out := struct {
		*Result
		floors
	}{r, floors{allFloors(r.Refs), allFloors(r.Callees)}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func allFloors(s *Score) []Floor {
	out := make([]Floor, len(levels))
	for i, l := range levels {
		out[i] = s.AtFloor(l)
	}
	return out
}

func writeMarkdown(w io.Writer, r *Result) error {
	var b strings.Builder
	if r.Language != "" {
		fmt.Fprintf(&b, "Language %s, oracle %s, corpus `%s`: %d files analysed, %d functions and methods; "+
			"sample of %d (seed %d, %d with a short name declared more than once).\n\n",
			r.Language, r.Oracle, r.Corpus, r.Files, r.AllTargets, r.Sampled, r.Seed, r.Duplicated)
	} else {
		fmt.Fprintf(&b, "Corpus `%s`: %d packages, %d files type-checked (%d type errors), %d functions and methods; "+
			"sample of %d (seed %d, %d with a short name declared more than once).\n\n",
			r.Corpus, r.Packages, r.Files, r.TypeErrors, r.AllTargets, r.Sampled, r.Seed, r.Duplicated)
	}
	for _, u := range r.UnresolvableExamples {
		fmt.Fprintf(&b, "- unresolvable: %s\n", u)
	}
	writeScore(&b, r.Refs, r.Seed)
	writeStrata(&b, r.Strata)
	writeScore(&b, r.Callees, r.Seed)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeScore(b *strings.Builder, s *Score, seed uint64) {
	fmt.Fprintf(b, "## %s\n\n%d targets, %d truth sites; %d unresolvable selectors; %d answers in files the type checker did not see (excluded); %d answers through an interface or base member (dispatch) and %d commands naming their handler, not scored.\n\n",
		s.Query, s.Targets, s.Truth, s.Unresolvable, s.Excluded, s.Dispatched, s.Handlers)
	b.WriteString("| answers at level | returned | matched | precision |\n| --- | ---: | ---: | ---: |\n")
	for _, l := range levels {
		t := s.tally(l)
		fmt.Fprintf(b, "| %s | %d | %d | %s |\n", l, t.Returned, t.Matched, pct(t.Matched, t.Returned))
	}
	for l, t := range s.Levels {
		if rank(l) > len(levels) && t.Returned > 0 {
			fmt.Fprintf(b, "| %s (unknown level) | %d | %d | %s |\n", l, t.Returned, t.Matched, pct(t.Matched, t.Returned))
		}
	}
	if s.MatchedByAltName > 0 {
		fmt.Fprintf(b, "\n%d of the matches name the callee by an alternate name: a method promoted from an embedded field by the type it was selected through (T.M for E.M), or a vendored package by its import path; matching keys strictly would count them as false positives and misses.\n",
			s.MatchedByAltName)
	}
	b.WriteString("\n| floor | returned | precision | recall | F1 |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, f := range allFloors(s) {
		name := "≥ " + f.Floor
		if f.Floor == defaultFloor {
			name += " (default)"
		}
		fmt.Fprintf(b, "| %s | %d | %.3f | %.3f | %.3f |\n", name, f.Returned, f.Precision, f.Recall, f.F1)
	}
	writeSiteKinds(b, s.SiteKinds)
	writeCategories(b, "Misses at the default floor", s.Misses)
	writeCategories(b, "False positives (all levels)", s.FalsePos)
	writeExamples(b, "misses", s.Misses, seed)
	writeExamples(b, "false positives", preferAboveFloor(s.FalsePos), seed)
	b.WriteString("\n")
}

func writeCategories(b *strings.Builder, title string, fs []Finding) {
	fmt.Fprintf(b, "\n%s:\n\n| category | by level | n |\n| --- | --- | ---: |\n", title)
	for _, c := range Categories(fs) {
		fmt.Fprintf(b, "| %s | %s | %d |\n", c.Category, levelSpread(fs, c.Category), c.N)
	}
}

// levelSpread counts a category's findings per level ("none" when no
// answer was returned).
func levelSpread(fs []Finding, category string) string {
	count := map[string]int{}
	for _, f := range fs {
		if f.Category == category {
			count[f.Level]++
		}
	}
	var parts []string
	for _, l := range append(append([]string{}, levels...), "") {
		if n := count[l]; n > 0 {
			if l == "" {
				l = "none"
			}
			parts = append(parts, fmt.Sprintf("%s %d", l, n))
		}
	}
	return strings.Join(parts, ", ")
}

// writeExamples prints a seeded handful, so a person can open the sites.
func writeExamples(b *strings.Builder, title string, fs []Finding, seed uint64) {
	if len(fs) == 0 {
		return
	}
	picked := append([]Finding{}, fs...)
	rng := rand.New(rand.NewPCG(seed, 7))
	rng.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
	fmt.Fprintf(b, "\nSample %s:\n\n", title)
	for _, f := range picked[:min(examples, len(picked))] {
		level := f.Level
		if level == "" {
			level = "not returned"
		}
		fmt.Fprintf(b, "- `%s` target `%s` (%s): %s\n", f.Site, f.Target, level, f.Category)
	}
}

// preferAboveFloor keeps the false positives a default query shows, when
// there are any.
func preferAboveFloor(fs []Finding) []Finding {
	var above []Finding
	for _, f := range fs {
		if atOrAbove(f.Level, defaultFloor) {
			above = append(above, f)
		}
	}
	if len(above) > 0 {
		return above
	}
	return fs
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f", float64(a)/float64(b))
}

// writeStrata gives the refs figures at the default floor per stratum.
func writeStrata(b *strings.Builder, strata map[string]*Score) {
	b.WriteString("## refs by stratum, at the default floor\n\n| stratum | targets | truth sites | returned | precision | recall | F1 |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, name := range []string{"unique_function", "unique_method", "ambiguous"} {
		if s := strata[name]; s != nil {
			f := s.AtFloor(defaultFloor)
			fmt.Fprintf(b, "| %s | %d | %d | %d | %.3f | %.3f | %.3f |\n", name, s.Targets, s.Truth, f.Returned, f.Precision, f.Recall, f.F1)
		}
	}
	b.WriteString("\n")
}

// writeSiteKinds gives recall at the default floor per kind of truth site.
func writeSiteKinds(b *strings.Builder, kinds map[string]*KindRecall) {
	b.WriteString("\n| truth sites of kind | n | found at the default floor | recall |\n| --- | ---: | ---: | ---: |\n")
	for _, k := range []string{"call", "value", "import"} {
		if r := kinds[k]; r != nil {
			fmt.Fprintf(b, "| %s | %d | %d | %s |\n", k, r.Truth, r.Found, pct(r.Found, r.Truth))
		}
	}
}
