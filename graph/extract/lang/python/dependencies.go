package python

import (
	"encoding/json"
	"path"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): the interpreter's
// standard library, an implicit dependency, and the distributions
// installed in its site-packages, found by their metadata. The probe runs
// the interpreter to report its paths and read that metadata
// (importlib.metadata); no package's code is imported.

// probeScript prints the interpreter's version, library directories,
// standard module names and installed distributions with their top-level
// names (top_level.txt, else the first part of their RECORD's paths).
const probeScript = `import json, sys, sysconfig
from importlib import metadata
dists = []
for d in metadata.distributions():
    top = (d.read_text("top_level.txt") or "").split()
    if not top:
        names = set()
        for f in d.files or []:
            p = f.parts
            if p and not p[0].startswith(".") and not p[0].endswith((".dist-info", ".egg-info", ".pth")) and p[0] != "__pycache__" and (len(p) > 1 or p[0].endswith(".py")):
                names.add(p[0][:-3] if p[0].endswith(".py") else p[0])
        top = sorted(names)
    dists.append({"name": d.metadata["Name"] or "", "version": d.version or "", "top": top, "root": str(d.locate_file(""))})
print(json.dumps({"version": sys.version.split()[0], "stdlib": sysconfig.get_paths()["stdlib"], "std": sorted(getattr(sys, "stdlib_module_names", ())), "dists": dists}))
`

// Probe runs python3 with the script above.
func (m packageDirs) Probe() extract.Probe {
	return extract.Probe{Args: []string{"python3", "-I", "-c", probeScript}}
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
// (the first distribution to claim a top-level name keeps it).
func (m packageDirs) Dependencies(probe []byte) extract.DependencySet {
	var env pyEnv
	if probe != nil && json.Unmarshal(probe, &env) != nil {
		env = pyEnv{}
	}
	d := &pyDeps{own: map[string]bool{}, top: map[string]int{}}
	var roots []string
	for dir := range m {
		if !m[extract.ParentDir(dir)] || extract.ParentDir(dir) == dir {
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
		std.Missing = "no Python interpreter (python3)"
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
	for _, dist := range env.Dists {
		if dist.Name == "" || len(dist.Top) == 0 || named[dist.Name] {
			continue // the worktree's own distribution, or one installed twice
		}
		named[dist.Name] = true
		i := len(d.pkgs)
		d.pkgs = append(d.pkgs, extract.Package{Name: dist.Name, Version: dist.Version, Kind: extract.PackageDependency, Root: dist.Root})
		for _, t := range dist.Top {
			if _, taken := d.top[t]; !taken {
				d.top[t] = i
			}
		}
	}
	return d
}

// pyDeps is the DependencySet of one sync.
type pyDeps struct {
	own  map[string]bool // top-level package names of the worktree
	top  map[string]int  // top-level module name → package
	pkgs []extract.Package
	std  int
}

func (d *pyDeps) Packages() []extract.Package { return d.pkgs }

// Locate: the package claiming the module's top-level name; the module
// is a directory (a package) or a file (a.b.c → a/b/c or a/b/c.py).
func (d *pyDeps) Locate(module string) (int, []string, bool) {
	top, _, _ := strings.Cut(module, ".")
	i, ok := d.top[top]
	if module == "" || strings.HasPrefix(module, ".") || d.own[top] || !ok || d.pkgs[i].Missing != "" {
		return 0, nil, false
	}
	p := strings.ReplaceAll(module, ".", "/")
	return i, []string{p, p + ".py"}, true
}

// Includes: Python sources, not tests.
func (d *pyDeps) Includes(base string, head []byte) bool {
	return strings.HasSuffix(base, ".py") && !strings.HasPrefix(base, "test_") && !strings.HasSuffix(base, "_test.py") && base != "conftest.py"
}

// Context: module paths are relative to the directory the packages sit
// in, under their index prefix.
func (d *pyDeps) Context(pkg int, prefix string) extract.ModuleContext {
	return extract.ModuleContext{Root: prefix}
}
