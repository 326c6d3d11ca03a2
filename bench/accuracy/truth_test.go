package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
)

// A truth file finds its targets by place, not by Go qualified name: the Go
// oracle's sample written as one and scored again must give the same refs
// figures, stratum by stratum.
func TestTruthFileScoresLikeTheOracle(t *testing.T) {
	root := newGitRepo(t, smallModule)
	o, err := loadOracle(root, []string{"./..."}, []string{"vendor"}, false)
	if err != nil {
		t.Fatal(err)
	}
	sample := sampleTargets(o.Targets, 100, 1)
	path := filepath.Join(t.TempDir(), "go.json")
	if err := saveTruth(path, "small", o, sample, 1); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g, err := corpusindex.Synced(ctx, root, &strings.Builder{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	byKey, err := evaluate(ctx, o, newGraphAnswerer(g), sample)
	if err != nil {
		t.Fatal(err)
	}
	to, _, err := loadTruth(path, root)
	if err != nil {
		t.Fatal(err)
	}
	byPlace, err := evaluate(ctx, to, newGraphAnswerer(g), sampleAll(to))
	if err != nil {
		t.Fatal(err)
	}
	checkSane(t, byPlace, len(sample))
	for _, floor := range levels {
		if diff := cmp.Diff(byKey.Refs.AtFloor(floor), byPlace.Refs.AtFloor(floor)); diff != "" {
			t.Errorf("refs at %s, by key (-) and by place (+):\n%s", floor, diff)
		}
	}
	if len(byPlace.Strata) == 0 {
		t.Fatal("no strata")
	}
	for name, s := range byKey.Strata {
		if diff := cmp.Diff(s.AtFloor(defaultFloor), byPlace.Strata[name].AtFloor(defaultFloor)); diff != "" {
			t.Errorf("stratum %s (-by key +by place):\n%s", name, diff)
		}
	}
	// Callees by place match the definition an answer names: main's calls
	// of corpus functions are all found.
	if f := byPlace.Callees.AtFloor(defaultFloor); f.Recall < 0.5 || f.Precision != 1 {
		t.Errorf("callees by place at the default floor: %+v", f)
	}
}

// A malformed truth file is refused with the reason, never half-scored.
func TestTruthFileRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"not json":      `{"targets": [`,
		"unknown file":  `{"files": ["a.ts"], "targets": [{"name": "f", "file": "b.ts", "line": 1, "col": 1, "stratum": "ambiguous"}]}`,
		"bad stratum":   `{"files": ["a.ts"], "targets": [{"name": "f", "file": "a.ts", "line": 1, "col": 1, "stratum": "rare"}]}`,
		"bad site kind": `{"files": ["a.ts"], "targets": [{"name": "f", "file": "a.ts", "line": 1, "col": 1, "stratum": "ambiguous", "sites": [{"file": "a.ts", "line": 2, "col": 1, "kind": "type"}]}]}`,
		"no line":       `{"files": ["a.ts"], "targets": [{"name": "f", "file": "a.ts", "col": 1, "stratum": "ambiguous"}]}`,
	}
	for name, body := range cases {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := loadTruth(path, dir); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func TestGateFailsBelowTheMinimums(t *testing.T) {
	f := Floor{Precision: 0.97, Recall: 0.9}
	if err := gate(f, 0.98, 0.85); err == nil || !strings.Contains(err.Error(), "precision 0.970 < 0.980") {
		t.Errorf("gate(P 0.97 against 0.98) = %v", err)
	}
	if err := gate(f, 0.95, 0.85); err != nil {
		t.Errorf("gate above the minimums = %v", err)
	}
}

// Answers on lines the compiler did not see (unseen_lines) are excluded,
// not counted as false positives.
func TestUnseenLinesAreExcluded(t *testing.T) {
	o := &Oracle{Files: map[string]bool{"a.c": true}, Unseen: map[string][][2]int{"a.c": {{10, 12}}}}
	s := newScore("refs")
	tg := &Target{Key: "f@a.c:1", Name: "f", File: "a.c", Line: 1, ByPlace: true,
		Sites: []Use{{File: "a.c", Line: 5, Col: 3, Call: true}}}
	answers := []RefAnswer{
		{File: "a.c", Line: 5, Column: 3, Confidence: "exact"},
		{File: "a.c", Line: 11, Column: 3, Confidence: "exact"}, // in an #if branch not taken
		{File: "a.c", Line: 20, Column: 3, Confidence: "exact"}, // seen, and wrong
	}
	scoreRefs(s, o, tg, answers, newSourceLines(t.TempDir()))
	if s.Excluded != 1 || s.tally("exact").Returned != 2 || s.tally("exact").Matched != 1 {
		t.Errorf("excluded %d, exact %+v; want 1 excluded, 2 returned, 1 matched", s.Excluded, *s.tally("exact"))
	}
}
