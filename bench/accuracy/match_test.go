package main

import (
	"slices"
	"testing"
)

func TestIsQualifier(t *testing.T) {
	line := "\tx := pkg.Var.Method(a.b) + (*T).M(v)"
	for _, tc := range []struct {
		from, to int
		want     bool
	}{
		{7, 15, true},   // pkg.Var. before Method
		{7, 11, true},   // pkg. before Var
		{15, 15, false}, // empty
		{2, 15, false},  // "x := " is no qualifier
		{7, 14, false},  // does not end in a dot
		{29, 34, true},  // (*T). before M
	} {
		if got := isQualifier(line, tc.from, tc.to); got != tc.want {
			t.Errorf("isQualifier(%q, %d, %d) = %v, want %v", line[tc.from-1:min(tc.to-1, len(line))], tc.from, tc.to, got, tc.want)
		}
	}
	cpp := "  leveldb::test::Make(db->Get(k));"
	for _, tc := range []struct {
		from, to int
		want     bool
	}{
		{3, 18, true},   // leveldb::test:: before Make
		{3, 17, false},  // ends in a single ':'
		{23, 27, true},  // db-> before Get
		{23, 26, false}, // ends in '-'
	} {
		if got := isQualifier(cpp, tc.from, tc.to); got != tc.want {
			t.Errorf("isQualifier(%q, %d, %d) = %v, want %v", cpp[tc.from-1:tc.to-1], tc.from, tc.to, got, tc.want)
		}
	}
}

func TestMatchRefsPairsEachSiteOnce(t *testing.T) {
	src := &sourceLines{files: map[string][]string{"a.go": {"\tpkg.F(pkg.F)"}}}
	sites := []Use{{File: "a.go", Line: 1, Col: 6, Call: true}, {File: "a.go", Line: 1, Col: 12}}
	answers := []RefAnswer{
		{File: "a.go", Line: 1, Column: 2, Confidence: "import_resolved"}, // spans pkg.F
		{File: "a.go", Line: 1, Column: 8, Confidence: "import_resolved"}, // the argument, from pkg
		{File: "a.go", Line: 1, Column: 2, Confidence: "fuzzy_name"},      // the same call again
		{File: "b.go", Line: 1, Column: 2, Confidence: "exact"},
	}
	m := matchRefs(sites, answers, src)
	if want := []bool{true, true, false, false}; !slices.Equal(m.answerOK, want) {
		t.Errorf("answers matched %v, want %v", m.answerOK, want)
	}
	if want := []string{"import_resolved", "import_resolved"}; !slices.Equal(m.siteLevel, want) {
		t.Errorf("site levels %v, want %v", m.siteLevel, want)
	}
}

func TestMatchCalleesNeedsNameAndLine(t *testing.T) {
	calls := []Use{{Key: "p.F", Line: 3}, {Key: "p.F", Line: 3}, {Key: "p.T.M", Line: 4}}
	answers := []CalleeAnswer{
		{Qualified: "p.F", Line: 3, Confidence: "exact"},
		{Qualified: "p.F", Line: 4, Confidence: "exact"},       // wrong line
		{Name: "M", Line: 4, Confidence: "fuzzy_name"},         // name only
		{Qualified: "p.F", Line: 3, Confidence: "same_module"}, // the second call of F
	}
	m := matchCallees(calls, answers)
	if want := []bool{true, false, false, true}; !slices.Equal(m.answerOK, want) {
		t.Errorf("answers matched %v, want %v", m.answerOK, want)
	}
	if want := []string{"exact", "same_module", ""}; !slices.Equal(m.callLevel, want) {
		t.Errorf("call levels %v, want %v", m.callLevel, want)
	}
}

func TestMatchCalleesAlternateNames(t *testing.T) {
	calls := []Use{
		{Key: "testing.common.Fatalf", Outer: "testing.T.Fatalf", Line: 5},
		{Key: "vendor/golang.org/x/net/idna.ToASCII", Line: 6},
		{Key: "p.E.M", Outer: "p.T.M", Line: 7},
	}
	answers := []CalleeAnswer{
		{Qualified: "testing.T.Fatalf", Line: 5, Confidence: "import_resolved"},
		{Qualified: "golang.org/x/net/idna.ToASCII", Line: 6, Confidence: "import_resolved"},
		{Qualified: "p.T.M", Line: 7, Confidence: "same_module"},           // the alternate name
		{Qualified: "p.E.M", Line: 7, Confidence: "same_module"},           // the key, paired first
		{Qualified: "testing.common.Fatalf", Line: 6, Confidence: "exact"}, // wrong line
	}
	m := matchCallees(calls, answers)
	if want := []bool{true, true, false, true, false}; !slices.Equal(m.answerOK, want) {
		t.Errorf("answers matched %v, want %v", m.answerOK, want)
	}
	if m.byAltName != 2 {
		t.Errorf("%d matches by alternate name, want 2", m.byAltName)
	}
}

func TestScoreFloors(t *testing.T) {
	s := newScore("refs")
	s.Truth = 10
	s.Levels["exact"] = &Tally{Returned: 4, Matched: 4}
	s.Levels["same_module"] = &Tally{Returned: 4, Matched: 2}
	s.Levels["fuzzy_name"] = &Tally{Returned: 10, Matched: 1}
	s.matchedAt = map[string]int{"exact": 4, "same_module": 2, "fuzzy_name": 1, "": 3}
	got := s.AtFloor(defaultFloor)
	if got.Returned != 8 || got.Precision != 0.75 || got.Recall != 0.6 {
		t.Errorf("AtFloor(same_module) = %+v, want 8 returned, precision 0.75, recall 0.6", got)
	}
	if f := s.AtFloor("fuzzy_name"); f.Recall != 0.7 || f.Returned != 18 {
		t.Errorf("AtFloor(fuzzy_name) = %+v, want recall 0.7 of 18 returned", f)
	}
}

func TestSampleIsSeededAndStratified(t *testing.T) {
	targets := map[string]*Target{}
	for _, k := range []string{"a.String", "b.String", "c.Close", "d.Close", "e.Only", "f.Once", "g.Single", "h.Alone"} {
		targets[k] = &Target{Key: k, Name: shortName(k)}
	}
	one, again := sampleTargets(targets, 4, 1), sampleTargets(targets, 4, 1)
	if !slices.Equal(one, again) {
		t.Fatal("the same seed drew different samples")
	}
	dup := 0
	for _, tg := range one {
		if tg.Name == "String" || tg.Name == "Close" {
			dup++
		}
	}
	if len(one) != 4 || dup != 2 {
		t.Errorf("sample %v: want 4 targets, 2 with a duplicated name", one)
	}
	if all := sampleTargets(targets, 100, 1); len(all) != len(targets) {
		t.Errorf("n above the population drew %d of %d", len(all), len(targets))
	}
}
