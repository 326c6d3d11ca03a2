package core_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

func TestIgnoresAndSkips(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		".gitignore":            "ignored_by_git.py\nbuild_out/\n",
		"sub/.gitignore":        "local.py\n!keep.py\n",
		".orbitignore":          "skip_me/\n!vendor/\n",
		"app.py":                "def app():\n    pass\n",
		"sub/local.py":          "def local():\n    pass\n",
		"sub/keep.py":           "def keep():\n    pass\n",
		"skip_me/x.py":          "def x():\n    pass\n",
		"vendor/dep.py":         "def dep():\n    pass\n",
		"node_modules/lib/m.py": "def m():\n    pass\n",
		"gen/api.pb.go":         "package gen\n\nfunc Generated() {}\n",
		"web/app.min.js":        "function minified(){}\n",
		"binary.py":             "def f():\x00\x01\x02\n",
		"latin1.py":             "# caf\xe9\ndef cafe():\n    return 'd\xe9j\xe0 vu, tr\xe8s bien'\n",
		"notes.txt":             "not code",
	})
	repo.Write("ignored_by_git.py", "def ig():\n    pass\n")
	repo.Write("build_out/gen.py", "def gen():\n    pass\n")
	repo.Write("excluded.py", "def excluded():\n    pass\n")
	repo.Write(".git/info/exclude", "excluded.py\n")
	repo.Write("big.py", "X = '"+strings.Repeat("a", 2<<20)+"'\n")

	// Neither a FIFO (reading it would block forever) nor a symlink out of
	// the worktree may be read.
	if err := syscall.Mkfifo(filepath.Join(repo.Root, "pipe.py"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.py")
	gittest.WriteFile(t, filepath.Dir(outside), "secret.py", "def secret():\n    pass\n")
	if err := os.Symlink(outside, filepath.Join(repo.Root, "link.py")); err != nil {
		t.Fatal(err)
	}

	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	rep, err := g.Sync(context.Background(), core.SyncAuto)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Skipped.Binary != 1 || rep.Skipped.Large != 1 || rep.Skipped.Symlinks != 1 || rep.NonUTF8 != 1 {
		t.Errorf("skipped = %+v, non-utf8 = %d; want 1 binary, 1 large, 1 symlink, 1 non-UTF-8", rep.Skipped, rep.NonUTF8)
	}
	// app, keep, vendor/dep (re-included), latin1, and gen/api.pb.go for
	// resolution only: nothing else (the minified bundle is build output).
	if rep.FilesIndexed != 5 {
		t.Errorf("indexed %d files, want 5: %+v", rep.FilesIndexed, rep)
	}
	for _, name := range []string{"app", "keep", "dep", "cafe"} {
		if hits := search(t, g, name); !contains(hits, "symbol:"+name) {
			t.Errorf("%s not indexed: %v", name, hits)
		}
	}
	for _, name := range []string{"ig", "gen", "excluded", "local", "x", "m", "secret", "Generated", "minified"} {
		if hits := search(t, g, name); contains(hits, "symbol:"+name) {
			t.Errorf("%s should be ignored: %v", name, hits)
		}
	}
}

func TestUnreadableFileIsCountedNotFatal(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads files whatever their mode")
	}
	repo := gittest.New(t, map[string]string{"a.py": "def a():\n    pass\n", "b.py": "def b():\n    pass\n"})
	if err := os.Chmod(filepath.Join(repo.Root, "b.py"), 0); err != nil {
		t.Fatal(err)
	}
	g := openGraph(t, repo.Root)
	rep, err := g.Sync(context.Background(), core.SyncAuto)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Skipped.Unreadable != 1 || rep.FilesIndexed != 1 || len(rep.Warnings) == 0 {
		t.Errorf("report = %+v; want b.py skipped as unreadable with a warning", rep)
	}
}
