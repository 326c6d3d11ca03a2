package indexer

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestTSSelfImportEndToEnd syncs a package whose test imports the package
// by its own name (package.json "name" and "exports"), through a barrel
// whose `export *` modules re-export under another name and which
// re-exports modules as namespaces (`export * as util`, `export
// {schemas}` of `import * as schemas`), and calls methods on what an
// unannotated function and an object literal's function return; then
// renames the package and checks an incremental sync follows.
func TestTSSelfImportEndToEnd(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"lib/package.json":  `{"name": "lib", "exports": {".": {"source": "./src/index.ts", "default": "./dist/index.js"}}}`,
		"lib/src/index.ts":  "import * as schemas from \"./b\";\nexport * from \"./a\";\nexport * from \"./b\";\nexport * as util from \"./util\";\nexport { schemas };\n",
		"lib/src/util.ts":   "export function helper() {}\n",
		"lib/src/d.test.ts": "import * as z from \"lib\";\n\nexport function check() {\n  z.coerce.schema().parse(1);\n}\n",
		"lib/src/c.test.ts": "import { schemas } from \"lib\";\n\nexport function check() {\n  schemas.make().min(1);\n}\n",
		"lib/src/a.ts":      "export function other() {}\n",
		"lib/src/b.ts": "export class Schema {\n  min(n: number) { return this; }\n  parse(v: unknown) {}\n}\n" +
			"function makeSchema() { return new Schema(); }\nexport { makeSchema as make };\n" +
			"export const coerce = { schema: () => makeSchema() };\n",
		"lib/src/b.test.ts": "import * as z from \"lib\";\n\nexport function check() {\n  z.make().min(1).parse(2);\n  z.other();\n  z.util.helper();\n}\n",
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
		return callRefs(t, loc.Path, "lib/src/b.test.ts")
	}
	want := map[string][2]string{
		"make":   {"lib/src/b:makeSchema", "import_resolved"},
		"min":    {"lib/src/b:Schema.min", "import_resolved"},
		"parse":  {"lib/src/b:Schema.parse", "import_resolved"},
		"other":  {"lib/src/a:other", "import_resolved"},
		"helper": {"lib/src/util:helper", "import_resolved"},
	}
	if got := sync(true); !reflect.DeepEqual(got, want) {
		t.Fatalf("cold: call refs %v, want %v", got, want)
	}
	// A namespace object the barrel exports by name (`export {schemas}`
	// of `import * as schemas`), imported by name.
	wantNS := map[string][2]string{
		"make": {"lib/src/b:makeSchema", "import_resolved"},
		"min":  {"lib/src/b:Schema.min", "import_resolved"},
	}
	if got := callRefs(t, loc.Path, "lib/src/c.test.ts"); !reflect.DeepEqual(got, wantNS) {
		t.Fatalf("cold: call refs of c.test.ts %v, want %v", got, wantNS)
	}
	// A function of an object literal (no symbol of its own): what it
	// returns, a fact states.
	if got := callRefs(t, loc.Path, "lib/src/d.test.ts"); got["parse"] != [2]string{"lib/src/b:Schema.parse", "import_resolved"} {
		t.Fatalf("cold: call refs of d.test.ts %v, want parse of lib/src/b:Schema", got)
	}
	repo.Write("lib/package.json", `{"name": "renamed", "exports": "./src/index.ts"}`)
	got := sync(false)
	if got["make"][0] != "lib:make" || got["min"][1] != "fuzzy_name" {
		t.Fatalf("after the package was renamed: call refs %v, want make through the package lib (outside the index) and min by name only", got)
	}
}
