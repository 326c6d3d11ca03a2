package python

import (
	"encoding/json"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tomlkeys"
)

// Dependency packages (DESIGN.md, Dependency packages): the interpreter's
// standard library, an implicit dependency, and the distributions
// installed in its site-packages, found by their metadata. The probe runs
// the interpreter to report its paths and read that metadata
// (importlib.metadata); no package's code is imported.

// probeScript prints the interpreter's version, library directories,
// standard module names and installed distributions with their top-level
// names (top_level.txt, else the first part of their RECORD's paths).
// Name and Version are read from the metadata's first header lines and
// RECORD's paths by splitting its lines: importlib's email parser and
// csv-built file objects took a third of the probe on ~100
// distributions.
const probeScript = `import json, sys, sysconfig
from importlib import metadata
dists = []
for d in metadata.distributions():
    name = version = ""
    for line in (d.read_text("METADATA") or d.read_text("PKG-INFO") or d.read_text("") or "").splitlines():
        if not line:
            break
        if line.startswith("Name:") and not name:
            name = line[5:].strip()
        elif line.startswith("Version:") and not version:
            version = line[8:].strip()
    top = (d.read_text("top_level.txt") or "").split()
    if not top:
        record = d.read_text("RECORD")
        paths = [l.rsplit(",", 2)[0].strip('"') for l in record.splitlines()] if record else [str(f) for f in d.files or []]
        names = set()
        for f in paths:
            p = f.split("/")
            if p[0] and not p[0].startswith(".") and not p[0].endswith((".dist-info", ".egg-info", ".pth")) and p[0] != "__pycache__" and (len(p) > 1 or p[0].endswith(".py")):
                names.add(p[0][:-3] if p[0].endswith(".py") else p[0])
        top = sorted(names)
    dists.append({"name": name, "version": version, "top": top, "root": str(d.locate_file(""))})
print(json.dumps({"version": sys.version.split()[0], "stdlib": sysconfig.get_paths()["stdlib"], "std": sorted(getattr(sys, "stdlib_module_names", ())), "dists": dists}))
`

// Probe runs the worktree's interpreter with the script above (-I: no
// user site-packages, no PYTHON* variables).
// A virtualenv's site-packages' modification time is in the probe's
// environment, so that core, which runs a probe once per process and
// environment, runs it again after a package is installed or removed.
func (m *pyModules) Probe() extract.Probe {
	py := m.interpreter()
	// It runs in the worktree, where a version manager (pyenv's
	// .python-version) picks the project's interpreter; -I keeps the
	// worktree's own modules off its path.
	p := extract.Probe{Args: []string{py, "-I", "-c", probeScript}, Dir: m.root}
	if py != "python3" {
		venv := filepath.Dir(filepath.Dir(py))
		var sites []string
		for _, lib := range extract.Glob(m.h(), filepath.Join(venv, "lib"), "python3*") {
			sites = append(sites, filepath.Join(lib, "site-packages"))
		}
		sites = append(sites, filepath.Join(venv, "Lib", "site-packages")) // Windows
		for _, s := range sites {
			if fi, err := m.h().Stat(s); err == nil {
				p.Env = append(p.Env, "ORBIT_SITE_PACKAGES_MTIME="+strconv.FormatInt(fi.ModTime().UnixNano(), 10))
			}
		}
	}
	m.keyProbe(&p, py)
	return p
}

// SetHost: the worktree's virtualenv and requirement files are read
// through it (extract.HostUser).
func (m *pyModules) SetHost(h extract.Host) { m.host, m.root = h, h.Root() }

