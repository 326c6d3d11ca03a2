package rust

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestScanCrateDecls(t *testing.T) {
	src := `pub use crate::value::{Map, Value as Json};
pub use self::prelude::*;

#[derive(Debug)]
pub enum Value {
    Null,
    #[serde(rename = "b")]
    Bool(bool),
    Object { entries: Map<String, Value> },
}

pub struct Point<T> {
    pub x: T,
    y: Option<Vec<T>>,
}

impl<T> Point<T> where T: Copy {
    pub const ORIGIN: u8 = 0;
    pub fn norm(&self, other: &Point<T>) -> Length {
        let inner = Hidden { z: 1 };
        fn nested() {}
        inner.z
    }
}

impl<'a> fmt::Display for &'a Value {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result { Ok(()) }
}

pub trait Visit {
    type Output;
    fn visit(&mut self) -> Self::Output;
}

pub const fn to_value(x: u8) -> Result<Value, Error> { todo!() }

#[macro_export]
macro_rules! json {
    ($e:expr) => { fn inside() {} };
}
`
	got := scanCrateDecls([]byte(src))
	want := crateDecls{
		names: []string{"value", "Map", "Value", "Json", "prelude", "Value", "Point", "Visit", "json"},
		fns: []crateFn{
			{owner: "Value", name: "Null"}, {owner: "Value", name: "Bool"}, {owner: "Value", name: "Object"},
			{owner: "Value", name: "entries", types: []string{"Map", "String", "Value"}},
			{owner: "Point", name: "x", types: []string{"T"}}, {owner: "Point", name: "y", types: []string{"Option", "Vec", "T"}},
			{owner: "Point", name: "ORIGIN"}, {owner: "Point", name: "norm", types: []string{"Point", "T", "Length"}},
			{owner: "Value", name: "fmt", types: []string{"Formatter", "Result"}},
			{owner: "Visit", name: "Output"}, {owner: "Visit", name: "visit", types: []string{"Output"}},
			{name: "to_value", types: []string{"Result", "Value", "Error"}},
		},
		impls:   [][2]string{{"", "Point"}, {"Display", "Value"}},
		glob:    true,
		aliases: [][2]string{{"Value", "Json"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scanCrateDecls =\n%+v\nwant\n%+v", got, want)
	}
	want.items = scanItems(lex([]byte(src)))
	d := &rustDeps{}
	if back := decodeCrateDecls(d.Summarize([]byte(src))); !reflect.DeepEqual(back, want) {
		t.Errorf("decodeCrateDecls(Summarize) =\n%+v", back)
	}
}

type names map[string]bool

func (n names) Named(s string) bool                  { return n[s] }
func (n names) NamedThrough(_ string, s string) bool { return n[s] }

func TestSelectCrate(t *testing.T) {
	d := &rustDeps{}
	files := map[string]string{
		"lib.rs":     "mod de;\npub use de::from_str;\npub use value::Value as Json;\n",
		"de.rs":      "pub fn from_str(s: &str) -> Result<Value> { todo!() }\n",
		"value.rs":   "pub enum Value { Null }\nimpl Value {\n    pub fn as_str(&self) -> Option<&str> { None }\n}\n",
		"other.rs":   "pub struct Other;\nimpl Other {\n    pub fn as_str(&self) -> Option<&str> { None }\n}\n",
		"deref.rs":   "impl Deref for Value {\n    type Target = str;\n}\n",
		"display.rs": "impl Display for Value {\n    fn fmt(&self) {}\n}\n",
	}
	dir := extract.SelectDir{Files: []string{"de.rs", "deref.rs", "display.rs", "lib.rs", "other.rs", "value.rs"}}
	for _, f := range dir.Files {
		dir.Summaries = append(dir.Summaries, d.Summarize([]byte(files[f])))
	}
	for _, c := range []struct {
		names names
		want  []bool
	}{
		{names{}, []bool{false, false, false, true, false, false}},
		// as_str of Value, which from_str returns; not Other's
		{names{"from_str": true, "as_str": true}, []bool{true, true, false, true, false, true}},
		{names{"Value": true, "Display": true}, []bool{false, true, true, true, false, true}},
		{names{"Other": true, "as_str": true}, []bool{false, false, false, true, true, false}},
		// lib.rs re-exports Value as Json
		{names{"Json": true}, []bool{false, true, false, true, false, true}},
	} {
		dirs := []extract.SelectDir{dir}
		decls := d.decodeDirs(dirs)
		if got := d.selectFiles(dirs, decls, newCrateWants(decls, c.names)); !reflect.DeepEqual(got[0], c.want) {
			t.Errorf("Select(%v) = %v, want %v", c.names, got[0], c.want)
		}
	}
}

// TestUnscannedSummary: once every crate located has its module tree,
// Summarize scans nothing (its summary says so) and Select takes the
// declarations of the files the module tree reached from it: a.rs is
// read in part (f, which the worktree names, not g), a file it did not
// reach is not read, whatever their summaries say. A crate read whole (a
// path dependency) has every file scanned.
func TestUnscannedSummary(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"dep/src/lib.rs":   "mod a;\npub use a::*;\n",
		"dep/src/a.rs":     "pub fn f() {}\npub fn g() {}\n",
		"dep/src/stray.rs": "pub fn f() {}\n",
		"local/src/lib.rs": "pub fn h() {}\n",
		"pm/Cargo.toml":    "[package]\nname = \"pm\"\n[lib]\nproc-macro = true\n",
		"pm/src/lib.rs":    "pub fn derive() {}\n",
	}
	extracttest.WriteFiles(t, root, files)
	h := extracttest.Host{Dir: root}
	newDeps := func() *rustDeps {
		return &rustDeps{
			pkgs: []extract.Package{
				{Name: "dep", Kind: extract.PackageDependency, Version: "1.0.0", Root: filepath.ToSlash(filepath.Join(root, "dep", "src"))},
				{Name: "local", Kind: extract.PackageDependency, Root: filepath.ToSlash(filepath.Join(root, "local", "src"))},
				{Name: "pm", Kind: extract.PackageDependency, Version: "1.0.0", Root: filepath.ToSlash(filepath.Join(root, "pm", "src"))},
			},
			imports: []string{"dep", "local", "pm"}, byImport: map[string]int{"dep": 0, "local": 1, "pm": 2},
			host: h, cfg: hostCfg("x86_64-unknown-linux-gnu"), located: map[int][]string{}, reached: map[int]crateReach{}, procs: map[int]bool{},
		}
	}
	d := newDeps()
	d.Locate("dep::f")
	if _, places, _ := d.Locate("pm::derive"); !reflect.DeepEqual(places, []string{"lib.rs"}) {
		t.Errorf("a proc-macro crate: Locate places %q, want lib.rs", places)
	}
	for _, f := range []string{"pm/src/lib.rs", "dep/src/stray.rs", "dep/src/a.rs"} {
		if got := string(d.Summarize([]byte(files[f]))); got != unscannedLine {
			t.Errorf("%s: summary %q, want %q", f, got, unscannedLine)
		}
	}
	u := []byte(unscannedLine)
	dir := extract.SelectDir{Pkg: 0, Place: "...", Files: []string{"a.rs", "lib.rs", "stray.rs"}, Summaries: [][]byte{u, u, u}}
	sel := d.Select([]extract.SelectDir{dir}, names{"f": true})
	want := []extract.Span{{Start: 0, End: uint32(len("pub fn f() {}"))}}
	if !sel[0][0].Read || !reflect.DeepEqual(sel[0][0].Keep, want) || !sel[0][1].Read || sel[0][2].Read {
		t.Errorf("Select = %+v, want a.rs read in part (f), lib.rs read, stray.rs not read", sel[0])
	}
	pm := extract.SelectDir{Pkg: 2, Place: "lib.rs", Files: []string{"lib.rs"}, Summaries: [][]byte{u}}
	if sel := d.Select([]extract.SelectDir{pm}, names{}); !sel[0][0].Read || sel[0][0].Keep == nil {
		t.Errorf("proc-macro lib.rs: Select = %+v, want read in part (its declarations from the module tree)", sel[0])
	}
	d = newDeps()
	d.Locate("dep::f")
	d.Locate("local::h")
	if got := string(d.Summarize([]byte(files["dep/src/stray.rs"]))); got == unscannedLine {
		t.Error("with a path dependency read whole: stray.rs not scanned")
	}
}
