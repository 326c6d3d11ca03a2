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

// TestLazyModuleTree: a public module is read only when a path the
// worktree imports passes through it or lies below it, or when a `pub
// use` read names it (also one read after the module was passed over);
// private modules are read as before (#[macro_export] files). Importing
// the crate itself reads every module. An inline path's modules are read,
// not those below them.
func TestLazyModuleTree(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"src/lib.rs":              "pub mod um;\npub mod shared;\npub mod late;\npub mod unused;\n#[macro_use]\nmod macros;\npub use self::late::Late;\n",
		"src/um/mod.rs":           "pub mod winnt;\npub mod winbase;\npub mod named;\n",
		"src/um/winnt.rs":         "pub type HANDLE = usize;\npub use crate::shared::ntdef::*;\n",
		"src/um/winbase.rs":       "pub const INFINITE: u32 = 0;\n",
		"src/um/named.rs":         "pub struct Named;\n",
		"src/shared/mod.rs":       "pub mod ntdef;\npub mod minwindef;\n",
		"src/shared/ntdef.rs":     "pub type NTSTATUS = i32;\n",
		"src/shared/minwindef.rs": "pub type DWORD = u32;\n",
		"src/late.rs":             "pub struct Late;\n",
		"src/unused/mod.rs":       "pub mod deep;\n",
		"src/unused/deep.rs":      "pub struct Deep;\n",
		"src/macros.rs":           "#[macro_export]\nmacro_rules! m { () => {} }\n",
	}
	extracttest.WriteFiles(t, filepath.Join(root, "dep"), files)
	h := extracttest.Host{Dir: root}
	src := filepath.ToSlash(filepath.Join(root, "dep", "src"))
	cfg := hostCfg("x86_64-unknown-linux-gnu")
	for _, c := range []struct {
		paths []string
		want  []string
	}{
		// um::winnt on the path; its glob names ntdef (shared is a
		// segment of that pub use too); late by lib.rs's pub use
		{[]string{"dep::um::winnt::HANDLE"}, []string{"late.rs", "lib.rs", "macros.rs", "shared/mod.rs", "shared/ntdef.rs", "um/mod.rs", "um/winnt.rs"}},
		// an imported module: everything below it
		{[]string{"dep::um"}, []string{"late.rs", "lib.rs", "macros.rs", "shared/mod.rs", "shared/ntdef.rs", "um/mod.rs", "um/named.rs", "um/winbase.rs", "um/winnt.rs"}},
		{[]string{"dep::Late"}, []string{"late.rs", "lib.rs", "macros.rs"}},
		// an inline path's modules (inlineModPath): those on it, not
		// those below (um's, but not winbase nor named)
		{[]string{"dep::Late", "::dep::um"}, []string{"late.rs", "lib.rs", "macros.rs", "um/mod.rs"}},
		{[]string{"::dep::unused::deep"}, []string{"late.rs", "lib.rs", "macros.rs", "unused/deep.rs", "unused/mod.rs"}},
		// the crate itself (a path written inline): every module
		{[]string{"dep::Late", "dep"}, reachable(h, src, cfg)},
	} {
		got := moduleTree(h, src, cfg, newModWants(c.paths)).keep
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("imports %q: reachable\n got %q\nwant %q", c.paths, got, c.want)
		}
	}
	if all := reachable(h, src, cfg); len(all) != len(files) {
		t.Errorf("no wants: reachable = %q, want every file", all)
	}
}
