package typescript

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
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
	var markers []extract.MarkerFile
	for p, content := range files {
		if marker, _ := New().Marker(p); marker {
			markers = append(markers, extract.MarkerFile{Path: p, Content: []byte(content)})
		}
	}
	c := New().Modules(markers)
	for _, tc := range []struct {
		path string
		want extract.ModuleContext
	}{
		{"src/app.ts", extract.ModuleContext{Own: Config{BaseURL: ".", Paths: []PathAlias{
			{Pattern: "@shared/*", Targets: []string{"shared/*", "vendor/shared/*"}}, // "out/*" leaves the repository
		}}}},
		{"packages/a/src/x.tsx", extract.ModuleContext{Own: Config{Paths: []PathAlias{{Pattern: "@base/*", Targets: []string{"base/*"}}}}}},
		{"packages/b/x.js", extract.ModuleContext{Own: Config{BaseURL: "packages/b/src", Paths: []PathAlias{{Pattern: "@base/*", Targets: []string{"packages/b/src/base/*"}}}}}},
		{"packages/c/x.ts", extract.ModuleContext{}},
		{"apps/web/src/page.jsx", extract.ModuleContext{Own: Config{BaseURL: "apps/web/src", Paths: []PathAlias{{Pattern: "~/*", Targets: []string{"apps/web/src/*"}}}}}},
		{"apps/mixed/a.ts", extract.ModuleContext{Own: Config{BaseURL: "apps/mixed/ts"}}},
		{"loop/a.ts", extract.ModuleContext{Own: Config{BaseURL: "loop"}}},
	} {
		if got := c.ForFile(tc.path); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("forFile(%s) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
}

func TestParsePackageJSON(t *testing.T) {
	for _, tc := range []struct {
		path, content string
		want          []PathAlias
		ok            bool
	}{
		// Subpaths in order; each one's condition targets in the order
		// written, nested conditions and fallback lists flattened, a
		// target repeated once; null targets, and those that do not start
		// with "./" (Node refuses them), dropped.
		{"pkgs/zod/package.json", `{"name": "zod", "exports": {
			"./package.json": "./package.json",
			".": {"@zod/source": "./src/index.ts", "types": "./index.d.cts", "import": {"types": "./index.d.ts", "default": "./index.js"}},
			"./v4/locales/*": {"@zod/source": "./src/v4/locales/*", "default": "./v4/locales/*"},
			"./gone": null,
			"./list": ["./src/list.ts", "./src/list.ts", "pkg/x"],
			"./out": "../outside.js"}}`,
			[]PathAlias{
				{Pattern: "zod/package.json", Targets: []string{"pkgs/zod/package.json"}},
				{Pattern: "zod", Targets: []string{"pkgs/zod/src/index.ts", "pkgs/zod/index.d.cts", "pkgs/zod/index.d.ts", "pkgs/zod/index.js"}},
				{Pattern: "zod/v4/locales/*", Targets: []string{"pkgs/zod/src/v4/locales/*", "pkgs/zod/v4/locales/*"}},
				{Pattern: "zod/list", Targets: []string{"pkgs/zod/src/list.ts"}},
			}, true},
		// A string, or conditions without subpaths, are the package's ".".
		{"package.json", `{"name": "@s/a", "exports": "./lib/a.js"}`, []PathAlias{{Pattern: "@s/a", Targets: []string{"lib/a.js"}}}, true},
		{"package.json", `{"name": "b", "exports": {"import": "./b.mjs", "require": "./b.cjs"}}`, []PathAlias{{Pattern: "b", Targets: []string{"b.mjs", "b.cjs"}}}, true},
		// No name, no exports, or no JSON: no self-reference.
		{"package.json", `{"exports": "./a.js"}`, nil, true},
		{"package.json", `{"name": "c", "main": "./c.js"}`, nil, true},
		{"package.json", `{not json`, nil, true},
		// Not a package.json.
		{"tsconfig.json", `{"name": "d", "exports": "./d.js"}`, nil, false},
	} {
		got, ok := parsePackageJSON(tc.path, []byte(tc.content))
		if !reflect.DeepEqual(got, tc.want) || ok != tc.ok {
			t.Errorf("parsePackageJSON(%s, %s) = %+v, %v; want %+v, %v", tc.path, tc.content, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSelfPackageContexts checks that a file's context carries the
// exports of the package.json nearest above it, with its tsconfig's
// paths, and none when that package.json allows no self-reference.
func TestSelfPackageContexts(t *testing.T) {
	files := map[string]string{
		"package.json":               `{"name": "root", "exports": "./src/index.ts"}`,
		"tsconfig.json":              `{"compilerOptions": {"paths": {"@a/*": ["./src/*"]}}}`,
		"packages/lib/package.json":  `{"name": "lib", "exports": {".": "./src/main.ts"}}`,
		"packages/app/package.json":  `{"name": "app", "private": true}`,
		"packages/lib/src/README.md": `not a marker`,
	}
	var markers []extract.MarkerFile
	for p, content := range files {
		if marker, withContent := New().Marker(p); marker {
			if !withContent {
				t.Errorf("Marker(%s): content should matter", p)
			}
			markers = append(markers, extract.MarkerFile{Path: p, Content: []byte(content)})
		}
	}
	if len(markers) != 4 {
		t.Fatalf("markers = %d, want 4 (three package.json, one tsconfig.json)", len(markers))
	}
	c := New().Modules(markers)
	paths := []PathAlias{{Pattern: "@a/*", Targets: []string{"src/*"}}}
	for _, tc := range []struct {
		path string
		want extract.ModuleContext
	}{
		{"src/a.ts", extract.ModuleContext{Own: Config{Paths: paths, Self: []PathAlias{{Pattern: "root", Targets: []string{"src/index.ts"}}}}}},
		{"packages/lib/src/x.ts", extract.ModuleContext{Own: Config{Paths: paths, Self: []PathAlias{{Pattern: "lib", Targets: []string{"packages/lib/src/main.ts"}}}}}},
		{"packages/app/src/x.ts", extract.ModuleContext{Own: Config{Paths: paths}}},
	} {
		if got := c.ForFile(tc.path); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ForFile(%s) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
}
