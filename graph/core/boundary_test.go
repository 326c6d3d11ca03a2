package core_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// escapes are selectors and scopes that point outside the worktree.
var escapes = []string{
	"symbol:../x.go#F", "symbol:../../etc/passwd#root", "symbol:/etc/passwd#root", "symbol:a/../../x.go#F",
	"symbol:..\\x.go#F", "file:../x.go", "file:/etc/passwd", "file:./../../etc/passwd", "file:a/../..",
	"dir:..", "dir:/etc", "dir:../", "dir:a/../../b", "file:..\\..\\etc\\passwd",
}

// boundaryRepo is a worktree with symlinks out of it: to a secret file in
// another directory, to /etc/passwd and to a directory outside.
func boundaryRepo(t *testing.T) (*gittest.Repo, string) {
	t.Helper()
	repo := gittest.New(t, map[string]string{
		"good.go": goodGo,
		"real.py": "def real():\n    pass\n",
	})
	outside := t.TempDir()
	gittest.WriteFile(t, outside, "secret.py", "def secret_outside():\n    return 'TOP-SECRET'\n")
	for link, target := range map[string]string{
		"secret.py":   filepath.Join(outside, "secret.py"),
		"passwd.py":   "/etc/passwd",
		"outside_dir": outside,
	} {
		if err := os.Symlink(target, filepath.Join(repo.Root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return repo, outside
}

// every runs each selector-taking query of the public API on sel (as a
// scope for overview and deps).
func every(g *core.Graph, sel string) map[string]error {
	ctx := context.Background()
	errs := map[string]error{}
	_, errs["show"] = g.Show(ctx, sel, 0)
	_, errs["refs"] = g.Refs(ctx, sel, query.RefsOptions{})
	_, errs["callees"] = g.Callees(ctx, sel, query.CalleesOptions{})
	_, errs["impact"] = g.Impact(ctx, sel, query.ImpactOptions{})
	_, errs["implementors"] = g.Implementors(ctx, sel)
	_, errs["overview"] = g.Overview(ctx, sel, query.OverviewOptions{})
	_, errs["deps"] = g.Deps(ctx, sel)
	return errs
}

// TestBoundaryAPI: every query rejects a selector or scope leaving the
// worktree with ErrBadSelector and a message saying so, and nothing behind
// a symlink out of the worktree is indexed or printed.
func TestBoundaryAPI(t *testing.T) {
	repo, _ := boundaryRepo(t)
	g := openGraph(t, repo.Root)
	rep, err := g.Sync(context.Background(), core.SyncAuto)
	if err != nil {
		t.Fatal(err)
	}
	if rep.FilesIndexed != 2 || rep.Skipped.Symlinks != 2 {
		t.Errorf("report = %+v; want good.go and real.py indexed, 2 symlinks skipped", rep)
	}
	for _, sel := range escapes {
		for q, err := range every(g, sel) {
			form, _, _ := strings.Cut(sel, ":")
			if q == "implementors" && form != "symbol" || (q == "overview" || q == "deps") == (form == "symbol") {
				// A form the query does not take: a bad selector all the same.
				if !errors.Is(err, query.ErrBadSelector) {
					t.Errorf("%s %q: err = %v, want ErrBadSelector", q, sel, err)
				}
				continue
			}
			if !errors.Is(err, query.ErrBadSelector) || !strings.Contains(err.Error(), "outside the worktree") && !strings.Contains(err.Error(), "absolute") {
				t.Errorf("%s %q: err = %v, want ErrBadSelector saying the path leaves the worktree", q, sel, err)
			}
		}
	}
	// Symlinks out of the worktree are not indexed, so every query says
	// "not found" and nothing of the target is printed.
	for _, sel := range []string{"file:secret.py", "file:passwd.py", "symbol:secret.py#secret_outside", "symbol:passwd.py#root", "dir:outside_dir", "file:outside_dir/secret.py"} {
		for q, err := range every(g, sel) {
			if err == nil {
				t.Errorf("%s %q: no error", q, sel)
			} else if strings.Contains(err.Error(), "TOP-SECRET") || strings.Contains(err.Error(), "root:") {
				t.Errorf("%s %q: error shows the target: %v", q, sel, err)
			}
		}
	}
	for _, name := range []string{"secret_outside", "root", "TOP"} {
		if hits := search(t, g, name); len(hits) != 0 {
			t.Errorf("search %s: %v; nothing outside the root may be indexed", name, hits)
		}
	}

	// An indexed file swapped for a symlink out of the worktree after the
	// sync: show must not print the target.
	outside := t.TempDir()
	gittest.WriteFile(t, outside, "x.py", "TOP-SECRET\n"+strings.Repeat("TOP-SECRET ", 100)+"\ndef real():\n    pass\n")
	os.Remove(filepath.Join(repo.Root, "real.py"))
	if err := os.Symlink(filepath.Join(outside, "x.py"), filepath.Join(repo.Root, "real.py")); err != nil {
		t.Fatal(err)
	}
	// One swapped for a FIFO: reading it would block forever.
	os.Remove(filepath.Join(repo.Root, "good.go"))
	if err := syscall.Mkfifo(filepath.Join(repo.Root, "good.go"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.Show(context.Background(), "file:good.go", 0)
		g.Show(context.Background(), "symbol:good.go#Healthy", 0)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("show blocked on a FIFO that replaced an indexed file")
	}
	for _, sel := range []string{"file:real.py", "symbol:real.py#real"} {
		v, err := g.Show(context.Background(), sel, 0)
		if err == nil && strings.Contains(v.Source, "TOP-SECRET") {
			t.Errorf("show %s printed a file outside the worktree: %q", sel, v.Source)
		}
	}
}

// TestBoundaryCLI builds the orbit binary and runs it with the same
// selectors: each command exits 2 (usage) with an error naming the problem.
func TestBoundaryCLI(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "orbit")
	if out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, "../cli").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo, _ := boundaryRepo(t)
	orbit := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, append(args, "--root", repo.Root)...)
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}
	if _, stderr, code := orbit("graph", "sync"); code != 0 {
		t.Fatalf("sync: exit %d: %s", code, stderr)
	}
	for _, sel := range escapes {
		form, _, _ := strings.Cut(sel, ":")
		cmds := []string{"show", "refs", "callees", "impact", "implementors"}
		if form != "symbol" {
			cmds = append(cmds, "overview", "deps")
		}
		for _, c := range cmds {
			out, stderr, code := orbit("graph", c, sel)
			if code != 2 || !strings.Contains(stderr, "outside the worktree") && !strings.Contains(stderr, "absolute") && !strings.Contains(stderr, "bad selector") {
				t.Errorf("orbit graph %s %q: exit %d\nstdout %s\nstderr %s", c, sel, code, out, stderr)
			}
			if strings.Contains(out+stderr, "root:x:") {
				t.Errorf("orbit graph %s %q printed /etc/passwd", c, sel)
			}
		}
	}
	for _, sel := range []string{"file:passwd.py", "file:secret.py"} {
		out, stderr, code := orbit("graph", "show", sel, "--format", "text")
		if code != 3 || strings.Contains(out+stderr, "root:x:") || strings.Contains(out+stderr, "TOP-SECRET") {
			t.Errorf("orbit graph show %s: exit %d, want 3 (not found)\nstdout %s\nstderr %s", sel, code, out, stderr)
		}
	}
}

