package rust

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestCrateName(t *testing.T) {
	for manifest, want := range map[string]string{
		"[package]\nname = \"orbit-core\"\nversion = \"0.1.0\"\n": "orbit_core",
		"[workspace]\nmembers = [\"a\"]\n":                        "",
		"[dependencies]\nname = \"x\"\n[package]\nname='y'\n":     "y",
		"": "",
	} {
		if got := crateName([]byte(manifest)); got != want {
			t.Errorf("crateName(%q) = %q, want %q", manifest, got, want)
		}
	}
}

func TestModules(t *testing.T) {
	e := New()
	var markers []extract.MarkerFile
	for p, content := range map[string]string{
		"crates/core/Cargo.toml": "[package]\nname = \"orbit-core\"\n",
		"Cargo.toml":             "[workspace]\nmembers = [\"crates/*\"]\n",
		"src/Cargo.toml.bak":     "[package]\nname = \"no\"\n",
	} {
		if marker, content2 := e.Marker(p); marker != (p != "src/Cargo.toml.bak") || marker && !content2 {
			t.Errorf("Marker(%s) = %v, %v", p, marker, content2)
		} else if marker {
			markers = append(markers, extract.MarkerFile{Path: p, Content: []byte(content)})
		}
	}
	m := e.Modules(markers)
	for p, want := range map[string]extract.ModuleContext{
		"crates/core/src/lib.rs": {Root: "crates/core", Path: "orbit_core"},
		"other/main.rs":          {}, // the workspace manifest names no crate
	} {
		if got := m.ForFile(p); !reflect.DeepEqual(got, want) {
			t.Errorf("ForFile(%s) = %+v, want %+v", p, got, want)
		}
	}
}
