package golang

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// depsOf builds the worktree's Modules from its go.mod files, as core
// does, and asks for its packages with the given environment.
func depsOf(t *testing.T, root string, gomods []string, env goEnv) (extract.DependencySet, map[string]extract.Package) {
	t.Helper()
	var markers []extract.MarkerFile
	for _, p := range gomods {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		markers = append(markers, extract.MarkerFile{Path: p, Content: b})
	}
	m := New().Modules(markers)
	m.(extract.HostUser).SetHost(extracttest.Host{Dir: root})
	probe, _ := json.Marshal(env)
	d := m.(extract.Dependent).Dependencies(probe)
	byName := map[string]extract.Package{}
	for _, p := range d.Packages() {
		byName[p.Name] = p
	}
	return d, byName
}

// TestDependenciesLocalReplace: a directory replacement outside the
// worktree is a dependency read from that directory, one inside it that
// the scan leaves out (third_party/) too, a missing directory is named,
// and a version replacement is looked up in the module cache under its
// new path and version, go.sum saying why one is not there.
func TestDependenciesLocalReplace(t *testing.T) {
	base := t.TempDir()
	root, cache := filepath.Join(base, "app"), filepath.Join(base, "cache")
	extracttest.WriteFiles(t, base, map[string]string{
		"lib/go.mod":                           "module example.com/lib\n",
		"lib/lib.go":                           "package lib\n",
		"cache/example.com/fork@v1.2.0/go.mod": "module example.com/fork\n",
		"app/go.mod": `module example.com/app

go 1.22

require (
	example.com/lib v1.0.0
	example.com/tp v0.1.0
	example.com/gone v1.0.0
	example.com/up v1.0.0
	example.com/down v1.0.0
	example.com/sumless v1.0.0
	example.com/modonly v1.0.0
)

replace example.com/lib => ../lib
replace example.com/tp => ./third_party/tp
replace example.com/gone => ../gone
replace example.com/up v1.0.0 => example.com/fork v1.2.0
replace example.com/down v0.9.0 => ../lib
`,
		"app/go.sum":               "example.com/down v1.0.0 h1:x=\nexample.com/down v1.0.0/go.mod h1:y=\nexample.com/modonly v1.0.0/go.mod h1:z=\n",
		"app/third_party/tp/tp.go": "package tp\n",
	})
	d, pk := depsOf(t, root, []string{"go.mod"}, goEnv{GOMODCACHE: cache, GOROOT: "/goroot"})
	want := map[string]extract.Package{
		"example.com/lib":  {Name: "example.com/lib", Kind: extract.PackageDependency, Root: filepath.Join(base, "lib"), IndexDir: "example.com/lib"},
		"example.com/tp":   {Name: "example.com/tp", Kind: extract.PackageDependency, Root: filepath.Join(root, "third_party", "tp"), IndexDir: "example.com/tp"},
		"example.com/gone": {Name: "example.com/gone", Kind: extract.PackageDependency, IndexDir: "example.com/gone", Missing: "replaced by ../gone, which is not a directory"},
		"example.com/up":   {Name: "example.com/up", Version: "v1.2.0", Kind: extract.PackageDependency, Root: filepath.Join(cache, "example.com", "fork@v1.2.0"), IndexDir: "example.com/up"},
	}
	for name, w := range want {
		if got := pk[name]; got != w {
			t.Errorf("%s: got %+v\nwant %+v", name, got, w)
		}
	}
	// A replacement of another version does not apply; go.sum tells why
	// a module is not in the cache.
	for name, reason := range map[string]string{
		"example.com/down":    "go.sum has it: not downloaded here",
		"example.com/modonly": "go.sum has only its go.mod",
		"example.com/sumless": "not in go.sum either",
	} {
		if p := pk[name]; !strings.HasPrefix(p.Missing, "not on disk: "+cache) || !strings.Contains(p.Missing, reason) {
			t.Errorf("%s: Missing = %q, want not on disk … %s", name, p.Missing, reason)
		}
	}
	if i, places, ok := d.Locate("example.com/lib/sub"); !ok || d.Packages()[i].Name != "example.com/lib" || places[0] != "sub" {
		t.Errorf("Locate(example.com/lib/sub) = %d, %v, %v", i, places, ok)
	}
	if _, _, ok := d.Locate("example.com/gone"); ok {
		t.Error("a missing replacement must not be located")
	}
}

