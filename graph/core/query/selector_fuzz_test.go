package query

import (
	"errors"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzSelectorSeeds are the shapes users type, plus the ways out of the
// worktree a selector could try.
var fuzzSelectorSeeds = []string{
	"", ":", "#", "symbol:a/b.go#Foo", "symbol:./a/b.go#T.M:method", "symbol:a/../b.go#F",
	"symbol:../x.go#F", "symbol:a/../../x.go#F", "symbol:/etc/passwd#x", "symbol:..\\x.go#F",
	"symbol:.\\..\\x.go#F", "symbol:a#b#c:d:e", "file:pkg/x.py", "file:.", "file:./", "file:..",
	"file:../", "file:/", "file://etc/passwd", "file:a/./b/../../..", "file:\\etc\\passwd",
	"file:C:\\x", "file:./../x", "file:a/b/", "module:example.com/app/store", "module:../x",
	"command:cli sync", "command:", "dir:.", "dir:..", "dir:a/..", "dir:a/../..", "dir:/tmp",
	"file:\x00", "file:a\x00/../../b", "symbol:\xff\xfe#\xff", "file:" + strings.Repeat("../", 200),
	"dir:" + strings.Repeat("a/", 1000) + strings.Repeat("../", 1001),
}

// insideWorktree checks a parsed path: repo-relative, cleaned, and joined
// onto a root it stays below the root.
func insideWorktree(t *testing.T, in, p string) {
	t.Helper()
	const root = "/work/root"
	joined := filepath.Join(root, filepath.FromSlash(p))
	switch {
	case path.IsAbs(p) || filepath.IsAbs(p):
		t.Errorf("%q: absolute path %q", in, p)
	case p == ".." || strings.HasPrefix(p, "../"):
		t.Errorf("%q: path %q leaves the worktree", in, p)
	case path.Clean(p) != p:
		t.Errorf("%q: path %q is not clean", in, p)
	case strings.Contains(p, "\\"):
		t.Errorf("%q: path %q keeps a backslash", in, p)
	case joined != root && !strings.HasPrefix(joined, root+"/"):
		t.Errorf("%q: path %q joined onto the root is %q", in, p, joined)
	}
}

// FuzzParseSelector: no input panics; an error is always ErrBadSelector;
// an accepted selector's path never leaves the worktree and parsing is
// idempotent on the path. Run with
// `go test -tags sqlite_fts5 -fuzz FuzzParseSelector ./graph/core/query`.
func FuzzParseSelector(f *testing.F) {
	for _, s := range fuzzSelectorSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, err := ParseSelector(s)
		if err != nil {
			if !errors.Is(err, ErrBadSelector) {
				t.Fatalf("ParseSelector(%q): error %v is not ErrBadSelector", s, err)
			}
			return
		}
		if sel.Raw != s {
			t.Errorf("ParseSelector(%q).Raw = %q", s, sel.Raw)
		}
		switch sel.Kind {
		case SelSymbol:
			if sel.Path == "" || sel.Name == "" {
				t.Errorf("ParseSelector(%q) = %+v: symbol without path or name", s, sel)
			}
		case SelFile:
			if sel.Path == "" {
				t.Errorf("ParseSelector(%q) = %+v: file without path", s, sel)
			}
		case SelModule, SelCommand:
			if sel.Path != "" || sel.Name == "" {
				t.Errorf("ParseSelector(%q) = %+v", s, sel)
			}
		default:
			t.Errorf("ParseSelector(%q): kind %q accepted", s, sel.Kind)
		}
		if sel.Path != "" {
			insideWorktree(t, s, sel.Path)
			// The canonical form parses back to the same path.
			again, err := ParseSelector("file:" + sel.Path)
			if err != nil || again.Path != sel.Path {
				t.Errorf("ParseSelector(%q): re-parsing path %q gives %q, %v", s, sel.Path, again.Path, err)
			}
		}
	})
}

// FuzzParseScope: as FuzzParseSelector for dir:/file: scopes. Run with
// `go test -tags sqlite_fts5 -fuzz FuzzParseScope ./graph/core/query`.
func FuzzParseScope(f *testing.F) {
	for _, s := range fuzzSelectorSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScope(s)
		if err != nil {
			if !errors.Is(err, ErrBadSelector) {
				t.Fatalf("ParseScope(%q): error %v is not ErrBadSelector", s, err)
			}
			return
		}
		if sc.Kind != SelDir && sc.Kind != SelFile {
			t.Fatalf("ParseScope(%q): kind %q accepted", s, sc.Kind)
		}
		if sc.Kind == SelFile && sc.Path == "." {
			t.Errorf("ParseScope(%q): file scope on the root", s)
		}
		insideWorktree(t, s, sc.Path)
		// A directory scope selects the files below it (store.Paths.where).
		if sc.Kind == SelDir && !sc.IsAll() {
			if p := sc.paths(); p.Dir == "" || p.Dir == "." || p.File != "" {
				t.Errorf("ParseScope(%q).paths = %+v", s, p)
			}
		}
	})
}
