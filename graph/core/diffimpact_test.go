package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// impact diff: walks from the symbols a working-tree change touches: an
// edited function (its callers are reached), a new file's function, a
// deleted function (listed, not walked); untouched symbols are no roots.
func TestImpactOfADiff(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	repo.Write("util/greet.go", strings.Replace(fixture["util/greet.go"], `"hello there, "`, `"hi, "`, 1))
	repo.Write("util/extra.go", "package util\n\nfunc Extra() string { return Greet(\"x\") }\n")
	repo.Write("main.go", strings.Replace(fixture["main.go"], "func helper() {}\n", "", 1))
	mustSync(t, g, core.SyncAuto)
	res, err := g.Impact(context.Background(), "diff:", query.ImpactOptions{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]string{}
	for _, c := range res.Changed {
		changed[c.Path+"#"+c.Name] = c.Change
	}
	want := map[string]string{"util/greet.go#Greet": "body", "util/extra.go#Extra": "created", "main.go#helper": "deleted"}
	for k, v := range want {
		if changed[k] != v {
			t.Errorf("changed[%s] = %q, want %q (all: %v)", k, changed[k], v, changed)
		}
	}
	if len(changed) != len(want) {
		t.Errorf("changed = %v, want only %v", changed, want)
	}
	reached := map[string]bool{}
	for _, n := range res.Symbols {
		reached[n.Name] = true
	}
	if !reached["main"] {
		t.Errorf("impact of the diff does not reach Greet's caller main: %+v", res.Symbols)
	}
	if res.Target.Kind != "diff" {
		t.Errorf("target = %+v", res.Target)
	}
}
