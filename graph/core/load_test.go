package core_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	gosync "sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// loadDuration is how long each load phase runs: 10 s, or 60 s with
// ORBIT_SOAK=1.
func loadDuration() time.Duration {
	if os.Getenv("ORBIT_SOAK") != "" {
		return 60 * time.Second
	}
	return 10 * time.Second
}

// buildBinaries builds the orbit CLI and orbit-graph-mcp the way README.md
// does, into a temp dir.
func buildBinaries(t *testing.T) (cli, server string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go tool not in PATH")
	}
	dir := t.TempDir()
	cli, server = filepath.Join(dir, "orbit"), filepath.Join(dir, "orbit-graph-mcp")
	var g gosync.WaitGroup
	errs := make([]error, 2)
	for i, b := range []struct{ out, pkg string }{{cli, "../cli"}, {server, "../mcp"}} {
		g.Add(1)
		go func() {
			defer g.Done()
			out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", b.out, b.pkg).CombinedOutput()
			if err != nil {
				errs[i] = fmt.Errorf("go build %s: %v\n%s", b.pkg, err, out)
			}
		}()
	}
	g.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return cli, server
}

// loadRepo is a git worktree of a few standard-library packages plus one
// file per writer that the writers keep editing.
func loadRepo(t *testing.T, writers int) *gittest.Repo {
	t.Helper()
	files := map[string]string{"go.mod": "module std\n\ngo 1.26\n"}
	src := filepath.Join(runtime.GOROOT(), "src")
	for _, d := range []string{"bufio", "strconv", "sort", "container/list", "unicode/utf8", "errors"} {
		entries, err := os.ReadDir(filepath.Join(src, d))
		if err != nil {
			t.Skipf("GOROOT sources unavailable: %v", err)
		}
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				b, err := os.ReadFile(filepath.Join(src, d, n))
				if err != nil {
					t.Fatal(err)
				}
				files[d+"/"+n] = string(b)
			}
		}
	}
	for i := 0; i < writers; i++ {
		files[fmt.Sprintf("hot/w%d.go", i)] = hotFile(i, 0)
	}
	repo := gittest.New(t, files)
	gittest.WriteFile(t, repo.Root, ".git/info/exclude", ".orbit/\n")
	return repo
}

// hotFile is writer i's file at edit n: the names it defines and calls
// change, so every sync rewrites symbols, refs and their resolution.
func hotFile(i, n int) string {
	return fmt.Sprintf("package hot\n\nimport \"bufio\"\n\ntype W%d struct{ r *bufio.Reader }\n\nfunc (w *W%d) Step%d() { w.r.ReadByte(); Helper%d_%d() }\n\nfunc Helper%d_%d() { _ = bufio.NewReader(nil) }\n",
		i, i, n%5, i, n%3, i, n%3)
}

// latencies collects durations from many goroutines.
type latencies struct {
	mu gosync.Mutex
	ds []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.ds = append(l.ds, d)
	l.mu.Unlock()
}

// pct returns the p-th percentile (0 < p ≤ 100) and the maximum.
func (l *latencies) pct(p float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.ds) == 0 {
		return 0
	}
	ds := append([]time.Duration(nil), l.ds...)
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	i := int(float64(len(ds))*p/100+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(ds) {
		i = len(ds) - 1
	}
	return ds[i]
}

func (l *latencies) n() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.ds)
}

// procMemKB reads VmRSS and VmHWM (kB) of a running process.
func procMemKB(pid int) (rss, hwm int64, err error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		switch k {
		case "VmRSS":
			rss = n
		case "VmHWM":
			hwm = n
		}
	}
	return rss, hwm, sc.Err()
}

// TestLoad runs two writers (orbit graph sync after file edits) and eight
// readers (search, refs, show) as separate orbit processes against one
// worktree, then one orbit-graph-mcp under sixteen concurrent callers.
func TestLoad(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	cli, server := buildBinaries(t)
	t.Run("cli", func(t *testing.T) { loadCLI(t, cli) })
	t.Run("mcp", func(t *testing.T) { loadMCP(t, server) })
}

