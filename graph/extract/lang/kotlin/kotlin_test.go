package kotlin_test

import (
	"reflect"
	"strings"
	"sync"
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
	e := kotlin.New()
	if e.Lang() != "kotlin" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for path, want := range map[string]bool{
		"a/b.kt": true, "build.gradle.kts": true, "B.KT": true, "a/B.java": false, "a/b.ktm": false, "kt": false,
	} {
		if got := e.Supports(path); got != want {
			t.Errorf("Supports(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestParseTimeout(t *testing.T) {
	e := kotlin.New().WithTimeout(time.Nanosecond)
	src := "package com.example.slow\nclass Slow {\n" +
		strings.Repeat("  fun f() { val a = b + c * d; g(a) }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "src/Slow.kt", Content: []byte(src)})
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Fatalf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != "kotlin" || got.Namespace != "com.example.slow" {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if len(got.Symbols)+len(got.Refs)+len(got.Strings) != 0 {
		t.Errorf("want an otherwise empty result, got %d symbols, %d refs", len(got.Symbols), len(got.Refs))
	}
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
	inputs := extracttest.GoldenInputs(t)
	e := kotlin.New()
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
