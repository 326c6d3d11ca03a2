package extracttest

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// WriteFiles writes files (slash-separated paths to content) below dir,
// making the directories they need.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// CheckStateContent checks a language's content state key
// (extract.StateContenter) against its stamped one: two checkouts of files
// in other directories, lock given a later time in the second, have
// different state keys but the same content key; writing changed as lock's
// content changes the content key. keys returns both keys for a root.
func CheckStateContent(t *testing.T, files map[string]string, lock, changed string, keys func(root string) (state, content string)) {
	t.Helper()
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	WriteFiles(t, a, files)
	WriteFiles(t, b, files)
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(b, filepath.FromSlash(lock)), later, later); err != nil {
		t.Fatal(err)
	}
	ka, ca := keys(a)
	kb, cb := keys(b)
	if ka == kb || ca != cb {
		t.Fatalf("state keys equal %v (want not), content keys equal %v (want so)", ka == kb, ca == cb)
	}
	WriteFiles(t, b, map[string]string{lock: changed})
	if _, c := keys(b); c == ca {
		t.Fatalf("%s's new bytes left the content key", lock)
	}
}
