package java_test

import (
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, java.New())
}

func TestSupports(t *testing.T) {
	e := java.New()
	if e.Lang() != "java" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for path, want := range map[string]bool{
		"a/B.java": true, "B.JAVA": true, "a/b.kt": false, "a/B.class": false, "java": false,
	} {
		if got := e.Supports(path); got != want {
			t.Errorf("Supports(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestParseTimeout(t *testing.T) {
	e := java.New().WithTimeout(time.Nanosecond)
	src := "package com.example.slow;\nclass Slow {\n" +
		strings.Repeat("  void f() { int a = b + c * d; g(a); }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "src/Slow.java", Content: []byte(src)})
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Fatalf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != "java" || got.Namespace != "com.example.slow" {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if len(got.Symbols)+len(got.Refs)+len(got.Strings) != 0 {
		t.Errorf("want an otherwise empty result, got %d symbols, %d refs", len(got.Symbols), len(got.Refs))
	}
}

func TestNoPanicOnGarbage(t *testing.T) {
	e := java.New()
	inputs := []string{"", "package", "\x00\xff\xfe", "class {", "class A extends {", "@", "import static ;",
		"enum E { A(", "record R(", "class A { void m() { new B() { void", "\"\"\"", strings.Repeat("(", 5000),
		"class A { String s = \"\\u12\"; }", "class A<T extends> {}", "interface I extends , {}"}
	for _, src := range inputs {
		got := e.Extract(extract.Input{Path: "A.java", Content: []byte(src)})
		for _, d := range got.Diagnostics {
			if strings.Contains(d.Message, "internal error") {
				t.Errorf("Extract(%.20q): %s", src, d.Message)
			}
		}
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	inputs := extracttest.GoldenInputs(t)
	e := java.New()
	want := make([]*extract.ExtractedFile, len(inputs))
	for i, in := range inputs {
		want[i] = e.Extract(in)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range inputs {
				j := (i + g*len(inputs)/4) % len(inputs)
				if got := e.Extract(inputs[j]); !reflect.DeepEqual(got, want[j]) {
					t.Errorf("%s: concurrent extraction differs", inputs[j].Path)
				}
			}
		})
	}
	wg.Wait()
}