func loadCLI(t *testing.T, bin string) {
	const writers, readers = 2, 8
	repo := loadRepo(t, writers)
	run := func(args ...string) (stdout, stderr string, err error) {
		cmd := exec.Command(bin, append(append([]string{"graph"}, args...), "--root", repo.Root)...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err = cmd.Run()
		return o.String(), e.String(), err
	}
	if _, e, err := run("sync"); err != nil {
		t.Fatalf("initial sync: %v\n%s", err, e)
	}
	var (
		errs, locked atomic.Int64
		errMu        gosync.Mutex
		firstErrs    []string
		syncs, reads latencies
	)
	fail := func(what string, err error, stderr string) {
		if strings.Contains(stderr, "locked") || strings.Contains(stderr, "SQLITE_BUSY") {
			locked.Add(1)
		}
		errs.Add(1)
		errMu.Lock()
		if len(firstErrs) < 5 {
			firstErrs = append(firstErrs, fmt.Sprintf("%s: %v: %s", what, err, stderr))
		}
		errMu.Unlock()
	}
	queries := [][]string{
		{"search", "Reader"},
		{"search", "ParseInt"},
		{"refs", "symbol:bufio/bufio.go#NewReader"},
		{"refs", "symbol:strconv/number.go#ParseInt"},
		{"show", "symbol:bufio/bufio.go#Reader"},
		{"show", "file:sort/sort.go"},
	}
	// Each query alone, with no writer running: what a reader costs by
	// itself (a whole process on this machine, start to exit).
	var quiet time.Duration
	for _, q := range queries {
		start := time.Now()
		if _, _, err := run(q...); err != nil {
			t.Fatalf("%v: %v", q, err)
		}
		quiet = max(quiet, time.Since(start))
	}
	deadline := time.Now().Add(loadDuration())
	var g gosync.WaitGroup
	for i := 0; i < writers; i++ {
		g.Add(1)
		go func() {
			defer g.Done()
			for n := 1; time.Now().Before(deadline); n++ {
				gittest.WriteFile(t, repo.Root, fmt.Sprintf("hot/w%d.go", i), hotFile(i, n))
				start := time.Now()
				_, e, err := run("sync")
				syncs.add(time.Since(start))
				if err != nil || e != "" {
					fail("sync", err, e)
				}
			}
		}()
	}
	for i := 0; i < readers; i++ {
		g.Add(1)
		go func() {
			defer g.Done()
			for n := i; time.Now().Before(deadline); n++ {
				q := queries[n%len(queries)]
				start := time.Now()
				o, e, err := run(q...)
				reads.add(time.Since(start))
				if err != nil || e != "" || !strings.HasPrefix(o, "{") {
					fail(strings.Join(q, " "), err, e+o)
				}
			}
		}()
	}
	g.Wait()
	maxSync := syncs.pct(100)
	t.Logf("cli load %v: %d syncs (p50 %v, max %v), %d reads (p50 %v, p99 %v, max %v); errors %d, database locked %d",
		loadDuration(), syncs.n(), syncs.pct(50).Round(time.Millisecond), maxSync.Round(time.Millisecond),
		reads.n(), reads.pct(50).Round(time.Millisecond), reads.pct(99).Round(time.Millisecond), reads.pct(100).Round(time.Millisecond),
		errs.Load(), locked.Load())
	if errs.Load() > 0 || locked.Load() > 0 {
		t.Errorf("%d errors (%d database locked); first:\n%s", errs.Load(), locked.Load(), strings.Join(firstErrs, "\n"))
	}
	if syncs.n() < writers || reads.n() < readers {
		t.Errorf("too little work done: %d syncs, %d reads", syncs.n(), reads.n())
	}
	// A reader may wait for at most one write transaction: its p99 latency
	// stays below the longest sync plus its own cost, doubled for sharing
	// two cores with the writers. (A reader blocked on the write lock would
	// wait for SQLite's busy timeout, seconds, or fail with "locked".)
	if p99, bound := reads.pct(99), maxSync+2*quiet; p99 > bound {
		t.Errorf("reader p99 %v exceeds the longest sync %v + 2×%v alone: readers are blocked behind writers", p99, maxSync, quiet)
	}
}

func loadMCP(t *testing.T, bin string) {
	const clients = 16
	repo := loadRepo(t, 1)
	cmd := exec.Command(bin, "--root", repo.Root)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	session, err := mcp.NewClient(&mcp.Implementation{Name: "orbit-load", Version: "v0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	cancel()
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer func() {
		session.Close()
		if e := stderr.String(); strings.Contains(e, "panic:") || strings.Contains(e, "DATA RACE") {
			t.Errorf("orbit-graph-mcp crashed or raced:\n%s", e)
		}
	}()
	pid := cmd.Process.Pid
	// The server syncs at start; wait for an index before measuring.
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "orbit_graph_search", Arguments: map[string]any{"query": "Reader"}})
		if err == nil && !res.IsError {
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("no index after 30 s: %v %+v\n%s", err, res, stderr.String())
		}
	}
	var peakRSS, peakHWM atomic.Int64
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			if rss, hwm, err := procMemKB(pid); err == nil {
				if rss > peakRSS.Load() {
					peakRSS.Store(rss)
				}
				if hwm > peakHWM.Load() {
					peakHWM.Store(hwm)
				}
			}
			select {
			case <-stopSampling:
				return
			case <-tick.C:
			}
		}
	}()
	calls := []mcp.CallToolParams{
		{Name: "orbit_graph_search", Arguments: map[string]any{"query": "Reader"}},
		{Name: "orbit_graph_search", Arguments: map[string]any{"query": "parse", "kind": "function"}},
		{Name: "orbit_graph_refs", Arguments: map[string]any{"selector": "symbol:bufio/bufio.go#NewReader"}},
		{Name: "orbit_graph_show", Arguments: map[string]any{"selector": "symbol:bufio/bufio.go#Reader"}},
		{Name: "orbit_graph_show", Arguments: map[string]any{"selector": "file:sort/sort.go"}},
		{Name: "orbit_graph_overview", Arguments: map[string]any{"scope": "dir:strconv"}},
	}
	var (
		lat       latencies
		errs      atomic.Int64
		errMu     gosync.Mutex
		firstErrs []string
	)
	deadline := time.Now().Add(loadDuration())
	var g gosync.WaitGroup
	g.Add(1)
	go func() { // edits keep the watch policy syncing under the callers
		defer g.Done()
		for n := 1; time.Now().Before(deadline); n++ {
			gittest.WriteFile(t, repo.Root, "hot/w0.go", hotFile(0, n))
			time.Sleep(300 * time.Millisecond)
		}
	}()
	for i := 0; i < clients; i++ {
		g.Add(1)
		go func() {
			defer g.Done()
			for n := i; time.Now().Before(deadline); n++ {
				p := calls[n%len(calls)]
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				start := time.Now()
				res, err := session.CallTool(ctx, &p)
				lat.add(time.Since(start))
				cancel()
				if err != nil || res.IsError {
					errs.Add(1)
					errMu.Lock()
					if len(firstErrs) < 5 {
						firstErrs = append(firstErrs, fmt.Sprintf("%s %v: %v %+v", p.Name, p.Arguments, err, res))
					}
					errMu.Unlock()
				}
			}
		}()
	}
	g.Wait()
	close(stopSampling)
	<-sampled
	t.Logf("mcp load %v, %d callers: %d calls (p50 %v, p99 %v, max %v), errors %d; server RSS peak %.1f MiB (VmHWM %.1f MiB)",
		loadDuration(), clients, lat.n(), lat.pct(50).Round(time.Microsecond), lat.pct(99).Round(time.Microsecond), lat.pct(100).Round(time.Millisecond),
		errs.Load(), float64(peakRSS.Load())/1024, float64(peakHWM.Load())/1024)
	if errs.Load() > 0 {
		t.Errorf("%d failed calls; first:\n%s", errs.Load(), strings.Join(firstErrs, "\n"))
	}
	if p99 := lat.pct(99); p99 > 2*time.Second {
		t.Errorf("server unresponsive: p99 call latency %v", p99)
	}
	if hwm := peakHWM.Load(); hwm > 512<<10 {
		t.Errorf("server peak RSS %d kB exceeds 512 MiB", hwm)
	}
}
