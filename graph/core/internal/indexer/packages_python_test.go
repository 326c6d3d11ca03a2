package indexer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestPackagesPythonSelection: of a distribution's package directory only
// the __init__, the modules its re-export chains bring to a name the
// worktree states through it, and the modules the worktree imports are
// read (DESIGN.md, Python dependencies), and of those the statements
// binding the names reached and what they read in turn (a class's base
// through a from-import; not the module constant or the other class the
// same import binds); a name coming or going brings or
// takes its module, and every step gives, incrementally, what a cold build
// gives. A dependency's def bodies are blanked: a function nested in one
// is not indexed.
func TestPackagesPythonSelection(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"app/__init__.py": "",
		"app/main.py":     "import shapes\n\n\ndef main():\n    return shapes.area(2)\n",
	})
	site := newVenv(t, filepath.Join(repo.Root, ".venv"))
	gittest.WriteFile(t, site, "shapes-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: shapes\nVersion: 1.0\n")
	gittest.WriteFile(t, site, "shapes-1.0.dist-info/top_level.txt", "shapes\n")
	gittest.WriteFile(t, site, "shapes/__init__.py", "from .circle import *\nfrom .square import Square as Box\n")
	gittest.WriteFile(t, site, "shapes/circle.py", "from ._geometry import *\n\n\ndef area(r):\n    def inner():\n        pass\n    return 3 * r * r\n")
	gittest.WriteFile(t, site, "shapes/_geometry.py", "from .base import Shape, Unused\n\nPI = 3\n\n\nclass Circle(Shape):\n    def __init__(self, r):\n        self.r = r\n")
	gittest.WriteFile(t, site, "shapes/base.py", "class Shape:\n    pass\n\n\nclass Unused:\n    def only_here(self):\n        pass\n")
	gittest.WriteFile(t, site, "shapes/square.py", "class Square:\n    def side(self):\n        return 1\n")
	gittest.WriteFile(t, site, "shapes/extra.py", "def unused():\n    return 0\n")
	main := func(body string) func() {
		return func() { gittest.WriteFile(t, repo.Root, "app/main.py", "import shapes\n\n\ndef main():\n"+body) }
	}
	const (
		init    = `"@python/shapes/__init__.py"`
		circle  = `"@python/shapes/circle.py"`
		geo     = `"@python/shapes/_geometry.py"`
		square  = `"@python/shapes/square.py"`
		extra   = `"@python/shapes/extra.py"`
		area    = "\"shapes.circle.area\"\t\"@python/shapes/circle.py\""
		nested  = "shapes.circle.area.inner"
		circleC = "\"shapes._geometry.Circle\"\t\"@python/shapes/_geometry.py\""
		shape   = "\"shapes.base.Shape\""
		pi      = "\"shapes._geometry.PI\""
		unused  = "shapes.base.Unused.only_here"
	)
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "name area", do: func() {}, want: []string{init, area}, bad: []string{geo, square, extra, nested, shape}},
		{name: "name Box too", do: main("    shapes.Box()\n    return shapes.area(2)\n"), want: []string{square, circle}, bad: []string{geo, extra}},
		{name: "stop naming area", do: main("    return shapes.Box()\n"), want: []string{square}, bad: []string{circle, geo}},
		{name: "name Circle, two stars away", do: main("    return shapes.Circle(1)\n"), want: []string{circle, geo, circleC, shape}, bad: []string{square, pi, unused}},
		{name: "import a module", do: func() {
			gittest.WriteFile(t, repo.Root, "app/more.py", "from shapes import extra\n\n\ndef more():\n    return extra.unused()\n")
		}, want: []string{extra}},
		{name: "drop it", do: func() { removeIf(t, repo.Root, "app/more.py") }, bad: []string{extra}},
	})
}

