package dbpath

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Head is what a worktree's HEAD names.
type Head struct {
	Branch string // "" when detached
	SHA    string // "" for an unborn branch
}

// FindRoot walks up from dir to the nearest directory holding .git (a
// directory, or a file for linked worktrees). It returns "" when there is
// none.
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", nil
		}
	}
}

// GitDir returns the git directory of the worktree at root ("" if none):
// root/.git, or the target of a "gitdir:" file in a linked worktree.
func GitDir(root string) (string, error) {
	p := filepath.Join(root, ".git")
	fi, err := os.Stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return p, nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	line := strings.TrimSpace(string(b))
	rest, ok := strings.CutPrefix(line, "gitdir:")
	if !ok {
		return "", fmt.Errorf("unrecognized .git file %s", p)
	}
	dir := strings.TrimSpace(rest)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	return dir, nil
}

// commonDir is where refs live: a linked worktree's git dir names it in
// "commondir"; otherwise it is the git dir itself.
func commonDir(gitDir string) string {
	b, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	d := strings.TrimSpace(string(b))
	if !filepath.IsAbs(d) {
		d = filepath.Join(gitDir, d)
	}
	return filepath.Clean(d)
}

// ReadHead reads HEAD of the worktree at root; nil when root is not a git
// worktree.
func ReadHead(root string) (*Head, error) {
	gitDir, err := GitDir(root)
	if err != nil || gitDir == "" {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return nil, fmt.Errorf("read HEAD: %w", err)
	}
	line := strings.TrimSpace(string(b))
	ref, ok := strings.CutPrefix(line, "ref:")
	if !ok {
		return &Head{SHA: line}, nil
	}
	ref = strings.TrimSpace(ref)
	sha, _ := resolveRef(commonDir(gitDir), gitDir, ref)
	return &Head{Branch: strings.TrimPrefix(ref, "refs/heads/"), SHA: sha}, nil
}

// resolveRef finds a ref's sha in loose refs or packed-refs; "" if unborn.
func resolveRef(common, gitDir, ref string) (string, error) {
	for _, d := range []string{gitDir, common} {
		if b, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
			return strings.TrimSpace(string(b)), nil
		}
	}
	f, err := os.Open(filepath.Join(common, "packed-refs"))
	if err != nil {
		return "", nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sha, name, ok := strings.Cut(sc.Text(), " ")
		if ok && name == ref {
			return sha, nil
		}
	}
	return "", sc.Err()
}
