package query

import (
	"errors"
	"testing"
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

// TestScopeWhere: a directory is the half-open range of paths below it, so
// a sibling sharing its prefix (store vs storehouse) stays out.
func TestScopeWhere(t *testing.T) {
	cond, args := Scope{Kind: SelDir, Path: "store"}.where("p")
	if cond != "p >= ? AND p < ?" || len(args) != 2 {
		t.Fatalf("where = %q %v", cond, args)
	}
	lo, hi := args[0].(string), args[1].(string)
	for p, in := range map[string]bool{"store/a.go": true, "store/sub/b.go": true, "store": false, "storehouse/c.go": false, "store.go": false, "stora/x": false} {
		if got := p >= lo && p < hi; got != in {
			t.Errorf("%s in dir:store = %v, want %v", p, got, in)
		}
	}
	if cond, args := WholeWorktree.where("p"); cond != "1" || args != nil {
		t.Errorf("whole worktree: %q %v", cond, args)
	}
}
