package ruby

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestProbeKeyed: the probe runs in the worktree, and is keyed (by the
// executable core stamps, PATH, RUBYLIB and RUBYOPT) when PATH's ruby is
// an interpreter; a version manager's shim, or no ruby, leaves it unkeyed.
func TestProbeKeyed(t *testing.T) {
	bin, shims := t.TempDir(), filepath.Join(t.TempDir(), "shims")
	for _, dir := range []string{bin, shims} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "ruby"), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	for _, c := range []struct {
		path  string
		keyed bool
	}{{bin, true}, {shims, false}, {t.TempDir(), false}} {
		t.Setenv("PATH", c.path)
		m := &rbModules{}
		m.SetHost(extracttest.Host{Dir: root})
		p := m.Probe()
		if p.Keyed != c.keyed || p.Dir != root || c.keyed && len(p.KeyEnv) != 3 {
			t.Errorf("PATH=%s: keyed %v, dir %s, key env %v; want keyed %v in %s", c.path, p.Keyed, p.Dir, p.KeyEnv, c.keyed, root)
		}
	}
}
