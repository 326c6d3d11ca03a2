package query

import (
	"slices"
	"testing"
)

func TestPlaceSymbols(t *testing.T) {
	for _, c := range []struct {
		name string
		hits []symbolHit
		want string
	}{
		{"go package is its directory", []symbolHit{{"module", "go.mod"}, {"package", "util/a.go"}, {"package", "util/b.go"}}, "util"},
		{"python module is its file", []symbolHit{{"module", "py/pkg/helpers.py"}}, "py/pkg/helpers.py"},
		{"module over a class of the same name", []symbolHit{{"class", "a/x.py"}, {"module", "b/y.py"}}, "b/y.py"},
		{"namespace spread over one directory", []symbolHit{{"namespace", "ns/a.cs"}, {"namespace", "ns/b.cs"}}, "ns"},
		{"namespace spread over directories: the first file", []symbolHit{{"namespace", "a/x.cs"}, {"namespace", "b/y.cs"}}, "a/x.cs"},
		{"a class import is its file", []symbolHit{{"class", "java/com/x/A.java"}}, "java/com/x/A.java"},
		{"nothing", nil, ""},
	} {
		if got := placeSymbols(c.hits); got != c.want {
			t.Errorf("%s: placeSymbols = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParentPath(t *testing.T) {
	for in, want := range map[string]string{
		"crate::a::b::Item":  "crate::a::b",
		"com.x.A":            "com.x",
		"example.com/app/x":  "",
		"example.com/a.b/cd": "",
		"os":                 "",
	} {
		got, ok := parentPath(in)
		if got != want || ok != (want != "") {
			t.Errorf("parentPath(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestPathCandidates(t *testing.T) {
	for _, c := range []struct {
		file, target string
		want         []string
	}{
		{"web/src/app.ts", "./util", []string{"web/src/util"}},
		{"web/src/app.ts", "../lib/x", []string{"web/lib/x"}},
		{"app.ts", "../../x", nil}, // leaves the worktree
		{"c/main.c", "util.h", []string{"c/util.h", "util.h"}},
		{"c/main.c", "c/util.h", []string{"c/c/util.h", "c/util.h"}},
		{"main.py", "os", nil},
		{"a/main.rs", "serde::Serialize", nil},
	} {
		if got := pathCandidates(c.file, c.target); !slices.Equal(got, c.want) {
			t.Errorf("pathCandidates(%q, %q) = %q, want %q", c.file, c.target, got, c.want)
		}
	}
}
