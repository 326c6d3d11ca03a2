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
// Layer: core internal; imports the standard library and fileread.
package archive

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/fileread"
)

// Stat is os.Stat, an archive reporting as a directory of its entries.
func Stat(p string) (fs.FileInfo, error) {
	a, inner, ok := split(p)
	if !ok {
		return os.Stat(p)
	}
	o, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	fi, err := o.stat(inner)
	if err != nil {
		return nil, err
	}
	return info{fi, o.mod}, nil
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
	if a, inner, ok := split(p); ok {
		o, err := openArchive(a)
		if err != nil {
			return nil, err
		}
		return o.readDir(inner)
	}
	entries, err := os.ReadDir(p)
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
	o, err := openArchive(p)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(o.zr.File))
	for i, f := range o.zr.File {
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
	o, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	f, err := o.file(inner)
	if err != nil {
		return nil, err
	}
	return f.Open()
}

// ReadFile reads a whole file.
func ReadFile(p string) ([]byte, error) {
	a, inner, ok := split(p)
	if !ok {
		return fileread.ReadFile(p)
	}
	o, err := openArchive(a)
	if err != nil {
		return nil, err
	}
	f, err := o.file(inner)
	if err != nil {
		return nil, err
	}
	return readMember(f)
}

// ReadHead reads at most n bytes from the start of a file.
func ReadHead(p string, n int) ([]byte, error) {
	if _, _, ok := split(p); !ok {
		return fileread.ReadHead(p, n)
	}
	f, err := Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return fileread.HeadOf(f, n)
}

