package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	gosync "sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

func TestWatchUsage(t *testing.T) {
	if _, _, code := orbit(t, "graph", "watch", "--debounce", "0s"); code != 2 {
		t.Errorf("--debounce 0s: exit %d, want 2", code)
	}
	if _, _, code := orbit(t, "graph", "watch", "extra"); code != 2 {
		t.Errorf("an argument: exit %d, want 2", code)
	}
}

// orbitBinary builds the orbit binary into the test's temp dir.
func orbitBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "orbit")
	if out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// concurrencyRepo is a few packages that refer to each other.
var concurrencyRepo = map[string]string{
	"go.mod":       "module example.com/cc\n\ngo 1.26\n",
	"main.go":      "package main\n\nimport \"example.com/cc/lib\"\n\nfunc main() { lib.Run(); helper() }\n\nfunc helper() {}\n",
	"lib/run.go":   "package lib\n\n// Run runs the handler.\nfunc Run() { Step(\"starting the engine\") }\n",
	"lib/step.go":  "package lib\n\nfunc Step(msg string) {}\n",
	"py/app.py":    "import os\n\nHOME = os.getenv(\"APP_HOME\")\n\n\ndef handler():\n    return 1\n",
	"web/index.ts": "export function handler(): number { return 1 }\n",
}

type procResult struct {
	args           []string
	stdout, stderr string
	code           int
}

func runProc(bin, dir string, args ...string) procResult {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
		errb.WriteString(err.Error())
	}
	return procResult{args, out.String(), errb.String(), code}
}

// TestConcurrentProcesses runs several `orbit graph sync` processes at once,
// with `orbit graph search` processes reading all along: no process may
// fail or see "database is locked", and the index ends up equal to a cold
// build of the same files (DESIGN.md, A sync: one writer, many readers).
func TestConcurrentProcesses(t *testing.T) {
	bin := orbitBinary(t)
	repo := gittest.New(t, concurrencyRepo)
	const syncs, readers = 4, 3

	// Round 1: no index yet. One sync builds it, the others wait and find
	// nothing to do.
	results := make([]procResult, syncs)
	var wg gosync.WaitGroup
	for i := range syncs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = runProc(bin, repo.Root, "graph", "sync")
		}()
	}
	wg.Wait()
	modes := map[string]int{}
	for _, r := range results {
		checkProc(t, r)
		var rep core.SyncReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("sync output: %v: %s", err, r.stdout)
		}
		modes[rep.Mode]++
		if rep.Mode == "incremental" && rep.FilesChanged+rep.FilesRemoved != 0 {
			t.Errorf("a waiting sync redid work: %s", r.stdout)
		}
	}
	if want := map[string]int{"cold": 1, "incremental": syncs - 1}; !cmp.Equal(modes, want) {
		t.Errorf("sync modes = %v, want %v", modes, want)
	}

	// Round 2: edits, then syncs racing each other and readers.
	for round := 0; round < 3; round++ {
		repo.Write("lib/step.go", fmt.Sprintf("package lib\n\nfunc Step(msg string) {}\n\nfunc Extra%d() { Step(\"x\") }\n", round))
		repo.Write(fmt.Sprintf("lib/new%d.go", round), fmt.Sprintf("package lib\n\nfunc New%d() { Run() }\n", round))
		if round > 0 {
			repo.Remove(fmt.Sprintf("lib/new%d.go", round-1))
		}
		stop := make(chan struct{})
		var rwg gosync.WaitGroup
		reads := make([][]procResult, readers)
		for i := range readers {
			rwg.Add(1)
			go func() {
				defer rwg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					reads[i] = append(reads[i], runProc(bin, repo.Root, "graph", "search", "handler"))
				}
			}()
		}
		for i := range syncs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = runProc(bin, repo.Root, "graph", "sync")
			}()
		}
		wg.Wait()
		close(stop)
		rwg.Wait()
		changed := 0
		for _, r := range results {
			checkProc(t, r)
			var rep core.SyncReport
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("sync output: %v: %s", err, r.stdout)
			}
			if rep.FilesChanged > 0 {
				changed++
			}
		}
		if changed != 1 {
			t.Errorf("round %d: %d syncs changed files, want exactly 1 (the others wait, then find nothing)", round, changed)
		}
		n := 0
		for _, rs := range reads {
			for _, r := range rs {
				checkProc(t, r)
				if !strings.Contains(r.stdout, `"handler"`) {
					t.Errorf("search handler: %s", r.stdout)
				}
				n++
			}
		}
		if n == 0 {
			t.Error("no reader ran")
		}
		t.Logf("round %d: %d searches during the syncs", round, n)
	}

	live, err := core.Open(repo.Root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	cold, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), IndexPath: filepath.Join(t.TempDir(), "cold.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer cold.Close()
	if _, err := cold.Sync(context.Background(), core.SyncFull); err != nil {
		t.Fatal(err)
	}
	if got, want := dumpIndex(t, live.Location().Path), dumpIndex(t, cold.Location().Path); got != want {
		t.Errorf("index after concurrent syncs differs from a cold build (-cold +concurrent):\n%s", cmp.Diff(want, got))
	}
}

func checkProc(t *testing.T, r procResult) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Errorf("orbit %s: exit %d\nstderr: %s\nstdout: %s", strings.Join(r.args, " "), r.code, r.stderr, r.stdout)
	}
	if strings.Contains(r.stdout+r.stderr, "locked") {
		t.Errorf("orbit %s: %s%s", strings.Join(r.args, " "), r.stdout, r.stderr)
	}
}

func dumpIndex(t *testing.T, path string) string {
	t.Helper()
	text, err := core.DumpIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// TestWatchProcess runs `orbit graph watch` as a process: it reports the
// initial sync and one per change, and exits 0 on SIGINT and SIGTERM.
func TestWatchProcess(t *testing.T) {
	bin := orbitBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			repo := gittest.New(t, concurrencyRepo)
			cmd := exec.Command(bin, "graph", "watch", "--debounce", "20ms")
			cmd.Dir = repo.Root
			var errb bytes.Buffer
			cmd.Stderr = &errb
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := make(chan string)
			go func() {
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()
			next := func() core.SyncReport {
				t.Helper()
				select {
				case line, ok := <-lines:
					if !ok {
						t.Fatalf("watch exited early: %s", errb.String())
					}
					var rep core.SyncReport
					if err := json.Unmarshal([]byte(line), &rep); err != nil {
						t.Fatalf("report line %q: %v", line, err)
					}
					return rep
				case <-time.After(30 * time.Second):
					cmd.Process.Kill()
					t.Fatalf("no report; stderr: %s", errb.String())
				}
				return core.SyncReport{}
			}
			if rep := next(); rep.Mode != "cold" || rep.FilesIndexed != 6 {
				t.Fatalf("first report = %+v, want the cold sync of 6 files", rep)
			}
			repo.Write("lib/watched.go", "package lib\n\nfunc Watched() {}\n")
			for rep := next(); rep.FilesChanged == 0; rep = next() {
			}
			if out := runProc(bin, repo.Root, "graph", "search", "Watched"); !strings.Contains(out.stdout, `"Watched"`) {
				t.Errorf("search after the watch sync: %s%s", out.stdout, out.stderr)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			for range lines {
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("watch after %v: %v; stderr: %s", sig, err, errb.String())
			}
			if errb.Len() != 0 {
				t.Errorf("stderr: %s", errb.String())
			}
		})
	}
}
