package indexer

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// seedRepo is a Go module and a Python package whose files refer to each
// other, so that edits in one file change how refs in others resolve.
var seedRepo = map[string]string{
	"go.mod":             "module example.com/eq\n\ngo 1.26\n",
	"main.go":            "package main\n\nimport \"example.com/eq/lib\"\n\nfunc main() {\n\tlib.Run()\n\thelper()\n\tlater()\n}\n\nfunc helper() {}\n",
	"lib/run.go":         "package lib\n\ntype Base struct{}\n\n// Run runs.\nfunc Run() { Step(\"starting the engine\") }\n",
	"lib/step.go":        "package lib\n\nfunc Step(msg string) {}\n\ntype Engine struct{ Base }\n",
	"lib/store.go":       "package lib\n\ntype Store struct {\n\tdb *DB\n\tBase\n}\n\nfunc NewStore() *Store { return &Store{} }\n\nfunc (s *Store) Get() { s.db.Query() }\n\ntype Getter interface{ Get() }\n",
	"lib/db.go":          "package lib\n\ntype DB struct{}\n\nfunc (d *DB) Query() {}\n",
	"use.go":             "package main\n\nimport \"example.com/eq/lib\"\n\nfunc use() {\n\ts := lib.NewStore()\n\ts.Get()\n\ts.Hello()\n\ts.Query()\n}\n",
	"c/main.c":           "#include \"util.h\"\n\nint main(void) { return util_run(); }\n",
	"c/impl.c":           "int util_run(void) { return 0; }\n",
	"py/app/__init__.py": "",
	"py/app/api.py":      "from app import tool\n\n\nclass Api:\n    def go(self):\n        tool()\n        self.stop()\n",
	"py/app/core.py":     "from app.util import tool\n\n\ndef main():\n    tool()\n    missing()\n",
	"py/app/util.py":     "import os\n\nHOME = os.getenv(\"APP_HOME\")\n\n\ndef tool():\n    return helper()\n\n\ndef helper():\n    pass\n",
	// TypeScript through tsconfig.json paths and baseUrl.
	"web/tsconfig.json":     "{\n  // aliases\n  \"compilerOptions\": {\"baseUrl\": \".\", \"paths\": {\"@lib/*\": [\"src/lib/*\"]},},\n}\n",
	"web/src/lib/math.ts":   "export function add(a: number, b: number): number { return a + b }\n",
	"web/src/other/math.ts": "export function add(a: number, b: number): number { return a - b }\n",
	"web/src/other/sub.ts":  "export function sub(a: number, b: number): number { return a - b }\n",
	"web/src/app.ts":        "import { add } from \"@lib/math\";\nimport { sub } from \"src/other/sub\";\n\nexport const x = add(1, 2);\nexport const y = sub(x, 1);\n",
}

