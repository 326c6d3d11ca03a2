package tsutil_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// bodyCase is a file whose callables named a and b have the same body
// written differently (comments, layout), and c a different one; the
// decorated one carries the decorators listed.
type bodyCase struct {
	path, src string
	decorated string
	decos     []string
}

var bodyCases = []bodyCase{
	{"p/a.go", "package p\n\nfunc a(x int) int {\n\t// one\n\treturn x + 1\n}\n\nfunc b(y int) int { return x /* two */ + 1 }\n\nfunc c() int { return x - 1 }\n", "", nil},
	{"m.py", "import pytest\n\ndef a():\n    # one\n    return x + 1\n\n@pytest.mark.slow\n@app.get(\"/x\")\ndef b():\n    return x  +  1\n\ndef c():\n    return x - 1\n", "b", []string{"pytest.mark.slow", "app.get"}},
	{"src/A.java", "class A {\n  int a() { return x + 1; }\n  @Test\n  @Tag(\"s\")\n  int b() { /* c */ return x+1; }\n  int c() { return x - 1; }\n}\n", "b", []string{"Test", "Tag"}},
	{"src/lib.rs", "fn a() -> i32 { x + 1 }\n\n#[test]\n#[cfg(unix)]\nfn b() -> i32 {\n    // c\n    x +\n    1\n}\n\nfn c() -> i32 { x - 1 }\n", "b", []string{"test", "cfg"}},
	{"src/a.ts", "function a() { return x + 1; }\nfunction b() {\n  // c\n  return x+1;\n}\nclass K {\n  @Get(\"/\")\n  c() { return x - 1; }\n}\n", "c", []string{"Get"}},
	{"A.cs", "class A {\n  int a() { return x + 1; }\n  [Test, Category(\"s\")]\n  int b() { return x +\n 1; }\n  int c() { return x - 1; }\n}\n", "b", []string{"Test", "Category"}},
}

func TestBodyDigestsAndDecorators(t *testing.T) {
	reg := all.Registry()
	for _, c := range bodyCases {
		t.Run(c.path, func(t *testing.T) {
			x := reg.For(c.path)
			if x == nil {
				t.Fatalf("no extractor for %s", c.path)
			}
			out := x.Extract(extract.Input{Path: c.path, Content: []byte(c.src)})
			by := map[string]extract.RawSymbol{}
			for _, s := range out.Symbols {
				by[s.Name] = s
			}
			a, b, cc := by["a"], by["b"], by["c"]
			if a.Body.Hash == 0 || a.Body.Size == 0 {
				t.Fatalf("a has no body digest: %+v (symbols %+v)", a, out.Symbols)
			}
			if a.Body != b.Body {
				t.Errorf("a and b differ only in comments and layout, digests %+v and %+v", a.Body, b.Body)
			}
			if cc.Body.Hash == 0 || cc.Body == a.Body {
				t.Errorf("c's body differs from a's, digests %+v and %+v", cc.Body, a.Body)
			}
			if c.decorated != "" && !slices.Equal(by[c.decorated].Decorators, c.decos) {
				t.Errorf("decorators of %s = %q, want %q", c.decorated, by[c.decorated].Decorators, c.decos)
			}
			if len(a.Decorators) != 0 {
				t.Errorf("a has decorators %q", a.Decorators)
			}
		})
	}
}

func TestBodyDigestKeepsWordsApart(t *testing.T) {
	x := all.Registry().For("a.go")
	src := "package p\n\nfunc a() int { return x }\n\nfunc b() int { returnx }\n"
	out := x.Extract(extract.Input{Path: "a.go", Content: []byte(src)})
	var bodies []extract.Body
	for _, s := range out.Symbols {
		if strings.HasPrefix(s.Signature, "func") {
			bodies = append(bodies, s.Body)
		}
	}
	if len(bodies) != 2 || bodies[0] == bodies[1] {
		t.Fatalf("return x and returnx must differ: %+v", bodies)
	}
}

func TestClosures(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		path, src string
		lines     []int
	}{
		{"p/a.go", "package p\n\nfunc f() {\n\tg := func(x int) int { return x + 1 }\n\th := func(x int) int {\n\t\t// same\n\t\treturn x + 1\n\t}\n\t_, _ = g, h\n}\n", []int{4, 5}},
		{"m.py", "f = lambda x: x + 1\ng = lambda x: x  +  1\n", []int{1, 2}},
		{"a.ts", "const f = (x: number) => x + 1;\nconst g = (x: number) =>\n  x + 1;\n", []int{1, 2}},
		{"src/lib.rs", "fn f() {\n    let g = |x: i32| x + 1;\n    let h = |x: i32| {\n        x + 1\n    };\n}\n", []int{2, 3}},
	} {
		out := reg.For(c.path).Extract(extract.Input{Path: c.path, Content: []byte(c.src)})
		if len(out.Closures) != len(c.lines) {
			t.Errorf("%s: %d closures %+v, want %d", c.path, len(out.Closures), out.Closures, len(c.lines))
			continue
		}
		for i, cl := range out.Closures {
			if cl.Line != c.lines[i] || cl.Col < 1 || cl.Body.Hash == 0 {
				t.Errorf("%s: closure %d at %d:%d digest %+v, want line %d and a digest", c.path, i, cl.Line, cl.Col, cl.Body, c.lines[i])
			}
		}
		if c.path != "src/lib.rs" && out.Closures[0].Body != out.Closures[1].Body {
			t.Errorf("%s: the two closures differ only in layout: %+v", c.path, out.Closures)
		}
	}
}
