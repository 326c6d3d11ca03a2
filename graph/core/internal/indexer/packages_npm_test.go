package indexer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// npmRepo writes testdata/npm/app.txtar into a new repository; its
// node_modules stays out of git (.gitignore), as npm leaves it.
func npmRepo(t *testing.T) (*gittest.Repo, dbpath.Location) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "npm", "app.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	repo := gittest.New(t, files)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	return repo, loc
}

// TestPackagesNPM: a call into a typed dependency reaches its declaration
// through the entry's re-exports (export *, a renamed export from a
// subdirectory), methods of its classes resolve, an in-repo class
// implements its interface, an untyped dependency gets @types', Node's
// fs comes from @types/node by its node: name, and a dependency that is
// not installed is named missing. JavaScript files' imports count too. A
// package with no declarations is read from its JavaScript entry.
func TestPackagesNPM(t *testing.T) {
	_, loc := npmRepo(t)
	rep := syncPackages(t, loc, false, true)
	b, _ := json.Marshal(rep.Packages)
	if rep.Packages == nil || rep.Packages.Indexed != 5 || rep.Packages.MissingCount != 1 || !strings.Contains(string(b), "typescript gone@^3.0.0: not in node_modules") {
		t.Fatalf("packages report %s; want evlib, @types/untyped, tinylib (imported by JavaScript), plainjs and node indexed, gone missing", b)
	}
	d := dump(t, loc.Path)

	for _, want := range []string{
		"\"typescript\"\t\"evlib\"\t\"1.2.0\"\t\"dependency\"",
		"\"typescript\"\t\"node\"\t\"22.7.5\"\t\"stdlib\"",
		// export * from './emitter', and a renamed export from a subdirectory
		"\"Emitter\"\t\"@typescript/evlib/dist/emitter:Emitter\"\t\"@typescript/evlib/dist/emitter.d.ts\"\t\"84\"\t\"type\"\t\"import_resolved\"",
		"\"connect\"\t\"@typescript/evlib/dist/client/index:createClient\"\t\"@typescript/evlib/dist/client/index.d.ts\"\t\"189\"\t\"call\"\t\"import_resolved\"",
		// members of a library type: constructed, and returned by a library function
		"\"emit\"\t\"@typescript/evlib/dist/emitter:Emitter.emit\"\t\"@typescript/evlib/dist/emitter.d.ts\"\t\"181\"\t\"call\"\t\"same_module\"",
		"\"close\"\t\"@typescript/evlib/dist/client/index:Client.close\"\t\"@typescript/evlib/dist/client/index.d.ts\"\t\"172\"\t\"call\"\t\"same_module\"",
		"\"src/app:Logger\"\t\"@typescript/evlib/dist/emitter:Listener\"\t\"implements\"",
		"\"parse\"\t\"@typescript/@types/untyped/index:parse\"\t\"@typescript/@types/untyped/index.d.ts\"\t\"0\"\t\"call\"\t\"import_resolved\"",
		"\"readFileSync\"\t\"fs:readFileSync\"\t\"@typescript/@types/node/fs.d.ts\"\t\"112\"\t\"call\"\t\"import_resolved\"",
		"\"tiny\"\t\"@typescript/tinylib/index:tiny\"\t\"@typescript/tinylib/index.d.ts\"\t\"0\"\t\"call\"\t\"import_resolved\"",
		// no declarations: its JavaScript entry, declarations only
		"\"plain\"\t\"@typescript/plainjs/index:plain\"\t\"@typescript/plainjs/index.js\"\t\"41\"\t\"call\"\t\"import_resolved\"",
		// not installed: the grade it has without packages
		"\"missing\"\t\"gone:missing\"\tNULL\tNULL\t\"call\"\t\"import_resolved\"",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	for _, bad := range []string{"dist/index.js", "inner", "ts4.0", "@typescript/untyped/", "fs/promises.d.ts", "plainjs/lib/util.js"} {
		if strings.Contains(d, bad) {
			t.Errorf("dump holds %s: JavaScript beside declarations (evlib's index.js is named as plainjs's entry is), nested node_modules, declarations for older TypeScripts, an untyped package's own files, built-ins nobody imports and a package's JavaScript other than its entry stay out", bad)
		}
	}
	if n := strings.Count("\n"+sectionOf(d, "refs"), "\n\"@typescript/"); n != 0 {
		t.Errorf("external files have %d refs; they keep declarations only", n)
	}
}

// TestPackagesNPMIncrementalEqualsCold: upgrading a dependency (its
// package.json range and node_modules), removing it, adding it back,
// importing a built-in's subpath and turning packages off and on give,
// incrementally, the index a cold build gives.
func TestPackagesNPMIncrementalEqualsCold(t *testing.T) {
	repo, loc := npmRepo(t)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	b, err := os.ReadFile(filepath.Join(repo.Root, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	manifest := string(b)
	v2 := func() {
		gittest.WriteFile(t, repo.Root, "package.json", strings.Replace(manifest, "^1.2.0", "^2.0.0", 1))
		gittest.WriteFile(t, repo.Root, "node_modules/evlib/package.json", `{"name": "evlib", "version": "2.0.0", "types": "./dist/index.d.ts"}`)
		gittest.WriteFile(t, repo.Root, "node_modules/evlib/dist/emitter.d.ts", "export interface Listener {\n    handle(ev: string, at: number): void;\n}\nexport declare class Emitter {\n    on(ev: string, l: Listener): this;\n    off(ev: string): this;\n}\n")
	}
	steps := []struct {
		name     string
		do       func()
		packages bool
		want     string // in the dump after the step
		note     string // in the report's notes after the step
	}{
		{"initial", func() {}, true, "\"@typescript/evlib/dist/emitter:Emitter.emit\"\t\"@typescript/evlib/dist/emitter.d.ts\"", ""},
		{"upgrade", v2, true, "\"@typescript/evlib/dist/emitter:Emitter.off\"", ""},
		{"remove the dependency", func() {
			gittest.WriteFile(t, repo.Root, "package.json", strings.Replace(manifest, `"evlib": "^1.2.0", `, "", 1))
		}, true, "\"evlib:Emitter\"\tNULL", ""},
		{"add it again", func() { gittest.WriteFile(t, repo.Root, "package.json", manifest) }, true, "\"@typescript/evlib/dist/emitter.d.ts\"", ""},
		{"import a built-in's subpath", func() {
			gittest.WriteFile(t, repo.Root, "src/read.ts", "import { readFile } from \"fs/promises\";\n\nexport const read = () => readFile(\"x\");\n")
		}, true, "\"fs/promises:readFile\"\t\"@typescript/@types/node/fs/promises.d.ts\"", ""},
		// An installed package is recorded at the version read, and a
		// lock pinning another is noted (node_modules holds evlib 2.0.0
		// since the upgrade); a package not installed is recorded at the
		// lock's version. Lock files are outside the scan.
		{"a package-lock.json", func() {
			gittest.WriteFile(t, repo.Root, "package-lock.json", `{"lockfileVersion": 3, "packages": {"": {"name": "app"}, "node_modules/evlib": {"version": "1.2.1"}, "node_modules/gone": {"version": "3.0.4"}, "node_modules/@types/node": {"version": "22.7.5"}}}`)
		}, true, "\"typescript\"\t\"gone\"\t\"3.0.4\"\t\"dependency\"", "typescript evlib@2.0.0: node_modules holds 2.0.0, the lock file pins 1.2.1"},
		{"a yarn.lock instead", func() {
			removeIf(t, repo.Root, "package-lock.json")
			gittest.WriteFile(t, repo.Root, "yarn.lock", "evlib@^1.2.0:\n  version \"2.0.0\"\n\ngone@^3.0.0:\n  version \"3.0.5\"\n")
		}, true, "\"typescript\"\t\"gone\"\t\"3.0.5\"\t\"dependency\"", ""},
		{"a pnpm-lock.yaml instead", func() {
			removeIf(t, repo.Root, "yarn.lock")
			gittest.WriteFile(t, repo.Root, "pnpm-lock.yaml", "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      evlib:\n        specifier: ^1.2.0\n        version: 1.2.3\n")
		}, true, "\"typescript\"\t\"evlib\"\t\"2.0.0\"\t\"dependency\"", "typescript evlib@2.0.0: node_modules holds 2.0.0, the lock file pins 1.2.3"},
		{"no lock", func() { removeIf(t, repo.Root, "pnpm-lock.yaml") }, true, "\"typescript\"\t\"evlib\"\t\"2.0.0\"\t\"dependency\"", ""},
		{"packages off", func() {}, false, "", ""},
		{"packages on", func() {}, true, "\"@typescript/@types/node/fs.d.ts\"", ""},
	}
	for _, s := range steps {
		s.do()
		coldDump, rep := syncEqualsCold(t, s.name, loc, coldLoc, s.packages)
		if s.want != "" && !strings.Contains(coldDump, s.want) {
			t.Fatalf("step %s: dump lacks %s:\n%s", s.name, s.want, sectionOf(coldDump, "refs"))
		}
		if s.packages {
			if notes := strings.Join(rep.Packages.Notes, "\n"); notes != s.note {
				t.Fatalf("step %s: report notes %q, want %q", s.name, notes, s.note)
			}
		}
		if !s.packages && strings.Contains(coldDump, `"@typescript/`) {
			t.Fatalf("step %s: packages off, but external files remain", s.name)
		}
	}
}
