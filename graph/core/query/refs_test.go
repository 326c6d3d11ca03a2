package query_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// indexed commits files to a temp git repo and syncs its index.
func indexed(t *testing.T, files map[string]string) *core.Graph {
	t.Helper()
	repo := gittest.New(t, files)
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if _, err := g.Sync(context.Background(), core.SyncAuto); err != nil {
		t.Fatal(err)
	}
	return g
}

// Two functions share a short name: refs of one never lists the other's
// callers, except as fuzzy name matches when asked for.
var twoOpens = map[string]string{
	"go.mod": "module example.com/two\n\ngo 1.26\n",
	"a/a.go": "package a\n\nfunc Open() {}\n\nfunc useA() { Open() }\n",
	"b/b.go": "package b\n\nfunc Open() {}\n\nfunc useB() { Open() }\n",
	"c/c.go": "package c\n\nimport \"example.com/two/b\"\n\nfunc useC() { b.Open() }\n",
	"d/d.go": "package d\n\nfunc useD(o interface{ Open() }) { o.Open() }\n",
	"e/e.go": "package e\n\nimport \"example.com/two/a\"\n\nvar _ = a.Open\n",
}

func TestRefsNeverAnswerForAnotherSymbol(t *testing.T) {
	g := indexed(t, twoOpens)
	res, err := g.Refs(context.Background(), "symbol:a/a.go#Open", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Target.Qualified != "example.com/two/a.Open" {
		t.Fatalf("target = %+v", res.Target)
	}
	for _, r := range res.Refs {
		if r.File != "a/a.go" && r.File != "e/e.go" {
			t.Errorf("ref %+v belongs to another Open", r)
		}
	}
	if len(res.Refs) == 0 || res.SkippedLowConfidence != 1 {
		t.Errorf("refs %+v skipped %d; want a/a.go's call and one skipped fuzzy o.Open()", res.Refs, res.SkippedLowConfidence)
	}
	fuzzy, err := g.Refs(context.Background(), "symbol:a/a.go#Open", query.RefsOptions{MinConfidence: "fuzzy"})
	if err != nil {
		t.Fatal(err)
	}
	last := fuzzy.Refs[len(fuzzy.Refs)-1]
	if len(fuzzy.Refs) != len(res.Refs)+1 || last.File != "d/d.go" || last.Confidence != "fuzzy_name" || last.From != "example.com/two/d.useD" {
		t.Errorf("fuzzy refs = %+v; want the default ones then d/d.go's name match, last", fuzzy.Refs)
	}
}

func TestRefsKindFilterAppliesToSkippedCount(t *testing.T) {
	g := indexed(t, twoOpens)
	res, err := g.Refs(context.Background(), "symbol:a/a.go#Open", query.RefsOptions{Kinds: []string{"type"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refs) != 0 || res.SkippedLowConfidence != 0 {
		t.Errorf("--kind type: refs %+v, skipped %d; want none (every ref is a call)", res.Refs, res.SkippedLowConfidence)
	}
	if _, err := g.Refs(context.Background(), "file:a/a.go", query.RefsOptions{}); err == nil {
		t.Error("a file: selector must be refused")
	}
}
