package typescript

import (
	"encoding/json"
	"testing"
)

// TestJSEntry: the JavaScript file an import of a package without
// declarations loads: "exports" (conditions in order, "." of a subpath
// map), "module", "main" (with .js or /index.js added), index.js.
func TestJSEntry(t *testing.T) {
	for _, c := range []struct {
		manifest string
		files    []string
		want     string
	}{
		{`{"exports": {".": {"import": "./esm/index.mjs", "require": "./cjs/index.cjs"}, "./sub": "./sub.js"}, "main": "./cjs/index.cjs"}`, []string{"esm/index.mjs", "cjs/index.cjs"}, "esm/index.mjs"},
		{`{"exports": "./dist/main.js"}`, []string{"dist/main.js"}, "dist/main.js"},
		{`{"module": "es/lib.js", "main": "lib.js"}`, []string{"es/lib.js", "lib.js"}, "es/lib.js"},
		{`{"main": "lib/entry"}`, []string{"lib/entry.js"}, "lib/entry.js"},
		{`{"main": "./lib"}`, []string{"lib/index.js"}, "lib/index.js"},
		{`{}`, []string{"index.js"}, "index.js"},
		{`{"main": "gone.js"}`, nil, ""},
	} {
		var m npmManifest
		if err := json.Unmarshal([]byte(c.manifest), &m); err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, f := range c.files {
			have[f] = true
		}
		if got := jsEntry(m, func(rel string) bool { return have[rel] }); got != c.want {
			t.Errorf("%s: entry %q, want %q", c.manifest, got, c.want)
		}
	}
}
