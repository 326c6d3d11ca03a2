package archive

import (
	"archive/zip"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestArchive: a path through a .jar reads its entries, with or without
// "!", the archive stands for a directory, every entry reports the
// archive's mtime, a rewritten archive is read anew, and ordinary paths
// (a directory named like an archive included) are the file system's.
func TestArchive(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "x-sources.jar")
	write := func(body string) {
		f, err := os.Create(jar)
		if err != nil {
			t.Fatal(err)
		}
		zw := zip.NewWriter(f)
		for _, n := range []string{"com/a/A.java", "com/a/B.java", "com/b/C.java"} {
			w, _ := zw.Create(n)
			w.Write([]byte(body + n))
		}
		zw.Close()
		f.Close()
	}
	write("v1 ")
	for _, p := range []string{jar, jar + "!", jar + "/com/a", jar + "!/com/a"} {
		if fi, err := Stat(p); err != nil || !fi.IsDir() {
			t.Errorf("Stat(%s) = %v, %v; want a directory", p, fi, err)
		}
	}
	names, err := ReadDir(jar + "!/com/a")
	if err != nil || !reflect.DeepEqual(names, []string{"A.java", "B.java"}) {
		t.Errorf("ReadDir = %v, %v", names, err)
	}
	jfi, _ := os.Stat(jar)
	fi, err := Lstat(filepath.Join(jar, "com", "b", "C.java"))
	if err != nil || fi.IsDir() || fi.Size() != int64(len("v1 com/b/C.java")) || !fi.ModTime().Equal(jfi.ModTime()) {
		t.Errorf("Lstat of an entry = %v, %v; want its size and the archive's mtime", fi, err)
	}
	if b, err := ReadFile(jar + "!/com/b/C.java"); err != nil || string(b) != "v1 com/b/C.java" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
	if _, err := ReadFile(jar + "!/com/b/D.java"); err == nil {
		t.Error("ReadFile of a missing entry succeeded")
	}
	write("v2, longer ")
	os.Chtimes(jar, time.Now(), time.Now().Add(time.Hour))
	if b, err := ReadFile(jar + "/com/b/C.java"); err != nil || string(b) != "v2, longer com/b/C.java" {
		t.Errorf("ReadFile after a rewrite = %q, %v", b, err)
	}
	// A directory named like an archive is a directory.
	fake := filepath.Join(dir, "d.zip", "f.txt")
	os.MkdirAll(filepath.Dir(fake), 0o755)
	os.WriteFile(fake, []byte("plain"), 0o644)
	if b, err := ReadFile(fake); err != nil || string(b) != "plain" {
		t.Errorf("ReadFile(%s) = %q, %v", fake, b, err)
	}
	if names, err := ReadDir(filepath.Dir(fake)); err != nil || !reflect.DeepEqual(names, []string{"f.txt"}) {
		t.Errorf("ReadDir of a directory named d.zip = %v, %v", names, err)
	}
}
