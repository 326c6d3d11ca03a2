package python

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestDependencies(t *testing.T) {
	m := &pyModules{packageDirs: packageDirs{"app": true, "app/sub": true}}
	probe := []byte(`{"version": "3.11.7", "stdlib": "/py/lib", "std": ["json", "os"],
		"dists": [{"name": "PyYAML", "version": "6.0.3", "top": ["yaml", "_yaml"], "root": "/py/site"},
		          {"name": "shadow", "version": "1", "top": ["json"], "root": "/py/site"}]}`)
	d := m.Dependencies(probe)
	want := []extract.Package{
		{Name: "app", Kind: extract.PackageOwn, Root: "app"},
		{Name: "python", Version: "3.11.7", Kind: extract.PackageStdlib, Root: "/py/lib"},
		{Name: "PyYAML", Version: "6.0.3", Kind: extract.PackageDependency, Root: "/py/site"},
		{Name: "shadow", Version: "1", Kind: extract.PackageDependency, Root: "/py/site"},
	}
	if got := d.Packages(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Packages() = %+v, want %+v", got, want)
	}
	for _, c := range []struct {
		module string
		pkg    int
		places []string
		ok     bool
	}{
		{"json", 1, []string{"json", "json.pyi", "json.py"}, true}, // the standard library keeps its names
		{"json.decoder", 1, []string{"json/decoder", "json/decoder.pyi", "json/decoder.py"}, true},
		{"yaml.constructor", 2, []string{"yaml/constructor", "yaml/constructor.pyi", "yaml/constructor.py"}, true},
		{"app.sub", 0, nil, false},  // own
		{"requests", 0, nil, false}, // not installed
		{".models", 0, nil, false},  // unresolved relative import
	} {
		pkg, places, ok := d.Locate(c.module)
		if pkg != c.pkg || !reflect.DeepEqual(places, c.places) || ok != c.ok {
			t.Errorf("Locate(%q) = %d, %v, %v; want %d, %v, %v", c.module, pkg, places, ok, c.pkg, c.places, c.ok)
		}
	}
	if !d.Includes("api.py", nil) || d.Includes("test_api.py", nil) || !d.Includes("api.pyi", nil) {
		t.Error("Includes: want .py sources and .pyi stubs, not tests")
	}
	if got := d.Context(1, "@python"); got.Root != "@python" {
		t.Errorf("Context = %+v, want Root @python", got)
	}
	if d := m.Dependencies(nil); d.Packages()[1].Missing == "" {
		t.Error("a failed probe must leave the standard library missing")
	}
}

// newVenv creates a real virtualenv (python3 -m venv, without pip) and
// returns its site-packages directory.
func newVenv(t *testing.T, dir string) string {
	t.Helper()
	if out, err := exec.Command("python3", "-m", "venv", "--without-pip", dir).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v %s", err, out)
	}
	sites, _ := filepath.Glob(filepath.Join(dir, "lib", "python3*", "site-packages"))
	if len(sites) != 1 {
		t.Fatalf("site-packages of %s: %v", dir, sites)
	}
	return sites[0]
}

// probeDeps runs the language's real probe and reads its output, as
// core does.
func probeDeps(t *testing.T, root string) (*pyModules, extract.DependencySet, map[string]extract.Package) {
	t.Helper()
	m := New().Modules(nil).(*pyModules)
	m.SetHost(extracttest.Host{Dir: root})
	p := m.Probe()
	cmd := exec.Command(p.Args[0], p.Args[1:]...)
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("probe %v: %v", p.Args, err)
	}
	d := m.Dependencies(out)
	byName := map[string]extract.Package{}
	for _, pk := range d.Packages() {
		byName[pk.Name] = pk
	}
	return m, d, byName
}

