package python_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

func TestScratchSlow(t *testing.T) {
	files, _ := filepath.Glob("/root/.cache/go-build/fuzz/github.com/orbitgraph/orbit/graph/extract/lang/python/FuzzExtract/*")
	ex := python.New()
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := strings.SplitN(string(b), "\n", 2)
		src, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(lines[1]), "string("), ")"))
		if err != nil {
			continue
		}
		start := time.Now()
		out := ex.Extract(extract.Input{Path: "p/m.py", Content: []byte(src)})
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Logf("%s: %v len=%d diags=%v %q", filepath.Base(f), d, len(src), out.Diagnostics, src[:min(len(src), 200)])
		}
	}
}
