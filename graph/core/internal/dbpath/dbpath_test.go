package dbpath

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// TestRemoveLock: a lock file no sync holds is removed; a held one stays.
func TestRemoveLock(t *testing.T) {
	db := filepath.Join(t.TempDir(), "main-00000000.1.db")
	f, err := os.OpenFile(db+LockSuffix, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if RemoveLock(db) {
		t.Error("removed a held lock file")
	}
	if _, err := os.Stat(db + LockSuffix); err != nil {
		t.Errorf("held lock file gone: %v", err)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if !RemoveLock(db) {
		t.Error("a free lock file was kept")
	}
	if _, err := os.Stat(db + LockSuffix); !os.IsNotExist(err) {
		t.Errorf("free lock file left: %v", err)
	}
}
