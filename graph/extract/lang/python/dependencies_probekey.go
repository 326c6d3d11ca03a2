package python

import (
	"path/filepath"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// The probe is Keyed (extract.Probe): core keeps its output across
// processes under the files it follows from, so a one-file sync runs no
// interpreter. Through pyenv's shims a probe is some 30 processes and
// ~0.1 s of CPU, where the rest of such a sync costs ~0.02 s.
//
// What the answer follows from: the interpreter (the executable found on
// PATH, whose stamp core takes, and for pyenv's shim the version it
// selects) and the directories distributions are installed into (a
// directory's time changes when an entry is added or removed: pip adds a
// name-version.dist-info for every install and upgrade). The interpreter
// runs with -I, so neither PYTHON* variables nor the user's site-packages
// count. A layout this does not know (no python3 on PATH to name) stays
// unkeyed and is probed every time.

// keyProbe makes p Keyed when the interpreter py ("python3" or a
// virtualenv's, absolute) is one whose installation directories it can
// name.
func (m *pyModules) keyProbe(p *extract.Probe, py string) {
	h := m.h()
	var prefixes, files []string
	if filepath.IsAbs(py) { // a virtualenv: its own site-packages and its base's
		venv := filepath.Dir(filepath.Dir(py))
		files = append(files, filepath.Join(venv, "pyvenv.cfg"))
		prefixes = append(prefixes, venv)
		if home := pyvenvHome(h, venv); home != "" {
			prefixes = append(prefixes, filepath.Dir(home))
		}
	} else {
		exe := extract.LookPath(h, py)
		if exe == "" {
			return
		}
		if root := pyenvRoot(h); filepath.Dir(exe) == filepath.Join(root, "shims") {
			// The shim runs the version PYENV_VERSION names, else the
			// nearest .python-version above the probe's directory, else
			// pyenv's global version file; "system" is the next python3
			// on PATH, one of the usual prefixes below.
			files = append(files, filepath.Join(root, "version"), filepath.Join(root, "versions"))
			for d := m.probeDir(); ; d = filepath.Dir(d) {
				files = append(files, filepath.Join(d, ".python-version"))
				if filepath.Dir(d) == d {
					break
				}
			}
			prefixes = append(prefixes, extract.Glob(h, filepath.Join(root, "versions"), "*")...)
		} else {
			// bin/python3's prefix (core stamps the executable the
			// link resolves to).
			prefixes = append(prefixes, filepath.Dir(filepath.Dir(exe)))
		}
		prefixes = append(prefixes, "/usr", "/usr/local")
	}
	for _, pre := range prefixes {
		files = append(files, installDirs(h, pre)...)
	}
	p.Keyed = true
	p.KeyEnv = []string{"PATH", "HOME", "TMPDIR", "PYENV_ROOT", "PYENV_VERSION", "PYENV_DIR", "VIRTUAL_ENV"}
	p.KeyFiles = files
}

// installDirs are where an interpreter under prefix finds distributions:
// lib/pythonX.Y/site-packages (dist-packages on Debian), Debian's shared
// lib/python3/dist-packages and local/lib/pythonX.Y/dist-packages.
func installDirs(h extract.Host, prefix string) []string {
	var out []string
	for _, lib := range []string{filepath.Join(prefix, "lib"), filepath.Join(prefix, "local", "lib")} {
		for _, v := range extract.Glob(h, lib, "python3*") {
			out = append(out, filepath.Join(v, "site-packages"), filepath.Join(v, "dist-packages"))
		}
	}
	return append(out, filepath.Join(prefix, "lib", "python3", "dist-packages"))
}

// probeDir is where core runs the probe: the worktree's root (Probe.Dir),
// else os.TempDir.
func (m *pyModules) probeDir() string {
	if m.root != "" {
		return filepath.Clean(m.root)
	}
	return tempDir(m.h())
}

// tempDir is os.TempDir, on Unix.
func tempDir(h extract.Host) string {
	if d := h.Getenv("TMPDIR"); d != "" {
		return filepath.Clean(d)
	}
	return "/tmp"
}

// pyenvRoot is where pyenv lives: $PYENV_ROOT, else ~/.pyenv.
func pyenvRoot(h extract.Host) string {
	if r := h.Getenv("PYENV_ROOT"); r != "" {
		return filepath.Clean(r)
	}
	if home, err := h.UserHomeDir(); err == nil {
		return filepath.Join(home, ".pyenv")
	}
	return ""
}

// pyvenvHome is the directory of a virtualenv's base interpreter, its
// pyvenv.cfg's `home` ("" when it names none).
func pyvenvHome(h extract.Host, venv string) string {
	b, err := h.ReadFile(filepath.Join(venv, "pyvenv.cfg"))
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok && strings.TrimSpace(k) == "home" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