// TestPackagesPythonProbeCached: with the extraction cache, the
// interpreter's answer is kept across processes (a Keyed probe) and is
// never stale: installing into the venv, then upgrading there (no file of
// the worktree changes), are seen by the next process's sync.
func TestPackagesPythonProbeCached(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"app/__init__.py": "",
		"app/main.py":     "import greet\n\n\ndef main():\n    return greet.hello()\n",
	})
	site := newVenv(t, filepath.Join(repo.Root, ".venv"))
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "pyprobe"})
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	for _, version := range []string{"", "1.0", "2.0", "2.0"} {
		if version != "" {
			for _, old := range []string{"greet-1.0.dist-info", "greet-2.0.dist-info"} {
				if err := os.RemoveAll(filepath.Join(site, old)); err != nil {
					t.Fatal(err)
				}
			}
			gittest.WriteFile(t, site, "greet/__init__.py", "def hello():\n    return 'hi'\n")
			gittest.WriteFile(t, site, "greet-"+version+".dist-info/METADATA", "Metadata-Version: 2.1\nName: greet\nVersion: "+version+"\n")
			gittest.WriteFile(t, site, "greet-"+version+".dist-info/top_level.txt", "greet\n")
		}
		probes.Clear() // a new process
		gittest.WriteFile(t, repo.Root, "app/main.py", "import greet\n\n\ndef main():\n    return greet.hello()\n# "+version+"\n")
		if _, err := Run(Options{Location: loc, Registry: all.Registry(), Packages: true, Cache: cache}); err != nil {
			t.Fatal(err)
		}
		d := dump(t, loc.Path)
		if want := "\"python\"\t\"greet\"\t\"" + version + "\""; version != "" && !strings.Contains(d, want) {
			t.Fatalf("greet %s installed: the index lacks %s\n%s", version, want, sectionOf(d, "packages"))
		}
		if version == "" && strings.Contains(sectionOf(d, "packages"), "\"greet\"") {
			t.Fatalf("greet not installed yet, but indexed:\n%s", sectionOf(d, "packages"))
		}
	}
}

// newVenv creates a real virtualenv at dir (python3 -m venv, without pip)
// and returns its site-packages; the test is skipped without python3 or
// its venv module.
func newVenv(t *testing.T, dir string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if out, err := exec.Command("python3", "-m", "venv", "--without-pip", dir).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v %s", err, out)
	}
	sites, _ := filepath.Glob(filepath.Join(dir, "lib", "python3*", "site-packages"))
	if len(sites) == 0 {
		t.Skip("no site-packages in the venv")
	}
	return sites[0]
}

// TestPackagesPythonVersionFile: the probe runs in the worktree, so that
// pyenv's shim runs the interpreter the project's .python-version names
// (it ran in the temporary directory and got pyenv's global version); an
// edit of .python-version probes again, incrementally as cold. It uses the
// machine's pyenv, and is skipped without two installed versions.
func TestPackagesPythonVersionFile(t *testing.T) {
	global, other := pyenvVersions(t)
	repo := gittest.New(t, map[string]string{
		"app/main.py":     "import json\n\n\ndef main():\n    return json.dumps(1)\n",
		".python-version": other + "\n",
	})
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	stdlib := func() string {
		t.Helper()
		probes.Clear() // a new process
		if _, err := Run(Options{Location: loc, Registry: all.Registry(), Packages: true}); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(sectionOf(dump(t, loc.Path), "packages"), "\n") {
			if f := strings.Split(line, "\t"); len(f) > 3 && f[1] == `"python"` && strings.Contains(line, `"stdlib"`) {
				return strings.Trim(f[2], `"`)
			}
		}
		t.Fatal("no standard library indexed")
		return ""
	}
	if got := stdlib(); got != other {
		t.Errorf(".python-version %s: the standard library indexed is %s's", other, got)
	}
	gittest.WriteFile(t, repo.Root, ".python-version", global+"\n")
	if got := stdlib(); got != global {
		t.Errorf(".python-version edited to %s: the standard library indexed is still %s's", global, got)
	}
}

// pyenvVersions are pyenv's global version and another installed one
// (3.8 or later), the test skipped without them.
func pyenvVersions(t *testing.T) (global, other string) {
	t.Helper()
	if p, err := exec.LookPath("python3"); err != nil || !strings.Contains(p, filepath.Join("shims", "python3")) {
		t.Skip("python3 is not pyenv's shim")
	}
	dir := t.TempDir()
	out := func(args ...string) string {
		cmd := exec.Command("pyenv", args...)
		cmd.Dir = dir
		b, err := cmd.Output()
		if err != nil {
			t.Skipf("pyenv %v: %v", args, err)
		}
		return strings.TrimSpace(string(b))
	}
	global = out("version-name")
	for _, v := range strings.Fields(out("versions", "--bare")) {
		var minor int
		if _, err := fmt.Sscanf(v, "3.%d.", &minor); err == nil && minor >= 8 && v != global {
			other = v
		}
	}
	if other == "" || !strings.HasPrefix(global, "3.") {
		t.Skipf("pyenv: global %q, no other 3.8+ version installed", global)
	}
	return global, other
}
