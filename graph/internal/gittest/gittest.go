// Package gittest makes real git repositories in temporary directories for
// tests: files are written to disk and committed with the git binary.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo is a git worktree under a test's temp dir.
type Repo struct {
	t    testing.TB
	Root string
}

// New initializes a repository on branch main with the given files committed.
func New(t testing.TB, files map[string]string) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := &Repo{t: t, Root: t.TempDir()}
	r.Git("init", "-q", "-b", "main")
	r.Git("config", "user.email", "test@example.com")
	r.Git("config", "user.name", "Test")
	r.Git("config", "commit.gpgsign", "false")
	for p, c := range files {
		r.Write(p, c)
	}
	r.Commit("initial")
	return r
}

// Git runs git in the repository and returns its trimmed output.
func (r *Repo) Git(args ...string) string {
	r.t.Helper()
	return Git(r.t, r.Root, args...)
}

// Git runs git in dir and returns its trimmed output.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Write creates or replaces a file (making directories as needed).
func (r *Repo) Write(p, content string) {
	r.t.Helper()
	WriteFile(r.t, r.Root, p, content)
}

// WriteFile writes root/p.
func WriteFile(t testing.TB, root, p, content string) {
	t.Helper()
	full := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Remove deletes a file.
func (r *Repo) Remove(p string) {
	r.t.Helper()
	if err := os.Remove(filepath.Join(r.Root, filepath.FromSlash(p))); err != nil {
		r.t.Fatal(err)
	}
}

// Commit stages everything and commits.
func (r *Repo) Commit(msg string) {
	r.t.Helper()
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
}