// TestDependenciesVendor: with vendor/modules.txt and go 1.14 or later, a
// module is read from vendor/ (at the version modules.txt records), a
// local replacement included; -mod=mod sends it back to the module cache.
func TestDependenciesVendor(t *testing.T) {
	root, cache := t.TempDir(), t.TempDir()
	extracttest.WriteFiles(t, root, map[string]string{
		"go.mod":                    "module example.com/app\n\ngo 1.21\n\nrequire (\n\texample.com/v v1.0.0\n\texample.com/r v1.0.0\n)\n\nreplace example.com/r => ../r\n",
		"vendor/modules.txt":        "# example.com/v v1.0.1\n## explicit\nexample.com/v\n# example.com/r v1.0.0 => ../r\n## explicit\nexample.com/r\n",
		"vendor/example.com/v/v.go": "package v\n",
		"vendor/example.com/r/r.go": "package r\n",
	})
	_, pk := depsOf(t, root, []string{"go.mod"}, goEnv{GOMODCACHE: cache})
	if p := pk["example.com/v"]; p.Root != filepath.Join(root, "vendor", "example.com", "v") || p.Version != "v1.0.1" || p.Missing != "" {
		t.Errorf("vendored module: %+v", p)
	}
	if p := pk["example.com/r"]; p.Root != filepath.Join(root, "vendor", "example.com", "r") || p.Missing != "" {
		t.Errorf("vendored local replacement: %+v", p)
	}
	_, pk = depsOf(t, root, []string{"go.mod"}, goEnv{GOMODCACHE: cache, GOFLAGS: "-mod=mod"})
	if p := pk["example.com/v"]; p.Root != filepath.Join(cache, "example.com", "v@v1.0.0") {
		t.Errorf("-mod=mod: %+v, want the module cache", p)
	}
	extracttest.WriteFiles(t, root, map[string]string{"go.mod": "module example.com/app\n\ngo 1.13\n\nrequire example.com/v v1.0.0\n"})
	if _, pk = depsOf(t, root, []string{"go.mod"}, goEnv{GOMODCACHE: cache}); pk["example.com/v"].Root != filepath.Join(cache, "example.com", "v@v1.0.0") {
		t.Errorf("go 1.13: %+v, want the module cache", pk["example.com/v"])
	}
	if _, pk = depsOf(t, root, []string{"go.mod"}, goEnv{GOMODCACHE: cache, GOFLAGS: "-mod=vendor"}); pk["example.com/v"].Root != filepath.Join(root, "vendor", "example.com", "v") {
		t.Errorf("go 1.13, -mod=vendor: %+v, want vendor/", pk["example.com/v"])
	}
}

