package dbpath

import (
	"strings"
	"testing"
)

func TestBranchStem(t *testing.T) {
	for in, readable := range map[string]string{
		"main":         "main-",
		"feat/foo":     "feat~foo-",
		"feat_foo":     "feat_foo-",
		"user/x/y.z-1": "user~x~y.z-1-",
		".hidden":      "%2ehidden-",
		"weird name:ü": "weird%20name%3a%c3%bc-",
		"100%":         "100%25-",
	} {
		got := BranchStem(in)
		if !strings.HasPrefix(got, readable) || len(got) != len(readable)+8 {
			t.Errorf("BranchStem(%q) = %q, want %q and 8 hex digits", in, got, readable)
		}
	}
	// Distinct branches never share a file, whatever the file system folds.
	seen := map[string]string{}
	for _, b := range []string{"feat/x", "feat_x", "feat~x", "Feat/x", "feat/X", "feat%2fx", "detached-0123456789ab", "nogit",
		strings.Repeat("a", 200), strings.Repeat("a", 201)} {
		stem := strings.ToLower(BranchStem(b))
		if other, ok := seen[stem]; ok {
			t.Errorf("%q and %q share index file stem %q", b, other, stem)
		}
		seen[stem] = b
		if stem == NoGitName || isDetachedStem(stem) {
			t.Errorf("branch %q maps to %q, the name of a non-branch index", b, stem)
		}
	}
}
