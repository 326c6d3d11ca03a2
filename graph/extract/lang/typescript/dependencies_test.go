package typescript

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestDeclarations: a package's declaration entry and exports' declaration
// targets, from package.json files as npm packages write them.
func TestDeclarations(t *testing.T) {
	for _, c := range []struct {
		name, manifest string
		files          []string // what exists in the package
		entry          string
		exports        []PathAlias
	}{
		{"types field", `{"types": "./dist/index.d.ts", "main": "./dist/index.js"}`, nil, "dist/index.d.ts", nil},
		{"the .d.ts beside main", `{"main": "lib/index.js"}`, []string{"lib/index.d.ts"}, "lib/index.d.ts", nil},
		{"index.d.ts", `{"main": "main.js"}`, []string{"index.d.ts"}, "index.d.ts", nil},
		{"none", `{"main": "main.js"}`, nil, "", nil},
		// @types/react: the types@<=5.0 condition is for older TypeScripts
		{"versioned types conditions", `{"types": "index.d.ts", "exports": {".": {"types@<=5.0": {"default": "./ts5.0/index.d.ts"}, "types": {"default": "./index.d.ts"}}, "./jsx-runtime": {"types@<=5.0": {"default": "./ts5.0/jsx-runtime.d.ts"}, "types": {"default": "./jsx-runtime.d.ts"}}, "./package.json": "./package.json"}}`,
			nil, "index.d.ts", []PathAlias{{Pattern: "", Targets: []string{"index.d.ts"}}, {Pattern: "/jsx-runtime", Targets: []string{"jsx-runtime.d.ts"}}}},
		// react-error-boundary: JavaScript under "types", declarations beside it
		{"declarations beside types targets", `{"types": "dist/a.cjs.d.ts", "exports": {".": {"types": {"import": "./dist/a.cjs.mjs", "default": "./dist/a.cjs.js"}, "default": "./dist/a.cjs.js"}}}`,
			[]string{"dist/a.cjs.d.mts", "dist/a.cjs.d.ts"}, "dist/a.cjs.d.mts", []PathAlias{{Pattern: "", Targets: []string{"dist/a.cjs.d.mts"}}}},
		{"subpath patterns", `{"exports": {"./*": {"types": "./dist/*.d.ts", "default": "./dist/*.js"}}}`,
			nil, "", []PathAlias{{Pattern: "/*", Targets: []string{"dist/*.d.ts"}}}},
	} {
		var m npmManifest
		if err := json.Unmarshal([]byte(c.manifest), &m); err != nil {
			t.Fatal(err)
		}
		exists := func(rel string) bool {
			for _, f := range c.files {
				if f == rel {
					return true
				}
			}
			return false
		}
		entry, exports, _ := declarations(m, exists)
		if entry != c.entry || !reflect.DeepEqual(exports, c.exports) {
			t.Errorf("%s: entry %q, exports %+v; want %q, %+v", c.name, entry, exports, c.entry, c.exports)
		}
	}
}

// TestEntryFacts: the specifiers that name a file of a package alias it,
// as a module and for its names; a deep import by path names any file of
// a package without "exports".
func TestEntryFacts(t *testing.T) {
	d := &npmDeps{
		pkgs: []extract.Package{{Name: "@types/lodash", Kind: extract.PackageDependency}},
		meta: []npmPackage{{spec: "lodash", entry: "index.d.ts", types: -1}},
	}
	entries := configOf(d.Context(0, "@typescript/@types/lodash")).Entries
	for ns, want := range map[string][]string{
		"@typescript/@types/lodash/index": {"lodash", "lodash", "lodash/index", "lodash/index"},
		"@typescript/@types/lodash/fp":    {"lodash/fp", "lodash/fp"},
		"@typescript/other/index":         nil,
	} {
		out := &extract.ExtractedFile{Namespace: ns}
		entryFacts(out, entries)
		var got []string
		for _, f := range out.Facts {
			if f.Kind != extract.FactAlias || f.Object != ns {
				t.Errorf("%s: fact %+v", ns, f)
			}
			got = append(got, f.Subject)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: subjects %v, want %v", ns, got, want)
		}
	}
}
