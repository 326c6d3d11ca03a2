// Package dbpath decides where a worktree's index lives (DESIGN.md, Packages):
// .orbit/graph/<branch>-<hash>.<extractor_version>.db (see BranchStem), or
// detached-<short-sha>.<v>.db on a detached HEAD, or nogit.<v>.db outside git,
// and sweeps stale index files.
//
// Layer: core. It reads git metadata files directly (no git process on the
// hot path) and must not import store, sync or query.
package dbpath

import (
	"crypto/sha256"
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
		stem = BranchStem(head.Branch)
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

// maxReadable bounds the readable part of a branch's file name (file names
// have a limit; the hash keeps long names apart).
const maxReadable = 100

// BranchStem names a branch's index files: the branch encoded injectively
// and readably, then "-" and 8 hex digits of its SHA-256. The encoding keeps
// [A-Za-z0-9._-], writes "/" as "~" (which git forbids in branch names) and
// any other byte, or a leading ".", as %XX, so feat/x → feat~x and feat_x
// → feat_x. The hash keeps apart names only letter case tells apart (on a
// case-insensitive file system) or that are longer than maxReadable bytes.
func BranchStem(branch string) string {
	var b strings.Builder
	for i := 0; i < len(branch) && b.Len() < maxReadable; i++ {
		c := branch[i]
		switch {
		case c == '/':
			b.WriteByte('~')
		case c == '.' && i > 0, c == '-', c == '_', c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02x", c)
		}
	}
	sum := sha256.Sum256([]byte(branch))
	return fmt.Sprintf("%s-%x", b.String(), sum[:4])
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
