package python

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestProbeKeyed: the probe is keyed by where the interpreter it runs
// finds distributions: pyenv's versions, global version file and
// .python-version files for its shim; a virtualenv's site-packages and
// its base's; nothing (unkeyed) when no python3 is on PATH.
func TestProbeKeyed(t *testing.T) {
	mk := func(p string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	pyenv := t.TempDir()
	mk(filepath.Join(pyenv, "shims", "python3"), 0o755)
	mk(filepath.Join(pyenv, "versions", "3.11.7", "lib", "python3.11", "site-packages", "x.pth"), 0o644)
	mk(filepath.Join(pyenv, "versions", "3.11.7", "bin", "python3.11"), 0o755)
	t.Setenv("PYENV_ROOT", pyenv)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("VIRTUAL_ENV", "")

	probe := func(root string) ([]string, bool) {
		m := &pyModules{}
		m.SetHost(extracttest.Host{Dir: root})
		p := m.Probe()
		return p.KeyFiles, p.Keyed
	}
	site := filepath.Join(pyenv, "versions", "3.11.7", "lib", "python3.11", "site-packages")

	t.Setenv("PATH", filepath.Join(pyenv, "shims"))
	files, keyed := probe(t.TempDir())
	for _, want := range []string{site, filepath.Join(pyenv, "version"), filepath.Join(pyenv, "versions"), filepath.Join(os.TempDir(), ".python-version")} {
		if !keyed || !slices.Contains(files, want) {
			t.Errorf("pyenv shim: keyed %v by %v, want %s among them", keyed, files, want)
		}
	}

	root := t.TempDir()
	venv := filepath.Join(root, ".venv")
	mk(filepath.Join(venv, "bin", "python"), 0o755)
	mk(filepath.Join(venv, "lib", "python3.11", "site-packages", "y.pth"), 0o644)
	if err := os.WriteFile(filepath.Join(venv, "pyvenv.cfg"), []byte("home = "+filepath.Join(pyenv, "versions", "3.11.7", "bin")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, keyed = probe(root)
	for _, want := range []string{filepath.Join(venv, "lib", "python3.11", "site-packages"), filepath.Join(venv, "pyvenv.cfg"), site} {
		if !keyed || !slices.Contains(files, want) {
			t.Errorf("virtualenv: keyed %v by %v, want %s among them", keyed, files, want)
		}
	}

	t.Setenv("PATH", t.TempDir())
	if _, keyed := probe(t.TempDir()); keyed {
		t.Error("no python3 on PATH: the probe is keyed")
	}
}
