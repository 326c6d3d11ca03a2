package indexer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// stepsEqualCold runs each step, then an incremental sync of loc and a
// cold build, and requires the same index and the wanted rows.
func stepsEqualCold(t *testing.T, root string, steps []gapStep) {
	t.Helper()
	loc, _ := dbpath.Resolve(root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "inc.db")
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	for _, s := range steps {
		s.do()
		coldDump, cold := syncEqualsCold(t, s.name, loc, coldLoc, true)
		for _, w := range s.want {
			if !strings.Contains(coldDump, w) {
				t.Fatalf("step %s: dump lacks %s\n%s\n%s", s.name, w, sectionOf(coldDump, "packages"), sectionOf(coldDump, "refs"))
			}
		}
		for _, b := range s.bad {
			if strings.Contains(coldDump, b) {
				t.Fatalf("step %s: dump holds %s", s.name, b)
			}
		}
		if missing := strings.Join(cold.Packages.Missing, "\n"); s.missing != "" && !strings.Contains(missing, s.missing) {
			t.Fatalf("step %s: missing %q, want %s", s.name, missing, s.missing)
		}
	}
}

type gapStep struct {
	name      string
	do        func()
	want, bad []string
	missing   string
}

// TestPackagesLocalReplace: `replace example.com/lib => ../lib` reads the
// module from that directory; editing it (no file of the worktree
// changes: the state key says so), pointing the replacement at another directory,
// at a missing one, and at one inside the worktree the scan leaves out
// give, incrementally, what a cold build gives.
func TestPackagesLocalReplace(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	parent := filepath.Dir(repo.Root)
	libA, libB := filepath.Join(parent, "libA"), filepath.Join(parent, "libB")
	lib := func(dir, fn string) {
		gittest.WriteFile(t, dir, "go.mod", "module example.com/lib\n")
		gittest.WriteFile(t, dir, "lib.go", "package lib\n\ntype Greeter interface{ Greet() string }\n\ntype Base struct{}\n\nfunc (Base) Name() string { return \"b\" }\n\nfunc "+fn+"() string { return \"hi\" }\n")
	}
	lib(libA, "Hello")
	lib(libB, "Other")
	// Named by the worktree, so read where declared (a dependency's
	// declaration nobody names is not: DESIGN.md, Selection).
	gittest.WriteFile(t, repo.Root, "names.go", "package main\n\nimport \"example.com/lib\"\n\nfunc names() { lib.Hello2(); lib.Other() }\n")
	gomod := func(target string) {
		gittest.WriteFile(t, repo.Root, "go.mod", depsSeed["go.mod"]+"\nreplace example.com/lib => "+target+"\n")
	}
	def := func(name string) string { return "\"example.com/lib." + name + "\"\t\"@go/example.com/lib/lib.go\"" }
	hello := def("Hello")
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "replace => ../libA", do: func() { gomod("../libA") }, want: []string{hello, "\"go\"\t\"example.com/lib\"\t\"\"\t\"dependency\""}},
		{name: "edit ../libA", do: func() { lib(libA, "Hello2") }, want: []string{def("Hello2")}, bad: []string{hello}},
		{name: "replace => ../libB", do: func() { gomod("../libB") }, want: []string{def("Other")}, bad: []string{def("Hello2")}},
		{name: "replace => ../gone", do: func() { gomod("../gone") }, missing: "example.com/lib@: replaced by ../gone, which is not a directory", bad: []string{`"@go/example.com/lib/`}},
		{name: "replace => ./third_party/lib", do: func() {
			lib(filepath.Join(repo.Root, "third_party", "lib"), "Hello")
			gomod("./third_party/lib")
		}, want: []string{hello}},
	})
}

