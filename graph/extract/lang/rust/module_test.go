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

// TestDeclaredTargets: a [[bin]] or [lib] whose path leaves Cargo's default
// layout roots its modules in its own directory.
func TestDeclaredTargets(t *testing.T) {
	e := New()
	manifest := "[package]\nname = \"tool-kit\"\n\n[lib]\npath = \"src/lib.rs\"\n\n[[bin]]\nname = \"tk\"\npath = \"cli/main.rs\"\n\n[[bin]]\nname = \"top\"\npath = \"top.rs\"\n"
	m := e.Modules([]extract.MarkerFile{{Path: "crates/tk/Cargo.toml", Content: []byte(manifest)}})
	for file, want := range map[string]string{
		"crates/tk/cli/main.rs":       "tool_kit::run",           // the bin's root
		"crates/tk/cli/commands.rs":   "tool_kit::commands::run", // a module beside it, not cli::commands
		"crates/tk/cli/db/mod.rs":     "tool_kit::db::run",
		"crates/tk/src/lib.rs":        "tool_kit::run", // the default layout, untouched
		"crates/tk/src/util.rs":       "tool_kit::util::run",
		"crates/tk/top.rs":            "tool_kit::run",
		"crates/tk/helpers/format.rs": "tool_kit::helpers::format::run", // claimed by the top-level root
	} {
		x := e.Extract(extract.Input{Path: file, Content: []byte("pub fn run() {}\n"), Module: m.ForFile(file)})
		got := ""
		for _, s := range x.Symbols {
			if s.Kind == extract.KindFunction {
				got = s.Qualified
			}
		}
		if got != want {
			t.Errorf("%s: run is %q, want %q", file, got, want)
		}
	}
	if got := parseManifest([]byte(manifest)).targets; len(got) != 2 || got[0] != (target{root: "cli/main.rs", bin: "tk"}) || got[1] != (target{root: "top.rs", bin: "top"}) {
		t.Errorf("targets %+v: want the two off the default layout", got)
	}
}
