package archive

import (
	"archive/zip"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
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

// TestArchiveReadsAsZipFS: the archive's own index lists, stats and reads
// what zip's fs.FS does, over deflated and stored entries, explicit and
// implied directories and an unclean name; a damaged entry is refused.
func TestArchiveReadsAsZipFS(t *testing.T) {
	jar := filepath.Join(t.TempDir(), "y.jar")
	f, err := os.Create(jar)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	entries := []struct {
		name   string
		method uint16
		body   string
	}{
		{"a/", zip.Store, ""},
		{"a/b/C.java", zip.Deflate, strings.Repeat("class C {}\n", 500)},
		{"a/D.java", zip.Store, "class D {}"},
		{"./x//y/E.java", zip.Deflate, "class E {}"},
		{"a/b/Empty.java", zip.Deflate, ""},
		{"top.txt", zip.Deflate, "top"},
	}
	for _, e := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e.body))
	}
	zw.Close()
	f.Close()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	n := 0
	fs.WalkDir(zr, ".", func(p string, d fs.DirEntry, err error) error {
		n++
		if err != nil {
			t.Fatal(err)
		}
		inside := jar + "!/" + p
		fi, err := Stat(inside)
		if err != nil || fi.IsDir() != d.IsDir() || fi.Name() != d.Name() {
			t.Errorf("Stat(%s) = %v, %v; want %s, dir %v", p, fi, err, d.Name(), d.IsDir())
			return nil
		}
		if d.IsDir() {
			want, _ := fs.ReadDir(zr, p)
			names := make([]string, len(want))
			for i, e := range want {
				names[i] = e.Name()
			}
			if got, err := ReadDir(inside); err != nil || !reflect.DeepEqual(got, names) {
				t.Errorf("ReadDir(%s) = %v, %v; want %v", p, got, err, names)
			}
			return nil
		}
		want, _ := fs.ReadFile(zr, p)
		if got, err := ReadFile(inside); err != nil || string(got) != string(want) || fi.Size() != int64(len(want)) {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want %d (stat %d)", p, len(got), err, len(want), fi.Size())
		}
		return nil
	})
	if n != 10 { // ., a, a/b, x, x/y, 4 files and top.txt
		t.Errorf("walked %d paths, want 10", n)
	}
	// A flipped byte of the deflated C.java fails its checksum.
	b, _ := os.ReadFile(jar)
	i := strings.Index(string(b), "C.java") + len("C.java") + 10
	b[i] ^= 0xff
	bad := filepath.Join(t.TempDir(), "bad.jar")
	os.WriteFile(bad, b, 0o644)
	if got, err := ReadFile(bad + "!/a/b/C.java"); err == nil {
		t.Errorf("a damaged entry read as %d bytes", len(got))
	}
}

// TestEntryNameClean: an entry name taken as it is when clean is what
// path.Clean makes of it.
func TestEntryNameClean(t *testing.T) {
	for _, raw := range []string{"a/b.java", "a//b", "a/./b", "a/../b", "../a", "./a", "/a", "a/", "a/.", "a/..", ".", "..", "a.b/.c/d..e", `a\\b`, "", "a/b/"} {
		name, isDir := entryName(raw)
		want := strings.ReplaceAll(raw, `\\`, "/")
		wantDir := strings.HasSuffix(want, "/")
		want = strings.TrimPrefix(path.Clean(want), "/")
		for strings.HasPrefix(want, "../") {
			want = want[len("../"):]
		}
		if name != want || isDir != wantDir {
			t.Errorf("entryName(%q) = %q, %v; want %q, %v", raw, name, isDir, want, wantDir)
		}
	}
}
