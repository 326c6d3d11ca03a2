package query

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/archive"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// sources reads worktree files for line numbers and source text, once per
// file per query. Spans in the index refer to the bytes that were hashed, so
// a file edited since the last sync is reported as stale, not misquoted.
type sources struct {
	root     string
	realRoot string // root with its symlinks resolved, once needed
	files    map[string]*sourceFile
	idx      *store.Reader           // nil: no dependency packages to read
	mounts   map[string]*store.Mount // by index path: a dependency's file; nil for the worktree's
}

type sourceFile struct {
	content []byte
	lines   extract.LineIndex
	ok      bool // the file could be read
}

func newSources(root string) *sources {
	return &sources{root: root, files: map[string]*sourceFile{}}
}

// sources reads the worktree's files and, read-only from their cache
// directories, dependency packages' (DESIGN.md, Dependency packages).
func (e *Engine) sources() *sources {
	s := newSources(e.root)
	s.idx = e.idx
	return s
}

func (s *sources) get(path string) *sourceFile {
	if f, ok := s.files[path]; ok {
		return f
	}
	f := &sourceFile{}
	full, ok := s.outside(path)
	read := archive.ReadFile // a dependency's directory or archive
	if !ok {
		full, ok = s.inside(path)
		read = os.ReadFile
	}
	if ok {
		if b, err := read(full); err == nil {
			f.content, f.lines, f.ok = b, extract.NewLineIndex(b), true
		}
	}
	s.files[path] = f
	return f
}

// outside maps the index path of a dependency package's file to the file
// in the package's directory.
func (s *sources) outside(path string) (string, bool) {
	if m, ok := s.mount(path); ok {
		return filepath.Join(m.Root, filepath.FromSlash(strings.TrimPrefix(path[len(m.Prefix):], "/"))), true
	}
	return "", false
}

// mount is the dependency package an index path lies in.
func (s *sources) mount(path string) (store.Mount, bool) {
	if s.idx == nil || !strings.HasPrefix(path, "@") {
		return store.Mount{}, false
	}
	m, seen := s.mounts[path]
	if !seen {
		if s.mounts == nil {
			s.mounts = map[string]*store.Mount{}
		}
		if mt, ok, err := s.idx.MountOf(context.Background(), path); err == nil && ok {
			m = &mt
		}
		s.mounts[path] = m
	}
	if m == nil {
		return store.Mount{}, false
	}
	return *m, true
}

// inside resolves an indexed path to the regular file it names, refusing
// one that a symlink put outside the worktree since the sync (the scan
// never follows symlinks) or that is no longer a regular file (a FIFO
// would block the read).
func (s *sources) inside(path string) (string, bool) {
	if s.realRoot == "" {
		r, err := filepath.EvalSymlinks(s.root)
		if err != nil {
			return "", false
		}
		s.realRoot = r
	}
	real, err := filepath.EvalSymlinks(filepath.Join(s.root, filepath.FromSlash(path)))
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(s.realRoot, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	return real, true
}

// line is the 1-based line of a byte offset, or 0 if the file is unreadable.
func (s *sources) line(path string, off int64) int {
	f := s.get(path)
	if !f.ok {
		return 0
	}
	return f.lines.Line(uint32(min(off, int64(len(f.content)))))
}

// stale reports whether a file's bytes differ from what was indexed.
func (s *sources) stale(ctx context.Context, idx *store.Reader, path string) bool {
	f := s.get(path)
	if !f.ok {
		return true
	}
	hash, err := idx.FileHash(ctx, path)
	if err != nil {
		return true
	}
	// A dependency's file read in part is indexed under its bytes' hash
	// followed by its parts' (indexer's contentHash): the bytes are what
	// spans point into.
	sum := blake3.Sum256(f.content)
	return !bytes.HasPrefix(hash, sum[:]) || (len(hash) != len(sum) && len(hash) != 2*len(sum))
}

// text returns content[start:end] capped at maxBytes (cut on a UTF-8
// boundary) and whether it was cut.
func (s *sources) text(path string, start, end int64, maxBytes int) (string, bool) {
	f := s.get(path)
	if !f.ok {
		return "", false
	}
	n := int64(len(f.content))
	start, end = min(max(start, 0), n), min(max(end, 0), n)
	if start > end {
		return "", false
	}
	b := f.content[start:end]
	if maxBytes <= 0 || len(b) <= maxBytes {
		return string(b), false
	}
	cut := maxBytes
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]), true
}
