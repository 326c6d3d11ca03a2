package core_test

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Every suggestion and candidate the tool prints resolves when pasted
// back: over a real corpus (this repository's query package), selectors
// with the right name in the wrong file, a misspelled name, a missing file
// and an ambiguous name.
func TestEverySuggestionResolves(t *testing.T) {
	src, err := filepath.Abs("query")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			b, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files["query/"+e.Name()] = string(b)
		}
	}
	repo := gittest.New(t, files)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()
	ov, err := g.Overview(ctx, "", query.OverviewOptions{Format: query.OverviewFull})
	if err != nil {
		t.Fatal(err)
	}
	var selectors []string
	for _, f := range ov.FileList {
		for _, s := range f.Symbols {
			name := s.Name
			other := "query/engine.go"
			if f.Path == other {
				other = "query/search.go"
			}
			selectors = append(selectors,
				"symbol:"+other+"#"+name,                    // right name, wrong file
				"symbol:"+f.Path+"#"+name+"x",               // misspelled
				"symbol:"+path.Dir(f.Path)+"/nope.go#"+name, // missing file
				"symbol:"+f.Path+"#"+strings.ToLower(name),  // wrong case
			)
		}
	}
	if len(selectors) < 200 {
		t.Fatalf("only %d selectors: the corpus did not index", len(selectors))
	}
	pasted, failed := 0, 0
	for _, sel := range selectors {
		_, err := g.Show(ctx, sel, 0)
		var le *query.LookupError
		if !errors.As(err, &le) {
			continue
		}
		back := append([]string(nil), le.Suggestions...)
		for _, c := range le.Candidates {
			back = append(back, c.Selector)
		}
		for _, s := range back {
			pasted++
			if _, err := g.Show(ctx, s, 0); err != nil {
				failed++
				if failed <= 10 {
					t.Errorf("%s suggests %s, which fails: %v", sel, s, err)
				}
			}
		}
	}
	if pasted < 100 {
		t.Errorf("only %d suggestions and candidates pasted back", pasted)
	}
	if failed > 0 {
		t.Errorf("%d of %d suggestions and candidates do not resolve", failed, pasted)
	}
	t.Logf("%d selectors, %d suggestions and candidates pasted back", len(selectors), pasted)
}