// TestWritesOnlyUnderOrbit: a sync and every query change nothing in the
// worktree but .orbit/, and run none of the repository's code (hooks,
// fsmonitor, build scripts, test configs all leave a marker if run).
func TestWritesOnlyUnderOrbit(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "executed")
	script := "#!/bin/sh\necho \"$0\" >> " + marker + "\n"
	repo := gittest.New(t, map[string]string{
		"good.go":      goodGo,
		"setup.py":     "import os\nos.system('sh -c \"echo setup.py >> " + marker + "\"')\n",
		"conftest.py":  "open(" + "'" + marker + "', 'a').write('conftest')\n",
		"package.json": `{"name": "x", "scripts": {"postinstall": "sh -c 'echo npm >> ` + marker + `'", "prepare": "sh run.sh"}}`,
		"build.rs":     "fn main() { std::fs::write(\"" + marker + "\", \"build.rs\").unwrap(); }\n",
		"Cargo.toml":   "[package]\nname = \"x\"\nbuild = \"build.rs\"\n",
		"run.sh":       script,
		"go.mod":       "module example.com/x\n\ngo 1.22\n\ntoolchain go1.99.0\n",
		"gen.go":       "package good\n\n//go:generate sh run.sh\n",
	})
	os.Chmod(filepath.Join(repo.Root, "run.sh"), 0o755)
	for _, hook := range []string{"post-checkout", "pre-commit", "post-index-change", "reference-transaction", "fsmonitor-watchman"} {
		gittest.WriteFile(t, filepath.Join(repo.Root, ".git", "hooks"), hook, script)
		os.Chmod(filepath.Join(repo.Root, ".git", "hooks", hook), 0o755)
	}
	repo.Git("config", "core.fsmonitor", filepath.Join(repo.Root, "run.sh"))
	repo.Git("config", "core.hooksPath", filepath.Join(repo.Root, ".git", "hooks"))

	before := snapshot(t, repo.Root)
	time.Sleep(10 * time.Millisecond) // so that a rewrite would show in an mtime
	g := openGraph(t, repo.Root)
	ctx := context.Background()
	for _, mode := range []core.SyncMode{core.SyncAuto, core.SyncFull, core.SyncAuto} {
		if _, err := g.Sync(ctx, mode); err != nil {
			t.Fatal(err)
		}
	}
	every(g, "symbol:good.go#Healthy")
	every(g, "file:good.go")
	every(g, "dir:.")
	search(t, g, "Healthy")
	g.Trace(ctx, "x", query.TraceOptions{})
	g.Close()

	after := snapshot(t, repo.Root)
	for p, m := range after {
		if strings.HasPrefix(p, ".orbit/") || p == ".orbit" || p == "." {
			continue // "." changes as .orbit/ appears in it; other entries are checked one by one
		}
		if old, ok := before[p]; !ok {
			t.Errorf("%s created", p)
		} else if old != m {
			t.Errorf("%s changed (%v → %v)", p, old, m)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s deleted", p)
		}
	}
	if _, ok := after[".orbit"]; !ok {
		t.Error("no .orbit/ written")
	}
	if b, err := os.ReadFile(marker); err == nil {
		t.Errorf("repository code was executed: %s", b)
	}
}

type fileState struct {
	mode  fs.FileMode
	size  int64
	mtime time.Time
}

// snapshot maps every path under root (.git included) to its state.
func snapshot(t *testing.T, root string) map[string]fileState {
	t.Helper()
	m := map[string]fileState{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		st := fileState{mode: info.Mode(), size: info.Size(), mtime: info.ModTime()}
		if d.IsDir() {
			st.size = 0 // a directory's size changes with its entries; its mtime says enough
		}
		m[filepath.ToSlash(rel)] = st
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
