package jvm

import "testing"

func TestScanPackage(t *testing.T) {
	for _, tc := range []struct {
		x        *Syntax
		src, pkg string
	}{
		{Java, "// c\n/* d */ @Ann\npackage a . b;\nclass C {}", "a.b"},
		{Java, "package a.b\nclass C {}", ""}, // Java needs the semicolon
		{Kotlin, "/* a /* nested */ */\npackage a.b\nclass C", "a.b"},
		{Java, "package$x;", ""}, // '$' is an identifier byte in Java
		{Kotlin, "class C", ""},
	} {
		if got := tc.x.ScanPackage([]byte(tc.src)); got != tc.pkg {
			t.Errorf("ScanPackage(%q) = %q, want %q", tc.src, got, tc.pkg)
		}
	}
}

func TestPrefixedSuffixed(t *testing.T) {
	if got := Prefixed([]string{"a", "b"}, "C"); len(got) != 2 || got[1] != "b.C" {
		t.Errorf("Prefixed = %v", got)
	}
	if Prefixed(nil, "C") != nil || Suffixed(nil, ".x") != nil {
		t.Error("want nil for no prefixes")
	}
}