// interpreter is the Python whose site-packages hold the worktree's
// dependencies: the worktree's virtualenv (.venv/ or venv/ with a
// pyvenv.cfg), else the active one ($VIRTUAL_ENV), else python3.
func (m *pyModules) interpreter() string {
	var envs []string
	if m.root != "" {
		envs = append(envs, filepath.Join(m.root, ".venv"), filepath.Join(m.root, "venv"))
	}
	if v := m.h().Getenv("VIRTUAL_ENV"); v != "" {
		envs = append(envs, v)
	}
	for _, v := range envs {
		if !isFile(m.h(), filepath.Join(v, "pyvenv.cfg")) {
			continue
		}
		for _, py := range []string{filepath.Join(v, "bin", "python"), filepath.Join(v, "Scripts", "python.exe")} {
			if isFile(m.h(), py) {
				return py
			}
		}
	}
	return "python3"
}

// StateKey (extract.StateKeyer): the interpreter probed, its
// virtualenv's site-packages (whose time changes when a distribution is
// installed or removed) and the requirements files and .python-version,
// by name, size and time. pyproject.toml is a file of the scan.
func (m *pyModules) StateKey() string {
	if m.root == "" {
		return ""
	}
	p := m.Probe()
	key := p.Args[0] + "\x00" + strings.Join(p.Env, "\x00")
	for _, r := range m.stateFiles() {
		key += "\x00" + extract.Stamp(m.h(), r, r)
	}
	return key
}

// StateContent (extract.StateContenter): the interpreter probed and the
// requirements files by content, which a sibling worktree's checkout
// keeps (their times it does not).
func (m *pyModules) StateContent() string {
	if m.root == "" {
		return ""
	}
	p := m.Probe()
	return p.Args[0] + "\x00" + strings.Join(p.Env, "\x00") + "\x00" + extract.ContentKey(m.h(), m.root, m.stateFiles())
}

// stateFiles are the requirements files and the root's .python-version,
// by which pyenv picks the interpreter the probe runs (in the root).
func (m *pyModules) stateFiles() []string {
	return append(m.requirementFiles(), filepath.Join(m.root, ".python-version"))
}

func isFile(h extract.Host, p string) bool {
	fi, err := h.Stat(p)
	return err == nil && !fi.IsDir()
}

type pyEnv struct {
	Version string   `json:"version"`
	Stdlib  string   `json:"stdlib"`
	Std     []string `json:"std"`
	Dists   []struct {
		Name, Version, Root string
		Top                 []string
	} `json:"dists"`
}

// Dependencies: the worktree's top-level packages are its own; the
// standard library and each installed distribution are dependencies
// (the first distribution to claim a top-level name keeps it, except
// that a stub-only distribution's `<name>-stubs` (PEP 561) takes
// <name>); a distribution the worktree declares (pyproject.toml,
// requirements*.txt) but the interpreter lacks is named missing.
func (m *pyModules) Dependencies(probe []byte) extract.DependencySet {
	var env pyEnv
	if probe != nil && json.Unmarshal(probe, &env) != nil {
		env = pyEnv{}
	}
	d := &pyDeps{own: map[string]bool{}, top: map[string]int{}, mixed: map[string]bool{}, host: m.h()}
	var roots []string
	for dir := range m.packageDirs {
		if !m.packageDirs[extract.ParentDir(dir)] || extract.ParentDir(dir) == dir {
			roots = append(roots, dir)
		}
	}
	sort.Strings(roots)
	for _, dir := range roots {
		d.own[path.Base(dir)] = true
		d.pkgs = append(d.pkgs, extract.Package{Name: path.Base(dir), Kind: extract.PackageOwn, Root: dir})
	}
	std := extract.Package{Name: "python", Version: env.Version, Kind: extract.PackageStdlib, Root: env.Stdlib}
	if env.Stdlib == "" {
		std.Missing = "no Python interpreter (" + m.interpreter() + ")"
	}
	d.std = len(d.pkgs)
	d.pkgs = append(d.pkgs, std)
	for _, n := range env.Std {
		d.top[n] = d.std
	}
	sort.SliceStable(env.Dists, func(i, j int) bool { return strings.ToLower(env.Dists[i].Name) < strings.ToLower(env.Dists[j].Name) })
	named := map[string]bool{"python": true}
	for _, p := range d.pkgs {
		named[p.Name] = true
	}
	installed := map[string]bool{}
	stubs := map[string]int{} // top-level name → its stub package
	for _, dist := range env.Dists {
		installed[normalizeDist(dist.Name)] = true
		if dist.Name == "" || len(dist.Top) == 0 || named[dist.Name] {
			continue // the worktree's own distribution, or one installed twice
		}
		named[dist.Name] = true
		i := len(d.pkgs)
		p := extract.Package{Name: dist.Name, Version: dist.Version, Kind: extract.PackageDependency, Root: dist.Root}
		for _, t := range dist.Top {
			if base, ok := strings.CutSuffix(t, "-stubs"); ok && base != "" && p.IndexDir == "" && !partialStubs(m.h(), dist.Root, t) {
				// Its files sit where <base>'s would: @python/<base>/….
				p.Root, p.IndexDir = strings.TrimSuffix(dist.Root, "/")+"/"+t, base
				stubs[base] = i
			}
		}
		d.pkgs = append(d.pkgs, p)
		for _, t := range dist.Top {
			if _, taken := d.top[t]; !taken && p.IndexDir == "" {
				d.top[t] = i
			}
		}
	}
	for base, i := range stubs {
		if j, ok := d.top[base]; !ok || j != d.std {
			d.top[base] = i // stubs are preferred over the runtime package
		}
	}
	if env.Stdlib != "" {
		for _, name := range m.declared() {
			if !installed[normalizeDist(name)] && !named[name] {
				named[name] = true
				d.pkgs = append(d.pkgs, extract.Package{Name: name, Kind: extract.PackageDependency,
					Missing: "declared by the worktree, not installed for " + m.interpreter()})
			}
		}
	}
	return d
}

