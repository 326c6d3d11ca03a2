package typescript

import (
	"reflect"
	"strings"
	"testing"

	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// TestIDs checks that every optional kind and field exists in the grammars
// that should have it: the TypeScript ones have all but the JavaScript
// field_definition (plain TypeScript has no JSX, TSX no <T>x); JavaScript has all
// the shared ones (newIDs panics otherwise).
func TestIDs(t *testing.T) {
	jsOnly := map[string]bool{"jsFieldDef": true}
	jsx := map[string]bool{"jsxOpen": true, "jsxSelfClosing": true, "jsxAttr": true, "jsxText": true,
		"jsxExpr": true, "jsxNamespaceName": true}
	notTSX := map[string]bool{"typeAssertion": true} // <T>x reads as JSX there
	for name, l := range map[string]*tsutil.Lang{
		"typescript": tsutil.NewLang(tsts.LanguageTypescript()),
		"tsx":        tsutil.NewLang(tsts.LanguageTSX()),
	} {
		v := reflect.ValueOf(*newIDs(l))
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() != reflect.Uint16 || v.Field(i).Uint() != absent {
				continue
			}
			if !jsOnly[f.Name] && !(name == "typescript" && jsx[f.Name]) && !(name == "tsx" && notTSX[f.Name]) {
				t.Errorf("%s grammar lacks %s", name, f.Name)
			}
		}
	}
	if x := newIDs(tsutil.NewLang(tsjs.Language())); x.jsFieldDef == absent || x.jsxOpen == absent {
		t.Error("javascript grammar lacks field_definition or JSX")
	}
}

func TestModulePath(t *testing.T) {
	for _, c := range []struct{ dir, spec, want string }{
		{"src", "./utils/fetch", "src/utils/fetch"},
		{"src", "./utils/fetch.js", "src/utils/fetch"},
		{"src/a", "../b/c.tsx", "src/b/c"},
		{"src", "./types.d.ts", "src/types"},
		{"src", "./styles.css", "src/styles.css"},
		{"src", ".", "src"},
		{".", "./a", "a"},
		{"src", "../../out", "../../out"},
		{"src", "react", "react"},
		{"src", "@orbit/core", "@orbit/core"},
		{"src", "node:path", "node:path"},
		{"src", "lodash/debounce.js", "lodash/debounce.js"},
	} {
		if got := modulePath(c.dir, c.spec); got != c.want {
			t.Errorf("modulePath(%q, %q) = %q, want %q", c.dir, c.spec, got, c.want)
		}
	}
	for p, want := range map[string]string{
		"src/a.ts": "src/a", "src/a.d.ts": "src/a", "src/A.D.TS": "src/A", "a.test.tsx": "a.test",
		"src/index.js": "src/index", "x.cjs": "x", "types/a.d.mts": "types/a",
	} {
		if got := namespace(p); got != want {
			t.Errorf("namespace(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`:                "plain",
		`'it\'s'`:                "it's",
		`"a\nb\tc\\d"`:           "a\nb\tc\\d",
		`"\x41\u0042\u{43}"`:     "ABC",
		`"\u{1F600}"`:            "😀",
		"`tpl\\`x`":              "tpl`x",
		"\"line \\\ncontinued\"": "line continued",
		`"\q\z"`:                 "qz",
		`"\xZZ"`:                 "xZZ",
		`"\u{110000}"`:           "u{110000}",
		`"\uD800"`:               "\uFFFD",
		`"\01"`:                  "01",
	} {
		got, ok := unquote([]byte(in))
		if !ok || got != want {
			t.Errorf("unquote(%s) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{`"`, `"abc'`, `abc`, ``} {
		if _, ok := unquote([]byte(in)); ok {
			t.Errorf("unquote(%s) ok", in)
		}
	}
}

func TestNormalizeSignature(t *testing.T) {
	for in, want := range map[string]string{
		"function f(a,  b) ":                           "function f(a, b)",
		"function f(\n  a: A, // first\n  b: B,\n): R": "function f(a: A, b: B): R",
		"f = async (a /* x */) =>":                     "f = async (a)",
		"class A<T>\n  extends B<T>\n  implements C {": "class A<T> extends B<T> implements C",
		"x: number =":                                  "x: number",
		"type T = A | B;":                              "type T = A | B",
		`m(s = "a  // b", t = '{ ')`:                   `m(s = "a  // b", t = '{ ')`,
		"m(s = `a\n  b`)":                              "m(s = `a\n  b`)",
		"#x: string;":                                  "#x: string",
		"f(a == b)":                                    "f(a == b)",
	} {
		if got := normalizeSignature([]byte(in)); got != want {
			t.Errorf("normalizeSignature(%q) = %q, want %q", in, got, want)
		}
	}
	if got := normalizeSignature([]byte(strings.Repeat(" ", 3))); got != "" {
		t.Errorf("blank: %q", got)
	}
}

func TestModuleName(t *testing.T) {
	for mp, want := range map[string]string{
		"src/a": "a", "node:fs": "fs", "socket.io": "socket.io", "@orbit/core": "core",
		"0.": "0.", "/": "/", "a/": "a", "lodash/fp/": "fp",
	} {
		if got := moduleName(mp); got != want {
			t.Errorf("moduleName(%q) = %q, want %q", mp, got, want)
		}
	}
}

// TestModuleIndex checks which relative specifiers may name a directory
// and so also offer its index file.
func TestModuleIndex(t *testing.T) {
	for _, c := range []struct{ spec, mp, index string }{
		{"./utils", "src/utils", "src/utils/index"},
		{"../shared/api", "shared/api", "shared/api/index"},
		{".", "src", "src/index"},
		{"./utils/index", "src/utils/index", ""},
		{"./utils/fetch.js", "src/utils/fetch", ""},
		{"react", "react", ""},
		{"../../outside", "../../outside", ""},
	} {
		w := &walker{dir: "src"}
		if mp, index := w.module(c.spec); mp != c.mp || index != c.index {
			t.Errorf("module(%q) = %q, %q; want %q, %q", c.spec, mp, index, c.mp, c.index)
		}
	}
}