// TestDependenciesVirtualenv: the worktree's .venv is the interpreter
// probed, so its site-packages hold the dependencies (a hand-laid
// distribution with a real .dist-info); a `<name>-stubs` distribution
// serves <name>; declared distributions the virtualenv lacks are named
// missing; without a .venv, $VIRTUAL_ENV is used.
func TestDependenciesVirtualenv(t *testing.T) {
	root := t.TempDir()
	site := newVenv(t, filepath.Join(root, ".venv"))
	extracttest.WriteFiles(t, site, map[string]string{
		"greet/__init__.py":                         "def hello(): return 'hi'\n",
		"greet/core.py":                             "class Greeter: pass\n",
		"greet-1.2.0.dist-info/METADATA":            "Metadata-Version: 2.1\nName: greet\nVersion: 1.2.0\n",
		"greet-1.2.0.dist-info/top_level.txt":       "greet\n",
		"greet-1.2.0.dist-info/RECORD":              "greet/__init__.py,,\n",
		"other/__init__.py":                         "def f(): pass\n",
		"other-3.0.dist-info/METADATA":              "Metadata-Version: 2.1\nName: other\nVersion: 3.0\n",
		"other-3.0.dist-info/top_level.txt":         "other\n",
		"other-stubs/__init__.pyi":                  "def f() -> None: ...\n",
		"other-stubs/api.pyi":                       "def g() -> int: ...\n",
		"types_other-3.0.1.dist-info/METADATA":      "Metadata-Version: 2.1\nName: types-other\nVersion: 3.0.1\n",
		"types_other-3.0.1.dist-info/top_level.txt": "other-stubs\n",
		"part-stubs/__init__.pyi":                   "",
		"part-stubs/py.typed":                       "partial\n",
		"part/__init__.py":                          "",
		"part-1.dist-info/METADATA":                 "Metadata-Version: 2.1\nName: part\nVersion: 1\n",
		"part-1.dist-info/top_level.txt":            "part\n",
		"types_part-1.dist-info/METADATA":           "Metadata-Version: 2.1\nName: types-part\nVersion: 1\n",
		"types_part-1.dist-info/top_level.txt":      "part-stubs\n",
	})
	extracttest.WriteFiles(t, root, map[string]string{
		"pyproject.toml":       "[project]\nname = \"app\"\ndependencies = [\n  \"Greet>=1.0\",  # installed, named otherwise\n  'absent[extra] ~= 2.0',\n]\n\n[tool.x]\ndependencies = [\"not-a-dep\"]\n",
		"requirements-dev.txt": "-r requirements.txt\nother==3.0\nalso_absent ; python_version > '3'\n./local/path\n",
	})
	m, d, pk := probeDeps(t, root)
	if want := filepath.Join(root, ".venv", "bin", "python"); m.interpreter() != want {
		t.Fatalf("interpreter %s, want %s", m.interpreter(), want)
	}
	if g := pk["greet"]; g.Version != "1.2.0" || g.Missing != "" || filepath.Clean(g.Root) != filepath.Clean(site) {
		t.Errorf("greet: %+v, want 1.2.0 in %s", g, site)
	}
	if s := pk["types-other"]; s.IndexDir != "other" || s.Root != filepath.Join(site, "other-stubs") {
		t.Errorf("types-other: %+v, want Root other-stubs, IndexDir other", s)
	}
	for _, name := range []string{"absent", "also_absent"} {
		if p := pk[name]; !strings.Contains(p.Missing, "not installed") {
			t.Errorf("%s: %+v, want missing", name, p)
		}
	}
	for _, name := range []string{"not-a-dep", "Greet", "other"} {
		if p, ok := pk[name]; ok && p.Missing != "" {
			t.Errorf("%s: %+v, not missing", name, p)
		}
	}
	i, places, ok := d.Locate("other.api")
	if !ok || d.Packages()[i].Name != "types-other" || !reflect.DeepEqual(places, []string{"api", "api.pyi", "api.py"}) {
		t.Errorf("Locate(other.api) = %d, %v, %v; want the stubs", i, places, ok)
	}
	if i, _, ok := d.Locate("part"); !ok || d.Packages()[i].Name != "part" {
		t.Errorf("Locate(part) = %d, %v; partial stubs leave the sources", i, ok)
	}
	if got := d.Context(i, "@python/other"); got.Root != "@python" {
		t.Errorf("stub Context = %+v, want Root @python", got)
	}
	if i, places, ok = d.Locate("greet.core"); !ok || d.Packages()[i].Name != "greet" || places[0] != "greet/core" {
		t.Errorf("Locate(greet.core) = %d, %v, %v", i, places, ok)
	}

	// No .venv: the active virtualenv.
	active := t.TempDir()
	site2 := newVenv(t, active)
	extracttest.WriteFiles(t, site2, map[string]string{
		"solo/__init__.py":                 "",
		"solo-0.1.dist-info/METADATA":      "Metadata-Version: 2.1\nName: solo\nVersion: 0.1\n",
		"solo-0.1.dist-info/top_level.txt": "solo\n",
	})
	t.Setenv("VIRTUAL_ENV", active)
	_, _, pk = probeDeps(t, t.TempDir())
	if s := pk["solo"]; s.Version != "0.1" {
		t.Errorf("$VIRTUAL_ENV: solo %+v, want 0.1", s)
	}
}

