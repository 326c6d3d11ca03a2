package java_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or unordered refs, or
// differ between runs. Seeds are the golden sources plus broken fragments;
// run it for real with `go test -fuzz FuzzExtract ./graph/extract/lang/java`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "class", "class A {", "class A extends", "@interface", "enum E { A { void f() {} }, }",
		"record R(int x) { R { } }", "import static a.b.*;", "package a.b; class C { void m() { this(); super(); } }",
		"class A { String s = \"\"\"\n  x\n  \"\"\"; }", "class A { char c = '\\u0041'; String s = \"\\777\"; }",
		"class A { Object o = (Runnable & Serializable) () -> {}; }", "\xff\xfe garbage \xef\xbb\xbf",
	}
	extracttest.Fuzz(f, java.New(), extract.Input{Path: "src/main/java/a/A.java"}, seeds, extracttest.CheckWellFormed(extracttest.WellFormedLoose))
}
