package config_test

import (
	"os"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/config"
)

// benchFiles is how many files BenchmarkExtract reads: every n-th of the
// sorted config files of the Go distribution and module cache.
const benchFiles = 200

func BenchmarkExtract(b *testing.B) {
	files := corpusFiles(b, benchRoots())
	step := max(1, len(files)/benchFiles)
	var ins []extract.Input
	var total int64
	for i := 0; i < len(files) && len(ins) < benchFiles; i += step {
		content, err := os.ReadFile(files[i])
		if err != nil || len(content) > 1<<20 {
			continue
		}
		ins = append(ins, extract.Input{Path: files[i], Content: content})
		total += int64(len(content))
	}
	e := config.New().WithTimeout(time.Minute) // no timeouts on a loaded machine
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			e.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
