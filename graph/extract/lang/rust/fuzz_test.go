package rust_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file, records out of order or
// differ between runs. Seeds are the golden sources plus a few broken
// fragments; run it for real with
// `go test -tags sqlite_fts5 -fuzz FuzzExtract ./graph/extract/lang/rust`.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, src := range ar.Files {
			if src.Name != "want" {
				f.Add(string(src.Data))
			}
		}
	}
	for _, s := range []string{
		"", "\x00", "fn", "fn (", "impl for {", "use ::{", "use a::{self as, *};", "mod;",
		"#[derive(Parser)]", "#[derive(clap::Parser)] enum E { #[command(name = )] A(", "match x { E::A(a) => a.",
		"macro_rules! m { () => { $crate::f( } }", "m!(a::b(c.d(", "r#\"", "b\"", "'a", "<T as>::f()",
		"impl<T> X for T where", "struct S(pub(crate) u8", "\xff\xfe garbage \xef\xbb\xbf",
		"#[serde(rename(serialize = ))] struct S;", "#[arg(env)]", "super::super::super::x();",
	} {
		f.Add(s)
	}
	ex := rust.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "src/cli/main.rs", Content: []byte(src), Module: extract.ModuleContext{Path: "tool"}}
		got := ex.Extract(in)
		checkFile(t, in.Path, in.Content, got)
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
	})
}
