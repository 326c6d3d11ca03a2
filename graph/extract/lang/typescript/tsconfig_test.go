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
