package sync

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/orbitgraph/orbit/graph/extract"
)

// candidate is a file the scan found that some extractor supports.
type candidate struct {
	Path    string // repo-relative, slash-separated
	Size    int64
	MtimeNs int64
}

// scanResult is the scan's output: candidates in path order, plus counts of
// what it skipped and why.
type scanResult struct {
	Files    []candidate
	Large    int
	Symlinks int
	Errors   []string
}

type scanner struct {
	root    string
	reg     *extract.Registry
	maxSize int64
	res     scanResult
}

// scan walks root in lexical order. Directories excluded by .gitignore,
// .git/info/exclude or .orbitignore are not entered; .git and .orbit never
// are. Symlinks are never followed, so nothing outside root is read.
func scan(root string, reg *extract.Registry, maxSize int64) (scanResult, error) {
	s := &scanner{root: root, reg: reg, maxSize: maxSize}
	var git, orbit ignoreStack
	if b, err := os.ReadFile(filepath.Join(root, ".git", "info", "exclude")); err == nil {
		git = append(git, newMatcher("", b))
	}
	orbit = append(orbit, newMatcher("", []byte(DefaultOrbitIgnore)))
	if err := s.walk("", git, orbit); err != nil {
		return scanResult{}, err
	}
	return s.res, nil
}

func (s *scanner) walk(rel string, git, orbit ignoreStack) error {
	dir := filepath.Join(s.root, filepath.FromSlash(rel))
	entries, err := os.ReadDir(dir)
	if err != nil {
		if rel == "" {
			return fmt.Errorf("scan %s: %w", s.root, err)
		}
		s.res.Errors = append(s.res.Errors, fmt.Sprintf("%s: %v", rel, err))
		return nil
	}
	git, orbit = s.loadIgnores(rel, dir, entries, git, orbit)
	for _, e := range entries {
		name := e.Name()
		p := path.Join(rel, name)
		if e.Type()&fs.ModeSymlink != 0 {
			if s.reg.For(p) != nil {
				s.res.Symlinks++
			}
			continue
		}
		if e.IsDir() {
			if (rel == "" && name == ".orbit") || name == ".git" || git.ignored(p, true) || orbit.ignored(p, true) {
				continue
			}
			if err := s.walk(p, git, orbit); err != nil {
				return err
			}
			continue
		}
		if !e.Type().IsRegular() || s.reg.For(p) == nil || git.ignored(p, false) || orbit.ignored(p, false) {
			continue
		}
		s.addFile(p, e)
	}
	return nil
}

func (s *scanner) addFile(p string, e fs.DirEntry) {
	info, err := e.Info()
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) { // vanished since ReadDir: simply absent
			s.res.Errors = append(s.res.Errors, fmt.Sprintf("%s: %v", p, err))
		}
		return
	}
	if info.Size() > s.maxSize {
		s.res.Large++
		return
	}
	s.res.Files = append(s.res.Files, candidate{Path: p, Size: info.Size(), MtimeNs: info.ModTime().UnixNano()})
}

// loadIgnores pushes this directory's .gitignore and .orbitignore, if any.
func (s *scanner) loadIgnores(rel, dir string, entries []os.DirEntry, git, orbit ignoreStack) (ignoreStack, ignoreStack) {
	for _, e := range entries {
		switch e.Name() {
		case ".gitignore":
			if b, err := os.ReadFile(filepath.Join(dir, ".gitignore")); err == nil {
				git = append(git[:len(git):len(git)], newMatcher(rel, b))
			}
		case ".orbitignore":
			if b, err := os.ReadFile(filepath.Join(dir, ".orbitignore")); err == nil {
				if rel == "" { // the root file refines the defaults, so "!vendor/" works
					b = append([]byte(DefaultOrbitIgnore+"\n"), b...)
					orbit = ignoreStack{newMatcher("", b)}
				} else {
					orbit = append(orbit[:len(orbit):len(orbit)], newMatcher(rel, b))
				}
			}
		}
	}
	return git, orbit
}
