package python_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

// benchFiles is how many stdlib files BenchmarkExtract reads: every n-th
// file of the sorted list, so the sample spans the whole library.
const benchFiles = 200

// BenchmarkExtract measures parse plus walk over a fixed sample of the
// Python standard library.
func BenchmarkExtract(b *testing.B) {
	dir, files := stdlibFiles(b)
	var inputs []extract.Input
	var total int64
	step := max(1, len(files)/benchFiles)
	for i := 0; i < len(files) && len(inputs) < benchFiles; i += step {
		src, err := os.ReadFile(filepath.Join(dir, files[i]))
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, extract.Input{Path: files[i], Content: src})
		total += int64(len(src))
	}
	ex := python.New()
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
