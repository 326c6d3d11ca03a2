package indexer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// TestProbeCache: a Keyed probe runs once across processes (a new
// cacheRun and an empty in-process map stand for a new process) until a
// variable or a file it is keyed by changes; a probe that is not Keyed,
// or a failed one, runs every time.
func TestProbeCache(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	script := filepath.Join(dir, "probe.sh")
	body := "#!/bin/sh\necho run >> " + runs + "\n[ \"$PROBE_FAIL\" = 1 ] && exit 1\necho \"$PROBE_VALUE\"\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "conf")
	if err := os.WriteFile(conf, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "probes"})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PROBE_VALUE", "one")
	keyed := extract.Probe{Args: []string{script}, Keyed: true, KeyEnv: []string{"PROBE_VALUE", "PROBE_FAIL"}, KeyFiles: []string{conf}}
	ran := 0
	probe := func(step string, p extract.Probe, want string, wantRun bool) {
		t.Helper()
		probes.Clear() // a new process
		out := runProbe(newCacheRun(c), p)
		b, _ := os.ReadFile(runs)
		n := strings.Count(string(b), "run")
		if got := strings.TrimSpace(string(out)); got != want || (n > ran) != wantRun {
			t.Fatalf("%s: output %q, ran %v; want %q, ran %v", step, got, n > ran, want, wantRun)
		}
		ran = n
	}
	probe("first", keyed, "one", true)
	probe("again", keyed, "one", false)
	t.Setenv("PROBE_VALUE", "two")
	probe("variable changed", keyed, "two", true)
	probe("again", keyed, "two", false)
	if err := os.WriteFile(conf, []byte("bb"), 0o644); err != nil {
		t.Fatal(err)
	}
	probe("file changed", keyed, "two", true)
	probe("again", keyed, "two", false)
	unkeyed := keyed
	unkeyed.Keyed = false
	probe("not keyed", unkeyed, "two", true)
	probe("not keyed again", unkeyed, "two", true)
	t.Setenv("PROBE_FAIL", "1")
	probe("failed", keyed, "", true)
	probe("failed again", keyed, "", true)
}
