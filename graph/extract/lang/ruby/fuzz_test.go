package ruby_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. Seeds
// are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/ruby`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "class", "class ::", "module A::", "def", "def self.", "class << ", "require",
		"require \"", "include", "ENV[", "ENV.fetch(", "<<~EOS\n", "\"#{", "%q(", "x = ", "a, B = ",
		"Point = Struct.new(", "case x\nin {", "->(x) {", "attr_reader :", "alias", "\xff\xfe garbage \xef\xbb\xbf",
	}
	extracttest.Fuzz(f, ruby.New(), extract.Input{Path: "lib/fuzz_test.rb"}, seeds, extracttest.CheckWellFormed(extracttest.WellFormed))
}
