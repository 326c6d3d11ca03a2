package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/orbitgraph/orbit/graph/extract"
)

// candidate is a file the scan found that some extractor supports.
type candidate struct {
	Path    string // repo-relative, slash-separated
	Size    int64
	MtimeNs int64
	// Disk, for a dependency package's file, is where it is read from
	// (Path is its place in the index, under "@<lang>/"); Package is its
	// package's id. Both are zero for the worktree's files.
	Disk    string
	Package int64
}

// scanResult is the scan's output: candidates in path order, plus what it
// skipped and why (read errors also as messages).
type scanResult struct {
	Files  []candidate
	Skips  []SkippedFile
	Errors []string
}

type scanner struct {
	root    string
	reg     *extract.Registry
	maxSize int64
	workers *errgroup.Group // bounds the goroutines walking directories
	mu      sync.Mutex      // guards res
	res     scanResult
}

// scan walks root. Directories excluded by .gitignore, .git/info/exclude or
// .orbitignore are not entered; .git and .orbit never are. Symlinks are never
// followed, so nothing outside root is read. Directories are read in
// parallel (stat calls dominate a no-op sync); the result is sorted by path,
// so it does not depend on scheduling.
func scan(root string, langs *languages, maxSize int64) (scanResult, error) {
	s := &scanner{root: root, reg: langs.reg, maxSize: maxSize, workers: new(errgroup.Group)}
	s.workers.SetLimit(2 * runtime.GOMAXPROCS(0))
	var git, orbit ignoreStack
	if b, err := os.ReadFile(filepath.Join(root, ".git", "info", "exclude")); err == nil {
		git = append(git, newMatcher("", b))
	}
	orbit = append(orbit, matcher{dir: "", rules: defaultRules{generated: langs.generated, inFile: writtenOutDefaults(root)}})
	if _, err := os.ReadDir(root); err != nil {
		return scanResult{}, fmt.Errorf("scan %s: %w", root, err)
	}
	s.walk("", git, orbit)
	if err := s.workers.Wait(); err != nil {
		return scanResult{}, err
	}
	sort.Slice(s.res.Files, func(i, j int) bool { return s.res.Files[i].Path < s.res.Files[j].Path })
	sort.Strings(s.res.Errors)
	sort.Slice(s.res.Skips, func(i, j int) bool { return s.res.Skips[i].Path < s.res.Skips[j].Path })
	return s.res, nil
}

// walk reads one directory, hands its subdirectories to other goroutines
// when one is free (or walks them itself), and records its files.
func (s *scanner) walk(rel string, git, orbit ignoreStack) {
	dir := filepath.Join(s.root, filepath.FromSlash(rel))
	entries, err := os.ReadDir(dir)
	if err != nil {
		s.addError(rel+"/", fmt.Sprintf("%s: %v", rel, err))
		return
	}
	git, orbit = s.loadIgnores(rel, dir, entries, git, orbit)
	var files []candidate
	var skips []SkippedFile
	for _, e := range entries {
		name := e.Name()
		p := path.Join(rel, name)
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			if reason := s.symlink(p); reason != "" {
				skips = append(skips, SkippedFile{p, reason})
			}
		case e.IsDir():
			if (rel == "" && name == ".orbit") || name == ".git" {
				continue
			}
			if rel == "" && s.reserved(name) {
				skips = append(skips, SkippedFile{p + "/", SkipIgnored})
				continue
			}
			if git.ignored(p, true) || orbit.ignored(p, true) {
				skips = append(skips, SkippedFile{p + "/", SkipIgnored})
				continue
			}
			if !s.workers.TryGo(func() error { s.walk(p, git, orbit); return nil }) {
				s.walk(p, git, orbit)
			}
		case e.Type().IsRegular():
			if s.reg.For(p) == nil {
				continue
			}
			if git.ignored(p, false) || orbit.ignored(p, false) {
				skips = append(skips, SkippedFile{p, SkipIgnored})
			} else if c, ok := s.stat(p, e); ok {
				files = append(files, c)
			}
		default: // a FIFO, socket or device: reading it could block or never end
			if !git.ignored(p, false) && !orbit.ignored(p, false) {
				skips = append(skips, SkippedFile{p, SkipSpecial})
			}
		}
	}
	s.mu.Lock()
	s.res.Files = append(s.res.Files, files...)
	s.res.Skips = append(s.res.Skips, skips...)
	s.mu.Unlock()
}

// reserved: a directory at the root named as the dependency packages'
// files are indexed (`@go`, `@python`: "@" and a language), never entered,
// so that no file of the worktree takes a dependency's path in the index
// (DESIGN.md, Dependency packages).
func (s *scanner) reserved(name string) bool {
	lang, ok := strings.CutPrefix(name, "@")
	return ok && slices.Contains(s.reg.FileLangs(), lang)
}

// symlink classifies a symlink, never followed: one to a directory, a loop,
// or (when its name is a source file's) one to a file or nowhere; "" for
// any other.
func (s *scanner) symlink(p string) string {
	info, err := os.Stat(filepath.Join(s.root, filepath.FromSlash(p)))
	switch {
	case errors.Is(err, syscall.ELOOP):
		return SkipSymlinkLoop
	case err == nil && info.IsDir():
		return SkipSymlinkDir
	case s.reg.For(p) != nil:
		return SkipSymlink
	}
	return ""
}

// addError records an unreadable file or directory with its message.
func (s *scanner) addError(p, msg string) {
	s.mu.Lock()
	s.res.Errors = append(s.res.Errors, msg)
	s.res.Skips = append(s.res.Skips, SkippedFile{p, SkipUnreadable})
	s.mu.Unlock()
}

func (s *scanner) stat(p string, e fs.DirEntry) (candidate, bool) {
	info, err := e.Info()
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) { // vanished since ReadDir: simply absent
			s.addError(p, fmt.Sprintf("%s: %v", p, err))
		}
		return candidate{}, false
	}
	if info.Size() > s.maxSize {
		s.mu.Lock()
		s.res.Skips = append(s.res.Skips, SkippedFile{p, SkipLarge})
		s.mu.Unlock()
		return candidate{}, false
	}
	return candidate{Path: p, Size: info.Size(), MtimeNs: info.ModTime().UnixNano()}, true
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
				// Above the defaults, so the root file's "!vendor/" re-includes.
				orbit = append(orbit[:len(orbit):len(orbit)], newMatcher(rel, b))
			}
		}
	}
	return git, orbit
}
