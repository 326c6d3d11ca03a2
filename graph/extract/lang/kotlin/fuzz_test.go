package kotlin_test

import (
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/kotlin"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or unordered refs, or
// differ between runs. Seeds are the golden sources plus broken fragments;
// run it for real with `go test -fuzz FuzzExtract ./graph/extract/lang/kotlin`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "class", "class A {", "class A :", "annotation class", "enum class E { A { fun f() = 1 }, B }",
		"fun String.f() = 1", "import a.b.*", "import a.b.C as", "package a.b\nclass C { constructor() : this(1) }",
		"val s = \"\"\"\n  x\n  \"\"\"", "val s = \"$x ${y.z}\"", "object : Runnable { }",
		"val x by lazy {", "fun f() { System.getenv()[\"X\"] }", "\xff\xfe garbage \xef\xbb\xbf",
		"companion object Named : F<X> { fun g() = Companion.h() }",
	}
	// Some inputs (b38ee9802d245220: 1.3 KB) keep the grammar busy until
	// the parse timeout; at the default 5 s, two runs pass the fuzz
	// engine's 10 s hang limit, so the target uses a shorter one.
	extracttest.Fuzz(f, kotlin.New().WithTimeout(time.Second), extract.Input{Path: "src/main/kotlin/a/A.kt"}, seeds, extracttest.CheckWellFormed(extracttest.WellFormedLoose))
}