// TestPackagesDeclarationSelected: of a dependency's file, only the
// declarations the worktree names (with their closure) are read; naming
// another declaration of a file already read (lib.go, read for Hello and
// Base), or no longer, re-extracts that file though its bytes did not
// change, and incrementally gives what a cold build gives.
func TestPackagesDeclarationSelected(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	greeter := "\"@go/example.com/lib/lib.go\"\t\"Greeter\"\t\"example.com/lib.Greeter\"\t\"interface\""
	implements := "\"example.com/app.hello\"\t\"example.com/lib.Greeter\"\t\"implements\""
	names := func(src string) func() {
		return func() {
			gittest.WriteFile(t, repo.Root, "names.go", "package main\n\nimport \"example.com/lib\"\n\n"+src)
		}
	}
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "Greeter unnamed", do: func() {}, want: []string{`"@go/example.com/lib/lib.go"`}, bad: []string{greeter, implements}},
		{name: "Greeter named", do: names("var _ lib.Greeter\n"), want: []string{greeter, implements}},
		{name: "Greeter unnamed again", do: names("func f() { lib.Hello() }\n"), want: []string{`"@go/example.com/lib/lib.go"`}, bad: []string{greeter, implements}},
	})
}

// TestPackagesVendor: a vendored module is read from vendor/ (left out of
// the scan), not from the module cache.
func TestPackagesVendor(t *testing.T) {
	fakeModCache(t)
	t.Setenv("GOFLAGS", "")
	repo := gittest.New(t, depsSeed)
	gittest.WriteFile(t, repo.Root, "vendor/modules.txt", "# example.com/lib v1.0.0\n## explicit\nexample.com/lib\n")
	gittest.WriteFile(t, repo.Root, "vendor/example.com/lib/lib.go", "package lib\n\ntype Base struct{}\n\nfunc Vendored() {}\n\nfunc Hello() string { return \"v\" }\n")
	gittest.WriteFile(t, repo.Root, "names.go", "package main\n\nimport \"example.com/lib\"\n\nvar _ lib.Greeter\n\nfunc names() { lib.Vendored() }\n")
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	syncPackages(t, loc, false, true)
	d := dump(t, loc.Path)
	if !strings.Contains(d, "\"example.com/lib.Vendored\"\t\"@go/") || strings.Contains(d, "\"example.com/lib.Greeter\"\t\"@go/") {
		t.Fatalf("want the vendored copy of example.com/lib, not the module cache's:\n%s", sectionOf(d, "symbols"))
	}
}

// TestPackagesVirtualenv: the worktree's .venv is the interpreter probed:
// a distribution installed there (a real .dist-info) is indexed and a
// call into it resolves; one the worktree declares but the venv lacks is
// named missing; creating the venv, upgrading the distribution in it and
// removing the venv (no file of the worktree changes) give, incrementally,
// what a cold build gives.
func TestPackagesVirtualenv(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	repo := gittest.New(t, map[string]string{
		"app/__init__.py": "",
		"app/main.py":     "import greet\n\n\ndef main():\n    return greet.hello()\n",
		"pyproject.toml":  "[project]\nname = \"app\"\ndependencies = [\"greet>=1\", \"absent\"]\n",
	})
	venv := filepath.Join(repo.Root, ".venv")
	var site string
	install := func(version, fn string) {
		for _, old := range []string{"greet", "greet-1.0.dist-info", "greet-2.0.dist-info"} {
			if err := os.RemoveAll(filepath.Join(site, old)); err != nil {
				t.Fatal(err)
			}
		}
		gittest.WriteFile(t, site, "greet/__init__.py", "def "+fn+"():\n    return 'hi'\n")
		gittest.WriteFile(t, site, "greet-"+version+".dist-info/METADATA", "Metadata-Version: 2.1\nName: greet\nVersion: "+version+"\n")
		gittest.WriteFile(t, site, "greet-"+version+".dist-info/top_level.txt", "greet\n")
	}
	hello := "\"greet.hello\"\t\"@python/greet/__init__.py\""
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "no venv", do: func() {}, missing: "python absent@: declared by the worktree, not installed"},
		{name: "venv with greet 1.0", do: func() {
			site = newVenv(t, venv)
			install("1.0", "hello")
		}, want: []string{hello, "\"python\"\t\"greet\"\t\"1.0\""}},
		// 2.0 renames hello: the call loses its target, and hello2, which
		// nothing names, is not read (a dependency's module is read as far
		// as the worktree names it).
		{name: "greet 2.0", do: func() { install("2.0", "hello2") }, want: []string{"\"python\"\t\"greet\"\t\"2.0\"", "\"@python/greet/__init__.py\""}, bad: []string{hello, "greet.hello2"}},
		{name: "venv removed", do: func() {
			if err := os.RemoveAll(venv); err != nil {
				t.Fatal(err)
			}
		}, bad: []string{"@python/greet/"}},
	})
}
