package tsutil

import (
	"strings"
	"testing"
	"time"

	golang "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
)

var goLang = NewLang(golang.Language())

func goDoor(keep bool) *Door {
	return &Door{Name: "go", Lang: goLang, Flags: goLang.NamedKinds(), KeepPartial: keep,
		Fallback: func(extract.Input) string { return "scanned" }}
}

func TestDoorPanicBecomesDiagnostic(t *testing.T) {
	in := extract.Input{Path: "a.go", Content: []byte("package p\n")}
	for _, keep := range []bool{false, true} {
		out := &extract.ExtractedFile{Lang: "go", Namespace: "p"}
		got := goDoor(keep).Extract(in, out, func([]Node, extract.LineIndex) {
			out.Symbols = append(out.Symbols, extract.RawSymbol{Name: "x"})
			panic("boom")
		})
		if n := len(got.Diagnostics); n != 1 || got.Diagnostics[0].Message != "go extractor: internal error: boom" {
			t.Errorf("keep=%v: diagnostics %v", keep, got.Diagnostics)
		}
		if kept := len(got.Symbols) == 1; kept != keep {
			t.Errorf("keep=%v: symbols %v", keep, got.Symbols)
		}
		if want := map[bool]string{false: "scanned", true: "p"}[keep]; got.Namespace != want {
			t.Errorf("keep=%v: namespace %q, want %q", keep, got.Namespace, want)
		}
	}
}

func TestDoorParseFailure(t *testing.T) {
	d := goDoor(false).WithTimeout(time.Nanosecond)
	src := "package p\n" + strings.Repeat("func f() { a := b + c * d }\n", 20000)
	out := &extract.ExtractedFile{Lang: "go"}
	got := d.Extract(extract.Input{Content: []byte(src)}, out, func([]Node, extract.LineIndex) {
		t.Error("walk ran after a timeout")
	})
	if got.Namespace != "scanned" || len(got.Diagnostics) != 1 || !strings.HasPrefix(got.Diagnostics[0].Message, "parse: ") {
		t.Errorf("got %+v", got)
	}
}

func TestDoorPrepareClamps(t *testing.T) {
	d := goDoor(false)
	d.Prepare = func(b []byte) []byte { return append(b[:len(b):len(b)], '\n') }
	in := extract.Input{Content: []byte("package p")}
	d.Extract(in, &extract.ExtractedFile{}, func(nodes []Node, _ extract.LineIndex) {
		for _, n := range nodes {
			if n.End > uint32(len(in.Content)) {
				t.Errorf("node %+v past the content", n)
			}
		}
	})
}

// TestDoorSkip: the lines Skip names are not parsed (garbage there gives
// no syntax error), the rest parses as if they were blank, every node at
// its offset in the content, and the pool's parser reads whole files
// again afterwards.
func TestDoorSkip(t *testing.T) {
	src := "package p\n\nfunc f() {\n\t)))) not go ((((\n}\n\nfunc g() {}\n"
	junk := strings.Index(src, "\t))))")
	end := strings.Index(src, "}\n\nfunc g") // the line after the junk
	blank := src[:junk] + strings.Repeat(" ", end-junk-1) + src[end-1:]
	parse := func(content string, skip [][2]uint32) ([]Node, []extract.Diagnostic) {
		d := goDoor(false)
		if skip != nil {
			d.Skip = func([]byte) [][2]uint32 { return skip }
		}
		var got []Node
		out := d.Extract(extract.Input{Content: []byte(content)}, &extract.ExtractedFile{}, func(nodes []Node, _ extract.LineIndex) {
			got = append(got, nodes...)
		})
		return got, out.Diagnostics
	}
	want, diags := parse(blank, nil)
	if len(diags) != 0 {
		t.Fatalf("the blanked source does not parse: %v", diags)
	}
	if _, diags := parse(src, nil); len(diags) == 0 {
		t.Fatal("the junk parses without Skip: the test shows nothing")
	}
	got, diags := parse(src, [][2]uint32{{uint32(junk), uint32(end)}})
	if len(diags) != 0 {
		t.Errorf("skipped junk gave diagnostics %v", diags)
	}
	if len(got) != len(want) {
		t.Fatalf("%d nodes with Skip, %d for the blanked source", len(got), len(want))
	}
	for i := range want {
		if got[i].Kind != want[i].Kind || got[i].Start != want[i].Start || got[i].End != want[i].End {
			t.Errorf("node %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if _, diags := parse(src, nil); len(diags) == 0 {
		t.Error("a pooled parser still skips after a parse with Skip")
	}
}
