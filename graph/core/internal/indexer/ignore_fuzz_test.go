package indexer

import (
	"path"
	"strings"
	"testing"
	"time"
)

// FuzzIgnore parses arbitrary .gitignore/.orbitignore content the way the
// scan does (a root file and one in a subdirectory, above the defaults) and
// matches arbitrary paths against it. Properties: no panic, no hang (each
// decision is fast), the same answer twice, and a path matched by no user
// rule gets the defaults' answer. Run with
// `go test -tags sqlite_fts5 -fuzz FuzzIgnore ./graph/core/sync`.
func FuzzIgnore(f *testing.F) {
	for _, s := range []struct {
		rules, rel string
		dir        bool
	}{
		{"", "a.go", false},
		{"*.go\n!keep.go\n", "keep.go", false},
		{"skip_me/\n!vendor/\n", "vendor", true},
		{"/build\n", "sub/build", true},
		{"**/gen/**\n", "a/gen/b/c.py", false},
		{"a/**/b\n", "a/x/y/b", true},
		{"\\#x\n\\!y\n", "#x", false},
		{"[a-\n[!]\n[]]\n", "]", false},
		{"***\n**/**/**/**/**/**/**/**\n", strings.Repeat("a/", 50) + "b", false},
		{"*a*a*a*a*a*a*a*a*a*a*a*a*b\n", strings.Repeat("a", 200), false},
		{"/*a*a*b\n", strings.Repeat("a", 255), false},
		{"a/*a*a*b/c\n", "a/" + strings.Repeat("a", 255) + "/d", false},
		{"a/*a*a\nb/c*\n", "a/" + strings.Repeat("a", 255) + "/d", false},
		{"**/**/**/zz\n", strings.Repeat("a/", 500) + "b", false},
		{"**/build/**/*.o\n*.min.*\n", "x/build/y/z.o", false},
		{"*/*/*/*/*/*/*/*/z\n", strings.Repeat("a/", 500) + "b", false},
		{"*a*b/c\n", strings.Repeat("ab", 500) + "/d", false},
		{"\x00\n\xff\xfe\n\r\n  \n#\n!\n/\n//\n", "\x00", false},
		{"foo \\ \n", "foo  ", false},
		{"../x\n/../../etc\n", "../x", false},
		{"node_modules\n!node_modules/\n", "node_modules", true},
	} {
		f.Add(s.rules, s.rel, s.dir)
	}
	f.Fuzz(func(t *testing.T, rules, rel string, isDir bool) {
		// Matching stays polynomial (see tameWildcards), quadratic in a
		// name's length: names are at most 255 bytes on every file system
		// the scan reads, and 1 KiB is well beyond real paths.
		if len(rules) > 1<<16 || len(rel) > 1024 {
			t.Skip("larger than any real ignore file or path")
		}
		for _, name := range strings.Split(rel, "/") {
			if len(name) > 255 {
				t.Skip("longer than a file name can be")
			}
		}
		start := time.Now()
		root := newMatcher("", []byte(rules))
		sub := newMatcher("sub", []byte(rules))
		stack := ignoreStack{{dir: "", rules: defaultRules{}}, root, sub}
		for _, p := range []string{rel, path.Join("sub", rel), "sub/" + rel} {
			a := stack.ignored(p, isDir)
			if b := stack.ignored(p, isDir); a != b {
				t.Fatalf("ignored(%q) not deterministic", p)
			}
			if _, matched := root.rules.decide(p, isDir); !matched {
				if _, subMatched := sub.rules.decide(strings.TrimPrefix(p, "sub/"), isDir); !subMatched || !strings.HasPrefix(p, "sub/") {
					def, _ := defaultRules{}.decide(p, isDir)
					if a != def {
						t.Errorf("ignored(%q) = %v, but no rule matched and the defaults say %v", p, a, def)
					}
				}
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("rules %q on %q took %v", rules, rel, d)
		}
	})
}

// TestTameWildcards: realistic patterns survive; the ones that make the
// library backtrack for seconds are dropped, and matching them is fast.
func TestTameWildcards(t *testing.T) {
	for line, want := range map[string]bool{
		"*.go": false, "**/build/**/*.o": false, "*.min.*": false, "/dist": false, "a/**/b": false,
		"*a*a*b": true, "**/**/**/zz": true, "a**b**c**d": true, "*/*/*/x": false, "*/*/*.pyc": false,
		"a/*a*a*b/c": true, "*a*b/*a*b/x": true, "!**/**/**/x": true,
	} {
		if got := tooWild([]byte(line)); got != want {
			t.Errorf("tooWild(%q) = %v, want %v", line, got, want)
		}
	}
	m := newMatcher("", []byte("*.go\n*a*a*a*a*a*a*a*a*a*a*b\n!keep.go\n"))
	start := time.Now()
	stack := ignoreStack{m}
	if stack.ignored(strings.Repeat("a", 250), false) || !stack.ignored("x.go", false) || stack.ignored("keep.go", false) {
		t.Error("the tame lines stopped working")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}
