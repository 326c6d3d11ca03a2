package query

import (
	"errors"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

func TestParseScope(t *testing.T) {
	for in, want := range map[string]Scope{
		"":               {Kind: SelDir, Path: ".", Raw: "dir:."},
		"dir:.":          {Kind: SelDir, Path: ".", Raw: "dir:."},
		"dir:./a/b/":     {Kind: SelDir, Path: "a/b", Raw: "dir:./a/b/"},
		"dir:a/../b":     {Kind: SelDir, Path: "b", Raw: "dir:a/../b"},
		"file:pkg/x.py":  {Kind: SelFile, Path: "pkg/x.py", Raw: "file:pkg/x.py"},
		`file:win\x.go`:  {Kind: SelFile, Path: "win/x.go", Raw: `file:win\x.go`},
		"dir:has:colons": {Kind: SelDir, Path: "has:colons", Raw: "dir:has:colons"},
	} {
		got, err := ParseScope(in)
		if err != nil || got != want {
			t.Errorf("ParseScope(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"a/b", "dir:", "file:", "file:.", "module:x", "symbol:a.go#F", "dir:..", "dir:../x", "file:/etc/passwd", "dir:a/../../b"} {
		if _, err := ParseScope(bad); !errors.Is(err, ErrBadSelector) {
			t.Errorf("ParseScope(%q): err = %v, want ErrBadSelector", bad, err)
		}
	}
}

// TestScopePaths: a scope selects files as the store's Paths do.
func TestScopePaths(t *testing.T) {
	for _, c := range []struct {
		in   Scope
		want store.Paths
	}{
		{Scope{Kind: SelDir, Path: "store"}, store.Paths{Dir: "store"}},
		{Scope{Kind: SelFile, Path: "a/b.go"}, store.Paths{File: "a/b.go"}},
		{WholeWorktree, store.Paths{Dir: "."}},
	} {
		if got := c.in.paths(); got != c.want {
			t.Errorf("%+v.paths() = %+v, want %+v", c.in, got, c.want)
		}
	}
}