// edits are the random steps: each mutates the worktree.
var edits = []func(t *testing.T, root string, r *rand.Rand){
	func(t *testing.T, root string, r *rand.Rand) { // define a function other files call
		gittest.WriteFile(t, root, "later.go", fmt.Sprintf("package main\n\nfunc later() { helper() }\n\n// v%d\n", r.Intn(1000)))
	},
	func(t *testing.T, root string, r *rand.Rand) { removeIf(t, root, "later.go") },
	func(t *testing.T, root string, r *rand.Rand) { // rename a file
		renameIf(t, root, "lib/step.go", "lib/step_renamed.go")
	},
	func(t *testing.T, root string, r *rand.Rand) { renameIf(t, root, "lib/step_renamed.go", "lib/step.go") },
	func(t *testing.T, root string, r *rand.Rand) { // edit a body, same names
		appendTo(t, root, "lib/run.go", fmt.Sprintf("\nfunc init() { Run() } // %d\n", r.Intn(1000)))
	},
	func(t *testing.T, root string, r *rand.Rand) { // remove a definition others use
		gittest.WriteFile(t, root, "lib/step.go", "package lib\n\ntype Engine struct{ Base }\n")
	},
	func(t *testing.T, root string, r *rand.Rand) { // restore it
		gittest.WriteFile(t, root, "lib/step.go", seedRepo["lib/step.go"])
	},
	func(t *testing.T, root string, r *rand.Rand) { // Python: define the missing function
		gittest.WriteFile(t, root, "py/app/extra.py", "def missing():\n    pass\n")
		appendTo(t, root, "py/app/core.py", "\n\ndef missing():\n    return 1\n")
	},
	func(t *testing.T, root string, r *rand.Rand) { // toggle a package marker
		p := filepath.Join(root, "py/app/__init__.py")
		if _, err := os.Stat(p); err == nil {
			removeIf(t, root, "py/app/__init__.py")
		} else {
			gittest.WriteFile(t, root, "py/app/__init__.py", "")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // change the module path
		gittest.WriteFile(t, root, "go.mod", fmt.Sprintf("module example.com/eq%d\n\ngo 1.26\n", r.Intn(3)))
	},
	func(t *testing.T, root string, r *rand.Rand) { // ignore and un-ignore a directory
		p := filepath.Join(root, ".orbitignore")
		if _, err := os.Stat(p); err == nil {
			removeIf(t, root, ".orbitignore")
		} else {
			gittest.WriteFile(t, root, ".orbitignore", "lib/\n")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // a constructor's declared result changes
		from, to := "func NewStore() *Store", "func NewStore() *DB"
		if !strings.Contains(readFile(t, root, "lib/store.go"), from) {
			from, to = to, from
		}
		gittest.WriteFile(t, root, "lib/store.go", strings.Replace(readFile(t, root, "lib/store.go"), from, to, 1))
	},
	func(t *testing.T, root string, r *rand.Rand) { // a promoted method comes and goes
		if strings.Contains(readFile(t, root, "lib/run.go"), "Hello") {
			gittest.WriteFile(t, root, "lib/run.go", strings.Replace(readFile(t, root, "lib/run.go"), "func (Base) Hello() {}\n", "", 1))
		} else {
			appendTo(t, root, "lib/run.go", "func (Base) Hello() {}\n")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // a field's type changes
		from, to := "db *DB", "db *Store"
		if !strings.Contains(readFile(t, root, "lib/store.go"), from) {
			from, to = to, from
		}
		gittest.WriteFile(t, root, "lib/store.go", strings.Replace(readFile(t, root, "lib/store.go"), from, to, 1))
	},
	func(t *testing.T, root string, r *rand.Rand) { // a type starts or stops satisfying an interface
		if strings.Contains(readFile(t, root, "lib/db.go"), "Get()") {
			gittest.WriteFile(t, root, "lib/db.go", seedRepo["lib/db.go"])
		} else {
			appendTo(t, root, "lib/db.go", "\nfunc (d *DB) Get() {}\n")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // an edit that shifts spans but declares nothing new
		gittest.WriteFile(t, root, "lib/db.go", fmt.Sprintf("package lib\n\n// v%d\n", r.Intn(1000))+strings.TrimPrefix(readFile(t, root, "lib/db.go"), "package lib\n\n"))
	},
	func(t *testing.T, root string, r *rand.Rand) { // a package re-export comes and goes
		p := filepath.Join(root, "py/app/__init__.py")
		if _, err := os.Stat(p); err != nil {
			return
		}
		if readFile(t, root, "py/app/__init__.py") == "" {
			gittest.WriteFile(t, root, "py/app/__init__.py", "from .util import tool\n")
		} else {
			gittest.WriteFile(t, root, "py/app/__init__.py", "")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // a base class gains and loses a method
		if strings.Contains(readFile(t, root, "py/app/api.py"), "class Base") {
			gittest.WriteFile(t, root, "py/app/api.py", seedRepo["py/app/api.py"])
		} else {
			gittest.WriteFile(t, root, "py/app/api.py", "from app import tool\n\n\nclass Base:\n    def stop(self):\n        pass\n\n\nclass Api(Base):\n    def go(self):\n        tool()\n        self.stop()\n")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // an included header starts or stops declaring a function
		if readFile(t, root, "c/util.h") == "" {
			gittest.WriteFile(t, root, "c/util.h", "int util_run(void);\n")
		} else {
			removeIf(t, root, "c/util.h")
		}
	},
	func(t *testing.T, root string, r *rand.Rand) { // same size, same tick: the racy case
		gittest.WriteFile(t, root, "lib/run.go", strings.Replace(readFile(t, root, "lib/run.go"), "Run runs", "Run rubs", 1))
	},
	func(t *testing.T, root string, r *rand.Rand) { // a tsconfig.json's paths or baseUrl change, or it comes and goes
		const p = "web/tsconfig.json"
		cfg := readFile(t, root, p)
		switch {
		case cfg == "":
			gittest.WriteFile(t, root, p, seedRepo[p])
		case r.Intn(3) == 0:
			removeIf(t, root, p)
		case r.Intn(2) == 0: // retarget the alias (a different size, so the change is seen)
			from, to := `"src/lib/*"`, `"src/other/*"`
			if !strings.Contains(cfg, from) {
				from, to = to, from
			}
			gittest.WriteFile(t, root, p, strings.Replace(cfg, from, to, 1))
		default: // move baseUrl: the alias targets and the bare import follow it
			from, to := `"baseUrl": "."`, `"baseUrl": "src"`
			if !strings.Contains(cfg, from) {
				from, to = to, from
			}
			gittest.WriteFile(t, root, p, strings.Replace(cfg, from, to, 1))
		}
	},
}

func TestIncrementalEqualsCold(t *testing.T) {
	steps := 120
	if testing.Short() {
		steps = 40
	}
	repo := gittest.New(t, seedRepo)
	reg := all.Registry()
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	r := rand.New(rand.NewSource(1))
	for step := 0; step < steps; step++ {
		e := r.Intn(len(edits))
		if step > 0 {
			edits[e](t, repo.Root, r)
		}
		if _, err := Run(Options{Location: loc, Registry: reg}); err != nil {
			t.Fatalf("step %d (edit %d): incremental sync: %v", step, e, err)
		}
		if _, err := Run(Options{Location: coldLoc, Registry: reg, Full: true}); err != nil {
			t.Fatalf("step %d: cold sync: %v", step, err)
		}
		inc, cold := dump(t, loc.Path), dump(t, coldLoc.Path)
		if inc != cold {
			t.Fatalf("step %d (edit %d): incremental index differs from cold build (-cold +incremental):\n%s", step, e, cmp.Diff(cold, inc))
		}
	}
}

func TestColdBuildsAreIdentical(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	reg := all.Registry()
	var dumps []string
	for i := 0; i < 2; i++ {
		loc, _ := dbpath.Resolve(repo.Root, extract.Version)
		loc.Path = filepath.Join(t.TempDir(), "x.db")
		if _, err := Run(Options{Location: loc, Registry: reg}); err != nil {
			t.Fatal(err)
		}
		dumps = append(dumps, dump(t, loc.Path))
	}
	if dumps[0] != dumps[1] {
		t.Fatalf("two cold builds differ:\n%s", cmp.Diff(dumps[0], dumps[1]))
	}
	for _, want := range []string{`"example.com/eq/lib.Run"`, "import_resolved",
		`"example.com/eq/lib.Store.Get"`, // s.Get() through lib.NewStore's declared result
		`"implements"`} {
		if !strings.Contains(dumps[0], want) {
			t.Fatalf("dump lacks %s:\n%s", want, dumps[0])
		}
	}
}

func dump(t *testing.T, path string) string {
	t.Helper()
	text, err := store.DumpFile(path, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func appendTo(t *testing.T, root, p, s string) {
	gittest.WriteFile(t, root, p, readFile(t, root, p)+s)
}

func readFile(t *testing.T, root, p string) string {
	b, err := os.ReadFile(filepath.Join(root, p))
	if err != nil {
		return ""
	}
	return string(b)
}

func removeIf(t *testing.T, root, p string) {
	if err := os.Remove(filepath.Join(root, p)); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
}

func renameIf(t *testing.T, root, from, to string) {
	if err := os.Rename(filepath.Join(root, from), filepath.Join(root, to)); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
}
