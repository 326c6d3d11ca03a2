// Package archive reads a dependency package's files whether its root is a
// directory or a zip archive (DESIGN.md, Dependency packages): the JDK's
// src.zip, a Maven sources jar. A path is an ordinary file path, or one
// that passes through an archive file ("…/src.zip/java.base/java/util",
// "…/x-sources.jar!/com/a": a segment naming a regular .zip or .jar file,
// its "!" optional); the archive stands for a directory of its entries.
//
// Every file of an archive reports the archive's modification time: a
// package version's archive is written once, so its size and mtime stand
// for all its files. Opened archives are kept for the process, reopened
// when the archive's size or mtime changes.
//
// Layer: core internal; imports only the standard library.
package archive

import (
	"archive/zip"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Stat is os.Stat, an archive reporting as a directory of its entries.
func Stat(p string) (fs.FileInfo, error) {
	a, inner, ok := split(p)
	if !ok {
		return os.Stat(p)
	}
	zr, mod, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	fi, err := fs.Stat(zr, inner)
	if err != nil {
		return nil, err
	}
	return info{fi, mod}, nil
}

// Lstat is os.Lstat for a path outside archives, Stat inside one.
func Lstat(p string) (fs.FileInfo, error) {
	if _, _, ok := split(p); !ok {
		return os.Lstat(p)
	}
	return Stat(p)
}

// ReadDir names a directory's entries in order.
func ReadDir(p string) ([]string, error) {
	var entries []fs.DirEntry
	var err error
	if a, inner, ok := split(p); ok {
		var zr *zip.Reader
		if zr, _, err = openArchive(a); err != nil {
			return nil, err
		}
		entries, err = fs.ReadDir(zr, inner)
	} else {
		entries, err = os.ReadDir(p)
	}
	if err != nil {
		return nil, err
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names, nil
}

// Entries names every entry of the archive at p, slash-separated.
func Entries(p string) ([]string, error) {
	zr, _, err := openArchive(p)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(zr.File))
	for i, f := range zr.File {
		names[i] = f.Name
	}
	return names, nil
}

// Open opens a file for reading.
func Open(p string) (io.ReadCloser, error) {
	a, inner, ok := split(p)
	if !ok {
		return os.Open(p)
	}
	zr, _, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	return zr.Open(inner)
}

// ReadFile reads a whole file.
func ReadFile(p string) ([]byte, error) {
	a, inner, ok := split(p)
	if !ok {
		return os.ReadFile(p)
	}
	zr, _, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	return fs.ReadFile(zr, inner)
}

// IsArchive reports whether p names a zip archive by its extension.
func IsArchive(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".zip" || ext == ".jar"
}

// split finds the archive a path passes through and the slash-separated
// path inside it ("." for its top); ok is false for an ordinary path.
func split(p string) (archive, inner string, ok bool) {
	lower := strings.ToLower(p)
	if !strings.Contains(lower, ".zip") && !strings.Contains(lower, ".jar") {
		return "", "", false
	}
	s := filepath.ToSlash(p)
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '/')
		end := len(s)
		if j >= 0 {
			end = i + j
		}
		seg := strings.TrimSuffix(s[i:end], "!")
		if end > 0 && IsArchive(seg) {
			a := filepath.FromSlash(s[:i] + seg)
			if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() {
				inner = path.Clean("/" + s[min(end+1, len(s)):])[1:]
				if inner == "" {
					inner = "."
				}
				return a, inner, true
			}
		}
		if j < 0 {
			break
		}
		i = end + 1
	}
	return "", "", false
}

// opened is one archive kept open, with the size and mtime it had.
type opened struct {
	size int64
	mod  time.Time
	zr   *zip.ReadCloser
}

var (
	mu   sync.Mutex
	kept = map[string]*opened{}
)

// openArchive is the open reader of an archive, reopened when its size
// or mtime changed since.
func openArchive(a string) (*zip.Reader, time.Time, error) {
	fi, err := os.Stat(a)
	if err != nil {
		return nil, time.Time{}, err
	}
	mu.Lock()
	defer mu.Unlock()
	if o := kept[a]; o != nil {
		if o.size == fi.Size() && o.mod.Equal(fi.ModTime()) {
			return &o.zr.Reader, o.mod, nil
		}
		o.zr.Close()
		delete(kept, a)
	}
	zr, err := zip.OpenReader(a)
	if err != nil {
		return nil, time.Time{}, err
	}
	kept[a] = &opened{size: fi.Size(), mod: fi.ModTime(), zr: zr}
	return &zr.Reader, fi.ModTime(), nil
}

// info is an archive entry's FileInfo with the archive's mtime.
type info struct {
	fs.FileInfo
	mod time.Time
}

func (i info) ModTime() time.Time { return i.mod }
