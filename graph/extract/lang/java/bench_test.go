package java_test

import (
	"archive/zip"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// corpusSource finds the real corpus: $ORBIT_JAVA_CORPUS (a directory or a
// src.zip), else the src.zip of the JDK that javac belongs to, else of any
// JDK under /usr/lib/jvm. "" when there is none.
func corpusSource() string {
	if p := os.Getenv("ORBIT_JAVA_CORPUS"); p != "" {
		return p
	}
	var candidates []string
	if javac, err := exec.LookPath("javac"); err == nil {
		if real, err := filepath.EvalSymlinks(javac); err == nil {
			candidates = append(candidates, filepath.Join(filepath.Dir(filepath.Dir(real)), "lib", "src.zip"))
		}
	}
	more, _ := filepath.Glob("/usr/lib/jvm/*/lib/src.zip")
	for _, p := range append(candidates, more...) {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// loadCorpus reads every .java file of the corpus, sorted by path;
// sample > 0 keeps that many, evenly spread over the sorted list.
func loadCorpus(tb testing.TB, sample int) []extract.Input {
	src := corpusSource()
	if src == "" {
		tb.Skip("no Java corpus: set ORBIT_JAVA_CORPUS or install a JDK with lib/src.zip")
	}
	files := map[string]func() ([]byte, error){}
	if strings.HasSuffix(src, ".zip") {
		zr, err := zip.OpenReader(src)
		if err != nil {
			tb.Skipf("open %s: %v", src, err)
		}
		tb.Cleanup(func() { zr.Close() })
		for _, f := range zr.File {
			if strings.HasSuffix(f.Name, ".java") {
				files[f.Name] = func() ([]byte, error) { return readZip(f) }
			}
		}
	} else {
		filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".java") {
				rel, _ := filepath.Rel(src, p)
				files[filepath.ToSlash(rel)] = func() ([]byte, error) { return os.ReadFile(p) }
			}
			return nil
		})
	}
	names := slices.Sorted(maps.Keys(files))
	step := 1
	if sample > 0 {
		step = max(1, len(names)/sample)
	}
	var ins []extract.Input
	for i := 0; i < len(names) && (sample <= 0 || len(ins) < sample); i += step {
		content, err := files[names[i]]()
		if err != nil {
			tb.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: names[i], Content: content})
	}
	return ins
}

func readZip(f *zip.File) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// BenchmarkExtract measures parse plus walk over 200 files of the corpus.
func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, java.New(), loadCorpus(b, 200))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on.
func BenchmarkParseOnly(b *testing.B) {
	extracttest.BenchParse(b, tsutil.NewLang(tsjava.Language()), loadCorpus(b, 200))
}
