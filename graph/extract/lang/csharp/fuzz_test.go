package csharp_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. Seeds
// are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/csharp`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "namespace", "namespace ;", "class", "class C : {", "using", "using X = ;",
		"[JsonProperty(", "$\"{", "\"\"\"", "@\"", "record R(", "void M() => ", "#if X\nclass",
		"class C { int this[ }", "operator", "new ()", "global::", "\xff\xfe garbage \xef\xbb\xbf",
	}
	extracttest.Fuzz(f, csharp.New(), extract.Input{Path: "Fuzz.cs"}, seeds, extracttest.CheckWellFormed(extracttest.WellFormed))
}
