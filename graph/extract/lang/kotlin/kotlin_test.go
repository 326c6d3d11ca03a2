package kotlin_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/kotlin"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, kotlin.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, kotlin.New(), "kotlin", map[string]bool{
		"a/b.kt": true, "build.gradle.kts": true, "B.KT": true, "a/B.java": false, "a/b.ktm": false, "kt": false,
	})
}

func TestParseTimeout(t *testing.T) {
	e := kotlin.New().WithTimeout(time.Nanosecond)
	src := "package com.example.slow\nclass Slow {\n" +
		strings.Repeat("  fun f() { val a = b + c * d; g(a) }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "src/Slow.kt", Content: []byte(src)})
	extracttest.TimedOut(t, got, "kotlin", "com.example.slow")
}

func TestNoPanicOnGarbage(t *testing.T) {
	e := kotlin.New()
	inputs := []string{"", "package", "\x00\xff\xfe", "class {", "class A : {", "@", "import as ;",
		"enum class E { A(", "fun String.(", "class A { fun m() { object : B { fun", "\"\"\"", strings.Repeat("(", 5000),
		"val s = \"\\u12\"", "class A<T : > {}", "fun <T> T.() = 1", "val x = \"${", "companion object {",
		"constructor(", "typealias = ", "System.getenv()[", "@file:", "fun f() = ::"}
	for _, src := range inputs {
		got := e.Extract(extract.Input{Path: "a.kt", Content: []byte(src)})
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
	extracttest.Concurrent(t, kotlin.New(), extracttest.GoldenInputs(t))
}
