package rust_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file, records out of order or
// differ between runs. Seeds are the golden sources plus a few broken
// fragments; run it for real with
// `go test -tags sqlite_fts5 -fuzz FuzzExtract ./graph/extract/lang/rust`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "fn", "fn (", "impl for {", "use ::{", "use a::{self as, *};", "mod;",
		"#[derive(Parser)]", "#[derive(clap::Parser)] enum E { #[command(name = )] A(", "match x { E::A(a) => a.",
		"macro_rules! m { () => { $crate::f( } }", "m!(a::b(c.d(", "r#\"", "b\"", "'a", "<T as>::f()",
		"impl<T> X for T where", "struct S(pub(crate) u8", "\xff\xfe garbage \xef\xbb\xbf",
		"#[serde(rename(serialize = ))] struct S;", "#[arg(env)]", "super::super::super::x();",
	}
	extracttest.Fuzz(f, rust.New(), extract.Input{Path: "src/cli/main.rs", Module: extract.ModuleContext{Path: "tool"}}, seeds, checkFuzz)
}

func checkFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	checkFile(t, in.Path, in.Content, got)
}
