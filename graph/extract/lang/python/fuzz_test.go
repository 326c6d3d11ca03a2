package python_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or differ between runs.
// Seeds are the golden sources plus a few broken fragments; run it for real
// with `go test -fuzz FuzzExtract ./graph/extract/lang/python`.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, src := range ar.Files {
			if src.Name != "want" {
				f.Add(string(src.Data))
			}
		}
	}
	for _, s := range []string{
		"", "\x00", "def", "def (", "class :", "@\n", "import", "from . import", "from import x",
		"x: = 1", "f\"{", "'''", "lambda: (", "match x:\n case", "@click.command(\ndef f(): pass",
		"def f(a, (b, c)): pass", "print 'py2'", "\xff\xfe garbage \xef\xbb\xbf",
	} {
		f.Add(s)
	}
	ex := python.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "pkg/test_mod.py", Content: []byte(src)}
		got := ex.Extract(in)
		checkFile(t, in.Path, in.Content, got)
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
		for _, d := range got.Diagnostics {
			if strings.HasPrefix(d.Message, "parse:") {
				t.Errorf("parse failed: %s", d.Message)
			}
		}
	})
}