// TestLocateStubsFirst: a module's .pyi is read before its .py, and a
// package directory holding both is read by its __init__ alone.
func TestLocateStubsFirst(t *testing.T) {
	site := t.TempDir()
	extracttest.WriteFiles(t, site, map[string]string{
		"both/__init__.py":  "",
		"both/__init__.pyi": "",
		"both/x.py":         "",
		"plain/__init__.py": "",
		"plain/y.pyi":       "",
	})
	m := &pyModules{packageDirs: packageDirs{}, host: extracttest.Host{}}
	probe := []byte(`{"version": "3", "stdlib": "/py/lib", "dists": [{"name": "both", "version": "1", "top": ["both", "plain"], "root": "` + filepath.ToSlash(site) + `"}]}`)
	d := m.Dependencies(probe)
	if _, places, _ := d.Locate("both"); !reflect.DeepEqual(places, []string{"both/__init__.pyi", "both/__init__.py", "both.pyi", "both.py"}) {
		t.Errorf("Locate(both) = %v", places)
	}
	if _, places, _ := d.Locate("plain"); !reflect.DeepEqual(places, []string{"plain", "plain.pyi", "plain.py"}) {
		t.Errorf("Locate(plain) = %v", places)
	}
}

// TestDeclared: the distributions pyproject.toml (PEP 621, Poetry) and
// the requirements files name, options, paths and URLs left out.
func TestDeclared(t *testing.T) {
	root := t.TempDir()
	extracttest.WriteFiles(t, root, map[string]string{
		"pyproject.toml": `[project]
name = "app"
dependencies = ["attrs>=22", 'Click[extra] ; python_version > "3"', "zope.interface"]

[project.optional-dependencies]
test = ["pytest"]

[tool.poetry.dependencies]
python = "^3.9"
requests = "^2.31"
"typing-extensions" = { version = "*" }
`,
		"requirements.txt":     "# pinned\n--index-url https://x\n-e .\nnumpy==1.26  # comment\nhttps://example.com/x.whl\n./vendor/pkg\n",
		"requirements/dev.txt": "black\nattrs\n",
	})
	m := &pyModules{packageDirs: packageDirs{}, root: root, host: extracttest.Host{Dir: root}}
	want := []string{"attrs", "Click", "zope.interface", "requests", "typing-extensions", "numpy", "black"}
	if got := m.declared(); !reflect.DeepEqual(got, want) {
		t.Errorf("declared() = %v, want %v", got, want)
	}
}

// TestProjectDependenciesTOML: what a line-by-line reading got wrong: a
// commented table header, an array spread over lines with comments, a
// multi-line string holding a dependencies line, a Poetry inline table
// spanning lines (TOML 1.1), a quoted key; a malformed file names none.
func TestProjectDependenciesTOML(t *testing.T) {
	pyproject := `[project] # PEP 621
name = "app"
description = '''
dependencies = ["fake"]
'''
dependencies = [
  "attrs>=22", # "not-this"
  'click',
]

[tool.poetry.dependencies]
python = "^3.9"
requests = { version = "^2.31",
  extras = ["socks"] }
"zope.interface" = "*"
`
	want := []string{"attrs>=22", "click", "requests", "zope.interface"}
	if got := projectDependencies([]byte(pyproject)); !reflect.DeepEqual(got, want) {
		t.Errorf("projectDependencies = %q, want %q", got, want)
	}
	if got := projectDependencies([]byte("[project]\ndependencies = [\"a\"\n")); got != nil {
		t.Errorf("a malformed pyproject.toml: %q, want nothing", got)
	}
}
