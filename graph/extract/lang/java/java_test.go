package java_test

import (
	"strings"
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
	extracttest.Supports(t, java.New(), "java", map[string]bool{
		"a/B.java": true, "B.JAVA": true, "a/b.kt": false, "a/B.class": false, "java": false,
	})
}

func TestParseTimeout(t *testing.T) {
	e := java.New().WithTimeout(time.Nanosecond)
	src := "package com.example.slow;\nclass Slow {\n" +
		strings.Repeat("  void f() { int a = b + c * d; g(a); }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "src/Slow.java", Content: []byte(src)})
	extracttest.TimedOut(t, got, "java", "com.example.slow")
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
	extracttest.Concurrent(t, java.New(), extracttest.GoldenInputs(t))
}
