package indexer

import (
	"bytes"
	"path"
	"strings"

	gitignore "github.com/boyter/gocodewalker/go-gitignore"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Default exclusions: vendored code, build output, lock files and minified
// files (.orbitignore is for committed but non-indexable paths). Which files
// a language names as build output (minified bundles) its own package says
// (extract.GeneratedNamer); a generator's source output (protoc's) is
// indexed for resolution only, not excluded. A worktree's own root .orbitignore is consulted first,
// so "!vendor/" there re-includes vendor/. They are checked natively because
// they are consulted for every file of every scan.
var (
	defaultIgnoredDirs     = set("node_modules", "vendor", "third_party", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", "site-packages")
	defaultIgnoredRootDirs = set("dist", "build", "out", "target", "bin", "obj") // build output at the root only
	defaultIgnoredFiles    = set("package-lock.json", "pnpm-lock.yaml")
	defaultIgnoredSuffixes = []string{".min.css", ".map", ".lock"}
	// keptLocks are lock files a language reads as a marker (Rust's
	// Cargo.lock pins its dependency packages).
	keptLocks = set("Cargo.lock")
)

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// rules is one source of exclusions for paths below dir.
type rules interface {
	// decide says whether rel (relative to the rules' directory) is
	// excluded; matched is false when the rules say nothing about it.
	decide(rel string, isDir bool) (ignored, matched bool)
}

type defaultRules struct {
	generated func(base string) extract.Generated // nil: directories only (WatchDirs)
	// inFile: the root .orbitignore holds the name tables below (orbit
	// graph init), so only the languages' build output is decided here.
	inFile bool
}

func (r defaultRules) decide(rel string, isDir bool) (bool, bool) {
	base := path.Base(rel)
	if r.inFile {
		if !isDir && r.generated != nil && r.generated(base) == extract.BuildOutput {
			return true, true
		}
		return false, false
	}
	if isDir {
		hit := defaultIgnoredDirs[base] || defaultIgnoredRootDirs[base] && !strings.Contains(rel, "/")
		return hit, hit
	}
	if defaultIgnoredFiles[base] {
		return true, true
	}
	for _, suf := range defaultIgnoredSuffixes {
		if strings.HasSuffix(base, suf) && !keptLocks[base] {
			return true, true
		}
	}
	if r.generated != nil && r.generated(base) == extract.BuildOutput {
		return true, true
	}
	return false, false
}

// fileRules is one .gitignore, .orbitignore or .git/info/exclude file.
type fileRules struct{ ig gitignore.GitIgnore }

func (f fileRules) decide(rel string, isDir bool) (ignored, matched bool) {
	// The library's glob matcher panics on some malformed patterns ("[" and
	// an invalid UTF-8 byte): such rules say nothing rather than crash the
	// scan (FuzzIgnore's testdata).
	defer func() {
		if recover() != nil {
			ignored, matched = false, false
		}
	}()
	if m := f.ig.Relative(rel, isDir); m != nil {
		return m.Ignore(), true
	}
	return false, false
}

// matcher is a rules source applying to paths below its directory.
type matcher struct {
	dir   string // repo-relative directory ("" = root)
	rules rules
}

func newMatcher(dir string, content []byte) matcher {
	ig := gitignore.New(bytes.NewReader(tameWildcards(content)), "/", func(gitignore.Error) bool { return true })
	return matcher{dir: dir, rules: fileRules{ig}}
}

// Limits on one ignore pattern's wildcards. The gitignore library matches
// by plain backtracking, so its time grows as (path length)^(wildcards that
// can each match in several places): a line like "*a*a*a*b" takes seconds
// per path, and a few more stars hang a sync for good. A '*' run that is
// alone in its path segment of a pattern with a '/' can match in one place
// only ("*/*/*.pyc" is cheap); the others count. Real patterns stay within
// two "**" segments and two counted runs ("**/build/**/*.o", "*.min.*"); a
// line beyond that is dropped (as if it were not there), which keeps every
// decision polynomial and fast (FuzzIgnore, TestTameWildcards).
const (
	maxAnySegments = 2 // "**" path segments
	maxStarRuns    = 2 // other runs of '*' that can match in several places
)

// tameWildcards returns content without the lines whose wildcards exceed
// the limits above; content itself when there are none.
func tameWildcards(content []byte) []byte {
	if bytes.Count(content, []byte("*")) <= maxStarRuns {
		return content
	}
	out := make([]byte, 0, len(content))
	for _, line := range bytes.SplitAfter(content, []byte("\n")) {
		if !tooWild(line) {
			out = append(out, line...)
		}
	}
	return out
}

func tooWild(line []byte) bool {
	body := bytes.TrimRight(bytes.TrimRight(line, "\r\n"), "/")
	isPath := bytes.Contains(body, []byte("/"))
	anys, runs := 0, 0
	for _, seg := range bytes.Split(body, []byte("/")) {
		if string(bytes.TrimSpace(bytes.TrimPrefix(seg, []byte("!")))) == "**" {
			anys++
			continue
		}
		segRuns := 0
		for i := range seg {
			if seg[i] == '*' && (i == 0 || seg[i-1] != '*') {
				segRuns++
			}
			if seg[i] == '*' && i > 0 && seg[i-1] == '*' && (i < 2 || seg[i-2] != '*') {
				anys++ // "a**b": counted both ways, whatever the library makes of it
			}
		}
		if isPath && segRuns == 1 {
			continue // ends at the '/' or the end: one place to match
		}
		runs += segRuns
	}
	return anys > maxAnySegments || runs > maxStarRuns
}

// ignoreStack holds the rules that apply to the current directory, outermost
// first. Git semantics: the deepest source that matches decides.
type ignoreStack []matcher

// ignored reports whether rel (repo-relative, slash-separated) is excluded.
func (s ignoreStack) ignored(rel string, isDir bool) bool {
	for i := len(s) - 1; i >= 0; i-- {
		m := s[i]
		sub := rel
		if m.dir != "" {
			sub = strings.TrimPrefix(rel, m.dir+"/")
		}
		if ignored, matched := m.rules.decide(sub, isDir); matched {
			return ignored
		}
	}
	return false
}
