package golang

import (
	"encoding/json"
	"path"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): the modules the
// worktree's go.mod files require, found in the module cache by their
// pinned versions, and GOROOT's standard library, an implicit dependency.
// Nothing is downloaded and the go command only reports its environment.

// Probe asks the go command where GOROOT and the module cache are.
// GOTOOLCHAIN=local: reporting must never fetch a toolchain.
func (m *goModules) Probe() extract.Probe {
	return extract.Probe{
		Args: []string{"go", "env", "-json", "GOROOT", "GOMODCACHE", "GOVERSION", "GOOS", "GOARCH"},
		Env:  []string{"GOTOOLCHAIN=local"},
	}
}

// goEnv is the probe's output.
type goEnv struct {
	GOROOT, GOMODCACHE, GOVERSION, GOOS, GOARCH string
}

// Dependencies pins one version per required module (the highest any
// go.mod of the worktree requires, after its replace directives).
func (m *goModules) Dependencies(probe []byte) extract.DependencySet {
	var env goEnv
	if probe != nil && json.Unmarshal(probe, &env) != nil {
		env = goEnv{}
	}
	d := &goDeps{env: env, own: map[string]bool{}}
	dirs := make([]string, 0, len(m.paths))
	for dir := range m.paths {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		d.own[m.paths[dir]] = true
		d.pkgs = append(d.pkgs, extract.Package{Name: m.paths[dir], Kind: extract.PackageOwn, Root: dir})
	}
	d.nOwn = len(d.pkgs)
	for _, r := range m.requirements() {
		if d.own[r.name] {
			continue
		}
		p := extract.Package{Name: r.name, Version: r.version, Kind: extract.PackageDependency, IndexDir: r.name}
		switch {
		case r.local:
			p.Missing = "replaced by a local directory"
		case env.GOMODCACHE == "":
			p.Missing = "no module cache (go env GOMODCACHE)"
		default:
			p.Root = moduleDir(env.GOMODCACHE, r.onDisk, r.version)
		}
		d.pkgs = append(d.pkgs, p)
	}
	if !d.own["std"] {
		std := extract.Package{Name: "std", Version: env.GOVERSION, Kind: extract.PackageStdlib}
		if env.GOROOT == "" {
			std.Missing = "no GOROOT (go env GOROOT)"
		} else {
			std.Root = env.GOROOT + "/src"
		}
		d.pkgs = append(d.pkgs, std)
	}
	return d
}

// requirement is one module the worktree requires, as found on disk.
type requirement struct {
	name, version string
	onDisk        string // the module path its files are cached under (a replacement's)
	local         bool   // replaced by a directory
}

// requirements reads every go.mod's require and replace directives; a
// module several require gets the highest version.
func (m *goModules) requirements() []requirement {
	byName := map[string]requirement{}
	for _, mf := range m.manifests {
		f, err := modfile.ParseLax(path.Join(mf.dir, "go.mod"), mf.content, nil)
		if err != nil {
			continue
		}
		repl := map[string]*modfile.Replace{}
		for _, r := range f.Replace {
			repl[r.Old.Path] = r
		}
		for _, r := range f.Require {
			req := requirement{name: r.Mod.Path, version: r.Mod.Version, onDisk: r.Mod.Path}
			if rp := repl[r.Mod.Path]; rp != nil {
				req.onDisk, req.local = rp.New.Path, rp.New.Version == ""
				if !req.local {
					req.version = rp.New.Version
				}
			}
			if old, ok := byName[req.name]; !ok || semver.Compare(req.version, old.version) > 0 {
				byName[req.name] = req
			}
		}
	}
	out := make([]requirement, 0, len(byName))
	for _, r := range byName {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// moduleDir is where the module cache keeps a module version's files
// (upper case letters escaped as "!x").
func moduleDir(cache, modPath, version string) string {
	p, err := module.EscapePath(modPath)
	if err != nil {
		p = modPath
	}
	v, err := module.EscapeVersion(version)
	if err != nil {
		v = version
	}
	return cache + "/" + p + "@" + v
}

// goDeps is the DependencySet of one sync.
type goDeps struct {
	env  goEnv
	own  map[string]bool
	pkgs []extract.Package
	nOwn int
}

func (d *goDeps) Packages() []extract.Package { return d.pkgs }

// Locate: an import path in the standard library (no dot in its first
// element) or in the longest required module path that prefixes it.
func (d *goDeps) Locate(importPath string) (int, []string, bool) {
	if importPath == "C" || d.ownPath(importPath) {
		return 0, nil, false
	}
	best, dir := -1, ""
	for i := d.nOwn; i < len(d.pkgs); i++ {
		p := d.pkgs[i]
		switch {
		case p.Kind == extract.PackageStdlib:
			if !strings.Contains(strings.SplitN(importPath, "/", 2)[0], ".") && best < 0 {
				best, dir = i, importPath
			}
		case importPath == p.Name:
			best, dir = i, ""
		case strings.HasPrefix(importPath, p.Name+"/") && (best < 0 || len(p.Name) > len(d.pkgs[best].Name)):
			best, dir = i, importPath[len(p.Name)+1:]
		}
	}
	if best < 0 || d.pkgs[best].Missing != "" {
		return 0, nil, false
	}
	return best, []string{dir}, true
}

func (d *goDeps) ownPath(importPath string) bool {
	if d.own["std"] && !strings.Contains(strings.SplitN(importPath, "/", 2)[0], ".") {
		return true
	}
	for p := range d.own {
		if importPath == p || strings.HasPrefix(importPath, p+"/") {
			return true
		}
	}
	return false
}

// Includes: the package's non-test Go files that build for the probed
// platform by their names (x_linux.go, x_windows_amd64.go) and their
// //go:build lines.
func (d *goDeps) Includes(base string, head []byte) bool {
	if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") || strings.HasPrefix(base, "_") || strings.HasPrefix(base, ".") {
		return false
	}
	if !goodOSArch(strings.TrimSuffix(base, ".go"), d.env.GOOS, d.env.GOARCH) {
		return false
	}
	return head == nil || buildsHere(head, d.env.GOOS, d.env.GOARCH)
}

// Context: qualified names are the module path and the directory below
// it; the standard library's have no prefix.
func (d *goDeps) Context(pkg int, prefix string) extract.ModuleContext {
	p := d.pkgs[pkg]
	if p.Kind == extract.PackageStdlib {
		return extract.ModuleContext{Root: prefix, Own: stdLibrary}
	}
	return extract.ModuleContext{Root: prefix, Path: p.Name}
}
