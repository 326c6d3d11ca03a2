package core_test

import (
	"context"
	"errors"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Two types with a method of the same name, and a function named like one.
var ambiguousRepo = map[string]string{
	"go.mod": "module example.com/amb\n\ngo 1.26\n",
	"shapes/shapes.go": `package shapes

type Circle struct{}

func (Circle) String() string { return "circle" }

type Square struct{}

func (Square) String() string { return "square" }

func Area() int { return 0 }
`,
	"shapes/area_calc.go": "package shapes\n\nfunc AreaOf() int { return Area() }\n",
}

func TestShowDisambiguation(t *testing.T) {
	repo := gittest.New(t, ambiguousRepo)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()

	_, err := g.Show(ctx, "symbol:shapes/shapes.go#String", 0)
	var le *query.LookupError
	if !errors.As(err, &le) || le.Reason != "ambiguous" || len(le.Candidates) != 2 {
		t.Fatalf("String: err = %v, want ambiguous between two candidates", err)
	}
	for _, c := range le.Candidates {
		v, err := g.Show(ctx, c.Selector, 0)
		if err != nil || v.Qualified != c.Qualified {
			t.Errorf("candidate selector %s = %+v, %v; want %s", c.Selector, v, err, c.Qualified)
		}
	}
	v, err := g.Show(ctx, "symbol:shapes/shapes.go#Square.String", 0)
	if err != nil || v.Qualified != "example.com/amb/shapes.Square.String" || v.Source != `func (Square) String() string { return "square" }` {
		t.Errorf("dotted suffix: %+v, %v", v, err)
	}
	if _, err := g.Show(ctx, "symbol:shapes/shapes.go#are.String", 0); !errors.Is(err, query.ErrNotFound) {
		t.Errorf("a suffix must end on a segment boundary: err = %v", err)
	}
	if _, err := g.Show(ctx, "symbol:shapes/shapes.go#Area:method", 0); !errors.Is(err, query.ErrNotFound) {
		t.Errorf("kind filter ignored: err = %v", err)
	}
	if _, err := g.Show(ctx, "symbol:shapes/shape.go#Area", 0); !errors.As(err, &le) || len(le.Suggestions) == 0 || le.Suggestions[0] != "symbol:shapes/shapes.go#Area" {
		t.Errorf("misspelled file: err = %v, want a suggestion of shapes/shapes.go", err)
	}
}

func TestSearchRanksExactNameFirst(t *testing.T) {
	repo := gittest.New(t, ambiguousRepo)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	res, err := g.Search(context.Background(), query.SearchQuery{Text: "Area"})
	if err != nil || len(res.Matches) < 2 {
		t.Fatalf("search Area: %+v, %v", res, err)
	}
	if m := res.Matches[0]; m.Name != "Area" || m.Line != 11 || m.Path != "shapes/shapes.go" {
		t.Errorf("first match = %+v, want the function named exactly Area", m)
	}
	res, err = g.Search(context.Background(), query.SearchQuery{Text: "area", Kind: "function", Limit: 1})
	if err != nil || len(res.Matches) != 1 {
		t.Errorf("--limit 1: %+v, %v", res, err)
	}
	if _, err := g.Search(context.Background(), query.SearchQuery{Text: "area", Kind: "gizmo"}); !errors.Is(err, query.ErrBadQuery) {
		t.Errorf("unknown kind: err = %v", err)
	}
	res, err = g.Search(context.Background(), query.SearchQuery{Text: "area", Lang: "python"})
	if err != nil || len(res.Matches) != 0 {
		t.Errorf("--lang python on a Go repo: %+v, %v", res, err)
	}
}

// TestShowPrefersMembers: a package and a function of the same name do not
// make #name ambiguous (issue 13): #main is func main; the package stays
// reachable as #main:package.
func TestShowPrefersMembers(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"go.mod":     "module example.com/x\n\ngo 1.26\n",
		"main.go":    "package main\n\nfunc main() { run() }\n\nfunc run() {}\n",
		"run/run.go": "package run\n\nfunc run() {}\n",
	})
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()
	for sel, want := range map[string]string{
		"symbol:main.go#main":            "function example.com/x.main",
		"symbol:run/run.go#run":          "function example.com/x/run.run",
		"symbol:run/run.go#run:package":  "package example.com/x/run",
		"symbol:run/run.go#run:function": "function example.com/x/run.run",
	} {
		v, err := g.Show(ctx, sel, 0)
		if err != nil || v.SymbolKind+" "+v.Qualified != want {
			t.Errorf("show %s: %+v, %v; want %s", sel, v, err, want)
		}
	}
}
