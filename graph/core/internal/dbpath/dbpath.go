// Package dbpath decides where a worktree's index lives (DESIGN.md, Packages):
// .orbit/graph/<sanitized-branch>.<extractor_version>.db, or
// detached-<short-sha>.<v>.db on a detached HEAD, or nogit.<v>.db outside git,
// and sweeps stale index files.
//
// Layer: core. It reads git metadata files directly (no git process on the
// hot path) and must not import store, sync or query.
package dbpath

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Dir is the index directory under a worktree root.
const Dir = ".orbit/graph"

// NoGitName is the file stem used for a directory that is not a git worktree.
// No branch can clash with it in practice: such a directory has no branches.
const NoGitName = "nogit"

// Location is where a worktree's index lives and what HEAD it describes.
type Location struct {
	Root      string // worktree root, absolute
	Path      string // the DB file, absolute
	Branch    string // raw branch name; "HEAD" when detached; "" outside git
	CommitSHA string // HEAD commit, "" when unknown
	Detached  bool
	Git       bool // false for a directory that is not a git worktree
}

// Resolve computes the DB location for the worktree at root.
func Resolve(root string, extractorVersion int) (Location, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return Location{}, fmt.Errorf("db path %s: %w", root, err)
	}
	loc := Location{Root: abs}
	head, err := ReadHead(abs)
	if err != nil {
		return Location{}, fmt.Errorf("db path %s: %w", root, err)
	}
	stem := NoGitName
	switch {
	case head == nil:
	case head.Branch != "":
		loc.Git, loc.Branch, loc.CommitSHA = true, head.Branch, head.SHA
		stem = Sanitize(head.Branch)
	default:
		loc.Git, loc.Branch, loc.CommitSHA, loc.Detached = true, "HEAD", head.SHA, true
		stem = "detached-" + shortSHA(head.SHA)
	}
	loc.Path = filepath.Join(abs, Dir, fmt.Sprintf("%s.%d.db", stem, extractorVersion))
	return loc, nil
}

func shortSHA(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// Sanitize makes a branch name one safe file-name component: "/" and any
// other character outside [A-Za-z0-9._-] become "_" (feat/foo → feat_foo).
func Sanitize(branch string) string {
	var b strings.Builder
	for _, r := range branch {
		if r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] == '.' {
		s = "_" + s
	}
	return s
}

// EnsureDir creates .orbit/graph with a .gitignore that keeps the whole
// .orbit directory out of `git status`, without touching the user's files.
func EnsureDir(root string) error {
	dir := filepath.Join(root, Dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create index dir: %w", err)
	}
	ignore := filepath.Join(root, ".orbit", ".gitignore")
	if _, err := os.Stat(ignore); err == nil {
		return nil
	}
	if err := os.WriteFile(ignore, []byte("# Orbit Graph index: derived data, never committed.\n*\n"), 0o644); err != nil {
		return fmt.Errorf("create index dir: %w", err)
	}
	return nil
}
