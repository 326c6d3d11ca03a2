package python

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result, not a panic.
func TestParseTimeout(t *testing.T) {
	ex := New().WithTimeout(time.Nanosecond)
	src := strings.Repeat("def f(a, b):\n    return g(a) + h(b) * 2\n", 20000)
	f := ex.Extract(extract.Input{Path: "pkg/slow.py", Content: []byte(src)})
	extracttest.TimedOut(t, f, "python", "pkg.slow")
}

func TestNamespace(t *testing.T) {
	for _, c := range []struct{ path, root, want string }{
		{"a/b/c.py", "", "a.b.c"},
		{"src/a/b/c.py", "src", "a.b.c"},
		{"src/a/b/__init__.py", "src", "a.b"},
		{"src/a/b/__init__.pyi", "src/", "a.b"},
		{"stubs/a/c.pyi", "stubs", "a.c"},
		{"vendor/tool/__init__.py", "vendor/tool", "tool"},
		{"__init__.py", "", "__init__"},
		{"__init__.py", ".", "__init__"},
		{"other/x.py", "src", "other.x"},
		{"src/a/x.py", "./src", "a.x"},
		{"src/a/x.py", "/src/", "a.x"},
	} {
		if got := namespace(c.path, c.root); got != c.want {
			t.Errorf("namespace(%q, %q) = %q, want %q", c.path, c.root, got, c.want)
		}
	}
}

func TestDefaultCommandName(t *testing.T) {
	for fn, want := range map[string]string{
		"sync":              "sync",
		"sync_all":          "sync-all",
		"init_data_command": "init-data",
		"build_cmd":         "build",
		"DB_Group":          "db",
		"plugins_grp":       "plugins",
		"command":           "command",
		"group_commands":    "group-commands",
		"run_command_cmd":   "run-command",
	} {
		if got := defaultCommandName(fn); got != want {
			t.Errorf("defaultCommandName(%q) = %q, want %q", fn, got, want)
		}
	}
}

func TestNormalizeSignature(t *testing.T) {
	for in, want := range map[string]string{
		"def f(a,  b)": "def f(a, b)",
		"def f(\n    a,  # first\n    b,\n) -> int":  "def f(a, b) -> int",
		"def f(x=(1,), sep='  ')":                    "def f(x=(1,), sep='  ')",
		"async  def f(\n  s=\"# not a comment\",\n)": "async def f(s=\"# not a comment\")",
		"class A(\n    Base,\n    metaclass=M,\n)":   "class A(Base, metaclass=M)",
		"def f(a, \\\n      b)":                      "def f(a, b)",
	} {
		if got := normalizeSignature([]byte(in)); got != want {
			t.Errorf("normalizeSignature(%q) = %q, want %q", in, got, want)
		}
	}
}