// partialStubs: the stub package says (py.typed: "partial") that it
// covers part of its package, whose sources then stay the ones read.
func partialStubs(h extract.Host, site, dir string) bool {
	b, err := h.ReadFile(filepath.Join(site, dir, "py.typed"))
	return err == nil && strings.Contains(string(b), "partial")
}

// declared names the distributions the worktree's root declares:
// pyproject.toml's (PEP 621 or Poetry) and the requirements files' lines,
// in order, each once.
func (m *pyModules) declared() []string {
	if m.root == "" {
		return nil
	}
	var specs []string
	if b, err := m.h().ReadFile(filepath.Join(m.root, "pyproject.toml")); err == nil {
		specs = append(specs, projectDependencies(b)...)
	}
	for _, r := range m.requirementFiles() {
		b, err := m.h().ReadFile(r)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			l, _, _ = strings.Cut(l, "#")
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "-") {
				specs = append(specs, l) // options (-r, -e, --index-url) name no distribution
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, s := range specs {
		if n := distName(s); n != "" && !seen[normalizeDist(n)] {
			seen[normalizeDist(n)] = true
			out = append(out, n)
		}
	}
	return out
}

// requirementFiles are the root's requirements*.txt and
// requirements/*.txt, in order.
func (m *pyModules) requirementFiles() []string {
	if m.root == "" {
		return nil
	}
	reqs := extract.Glob(m.h(), m.root, "requirements*.txt")
	reqs = append(reqs, extract.Glob(m.h(), filepath.Join(m.root, "requirements"), "*.txt")...)
	sort.Strings(reqs)
	return reqs
}

// projectDependencies reads the strings of the dependencies array of
// pyproject.toml's [project] table (PEP 621) and the keys of Poetry's
// [tool.poetry.dependencies] but python, in the file's order; nothing
// from a file that is not valid TOML.
func projectDependencies(b []byte) []string {
	var doc struct {
		Project struct{ Dependencies []any }
		Tool    struct {
			Poetry struct{ Dependencies map[string]any }
		}
	}
	keys, err := tomlkeys.Keys(b)
	if err != nil || toml.Unmarshal(b, &doc) != nil {
		return nil
	}
	var out []string
	for _, k := range keys {
		switch {
		case len(k) == 2 && k[0] == "project" && k[1] == "dependencies":
			for _, d := range doc.Project.Dependencies {
				if s, ok := d.(string); ok {
					out = append(out, s)
				}
			}
		case len(k) == 4 && k[0] == "tool" && k[1] == "poetry" && k[2] == "dependencies" && k[3] != "python" && k[3] != "":
			out = append(out, k[3]) // Poetry: name = "^1.0"
		}
	}
	return out
}

// distName is the distribution a PEP 508 requirement names ("" for a
// path or URL).
func distName(spec string) string {
	end := 0
	for end < len(spec) && (spec[end] >= 'a' && spec[end] <= 'z' || spec[end] >= 'A' && spec[end] <= 'Z' || spec[end] >= '0' && spec[end] <= '9' || end > 0 && strings.IndexByte("._-", spec[end]) >= 0) {
		end++
	}
	if end < len(spec) && (spec[end] == '/' || spec[end] == ':') {
		return "" // ./local/path, https://…
	}
	return spec[:end]
}

// normalizeDist is a distribution name as PEP 503 compares it.
func normalizeDist(name string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' || r == '.' }), "-")
}

// pyDeps is the DependencySet of one sync.
type pyDeps struct {
	own   map[string]bool // top-level package names of the worktree
	top   map[string]int  // top-level module name → package
	pkgs  []extract.Package
	std   int
	mu    sync.Mutex
	mixed map[string]bool // directory → it holds a .py and its .pyi
	host  extract.Host
}

func (d *pyDeps) Packages() []extract.Package { return d.pkgs }

// Locate: the package claiming the module's top-level name; the module
// is a directory (a package) or a file, its stub (.pyi) before its
// source (a.b.c → a/b/c, a/b/c.pyi, a/b/c.py). A package directory
// holding both a module's .py and its .pyi is not read whole (both would
// define the same names): its __init__, stub first, stands for it.
func (d *pyDeps) Locate(module string) (int, []string, bool) {
	top, _, _ := strings.Cut(module, ".")
	i, ok := d.top[top]
	if module == "" || strings.HasPrefix(module, ".") || d.own[top] || !ok || d.pkgs[i].Missing != "" {
		return 0, nil, false
	}
	p := strings.ReplaceAll(module, ".", "/")
	if dir := d.pkgs[i].IndexDir; dir != "" { // a stub package: Root is <dir>-stubs
		p = strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
	}
	places := []string{p}
	if d.mixedDir(filepath.Join(d.pkgs[i].Root, filepath.FromSlash(p))) {
		places = []string{path.Join(p, "__init__.pyi"), path.Join(p, "__init__.py")}
	}
	if p != "" {
		places = append(places, p+".pyi", p+".py")
	}
	return i, places, true
}

// mixedDir: the directory holds a module's .py and .pyi both.
func (d *pyDeps) mixedDir(dir string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if m, ok := d.mixed[dir]; ok {
		return m
	}
	entries, _ := d.host.ReadDir(dir)
	names := map[string]bool{}
	for _, e := range entries {
		names[e] = true
	}
	m := false
	for n := range names {
		if stem, ok := strings.CutSuffix(n, ".pyi"); ok && names[stem+".py"] {
			m = true
			break
		}
	}
	d.mixed[dir] = m
	return m
}

// Includes: Python sources and stubs, not tests.
func (d *pyDeps) Includes(base string, head []byte) bool {
	return extract.HasExt(base, ".py", ".pyi") && !strings.HasPrefix(base, "test_") && !strings.HasSuffix(base, "_test.py") && base != "conftest.py"
}

// Context: module paths are relative to the directory the packages sit
// in, "@python" (a stub package's files are indexed under their
// package's name).
func (d *pyDeps) Context(pkg int, prefix string) extract.ModuleContext {
	if dir := d.pkgs[pkg].IndexDir; dir != "" {
		prefix = strings.TrimSuffix(prefix, "/"+dir)
	}
	return extract.ModuleContext{Root: prefix}
}

// h is the host, extract.NoHost before SetHost.
func (m *pyModules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}
