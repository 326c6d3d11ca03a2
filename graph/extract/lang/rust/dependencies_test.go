package rust

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestParseDependencies: the forms Cargo.toml states a dependency in.
func TestParseDependencies(t *testing.T) {
	manifest := `[package]
name = "app"

[dependencies]
serde = { version = "1.0", features = ["derive"] } # a comment
json = { package = "serde_json", version = "1" }
local = { path = "../local" }
shared = { workspace = true }
log.workspace = true

[dev-dependencies]
tempfile = "3"

[target.'cfg(unix)'.dependencies]
libc = "0.2"

[build-dependencies.cc]
version = "1.0.73"

[package.metadata.docs.rs]
features = ["x"]

[workspace.dependencies]
shared = { version = "0.4", package = "shared-lib" }
log = "0.4.17"
`
	deps, ws := parseDependencies([]byte(manifest))
	want := []depEntry{
		{key: "serde", req: "1.0"},
		{key: "json", pkg: "serde_json", req: "1"},
		{key: "local", path: "../local"},
		{key: "shared", workspace: true},
		{key: "log", workspace: true},
		{key: "tempfile", req: "3"},
		{key: "libc", req: "0.2"},
		{key: "cc", req: "1.0.73"},
	}
	if !reflect.DeepEqual(deps, want) {
		t.Errorf("dependencies\n got %+v\nwant %+v", deps, want)
	}
	if ws["shared"] != (depEntry{key: "shared", pkg: "shared-lib", req: "0.4"}) || ws["log"].req != "0.4.17" {
		t.Errorf("workspace dependencies %+v", ws)
	}
}

func TestRequirement(t *testing.T) {
	for _, c := range []struct {
		req, v string
		ok     bool
	}{
		{"1.0", "1.0.152", true}, {"1.0", "2.0.0", false}, {"1.0.100", "1.0.99", false},
		{"^0.2.3", "0.2.9", true}, {"0.2", "0.3.0", false}, {"0.0.3", "0.0.4", false},
		{"~1.2", "1.2.7", true}, {"~1.2", "1.3.0", false}, {"=1.0.2", "1.0.3", false},
		{">=1, <1.5", "1.4.9", true}, {">=1, <1.5", "1.5.0", false}, {"*", "7.0.0", true},
		{"1.*", "1.9.0", true}, {"1.*", "2.0.0", false}, {"", "0.1.0", true},
	} {
		v, _ := parseSemver(c.v)
		if got := parseRequirement(c.req).matches(v); got != c.ok {
			t.Errorf("%q matches %s = %v, want %v", c.req, c.v, got, c.ok)
		}
	}
	for base, want := range map[string]string{"serde-1.0.152": "serde 1.0.152", "wasi-0.11.0+wasi-snapshot-preview1": "wasi 0.11.0", "value-bag-1.0.0-alpha.9": "value-bag 1.0.0-alpha.9", "x-y": ""} {
		name, v, ok := splitCrateDir(base)
		got := ""
		if ok {
			got = name + " " + v.String()
		}
		if got != want {
			t.Errorf("splitCrateDir(%s) = %q, want %q", base, got, want)
		}
	}
}

