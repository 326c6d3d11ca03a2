package indexer

import (
	"database/sql"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

func TestStripJSONC(t *testing.T) {
	for in, want := range map[string]any{
		`{"a": 1,}`:                          map[string]any{"a": 1.0},
		`{"a": [1, 2, ], }`:                  map[string]any{"a": []any{1.0, 2.0}},
		"{\n// c\n\"a\": \"//x\" /* y */}":   map[string]any{"a": "//x"},
		`{"a": "q\"/*", "b": "*/,}"}`:        map[string]any{"a": `q"/*`, "b": "*/,}"},
		"\xef\xbb\xbf{\"a\": 1 // t\n, }":    map[string]any{"a": 1.0},
		`{"a": [1, /* gone */ ], "b": {},}`:  map[string]any{"a": []any{1.0}, "b": map[string]any{}},
		"{\"a\": 1, // trailing\n /* x */ }": map[string]any{"a": 1.0},
	} {
		var got any
		if err := json.Unmarshal(stripJSONC([]byte(in)), &got); err != nil {
			t.Errorf("stripJSONC(%q) = %q: %v", in, stripJSONC([]byte(in)), err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("stripJSONC(%q) decodes to %v, want %v", in, got, want)
		}
	}
	for _, in := range []string{`{"a": "unterminated`, `{"a": 1 /* open`, `/`, ``} {
		stripJSONC([]byte(in)) // must not panic
	}
}

func TestParseTSConfig(t *testing.T) {
	f := parseTSConfig("web/tsconfig.json", []byte(`{
  // comments and trailing commas, as tsc allows
  "extends": "./tsconfig.base",
  "compilerOptions": {
    "baseUrl": "./src",
    "paths": {"@z/*": ["z/*"], "@a/*": ["a/*", "b/*",], "bad": "x", "@m": ["m.ts"]},
  },
}`))
	want := &tsconfigFile{
		dir: "web", extends: []string{"web/tsconfig.base.json"}, baseURL: ptr("./src"),
		paths: []tsPath{{"@z/*", []string{"z/*"}}, {"@a/*", []string{"a/*", "b/*"}}, {"@m", []string{"m.ts"}}},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("parseTSConfig = %+v, want %+v", f, want)
	}
	f = parseTSConfig("tsconfig.json", []byte(`{"extends": ["@tsconfig/node20", "../up.json", "./a/b.json"]}`))
	if want := []string{"a/b.json"}; !reflect.DeepEqual(f.extends, want) || f.baseURL != nil || f.paths != nil {
		t.Errorf("extends list: %+v, want only %v (a package, and a path out of the repository, are not followed)", f, want)
	}
	if f := parseTSConfig("x/tsconfig.json", []byte(`{not json`)); f.dir != "x" || f.paths != nil || f.baseURL != nil {
		t.Errorf("broken tsconfig: %+v", f)
	}
}

func ptr(s string) *string { return &s }

// TestTSConfigContexts checks which tsconfig applies to a file and how
// baseUrl, paths and extends combine into repo-relative paths.
func TestTSConfigContexts(t *testing.T) {
	files := map[string]string{
		// The root config: baseUrl "." and paths relative to it.
		"tsconfig.json": `{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["shared/*", "vendor/shared/*"], "out/*": ["../x/*"]}}}`,
		// A base above its users, and one in a sibling directory.
		"tsconfig.base.json":         `{"compilerOptions": {"paths": {"@base/*": ["./base/*"]}}}`,
		"config/tsconfig.other.json": `{"compilerOptions": {"baseUrl": "."}}`,
		// Extends the root base: its paths stay relative to the base's
		// directory, as no baseUrl is set.
		"packages/a/tsconfig.json": `{"extends": "../../tsconfig.base.json", /* c */ "compilerOptions": {"strict": true,},}`,
		// Extends the base but sets a baseUrl: the inherited targets are
		// relative to it.
		"packages/b/tsconfig.json": `{"extends": "../../tsconfig.base.json", "compilerOptions": {"baseUrl": "src"}}`,
		// Extends a sibling-directory config: not followed.
		"packages/c/tsconfig.json": `{"extends": "../../config/tsconfig.other.json"}`,
		// jsconfig.json, and a ${configDir} template in what it extends.
		"apps/web/jsconfig.json":  `{"extends": "../tsconfig.tmpl.json"}`,
		"apps/tsconfig.tmpl.json": `{"compilerOptions": {"baseUrl": "${configDir}/src", "paths": {"~/*": ["${configDir}/src/*"]}}}`,
		// tsconfig.json wins over jsconfig.json beside it.
		"apps/mixed/tsconfig.json": `{"compilerOptions": {"baseUrl": "ts"}}`,
		"apps/mixed/jsconfig.json": `{"compilerOptions": {"baseUrl": "js"}}`,
		// A cycle ends.
		"loop/tsconfig.json":    `{"extends": "./tsconfig.a.json", "compilerOptions": {"baseUrl": "."}}`,
		"loop/tsconfig.a.json":  `{"extends": "./tsconfig.json"}`,
		"packages/d/tsconfig.j": `not a marker`,
	}
	root := t.TempDir()
	var cands []candidate
	for p, content := range files {
		gittest.WriteFile(t, root, p, content)
		cands = append(cands, candidate{Path: p})
	}
	c := loadContexts(root, cands)
	for _, tc := range []struct {
		path string
		want extract.ModuleContext
	}{
		{"src/app.ts", extract.ModuleContext{TSBaseURL: ".", TSPaths: []extract.TSPathAlias{
			{Pattern: "@shared/*", Targets: []string{"shared/*", "vendor/shared/*"}}, // "out/*" leaves the repository
		}}},
		{"packages/a/src/x.tsx", extract.ModuleContext{TSPaths: []extract.TSPathAlias{{Pattern: "@base/*", Targets: []string{"base/*"}}}}},
		{"packages/b/x.js", extract.ModuleContext{TSBaseURL: "packages/b/src", TSPaths: []extract.TSPathAlias{{Pattern: "@base/*", Targets: []string{"packages/b/src/base/*"}}}}},
		{"packages/c/x.ts", extract.ModuleContext{}},
		{"apps/web/src/page.jsx", extract.ModuleContext{TSBaseURL: "apps/web/src", TSPaths: []extract.TSPathAlias{{Pattern: "~/*", Targets: []string{"apps/web/src/*"}}}}},
		{"apps/mixed/a.ts", extract.ModuleContext{TSBaseURL: "apps/mixed/ts"}},
		{"loop/a.ts", extract.ModuleContext{TSBaseURL: "loop"}},
	} {
		if got := c.forFile(tc.path, "typescript"); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("forFile(%s) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
	if got := c.forFile("src/app.go", "go"); got.TSPaths != nil || got.TSBaseURL != "" {
		t.Errorf("a Go file got a tsconfig context: %+v", got)
	}
}

// TestTSConfigPathsEndToEnd syncs a repository whose imports go through
// tsconfig paths and baseUrl, and checks each ref reaches the symbol the
// mapping names, graded import_resolved; then changes the tsconfig and
// checks an incremental sync follows.
func TestTSConfigPathsEndToEnd(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"web/tsconfig.json": `{
  // aliases
  "compilerOptions": {
    "baseUrl": "src",
    "paths": {"@ui/*": ["components/*"],},
  },
}`,
		"web/src/components/button.ts": "export function Button() {}\n",
		"web/src/other/button.ts":      "export function Button() {}\n",
		"web/src/lib/util.ts":          "export function util() {}\n",
		"web/src/app.ts":               "import { Button } from \"@ui/button\";\nimport { util } from \"lib/util\";\n\nexport function main() {\n  Button();\n  util();\n}\n",
	})
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	reg := all.Registry()
	sync := func(full bool) map[string][2]string {
		t.Helper()
		if _, err := Run(Options{Location: loc, Registry: reg, Full: full}); err != nil {
			t.Fatal(err)
		}
		return callRefs(t, loc.Path, "web/src/app.ts")
	}
	want := map[string][2]string{
		"Button": {"web/src/components/button:Button", "import_resolved"},
		"util":   {"web/src/lib/util:util", "import_resolved"},
	}
	if got := sync(true); !reflect.DeepEqual(got, want) {
		t.Fatalf("cold: call refs %v, want %v", got, want)
	}
	repo.Write("web/tsconfig.json", `{"compilerOptions": {"baseUrl": "src", "paths": {"@ui/*": ["other/*"]}}}`)
	want["Button"] = [2]string{"web/src/other/button:Button", "import_resolved"}
	if got := sync(false); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the tsconfig changed: call refs %v, want %v", got, want)
	}
	repo.Remove("web/tsconfig.json")
	want = map[string][2]string{"Button": {"@ui/button:Button", "import_resolved"}, "util": {"lib/util:util", "import_resolved"}}
	if got := sync(false); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the tsconfig went: call refs %v, want %v (imports of packages outside the index)", got, want)
	}
}

// callRefs maps the name of each call ref of a file to its target and
// confidence.
func callRefs(t *testing.T, dbPath, file string) map[string][2]string {
	t.Helper()
	st, err := store.Open(dbPath, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.DB.Query(`SELECT target_name, coalesce(target_qualified, ''), confidence FROM refs WHERE from_file = ? AND kind = 'call'`, file)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][2]string{}
	for rows.Next() {
		var name, target, conf string
		if err := rows.Scan(&name, &target, &conf); err != nil {
			t.Fatal(err)
		}
		out[name] = [2]string{target, conf}
	}
	if err := rows.Err(); err != nil && err != sql.ErrNoRows {
		t.Fatal(err)
	}
	return out
}