// TestDependenciesWorkspace: go.work's use directives make a module
// outside the worktree a dependency read from its directory (whatever
// version go.mod requires), its replace directives override the
// modules', and GOWORK=off ignores it.
func TestDependenciesWorkspace(t *testing.T) {
	base := t.TempDir()
	root, cache := filepath.Join(base, "ws"), filepath.Join(base, "cache")
	extracttest.WriteFiles(t, base, map[string]string{
		"shared/go.mod": "module example.com/shared\n",
		"other/go.mod":  "module example.com/other\n",
		"ws/go.work":    "go 1.22\n\nuse (\n\t.\n\t./a\n\t./b\n\t../shared\n)\n\nreplace example.com/x => ../other\n",
		"ws/go.mod":     "module example.com/ws\n",
		"ws/a/go.mod":   "module example.com/a\n\ngo 1.22\n\nrequire (\n\texample.com/b v0.0.0\n\texample.com/shared v1.0.0\n\texample.com/x v1.0.0\n)\n",
		"ws/b/go.mod":   "module example.com/b\n\ngo 1.22\n\nrequire example.com/x v1.0.0\n\nreplace example.com/x => example.com/y v1.0.0\n",
	})
	d, pk := depsOf(t, root, []string{"go.mod", "a/go.mod", "b/go.mod"}, goEnv{GOMODCACHE: cache})
	if p := pk["example.com/ws"]; p.Kind != extract.PackageOwn || p.Root != "" {
		t.Errorf("ws (use .): %+v, want own", p)
	}
	if p := pk["example.com/b"]; p.Kind != extract.PackageOwn || p.Root != "b" {
		t.Errorf("b: %+v, want own", p)
	}
	if p := pk["example.com/shared"]; p.Kind != extract.PackageDependency || p.Root != filepath.Join(base, "shared") || p.Missing != "" {
		t.Errorf("shared: %+v, want read from ../shared", p)
	}
	if p := pk["example.com/x"]; p.Root != filepath.Join(base, "other") {
		t.Errorf("x: %+v, want go.work's replacement ../other", p)
	}
	if _, _, ok := d.Locate("example.com/b/sub"); ok {
		t.Error("a workspace module is the worktree's own")
	}
	_, pk = depsOf(t, root, []string{"a/go.mod", "b/go.mod"}, goEnv{GOMODCACHE: cache, GOWORK: "off"})
	if p := pk["example.com/shared"]; p.Root != filepath.Join(cache, "example.com", "shared@v1.0.0") {
		t.Errorf("GOWORK=off: shared %+v, want the module cache", p)
	}
}

// TestStateContent: two checkouts of the same files, at other paths and
// with other times, have other state keys but one content key; a change
// of go.sum's bytes changes it.
func TestStateContent(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/ws\n\nrequire example.com/x v1.0.0\n",
		"go.sum": "example.com/x v1.0.0 h1:x=\n",
	}
	extracttest.CheckStateContent(t, files, "go.sum", "example.com/x v1.0.0 h1:y=\n", func(root string) (string, string) {
		m := New().Modules([]extract.MarkerFile{{Path: "go.mod", Content: []byte(files["go.mod"])}})
		m.(extract.HostUser).SetHost(extracttest.Host{Dir: root})
		return m.(extract.StateKeyer).StateKey(), m.(extract.StateContenter).StateContent()
	})
}

// TestStateKey: the key follows the files the scan does not see (a
// workspace module outside the worktree, go.sum) and not the worktree's
// own modules' files (`use .` included), which the scan follows.
func TestStateKey(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "ws")
	extracttest.WriteFiles(t, base, map[string]string{
		"shared/go.mod": "module example.com/shared\n",
		"ws/go.work":    "go 1.22\n\nuse (\n\t.\n\t../shared\n)\n",
		"ws/go.mod":     "module example.com/ws\n",
	})
	key := func() string {
		m := New().Modules([]extract.MarkerFile{{Path: "go.mod", Content: []byte("module example.com/ws\n")}})
		m.(extract.HostUser).SetHost(extracttest.Host{Dir: root})
		return m.(extract.StateKeyer).StateKey()
	}
	k0 := key()
	extracttest.WriteFiles(t, root, map[string]string{"own.go": "package ws\n"})
	if k := key(); k != k0 {
		t.Error("a file of the worktree's own module changed the key")
	}
	extracttest.WriteFiles(t, base, map[string]string{"shared/s.go": "package shared\n"})
	k1 := key()
	if k1 == k0 {
		t.Error("a new file of ../shared left the key")
	}
	extracttest.WriteFiles(t, root, map[string]string{"go.sum": "example.com/x v1.0.0 h1:x=\n"})
	if key() == k1 {
		t.Error("go.sum left the key")
	}
}
