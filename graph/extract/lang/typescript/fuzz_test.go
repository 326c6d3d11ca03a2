package typescript_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce records outside the file or out of order, or
// differ between runs. Seeds are the golden sources plus broken fragments;
// run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/typescript`.
func FuzzExtract(f *testing.F) {
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(in.Path, string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "function", "class {", "export default", "import", "import {", "export * from",
		"const { a = } = require(", "`${", "'\\u{110000}'", "\"\\x\"", "<div>", "<Foo.", "enum {",
		"namespace A. {", "declare module", "f(a)(b)(c)", "process.env[", "x as", "type T<",
		"@dec", "class A { get }", "\xff\xfe garbage \xef\xbb\xbf",
	} {
		for _, p := range []string{"src/a.ts", "src/a.tsx", "lib/a.js"} {
			f.Add(p, s)
		}
	}
	ex := typescript.New()
	f.Fuzz(func(t *testing.T, path, src string) {
		if !ex.Supports(path) {
			path = "src/fuzz.ts"
		}
		in := extract.Input{Path: path, Content: []byte(src)}
		got := ex.Extract(in)
		checkFile(t, path, in.Content, got)
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

// checkFile checks the invariants core relies on: no internal error, spans
// inside the file, names and paths present, every list in source order and
// parents pointing backwards.
func checkFile(t *testing.T, rel string, src []byte, f *extract.ExtractedFile) {
	t.Helper()
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			t.Errorf("%s: %s", rel, d.Message)
		}
	}
	end := uint32(len(src))
	bad := func(s extract.Span) bool { return s.Start > s.End || s.End > end }
	for i, s := range f.Symbols {
		if bad(s.Span) || s.Name == "" || s.Qualified == "" || s.Parent >= i || s.Parent < extract.NoParent {
			t.Errorf("%s: bad symbol %d %+v", rel, i, s)
		}
	}
	for _, r := range f.Refs {
		if bad(r.Span) || r.Name == "" || slices.Contains(r.Alternatives, "") ||
			r.Receiver != nil && (slices.Contains(r.Receiver, "") || r.Receiver[0] == extract.CallResult) {
			t.Errorf("%s: bad ref %+v", rel, r)
		}
	}
	for _, ft := range f.Facts {
		if bad(ft.Span) || ft.Subject == "" || ft.Object == "" || ft.Kind != extract.FactAlias && ft.Member == "*" {
			t.Errorf("%s: bad fact %+v", rel, ft)
		}
	}
	for _, r := range f.Relations {
		if bad(r.Span) || r.From == "" || r.To == "" {
			t.Errorf("%s: bad relation %+v", rel, r)
		}
	}
	for _, im := range f.Imports {
		if bad(im.Span) || im.Path == "" {
			t.Errorf("%s: bad import %+v", rel, im)
		}
	}
	for _, s := range f.Strings {
		if bad(s.Span) || !extract.Notable(s.Value) {
			t.Errorf("%s: bad string %+v", rel, s)
		}
	}
	for _, c := range f.Configs {
		if bad(c.Span) || c.Key == "" {
			t.Errorf("%s: bad config %+v", rel, c)
		}
	}
	checkOrder(t, rel, "symbols", f.Symbols, func(s extract.RawSymbol) uint32 { return s.Span.Start })
	checkOrder(t, rel, "refs", f.Refs, func(r extract.RawRef) uint32 { return r.Span.Start })
	checkOrder(t, rel, "relations", f.Relations, func(r extract.RawRelation) uint32 { return r.Span.Start })
	checkOrder(t, rel, "imports", f.Imports, func(r extract.RawImport) uint32 { return r.Span.Start })
	checkOrder(t, rel, "strings", f.Strings, func(r extract.RawString) uint32 { return r.Span.Start })
	checkOrder(t, rel, "configs", f.Configs, func(r extract.RawConfig) uint32 { return r.Span.Start })
}

// checkOrder checks that records come in source order.
func checkOrder[T any](t *testing.T, rel, what string, recs []T, start func(T) uint32) {
	t.Helper()
	for i := 1; i < len(recs); i++ {
		if start(recs[i]) < start(recs[i-1]) {
			t.Errorf("%s: %s out of source order at %d: %+v after %+v", rel, what, i, recs[i], recs[i-1])
			return
		}
	}
}
