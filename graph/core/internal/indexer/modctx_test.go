package indexer

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

func TestForFile(t *testing.T) {
	c := contexts{
		goMods:    map[string]string{"": "example.com/m", "tools": "example.com/m/tools", "goroot/src": "std"},
		pyPkgDirs: map[string]bool{"lib/pkg": true, "lib/pkg/sub": true},
		crates:    map[string]string{"crates/core": "orbit_core"},
	}
	for _, tc := range []struct {
		path, lang string
		want       extract.ModuleContext
	}{
		{"a/b.go", "go", extract.ModuleContext{Root: "", Path: "example.com/m"}},
		{"tools/x/y.go", "go", extract.ModuleContext{Root: "tools", Path: "example.com/m/tools"}},
		{"goroot/src/fmt/print.go", "go", extract.ModuleContext{Root: "goroot/src", Path: ""}},
		{"lib/pkg/sub/m.py", "python", extract.ModuleContext{Root: "lib"}},
		{"scripts/run.py", "python", extract.ModuleContext{Root: "scripts"}},
		{"crates/core/src/lib.rs", "rust", extract.ModuleContext{Root: "crates/core", Path: "orbit_core"}},
		{"other/main.rs", "rust", extract.ModuleContext{}},
		{"web/src/a.ts", "typescript", extract.ModuleContext{}}, // no tsconfig anywhere
	} {
		if got := c.forFile(tc.path, tc.lang); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("forFile(%s) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
}

func TestContextMarkers(t *testing.T) {
	for p, lang := range map[string]string{
		"go.mod": "go", "a/Cargo.toml": "rust", "a/__init__.py": "python",
		"web/tsconfig.json": "typescript", "jsconfig.json": "typescript", "tsconfig.base.json": "typescript",
		"pkg/tsconfig.build.json": "typescript",
	} {
		if !isContextMarker(p) || markerLang(p) != lang {
			t.Errorf("%s: marker %v, lang %q; want a marker of %q", p, isContextMarker(p), markerLang(p), lang)
		}
	}
	for _, p := range []string{"package.json", "tsconfig.json.bak", "src/config.json", "tsconfig"} {
		if isContextMarker(p) {
			t.Errorf("%s is no context marker", p)
		}
	}
}