// Inside reports whether p passes through an archive.
func Inside(p string) bool {
	_, _, ok := split(p)
	return ok
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

// opened is one archive kept open, with the size and mtime it had, and
// its entries indexed once: zip.Reader's fs methods sort and split every
// name on their first call, and an fs.ReadFile goes through a stat, an
// Open and a buffered decompressor.
type opened struct {
	size  int64
	mod   time.Time
	zr    *zip.ReadCloser
	files map[string]*zip.File // a file entry's cleaned name → the first entry of that name
	dirs  map[string][]string  // a directory ("." the top) → its entries' names, sorted
}

var (
	mu   sync.Mutex
	kept = map[string]*opened{}
)

// openArchive is the open archive at a, reopened when its size or mtime
// changed since.
func openArchive(a string) (*opened, error) {
	fi, err := os.Stat(a)
	if err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	if o := kept[a]; o != nil {
		if o.size == fi.Size() && o.mod.Equal(fi.ModTime()) {
			return o, nil
		}
		o.zr.Close()
		delete(kept, a)
	}
	zr, err := zip.OpenReader(a)
	if err != nil {
		return nil, err
	}
	o := &opened{size: fi.Size(), mod: fi.ModTime(), zr: zr,
		files: make(map[string]*zip.File, len(zr.File)), dirs: map[string][]string{".": nil}}
	for _, f := range zr.File {
		name, isDir := entryName(f.Name)
		switch {
		case name == "." || name == "":
		case isDir:
			o.addDir(name)
		default:
			if _, dup := o.files[name]; !dup {
				o.files[name] = f
				o.list(name)
			}
		}
	}
	for _, names := range o.dirs {
		slices.Sort(names)
	}
	kept[a] = o
	return o, nil
}

// entryName is an entry's name as zip's fs.FS reads it: slashes, cleaned,
// not climbing out of the archive; isDir for a directory entry ("a/").
func entryName(raw string) (name string, isDir bool) {
	name = strings.ReplaceAll(raw, `\`, "/")
	isDir = strings.HasSuffix(name, "/")
	if isClean(name) {
		return name, isDir // most are: an archive has thousands
	}
	name = strings.TrimPrefix(path.Clean(name), "/")
	for strings.HasPrefix(name, "../") {
		name = name[len("../"):]
	}
	return name, isDir
}

// isClean: path.Clean leaves name as it is, and it does not climb out of
// the archive (no empty, "." or ".." segment, no leading or trailing
// slash).
func isClean(name string) bool {
	if name == "" || name[0] == '/' || name[len(name)-1] == '/' {
		return false
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// addDir records a directory entry.
func (o *opened) addDir(name string) {
	if _, known := o.dirs[name]; !known {
		o.dirs[name] = nil
		o.list(name)
	}
}

// list names an entry in its directory, and each new directory above it
// in its own.
func (o *opened) list(name string) {
	for {
		dir, base := path.Split(name)
		dir = strings.TrimSuffix(dir, "/")
		if dir == "" {
			dir = "."
		}
		_, known := o.dirs[dir]
		o.dirs[dir] = append(o.dirs[dir], base)
		if known {
			return
		}
		name = dir
	}
}

// stat is the FileInfo of an entry or a directory (its mtime the
// caller's).
func (o *opened) stat(name string) (fs.FileInfo, error) {
	if _, ok := o.dirs[name]; ok {
		return dirInfo(path.Base(name)), nil
	}
	f, err := o.file(name)
	if err != nil {
		return nil, err
	}
	return f.FileInfo(), nil
}

// file is the entry of a file.
func (o *opened) file(name string) (*zip.File, error) {
	if f := o.files[name]; f != nil {
		return f, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// readDir names a directory's entries in order.
func (o *opened) readDir(name string) ([]string, error) {
	names, ok := o.dirs[name]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return slices.Clone(names), nil
}

// flateReaders are decompressors to reuse: each holds a 32 KB window.
var flateReaders sync.Pool

// compBufs hold a member's compressed bytes while it is inflated.
var compBufs sync.Pool

// readMember reads a whole file entry: a deflated one's compressed bytes
// are read at once (into a pooled buffer) and inflated from memory (no buffered reader between)
// by a pooled decompressor into a buffer of the entry's size; its
// checksum is checked as zip's reader does.
func readMember(f *zip.File) ([]byte, error) {
	if f.Method != zip.Deflate || f.UncompressedSize64 > maxMember || f.CompressedSize64 > maxMember {
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return io.ReadAll(r)
	}
	raw, err := f.OpenRaw()
	if err != nil {
		return nil, err
	}
	bp, _ := compBufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	defer compBufs.Put(bp)
	if uint64(cap(*bp)) < f.CompressedSize64 {
		*bp = make([]byte, f.CompressedSize64)
	}
	comp := (*bp)[:f.CompressedSize64]
	if _, err := io.ReadFull(raw, comp); err != nil {
		return nil, err
	}
	fr, _ := flateReaders.Get().(io.ReadCloser)
	if fr == nil {
		fr = flate.NewReader(bytes.NewReader(comp))
	} else if err := fr.(flate.Resetter).Reset(bytes.NewReader(comp), nil); err != nil {
		return nil, err
	}
	defer flateReaders.Put(fr)
	out := make([]byte, f.UncompressedSize64)
	if _, err := io.ReadFull(fr, out); err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name, err)
	}
	if n, _ := fr.Read(make([]byte, 1)); n > 0 || f.CRC32 != 0 && crc32.ChecksumIEEE(out) != f.CRC32 {
		return nil, fmt.Errorf("%s: %w", f.Name, zip.ErrChecksum)
	}
	return out, nil
}

// maxMember bounds what readMember sizes from the entry's header; a
// larger entry is read as it streams.
const maxMember = 1 << 30

// dirInfo is a directory inside an archive.
type dirInfo string

func (d dirInfo) Name() string       { return string(d) }
func (d dirInfo) Size() int64        { return 0 }
func (d dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o555 }
func (d dirInfo) ModTime() time.Time { return time.Time{} }
func (d dirInfo) IsDir() bool        { return true }
func (d dirInfo) Sys() any           { return nil }

// info is an archive entry's FileInfo with the archive's mtime.
type info struct {
	fs.FileInfo
	mod time.Time
}

func (i info) ModTime() time.Time { return i.mod }
