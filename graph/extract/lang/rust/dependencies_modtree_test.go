package rust

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestReachable: of a dependency crate's files, those a dependent can
// reach: pub modules, private ones a pub use names, #[macro_export] files
// and include!d ones; not private modules, cfg(test), another platform's
// modules, modules a comment or string only seems to declare, or files no
// mod item names. A proc-macro crate is its lib.rs.
func TestReachable(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"Cargo.toml": "[package]\nname = \"dep\"\n",
		"src/lib.rs": `//! mod commented;
#![allow(dead_code)]
pub mod api;
mod private;
mod reexported;
pub use self::reexported::Thing;
#[cfg(test)]
mod tests;
#[cfg(windows)]
pub mod win;
#[cfg(all(unix, not(target_os = "macos")))]
pub mod linux;
#[cfg(feature = "extra")]
pub mod extra;
pub(crate) mod internal;
#[macro_use]
mod macros;
#[path = "other/place.rs"]
pub mod placed;
pub mod outer {
    pub mod inner;
    mod hidden;
}
const S: &str = "mod in_string;";
const C: char = '"';
fn f<'a>(x: &'a str) -> &'a str { let _ = r#"mod raw; "#; x }
include!("generated.rs");
`,
		"src/api.rs":              "pub mod deep;\nmod deep_private;\n",
		"src/api/deep.rs":         "pub struct Deep;\n",
		"src/api/deep_private.rs": "struct P;\n",
		"src/private.rs":          "pub struct Private;\n",
		"src/reexported.rs":       "pub struct Thing;\n",
		"src/tests.rs":            "",
		"src/win.rs":              "",
		"src/linux.rs":            "",
		"src/extra/mod.rs":        "",
		"src/internal.rs":         "",
		"src/macros.rs":           "#[macro_export]\nmacro_rules! m { () => {} }\n",
		"src/other/place.rs":      "",
		"src/outer/inner.rs":      "",
		"src/outer/hidden.rs":     "",
		"src/generated.rs":        "",
		"src/bin/tool.rs":         "fn main() {}\n",
		"src/commented.rs":        "",
		"src/in_string.rs":        "",
		"src/raw.rs":              "",
	}
	extracttest.WriteFiles(t, filepath.Join(root, "dep"), files)
	h := extracttest.Host{Dir: root}
	src := filepath.ToSlash(filepath.Join(root, "dep", "src"))
	got := reachable(h, src, hostCfg("x86_64-unknown-linux-gnu"))
	want := []string{"api.rs", "api/deep.rs", "extra/mod.rs", "generated.rs", "lib.rs", "linux.rs", "macros.rs", "other/place.rs", "outer/inner.rs", "reexported.rs"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reachable\n got %q\nwant %q", got, want)
	}
	// Without a host triple the platform is unknown: win.rs stays.
	if got := reachable(h, src, hostCfg("")); len(got) != len(want)+1 {
		t.Errorf("reachable with no host triple = %q, want win.rs too", got)
	}
	os.WriteFile(filepath.Join(root, "dep", "Cargo.toml"), []byte("[package]\nname = \"dep\"\n[lib]\nproc-macro = true\n"), 0o644)
	if got := reachable(h, src, cfgEnv{}); !reflect.DeepEqual(got, []string{"lib.rs"}) {
		t.Errorf("proc-macro crate: reachable = %q, want lib.rs", got)
	}
	if got := reachable(h, filepath.Join(root, "none"), cfgEnv{}); got != nil {
		t.Errorf("no lib.rs: reachable = %q, want nil (every file)", got)
	}
	// The extractor leaves a file no dependent reaches empty.
	ctx := extract.ModuleContext{Root: "@rust/dep", Path: "dep", Own: depCrate{targets: []target{{root: "lib.rs"}}, keep: want}}
	x := New()
	for file, kept := range map[string]bool{"private.rs": false, "reexported.rs": true} {
		out := x.Extract(extract.Input{Path: "@rust/dep/" + file, Content: []byte(files["src/"+file]), Module: ctx, DeclarationsOnly: true})
		if (len(out.Symbols) > 0) != kept {
			t.Errorf("%s: %d symbols, kept = %v", file, len(out.Symbols), kept)
		}
	}
}
