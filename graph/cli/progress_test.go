package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// manyFiles is a worktree large enough for the indexer to report progress
// (it reports every 256 files).
func manyFiles() map[string]string {
	files := map[string]string{}
	for i := range 600 {
		files[fmt.Sprintf("pkg%d/m%d.py", i%10, i)] = fmt.Sprintf("def f%d():\n    return %d\n", i, i)
	}
	return files
}

// syncWithStderr runs a full sync in-process with stderr as given.
func syncWithStderr(t *testing.T, root string, stderr *os.File) {
	t.Helper()
	saved := progressAfter
	progressAfter = 0 // show progress from the first report
	defer func() { progressAfter = saved }()
	var out bytes.Buffer
	if code := run([]string{"graph", "sync", "--full", "--root", root}, &out, stderr); code != 0 {
		t.Fatalf("sync: exit %d: %s", code, out.String())
	}
	if !strings.Contains(out.String(), `"files_indexed":600`) {
		t.Fatalf("sync report: %s", out.String())
	}
}

// Not a terminal: a file as stderr gets no progress bytes, even for a sync
// that reports progress.
func TestSyncProgressSilentWithoutTerminal(t *testing.T) {
	repo := gittest.New(t, manyFiles())
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syncWithStderr(t, repo.Root, f)
	if b, _ := os.ReadFile(f.Name()); len(b) != 0 {
		t.Errorf("stderr is a file, yet the sync wrote %q to it", b)
	}
}

// A terminal (a pseudo-terminal here) shows files done of the total, the
// rate and the time left, then clears the line.
func TestSyncProgressOnTerminal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ptmx) // until the tty side closes (EIO on Linux)
		got <- b
	}()
	repo := gittest.New(t, manyFiles())
	syncWithStderr(t, repo.Root, tty)
	tty.Close()
	var b []byte
	select {
	case b = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("reading the terminal timed out")
	}
	s := string(b)
	for _, want := range []string{"orbit: indexing", "/600", "files/s"} {
		if !strings.Contains(s, want) {
			t.Errorf("terminal output lacks %q: %q", want, s)
		}
	}
	if !strings.HasSuffix(strings.TrimRight(s, " "), "\r") {
		t.Errorf("the bar is not cleared at the end: %q", s)
	}
}
