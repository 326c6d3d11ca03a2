package rust

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestBlankFnBodies: function bodies become spaces (newlines and offsets
// kept); signatures, a trait's declarations without a body, function
// pointer types and strings holding braces stay, and the declarations a
// dependency's file keeps are the same.
func TestBlankFnBodies(t *testing.T) {
	src := `pub trait T {
    fn declared(&self) -> u32;
    fn provided(&self) -> u32 { let s = "}"; 1 }
}
pub struct S;
impl S {
    pub fn new(f: fn(u32) -> u32, a: [u8; 2]) -> Self where Self: Sized {
        struct Local;
        S
    }
}
pub fn free() -> char { '}' }
`
	out, bodies := blankFnBodies([]byte(src))
	got := string(out)
	// provided's, new's and free's are blanked (declared has none); only
	// new's is long enough to be left out of the parse
	if len(bodies) != 1 {
		t.Errorf("bodies %v, want 1", bodies)
	}
	for _, b := range bodies { // each the inside of a { … }, all blank
		if src[b.Start-1] != '{' || src[b.End] != '}' || strings.TrimSpace(got[b.Start:b.End]) != "" {
			t.Errorf("body %v is %q", b, got[b.Start-1:b.End+1])
		}
	}
	if len(got) != len(src) || strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Fatalf("length or lines changed:\n%s", got)
	}
	for _, gone := range []string{"let s", "struct Local", "'}'"} {
		if strings.Contains(got, gone) {
			t.Errorf("body text %q kept:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"fn declared(&self) -> u32;", "fn new(f: fn(u32) -> u32, a: [u8; 2]) -> Self where Self: Sized {", "pub fn free() -> char {"} {
		if !strings.Contains(got, kept) {
			t.Errorf("lost %q:\n%s", kept, got)
		}
	}
	names := func(decl bool) map[string]bool {
		x := New().Extract(extract.Input{Path: "src/lib.rs", Content: []byte(src), Module: extract.ModuleContext{Path: "dep"}, DeclarationsOnly: decl})
		m := map[string]bool{}
		for _, s := range x.Symbols {
			m[s.Qualified] = true
		}
		return m
	}
	full, blanked := names(false), names(true)
	if !full["dep::S::new::Local"] {
		t.Fatalf("full extraction lacks dep::S::new::Local: %v", full)
	}
	for q := range full {
		if !blanked[q] && !strings.Contains(q, "Local") {
			t.Errorf("declarations only lost %s", q)
		}
	}
	if len(blanked) == 0 || blanked["dep::S::new::Local"] {
		t.Errorf("declarations only: %v", blanked)
	}
}

// TestBlankLeavesOut: a macro_rules! definition's rules are blanked like
// a body; what the parse may leave out joins a doc comment's lines into
// one part and drops parts too short to be worth a range; the
// declarations a dependency's file keeps are the same.
func TestBlankLeavesOut(t *testing.T) {
	src := `//! The crate's documentation,
//! on two lines.
#[macro_export]
macro_rules! make { ($x:ident) => { struct $x; }; }
// short
pub struct S; // short too
macro_rules! local ( () => { "a string, long enough" } );
`
	out, parts := blankFnBodies([]byte(src))
	got := string(out)
	for _, gone := range []string{"$x:ident", "a string"} {
		if strings.Contains(got, gone) {
			t.Errorf("rules %q kept:\n%s", gone, got)
		}
	}
	doc := strings.Index(src, "#[macro_export]") - 1 // the two lines, up to the last newline
	want := []extract.Span{{Start: 0, End: uint32(doc)}}
	for _, r := range [][2]string{{"make {", " }\n"}, {"local (", " );"}} { // the rules, up to the closing delimiter
		at := strings.Index(src, r[0]) + len(r[0])
		want = append(want, extract.Span{Start: uint32(at), End: uint32(at + strings.Index(src[at:], r[1]) + 1)})
	}
	if !reflect.DeepEqual(parts, want) {
		t.Errorf("parts left out %v, want %v", parts, want)
		for _, p := range parts {
			t.Logf("%q", src[p.Start:p.End])
		}
	}
	syms := func(decl bool) []string {
		x := New().Extract(extract.Input{Path: "src/lib.rs", Content: []byte(src), Module: extract.ModuleContext{Path: "dep"}, DeclarationsOnly: decl})
		var out []string
		for _, s := range x.Symbols {
			out = append(out, fmt.Sprintf("%s %s %v", s.Qualified, s.Kind, s.Span))
		}
		return out
	}
	if full, decl := syms(false), syms(true); !reflect.DeepEqual(full, decl) || len(full) != 4 {
		t.Errorf("declarations only %q, want %q (4)", decl, full)
	}
}
