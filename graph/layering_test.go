// Package graph_test enforces the import layering of ARCHITECTURE.md:
// extract ← core ← cli, mcp, the way Go's own go/build/deps_test.go does.
package graph_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/orbitgraph/orbit/"

// rule forbids packages matching from from depending on anything matching to.
type rule struct {
	from, to string
	direct   bool // only direct imports (for std packages everyone reaches indirectly)
	why      string
}

var policy = []rule{
	{from: "graph/extract", to: module + "graph/core", why: "extractors are the bottom layer"},
	{from: "graph/extract", to: module + "graph/cli", why: "extractors are the bottom layer"},
	{from: "graph/extract", to: module + "graph/mcp", why: "extractors are the bottom layer"},
	{from: "graph/extract", to: "database/sql", why: "extractors never touch SQL"},
	{from: "graph/extract", to: "github.com/mattn/go-sqlite3", why: "extractors never touch SQL"},
	{from: "graph/extract", to: "os", direct: true, why: "extractors do no I/O"},
	{from: "graph/extract", to: "os/exec", why: "extractors do no I/O"},
	{from: "graph/extract", to: "net", direct: true, why: "extractors do no I/O"},
	{from: "graph/core", to: module + "graph/cli", why: "core is below the front ends"},
	{from: "graph/core", to: module + "graph/mcp", why: "core is below the front ends"},
	{from: "graph/cli", to: module + "graph/mcp", why: "front ends never import each other"},
	{from: "graph/mcp", to: module + "graph/cli", why: "front ends never import each other"},
	{from: "graph/core/query", to: module + "graph/core/internal/indexer", why: "queries never write"},
	{from: "graph/core/internal/resolve", to: "database/sql", why: "resolution is pure; tables come in through an interface"},
	{from: "graph/core", to: module + "graph/extract/all", why: "main chooses the languages and passes the registry in"},
}

// frontEnds may import, of this module, only core's face: core itself, the
// answers' types (query), their rendering, and the language registry their
// main passes in. Nothing below core (zoekt's api.go and web/server.go).
var frontEnds = []string{"graph/cli", "graph/mcp"}

var faceOfCore = map[string]bool{
	module + "graph/core":             true,
	module + "graph/core/query":       true,
	module + "graph/core/render":      true,
	module + "graph/extract/all":      true,
	module + "graph/internal/gittest": true, // tests only
}

// driverOwner is the only package that may import the SQLite driver directly.
const driverOwner = module + "graph/core/internal/store"

type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-tags", "sqlite_fts5", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var n int
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		n++
		check(t, p)
	}
	if n < 10 {
		t.Fatalf("go list found only %d packages; the policy is not being checked", n)
	}
}

func check(t *testing.T, p pkg) {
	rel := strings.TrimPrefix(p.ImportPath, module)
	for _, imp := range p.Imports {
		if imp == "github.com/mattn/go-sqlite3" && p.ImportPath != driverOwner {
			t.Errorf("%s imports the SQLite driver; only %s may", p.ImportPath, driverOwner)
		}
	}
	for _, fe := range frontEnds {
		// A front end's own internal packages (graph/mcp/internal/linestdio)
		// are part of it: it may import them, and they obey the same rule.
		own := module + fe + "/internal/"
		if rel != fe && !strings.HasPrefix(p.ImportPath, own) {
			continue
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) && !faceOfCore[imp] && !strings.HasPrefix(imp, own) {
				t.Errorf("%s imports %s: front ends use only core, core/query, core/render and extract/all", p.ImportPath, imp)
			}
		}
	}
	for _, r := range policy {
		if !strings.HasPrefix(rel, r.from) || isTestSupport(rel) {
			continue
		}
		deps := p.Deps
		if r.direct {
			deps = p.Imports
		}
		for _, d := range deps {
			if d == r.to || strings.HasPrefix(d, r.to+"/") && strings.HasPrefix(r.to, module) {
				t.Errorf("%s depends on %s: %s", p.ImportPath, d, r.why)
			}
		}
	}
}

// isTestSupport: packages named *test (extracttest) exist only for tests,
// which may read and write files.
func isTestSupport(rel string) bool {
	return strings.HasSuffix(rel[strings.LastIndex(rel, "/")+1:], "test")
}
