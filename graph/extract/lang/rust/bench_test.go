package rust_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// benchFiles is how many registry files BenchmarkExtract reads: every n-th
// file of the sorted list, so the sample spans many crates.
const benchFiles = 200

// BenchmarkExtract measures parse plus walk over a fixed sample of the
// crate sources Debian installs under /usr/share/cargo/registry.
func BenchmarkExtract(b *testing.B) {
	files := corpusFiles(b)
	var inputs []extract.Input
	var total int64
	step := max(1, len(files)/benchFiles)
	for i := 0; i < len(files) && len(inputs) < benchFiles; i += step {
		f := files[i]
		if !read(b, &f) {
			continue
		}
		inputs = append(inputs, f.in)
		total += int64(len(f.in.Content))
	}
	ex := rust.New()
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, in := range inputs {
			ex.Extract(in)
		}
	}
	b.ReportMetric(float64(len(inputs)), "files/op")
}
