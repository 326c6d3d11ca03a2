package python_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

func TestScratchTruncated(t *testing.T) {
	dir, files := stdlibFiles(t)
	ex := python.New()
	r := rand.New(rand.NewSource(1))
	for i := 0; i < len(files); i += 3 {
		src, _ := os.ReadFile(filepath.Join(dir, files[i]))
		if len(src) == 0 {
			continue
		}
		for j := 0; j < 5; j++ {
			cut := append([]byte(nil), src[:r.Intn(len(src))]...)
			// mutate some bytes
			for k := 0; k < 5 && len(cut) > 0; k++ {
				cut[r.Intn(len(cut))] = "()[]{}:=.,'\"\n @#\\"[r.Intn(17)]
			}
			f := ex.Extract(extract.Input{Path: files[i], Content: cut})
			checkFile(t, files[i], cut, f)
		}
	}
	for j := 0; j < 200; j++ {
		b := make([]byte, r.Intn(5000))
		r.Read(b)
		f := ex.Extract(extract.Input{Path: "x.py", Content: b})
		checkFile(t, "random", b, f)
	}
}