// TestDependencies: own crates, dependencies pinned by Cargo.lock or by
// the highest version on disk, a rename, a path dependency outside the
// worktree, the standard library, and where imports are located.
func TestDependencies(t *testing.T) {
	e := New()
	m := e.Modules([]extract.MarkerFile{
		{Path: "Cargo.toml", Content: []byte("[workspace]\nmembers = [\"app\", \"util\"]\n\n[workspace.dependencies]\nlog = \"0.4\"\n")},
		{Path: "app/Cargo.toml", Content: []byte("[package]\nname = \"my-app\"\n\n[dependencies]\nutil = { path = \"../util\" }\nlog = { workspace = true }\njson = { package = \"serde_json\", version = \"1.0\" }\nouter = { path = \"../../outer\" }\nregex = \"1\"\nanyhow = \"1\"\n")},
		{Path: "util/Cargo.toml", Content: []byte("[package]\nname = \"util\"\n\n[dependencies]\nlog.workspace = true\n")},
		{Path: "Cargo.lock", Content: []byte("version = 3\n\n[[package]]\nname = \"log\"\nversion = \"0.4.17\"\n\n[[package]]\nname = \"log\"\nversion = \"0.3.9\"\n\n[[package]]\nname = \"serde_json\"\nversion = \"1.0.87\"\n\n[[package]]\nname = \"anyhow\"\nversion = \"1.0.66\"\n")},
	}).(*crates)
	probe := "sysroot /rust\nrust-src\nrustc rustc 1.80.0 (051478957 2024-07-21)\n" +
		"crate /home/u/.cargo/registry/src/index/serde_json-1.0.87/\n" +
		"crate /usr/share/cargo/registry/log-0.4.17/\n" +
		"crate /usr/share/cargo/registry/regex-1.5.0/\ncrate /usr/share/cargo/registry/regex-1.7.1/\ncrate /usr/share/cargo/registry/regex-2.0.0/\n"
	d := m.Dependencies([]byte(probe))
	var got []string
	for _, p := range d.Packages() {
		got = append(got, strings.Join([]string{p.Kind.String(), p.Name, p.Version, p.Root, p.IndexDir, p.Missing}, "|"))
	}
	want := []string{
		"own|my_app||app||",
		"own|util||util||",
		"dependency|log|0.4.17|/usr/share/cargo/registry/log-0.4.17/src|log|",
		"dependency|serde_json|1.0.87|/home/u/.cargo/registry/src/index/serde_json-1.0.87/src|json|",
		"dependency|outer||../outer/src|outer|",
		"dependency|regex|1.7.1|/usr/share/cargo/registry/regex-1.7.1/src|regex|",
		"dependency|anyhow|1.0.66|vendor/anyhow/src|anyhow|", // locked, on no registry: cargo vendor's place
		"stdlib|alloc|1.80.0|/rust/lib/rustlib/src/rust/library/alloc/src|alloc|",
		"stdlib|core|1.80.0|/rust/lib/rustlib/src/rust/library/core/src|core|",
		"stdlib|proc_macro|1.80.0|/rust/lib/rustlib/src/rust/library/proc_macro/src|proc_macro|",
		"stdlib|std|1.80.0|/rust/lib/rustlib/src/rust/library/std/src|std|",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("packages\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for path, want := range map[string]string{"json::Value": "serde_json", "std::collections::HashMap": "std", "::log::info": "log", "util::x": "", "my_app::x": "", "crate::x": "", "tokio::spawn": ""} {
		i, places, ok := d.Locate(path)
		got := ""
		if ok {
			got = d.Packages()[i].Name
			if !reflect.DeepEqual(places, []string{"..."}) {
				t.Errorf("Locate(%s) places %v, want the whole source directory", path, places)
			}
		}
		if got != want {
			t.Errorf("Locate(%s) = %q, want %q", path, got, want)
		}
	}
	if c := d.Context(3, "@rust/json"); c.Path != "json" || c.Root != "@rust/json" {
		t.Errorf("Context = %+v: a renamed crate's names start with the name it is imported by", c)
	}
	x := e.Extract(extract.Input{Path: "@rust/json/value/mod.rs", Content: []byte("pub enum Value { Null }\n"), Module: d.Context(3, "@rust/json")})
	if x.Namespace != "json::value" {
		t.Errorf("a dependency's module file: namespace %q, want json::value", x.Namespace)
	}
	noSrc := m.Dependencies([]byte("sysroot /rust\n")).Packages()
	if p := noSrc[len(noSrc)-1]; p.Name != "std" || !strings.Contains(p.Missing, "rust-src") {
		t.Errorf("std without rust-src: %+v, want it named missing for want of rust-src", p)
	}
	none := m.Dependencies(nil)
	for _, p := range none.Packages() {
		if p.Kind != extract.PackageOwn && p.Missing == "" && p.Root == "" {
			t.Errorf("without a probe %s has neither a root nor a reason it is missing", p.Name)
		}
	}
}

// TestCargoLockMarker: Cargo.lock is scanned (its extraction empty) and a
// marker whose every version keeps the same context key; a Cargo.toml's
// key changes with its name, not with its dependencies.
func TestCargoLockMarker(t *testing.T) {
	e := New()
	if !e.Supports("a/Cargo.lock") || e.Supports("a/yarn.lock") {
		t.Error("Supports: want Cargo.lock alone of the lock files")
	}
	if m, c := e.Marker("a/Cargo.lock"); !m || !c {
		t.Error("Cargo.lock is a marker by content")
	}
	x := e.Extract(extract.Input{Path: "Cargo.lock", Content: []byte("[[package]]\nname = \"x\"\nversion = \"1.0.0\"\n")})
	if len(x.Symbols)+len(x.Refs)+len(x.Imports) != 0 {
		t.Errorf("Cargo.lock extracted %+v; want nothing", x)
	}
	if e.ContextKey([]byte("[[package]]\nname = \"x\"\n")) != e.ContextKey([]byte("[[package]]\nname = \"y\"\n")) {
		t.Error("a Cargo.lock change must not re-extract the crate's files")
	}
	a := "[package]\nname = \"a\"\n\n[dependencies]\nserde = \"1\"\n"
	if e.ContextKey([]byte(a)) != e.ContextKey([]byte(strings.Replace(a, "\"1\"", "\"1.0.100\"", 1))) ||
		e.ContextKey([]byte(a)) == e.ContextKey([]byte(strings.Replace(a, "\"a\"", "\"b\"", 1))) {
		t.Error("Cargo.toml's key: its name and targets, not its dependencies")
	}
}

// TestWorkspaceRootPackage: a workspace's root manifest that is also a
// package takes its own [workspace.dependencies].
func TestWorkspaceRootPackage(t *testing.T) {
	m := New().Modules([]extract.MarkerFile{{Path: "tool/Cargo.toml", Content: []byte(
		"[package]\nname = \"tool\"\n\n[workspace.dependencies]\nlog = \"0.4\"\n\n[dependencies]\nlog = { workspace = true }\n")}}).(*crates)
	if deps := m.dependencies(); len(deps) != 1 || deps[0].pkg != "log" || deps[0].req != "0.4" || deps[0].vendor != "tool/vendor" {
		t.Errorf("dependencies %+v, want log 0.4 from the workspace table, vendored under tool/vendor", deps)
	}
}

// TestParseDependenciesTOML: what a line-by-line reading got wrong: a
// table header inside a multi-line string, an inline table spanning lines
// (TOML 1.1), a dotted key under a target table, a 1.2.* requirement;
// and a malformed manifest states nothing.
func TestParseDependenciesTOML(t *testing.T) {
	manifest := `[package]
name = "app" # the crate
description = """
[dependencies]
fake = "1"
"""

[dependencies] # runtime
json = { version = "1",
  package = "serde_json", } # a rename on two lines
tokio = { version = "1", features = [
  "rt", # version = "0.1"
] }
'dotted.key' = "2"

[target.'cfg(unix)']
dependencies.libc = "0.2"
`
	deps, ws := parseDependencies([]byte(manifest))
	want := []depEntry{
		{key: "json", pkg: "serde_json", req: "1"},
		{key: "tokio", req: "1"},
		{key: "dotted.key", req: "2"},
		{key: "libc", req: "0.2"},
	}
	if !reflect.DeepEqual(deps, want) || ws != nil {
		t.Errorf("dependencies\n got %+v %v\nwant %+v", deps, ws, want)
	}
	if got := parseManifest([]byte(manifest)).name; got != "app" {
		t.Errorf("crate name %q, want app: the comment is no part of it", got)
	}
	if deps, ws := parseDependencies([]byte("[dependencies]\nserde = { version = \"1\"\nlog = \"0.4\"\n")); deps != nil || ws != nil {
		t.Errorf("a malformed manifest: %+v %v, want nothing", deps, ws)
	}
	v, _ := parseSemver("1.3.0")
	if parseRequirement("1.2.*").matches(v) {
		t.Error("1.2.* matches 1.3.0")
	}
	if pre, _ := parseSemver("1.2.3-rc.1"); parseRequirement("1").matches(pre) || !parseRequirement(">=1.2.3-rc.0").matches(pre) {
		t.Error("a pre-release meets only a requirement that names one")
	}
}

// FuzzManifest: no Cargo.toml, Cargo.lock or requirement makes the
// readers panic (`go test -tags sqlite_fts5 -fuzz FuzzManifest`).
func FuzzManifest(f *testing.F) {
	for _, s := range []string{"", "[dependencies]\nserde = { version = \"1\"", "[[package]]\nname = 1\nversion = [\"1\"]", "[dependencies]\nx = 1\ny = { path = 2, workspace = \"yes\" }",
		"[package]\nname = {}\n[lib]\npath = 3\n[[bin]]\nname = []", "[target.x.dependencies.y]\nversion = \"^1, <2-rc.1\"", "dependencies = 1\n[workspace]\ndependencies = []"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		deps, _ := parseDependencies(b)
		for _, d := range deps {
			parseRequirement(d.req).matches(nil)
		}
		parseManifest(b)
		parseLock(b)
		v, _ := parseSemver(string(b))
		parseRequirement(string(b)).matches(v)
	})
}
