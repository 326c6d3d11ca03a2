package rust

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// cfgIfSrc is a crate root whose modules sit in cfg_if! branches.
const cfgIfSrc = `cfg_if! {
    if #[cfg(windows)] {
        mod windows;
        pub use windows::*;
    } else if #[cfg(feature = "extra")] {
        mod extra;
        pub use extra::*;
    } else if #[cfg(unix)] {
        mod unix;
        pub use unix::*;
    } else if #[cfg(target_os = "hermit")] {
        mod hermit;
    } else {
        mod other;
    }
}
cfg_if::cfg_if! {
    if #[cfg(target_os = "linux")] { pub mod linux; } else { pub mod not_linux; }
}
cfg_if! {
    if #[cfg(not_a_known_cfg)] {
        pub mod maybe;
    }
}
`

// TestCfgIfBranches: of a cfg_if! chain, a branch whose cfg cannot hold
// here, or that follows one that surely holds, is dead: its modules are
// not declared and its inside is blanked. An undecided cfg (a feature,
// a build script's) keeps its branch and the ones after it; with no
// host triple, only what can never hold (test, doc) is dead.
func TestCfgIfBranches(t *testing.T) {
	mods := func(fs fileScan) []string {
		var out []string
		for _, m := range fs.mods {
			out = append(out, m.name)
		}
		return out
	}
	linux := scanFile([]byte(cfgIfSrc), hostCfg("x86_64-unknown-linux-gnu"))
	if got, want := mods(linux), []string{"extra", "unix", "linux", "maybe"}; !reflect.DeepEqual(got, want) {
		t.Errorf("linux: mods %q, want %q", got, want)
	}
	var kept []string
	for _, l := range strings.Split(string(extract.BlankOutside([]byte(cfgIfSrc), withoutSpans(nil, linux.dead))), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "mod ") || strings.HasPrefix(l, "pub ") {
			kept = append(kept, l)
		}
	}
	want := []string{"mod extra;", "pub use extra::*;", "mod unix;", "pub use unix::*;", "pub mod maybe;"}
	if !reflect.DeepEqual(kept, want) {
		t.Errorf("linux: kept %q, want %q", kept, want)
	}
	if !strings.Contains(string(extract.BlankOutside([]byte(cfgIfSrc), withoutSpans(nil, linux.dead))), "if #[cfg(target_os = \"linux\")] { pub mod linux; } else {") {
		t.Error("a live one-line branch was blanked")
	}
	if got, want := mods(scanFile([]byte(cfgIfSrc), cfgEnv{})), []string{"windows", "extra", "unix", "hermit", "other", "linux", "not_linux", "maybe"}; !reflect.DeepEqual(got, want) {
		t.Errorf("no host: mods %q, want %q", got, want)
	}
	if got := scanFile([]byte("cfg_if! { if #[cfg(test)] { mod tests; } }"), cfgEnv{}); len(got.mods) != 0 || len(got.dead) != 1 {
		t.Errorf("cfg(test) with no host: mods %q, dead %v; want none, one", mods(got), got.dead)
	}
	// Not a chain of if #[cfg(…)] { … }: nothing is dead.
	if got := scanFile([]byte("cfg_if! { #[cfg(windows)] mod w; }"), hostCfg("x86_64-unknown-linux-gnu")); len(got.dead) != 0 {
		t.Errorf("old-style cfg_if!: dead %v", got.dead)
	}
}

// TestGlobClosure: a dependency crate's glob re-export of its own module
// brings that module's glob re-exports in turn, breadth first, so the
// resolver finds a name defined globs down behind a sibling that defines
// nothing (libc: fixed_width_ints, then unix, its linux_like, …).
func TestGlobClosure(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"src/lib.rs":                   "mod ints;\npub use ints::*;\nmod unix;\npub use unix::*;\npub use core::ffi::*;\n",
		"src/ints.rs":                  "pub type int8_t = i8;\n",
		"src/unix/mod.rs":              "mod linux_like;\npub use self::linux_like::*;\nmod align;\npub use self::align::*;\n",
		"src/unix/align.rs":            "pub struct Aligned;\n",
		"src/unix/linux_like/mod.rs":   "mod linux;\npub use self::linux::*;\npub(crate) use super::*;\n",
		"src/unix/linux_like/linux.rs": "pub type socklen_t = u32;\n",
	}
	extracttest.WriteFiles(t, filepath.Join(root, "dep"), files)
	h := extracttest.Host{Dir: root}
	d := &rustDeps{
		pkgs:    []extract.Package{{Name: "dep", Kind: extract.PackageDependency, Version: "1.0.0", Root: filepath.ToSlash(filepath.Join(root, "dep", "src"))}},
		imports: []string{"dep"}, host: h, cfg: hostCfg("x86_64-unknown-linux-gnu"), reached: map[int]crateReach{},
	}
	ctx := d.Context(0, "@rust/dep")
	objects := map[string]string{}
	for _, f := range []string{"lib.rs", "unix/mod.rs", "unix/linux_like/mod.rs"} {
		out := New().Extract(extract.Input{Path: "@rust/dep/" + f, Content: []byte(files["src/"+f]), Module: ctx, DeclarationsOnly: true})
		for _, x := range out.Facts {
			if x.Kind == extract.FactAlias && x.Member == "*" {
				objects[x.Subject] = x.Object
			}
		}
	}
	want := map[string]string{
		"dep":                   "dep::ints\ndep::unix\ndep::unix::linux_like\ndep::unix::align\ndep::unix::linux_like::linux\ncore::ffi",
		"dep::unix":             "dep::unix::linux_like\ndep::unix::align\ndep::unix::linux_like::linux",
		"dep::unix::linux_like": "dep::unix::linux_like::linux\ndep::unix\ndep::unix::align",
	}
	if !reflect.DeepEqual(objects, want) {
		t.Errorf("glob facts\n got %q\nwant %q", objects, want)
	}
}
