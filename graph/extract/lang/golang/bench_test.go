package golang_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/golang"
)

// goroot returns $(go env GOROOT)/src, skipping the test without a go tool.
func gorootSrc(tb testing.TB) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src")
}

// goFiles lists the .go files under root, sorted, as slash paths relative
// to it; withTestdata keeps testdata and vendor directories.
func goFiles(tb testing.TB, root string, withTestdata bool) []string {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && !withTestdata && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// benchInputs reads a fixed sample of about 200 standard library files:
// every n-th of the sorted list outside testdata and vendor.
func benchInputs(b *testing.B) ([]extract.Input, int64) {
	root := gorootSrc(b)
	files := goFiles(b, root, false)
	step := max(1, len(files)/200)
	var ins []extract.Input
	var total int64
	for i := 0; i < len(files) && len(ins) < 200; i += step {
		content, err := os.ReadFile(filepath.Join(root, files[i]))
		if err != nil {
			b.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: files[i], Content: content})
		total += int64(len(content))
	}
	return ins, total
}

func BenchmarkExtract(b *testing.B) {
	ins, total := benchInputs(b)
	e := golang.New()
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			e.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	ins, total := benchInputs(b)
	l := tsutil.NewLang(tsgo.Language())
	b.SetBytes(total)
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
