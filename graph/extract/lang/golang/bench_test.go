package golang_test

import (
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
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
func benchInputs(b *testing.B) []extract.Input {
	root := gorootSrc(b)
	return extracttest.Sample(b, root, goFiles(b, root, false), 200)
}

func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, golang.New(), benchInputs(b))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	extracttest.BenchParse(b, tsutil.NewLang(tsgo.Language()), benchInputs(b))
}
