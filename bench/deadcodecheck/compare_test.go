package main

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

func TestCompare(t *testing.T) {
	dc := map[site]string{{"a.go", 3}: "dead", {"a.go", 9}: "rtaDead", {"b_other.go", 1}: "other"}
	floors := query.ConfidenceLevels()
	o := &ours{Floors: floors, DeadAt: map[query.Confidence]map[site]bool{}, Callables: map[site]callable{
		{"a.go", 3}: {"p.dead", "function"}, {"a.go", 5}: {"p.live", "function"},
		{"a.go", 7}: {"p.T.M", "method"}, {"a.go", 9}: {"p.rtaDead", "function"}, {"b_other.go", 1}: {"p.other", "function"},
	}}
	for _, f := range floors {
		o.DeadAt[f] = map[site]bool{{"a.go", 3}: true, {"a.go", 7}: true}
	}
	o.DeadAt[floors[len(floors)-1]][site{"a.go", 9}] = true
	c := compare(dc, o, map[string]bool{"a.go": true})
	def := c.Rows[2]
	if def.Floor != query.DefaultConfidence || def.BothDead != 1 || def.OursOnly != 1 || def.TheirsOnly != 1 || def.Alive != 1 {
		t.Fatalf("default row %+v", def)
	}
	if c.Universe != 4 || c.OtherFiles != 1 {
		t.Errorf("universe %d, other files %d; want 4 and 1", c.Universe, c.OtherFiles)
	}
	if p := def.precision(); p != 0.5 {
		t.Errorf("precision %v, want 0.5", p)
	}
	var b strings.Builder
	if err := writeReport(&b, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| same_module | 1 | 1 | 1 | 1 | 0.500 | 0.500 |", "a.go:7 p.T.M", "a.go:9 p.rtaDead"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}
