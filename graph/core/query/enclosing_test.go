package query

import (
	"os"
	"path/filepath"
	"testing"
)

func TestColumn(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "f.go"), []byte("ab\n\tcé(x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSources(root)
	for _, tc := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {4, 2, 2}, {7, 2, 5}} { // é is two bytes: ( is byte column 5
		if l, c := s.line("f.go", tc.off), s.column("f.go", tc.off); l != tc.line || c != tc.col {
			t.Errorf("offset %d = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
	}
}
