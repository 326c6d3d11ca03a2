package rust

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestLocate(t *testing.T) {
	for _, c := range []struct {
		path, root, crate string
		want              location
	}{
		{"src/lib.rs", "", "app", location{"app", "app", "app", "app"}},
		{"src/main.rs", "", "my_tool", location{"my_tool", "my_tool", "my_tool", "my-tool"}},
		{"src/a.rs", "", "app", location{"app", "app::a", "app::a", "app"}},
		{"src/a/mod.rs", "", "app", location{"app", "app::a", "app::a", "app"}},
		{"src/a/b.rs", "", "app", location{"app", "app::a::b", "app::a::b", "app"}},
		{"crates/x/src/a/b.rs", "crates/x", "x", location{"x", "x::a::b", "x::a::b", "x"}},
		{"crates/x/src/lib.rs", "crates/x/", "x", location{"x", "x", "x", "x"}},
		{"src/bin/tool.rs", "", "app", location{"app", "app::bin::tool", "app::bin", "tool"}},
		{"src/bin/tool/main.rs", "", "app", location{"app", "app::bin::tool", "app::bin::tool", "tool"}},
		{"src/bin/tool/cli.rs", "", "app", location{"app", "app::bin::tool::cli", "app::bin::tool::cli", "app"}},
		{"tests/round-trip.rs", "", "app", location{"app", "app::round_trip", "app", "app"}},
		{"tests/common/mod.rs", "", "app", location{"app", "app::common", "app::common", "app"}},
		{"examples/git-derive.rs", "", "clap", location{"clap", "clap::git_derive", "clap", "git-derive"}},
		{"examples/demo/main.rs", "", "clap", location{"clap", "clap::demo", "clap::demo", "demo"}},
		{"benches/speed.rs", "", "app", location{"app", "app::speed", "app", "app"}},
		{"build.rs", "", "app", location{"app", "app::build", "app", "app"}},
		{"tools/gen.rs", "", "", location{"crate", "crate::tools::gen", "crate::tools::gen", "crate"}},
		{"lib.rs", "", "", location{"crate", "crate", "crate", "crate"}},
		{"other/src/x.rs", "crates/y", "y", location{"y", "y::other::src::x", "y::other::src::x", "y"}},
	} {
		got := locate(c.path, extract.ModuleContext{Root: c.root, Path: c.crate})
		if got != c.want {
			t.Errorf("locate(%q, %q, %q) = %+v, want %+v", c.path, c.root, c.crate, got, c.want)
		}
	}
}

func TestRenameCommand(t *testing.T) {
	for _, c := range []struct{ ident, rule, want string }{
		{"Sync", "", "sync"},
		{"ListFiles", "", "list-files"},
		{"HTTPServer", "", "http-server"},
		{"Version2Check", "", "version2-check"},
		{"ABC", "", "abc"},
		{"ListFiles", "snake_case", "list_files"},
		{"ListFiles", "SCREAMING_SNAKE_CASE", "LIST_FILES"},
		{"ListFiles", "lower", "listfiles"},
		{"ListFiles", "upper", "LISTFILES"},
		{"ListFiles", "camelCase", "listFiles"},
		{"list_files", "PascalCase", "ListFiles"},
		{"ListFiles", "verbatim", "ListFiles"},
	} {
		if got := renameCommand(c.ident, c.rule); got != c.want {
			t.Errorf("renameCommand(%q, %q) = %q, want %q", c.ident, c.rule, got, c.want)
		}
	}
}

func TestNormalizeSignature(t *testing.T) {
	for in, want := range map[string]string{
		"fn f(a: u8,  b: u8)": "fn f(a: u8, b: u8)",
		"pub fn f(\n    a: u8, // first\n    b: &str,\n) -> u8": "pub fn f(a: u8, b: &str) -> u8",
		"fn f(s: &str /* inline */)":                            "fn f(s: &str)",
		"const S: &str = \"a  // b\"":                           "const S: &str = \"a  // b\"",
		"impl<T>\n    Trait for X<T>\nwhere\n    T: Clone":      "impl<T> Trait for X<T> where T: Clone",
		"fn f<\n    T,\n>()":                                    "fn f<T>()",
	} {
		if got := normalizeSignature([]byte(in)); got != want {
			t.Errorf("normalizeSignature(%q) = %q, want %q", in, got, want)
		}
	}
	long := normalizeSignature([]byte("type T = (" + strings.Repeat("é, ", 300) + ")"))
	if len(long) > maxSignature+len("…") || !strings.HasSuffix(long, "…") {
		t.Errorf("long signature not cut: %d bytes", len(long))
	}
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result, not a panic.
func TestParseTimeout(t *testing.T) {
	ex := New().WithTimeout(time.Nanosecond)
	src := strings.Repeat("fn f(a: u8) -> u8 { g(a) + h(a) * 2 }\n", 20000)
	f := ex.Extract(extract.Input{Path: "src/slow.rs", Content: []byte(src), Module: extract.ModuleContext{Path: "app"}})
	extracttest.TimedOut(t, f, "rust", "app::slow")
}

// TestIDs checks that every kind and field id was looked up: a field left
// zero would silently match nothing.
func TestIDs(t *testing.T) {
	New().door() // builds the ids
	x := sharedIDs
	v := reflect.ValueOf(x).Elem()
	for i := 0; i < v.NumField(); i++ {
		if f := v.Field(i); f.Kind() == reflect.Uint16 && f.Uint() == 0 {
			t.Errorf("ids.%s is not set", v.Type().Field(i).Name)
		}
	}
}
