package fileread

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestReadFile: the bytes os.ReadFile reads, for empty, small and large
// files, and its errors.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 511, 512, 513, 4096, 1 << 20} {
		p := filepath.Join(dir, "f")
		want := bytes.Repeat([]byte("abcdefg\n"), size/8+1)[:size]
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("ReadFile of %d bytes: %d bytes, %v", size, len(got), err)
		}
		head, err := ReadHead(p, 4096)
		if err != nil || !bytes.Equal(head, want[:min(size, 4096)]) {
			t.Errorf("ReadHead(4096) of %d bytes: %d bytes, %v", size, len(head), err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v; want fs.ErrNotExist", err)
	}
	if _, err := ReadHead(filepath.Join(dir, "missing"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadHead of a missing file: %v; want fs.ErrNotExist", err)
	}
	if _, err := ReadFile(dir); err == nil {
		t.Errorf("ReadFile of a directory: no error")
	}
}
