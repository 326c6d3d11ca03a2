package core_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
)

// TestNoLanguageInCore fails when a non-test file under graph/core names a
// language, a language's file extension or one of its marker files in a
// string: that knowledge belongs in the language's package, reached
// through the extractor's optional abilities (graph/extract/abilities.go).
// Comments may mention languages; code may not.
func TestNoLanguageInCore(t *testing.T) {
	langs := map[string]bool{"golang": true, "javascript": true, "tsx": true}
	for _, l := range all.Registry().Langs() {
		langs[l] = true
	}
	// "config" is also the name of a search kind (config keys), which core
	// may well say.
	delete(langs, "config")
	exts := regexp.MustCompile(`\.(go|py|pyi|rs|ts|tsx|mts|cts|js|jsx|mjs|cjs|java|kt|kts|cs|rb|c|h|cc|cpp|cxx|hpp|hh)\b`)
	markers := regexp.MustCompile(`go\.mod|go\.work|Cargo\.toml|__init__\.py|pyproject\.toml|setup\.py|package\.json|tsconfig|jsconfig`)
	files := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == "testdata" {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		files++
		for _, lit := range stringLiterals(t, p) {
			s, pos := lit.value, lit.pos
			switch {
			case langs[strings.ToLower(s)] || sqlNamesLang(s, langs):
				t.Errorf("%s: names a language: %q", pos, s)
			case exts.MatchString(s):
				t.Errorf("%s: names a language's file extension: %q", pos, s)
			case markers.MatchString(s):
				t.Errorf("%s: names a language's marker file: %q", pos, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("checked only %d files under graph/core", files)
	}
}

type literal struct {
	value string
	pos   token.Position
}

// stringLiterals lists the string constants of a file, imports excepted.
func stringLiterals(t *testing.T, path string) []literal {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.ImportSpec); ok {
			return false
		}
		if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
			if v, err := strconv.Unquote(b.Value); err == nil {
				out = append(out, literal{v, fset.Position(b.Pos())})
			}
		}
		return true
	})
	return out
}

var sqlString = regexp.MustCompile(`'([a-z]+)'`)

// sqlNamesLang: a quoted language name inside SQL text ("lang = 'go'").
func sqlNamesLang(s string, langs map[string]bool) bool {
	for _, m := range sqlString.FindAllStringSubmatch(s, -1) {
		if langs[m[1]] {
			return true
		}
	}
	return false
}
