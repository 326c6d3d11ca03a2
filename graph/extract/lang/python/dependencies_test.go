package python

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestDependencies(t *testing.T) {
	m := packageDirs{"app": true, "app/sub": true}
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
		{"json", 1, []string{"json", "json.py"}, true}, // the standard library keeps its names
		{"json.decoder", 1, []string{"json/decoder", "json/decoder.py"}, true},
		{"yaml.constructor", 2, []string{"yaml/constructor", "yaml/constructor.py"}, true},
		{"app.sub", 0, nil, false},  // own
		{"requests", 0, nil, false}, // not installed
		{".models", 0, nil, false},  // unresolved relative import
	} {
		pkg, places, ok := d.Locate(c.module)
		if pkg != c.pkg || !reflect.DeepEqual(places, c.places) || ok != c.ok {
			t.Errorf("Locate(%q) = %d, %v, %v; want %d, %v, %v", c.module, pkg, places, ok, c.pkg, c.places, c.ok)
		}
	}
	if !d.Includes("api.py", nil) || d.Includes("test_api.py", nil) || d.Includes("api.pyi", nil) {
		t.Error("Includes: want .py sources, not tests or stubs")
	}
	if got := d.Context(1, "@python"); got.Root != "@python" {
		t.Errorf("Context = %+v, want Root @python", got)
	}
	if d := m.Dependencies(nil); d.Packages()[1].Missing == "" {
		t.Error("a failed probe must leave the standard library missing")
	}
}
