package golang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/version"
	"hash/fnv"
	"path"
	"path/filepath"
	"sort"
	"strconv"
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

// Probe asks the go command where GOROOT and the module cache are, and
// for the flags (GOFLAGS=-mod=mod turns vendoring off) and GOWORK=off.
// GOTOOLCHAIN=local: reporting must never fetch a toolchain.
func (m *goModules) Probe() extract.Probe {
	return extract.Probe{
		Args: []string{"go", "env", "-json", "GOROOT", "GOMODCACHE", "GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "GOWORK"},
		Env:  []string{"GOTOOLCHAIN=local"},
		// The answer follows from the go command (its GOROOT's go.env
		// comes with it), these variables and the user's go env file.
		Keyed: true,
		KeyEnv: []string{"PATH", "GOROOT", "GOPATH", "GOMODCACHE", "GOFLAGS", "GOOS", "GOARCH", "GOWORK",
			"GOENV", "GOTOOLCHAIN", "HOME", "XDG_CONFIG_HOME", "AppData"},
		KeyFiles: m.goEnvFiles(),
	}
}

// goEnvFiles are where the go command may read the user's `go env -w`
// settings: $GOENV, else go/env under the user's configuration directory.
func (m *goModules) goEnvFiles() []string {
	if f := m.h().Getenv("GOENV"); f != "" {
		return []string{f}
	}
	var out []string
	if x := m.h().Getenv("XDG_CONFIG_HOME"); x != "" {
		out = append(out, filepath.Join(x, "go", "env"))
	}
	if a := m.h().Getenv("AppData"); a != "" {
		out = append(out, filepath.Join(a, "go", "env"))
	}
	if home, err := m.h().UserHomeDir(); err == nil {
		out = append(out, filepath.Join(home, ".config", "go", "env"), filepath.Join(home, "Library", "Application Support", "go", "env"))
	}
	return out
}

// SetHost: local replacements, go.work, vendor/modules.txt and go.sum
// are read from the worktree (extract.HostUser).
func (m *goModules) SetHost(h extract.Host) { m.host, m.root = h, h.Root() }

// goEnv is the probe's output.
type goEnv struct {
	GOROOT, GOMODCACHE, GOVERSION, GOOS, GOARCH, GOFLAGS, GOWORK string
}

// Dependencies pins one version per required module (the highest any
// go.mod of the worktree requires, after its replace directives and
// go.work's) and finds where its files are: a local replacement's
// directory, the main module's vendor/ directory, else the module cache.
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
	ws := m.workspace(env)
	var deps []extract.Package
	for _, r := range m.requirements(ws, env.GOFLAGS) {
		if d.own[r.name] {
			continue
		}
		p := extract.Package{Name: r.name, Version: r.version, Kind: extract.PackageDependency, IndexDir: r.name}
		switch {
		case r.vendored != "": // vendor/ holds local replacements too
			p.Root = r.vendored
		case r.local != "":
			p.Version = ""
			if r.abs == "" {
				p.Missing = "replaced by " + r.local + " (worktree unknown)"
			} else if !m.isDir(r.abs) {
				p.Missing = "replaced by " + r.local + ", which is not a directory"
			} else {
				p.Root = r.abs
			}
		case env.GOMODCACHE == "":
			p.Missing = "no module cache (go env GOMODCACHE)"
		default:
			p.Root = moduleDir(env.GOMODCACHE, r.onDisk, r.version)
			if !m.isDir(p.Root) {
				p.Missing = "not on disk: " + p.Root + m.sumReason(r)
			}
		}
		deps = append(deps, p)
	}
	d.nOwn = len(d.pkgs)
	d.pkgs = append(d.pkgs, deps...)
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
	local         string // a replacement directory, as written
	dir           string // local's repo-relative directory ("" for the root)
	inside        bool   // local is inside the worktree
	abs           string // local's absolute directory ("" when the worktree is unknown)
	vendored      string // its directory under the main module's vendor/
	sumDir        string // the directory of the go.mod requiring it (its go.sum)
}

// workspace is what a go.work at the worktree's root says: the
// directories it uses and its replace directives (which override the
// modules' own).
type workspace struct {
	uses    []string // repo-relative or absolute directories
	replace map[string]*modfile.Replace
}

// workspace reads the root's go.work, nil without one (or with
// GOWORK=off).
func (m *goModules) workspace(env goEnv) *workspace {
	if m.root == "" || env.GOWORK == "off" {
		return nil
	}
	b, err := m.h().ReadFile(filepath.Join(m.root, "go.work"))
	if err != nil {
		return nil
	}
	f, err := modfile.ParseWork("go.work", b, nil)
	if err != nil {
		return nil
	}
	ws := &workspace{replace: map[string]*modfile.Replace{}}
	for _, u := range f.Use {
		ws.uses = append(ws.uses, u.Path)
	}
	for _, r := range f.Replace {
		ws.replace[r.Old.Path] = r
	}
	return ws
}

// requirements reads every go.mod's require and replace directives; a
// module several require gets the highest version. A module go.work uses
// from outside the worktree is required as a local replacement.
func (m *goModules) requirements(ws *workspace, goflags string) []requirement {
	byName := map[string]requirement{}
	add := func(req requirement) {
		if old, ok := byName[req.name]; !ok || semver.Compare(req.version, old.version) > 0 {
			byName[req.name] = req
		}
	}
	for _, mf := range m.manifests {
		// Parse, not ParseLax: the lax parser drops replace directives.
		f, err := modfile.Parse(path.Join(mf.dir, "go.mod"), mf.content, nil)
		if err != nil {
			if f, err = modfile.ParseLax(path.Join(mf.dir, "go.mod"), mf.content, nil); err != nil {
				continue
			}
		}
		repl := map[string]*modfile.Replace{}
		for _, r := range f.Replace {
			repl[r.Old.Path] = r
		}
		var vendored map[string]string
		if ws == nil && m.vendoring(f, goflags) {
			vendored = m.vendorModules(mf.dir)
		}
		for _, r := range f.Require {
			req := requirement{name: r.Mod.Path, version: r.Mod.Version, onDisk: r.Mod.Path, sumDir: mf.dir}
			rp, base := repl[r.Mod.Path], mf.dir
			if ws != nil && ws.replace[r.Mod.Path] != nil {
				rp, base = ws.replace[r.Mod.Path], ""
			}
			if rp != nil && (rp.Old.Version == "" || rp.Old.Version == r.Mod.Version) {
				if rp.New.Version == "" {
					m.localDir(&req, base, rp.New.Path)
				} else {
					req.onDisk, req.version = rp.New.Path, rp.New.Version
				}
			}
			if v, ok := vendored[r.Mod.Path]; ok {
				req.vendored = filepath.Join(m.root, filepath.FromSlash(path.Join(mf.dir, "vendor", r.Mod.Path)))
				if v != "" {
					req.version = v
				}
			}
			add(req)
		}
	}
	if ws != nil {
		for _, u := range ws.uses {
			var req requirement
			m.localDir(&req, "", u)
			if req.inside && m.paths[req.dir] != "" {
				continue // a module of the worktree: its own
			}
			if req.abs == "" {
				continue
			}
			b, err := m.h().ReadFile(filepath.Join(req.abs, "go.mod"))
			if req.name = modfile.ModulePath(b); err != nil || req.name == "" {
				continue
			}
			byName[req.name] = req // a workspace module wins over any version
		}
	}
	out := make([]requirement, 0, len(byName))
	for _, r := range byName {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// localDir places a directory replacement written in the go.mod (or
// go.work) of the repo-relative directory base.
func (m *goModules) localDir(req *requirement, base, dir string) {
	req.local = dir
	if filepath.IsAbs(dir) {
		req.abs = filepath.Clean(dir)
		if m.root != "" {
			if rel, err := filepath.Rel(m.root, req.abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				req.dir, req.inside = strings.TrimPrefix(filepath.ToSlash(rel), "."), true
			}
		}
		return
	}
	rel := path.Join(base, filepath.ToSlash(dir))
	if rel != ".." && !strings.HasPrefix(rel, "../") {
		req.dir, req.inside = strings.TrimPrefix(rel, "."), true
	}
	if m.root != "" {
		req.abs = filepath.Join(m.root, filepath.FromSlash(rel))
	}
}

// vendoring: the go command builds from vendor/ when vendor/modules.txt
// exists and the go.mod says go 1.14 or later, unless -mod=mod or
// -mod=readonly says otherwise; -mod=vendor asks for it whatever the
// go.mod says.
func (m *goModules) vendoring(f *modfile.File, goflags string) bool {
	switch {
	case m.root == "":
		return false
	case strings.Contains(goflags, "-mod=vendor"):
		return true
	case f.Go == nil || version.Compare("go"+f.Go.Version, "go1.14") < 0:
		return false
	}
	return !strings.Contains(goflags, "-mod=mod") && !strings.Contains(goflags, "-mod=readonly")
}

// vendorModules reads dir/vendor/modules.txt: module path → version.
func (m *goModules) vendorModules(dir string) map[string]string {
	b, err := m.h().ReadFile(filepath.Join(m.root, filepath.FromSlash(dir), "vendor", "modules.txt"))
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "#" {
			continue // a package line or an annotation (## explicit)
		}
		v := ""
		if len(f) > 2 && f[2] != "=>" {
			v = f[2]
		}
		out[f[1]] = v
	}
	return out
}

// sumReason says what go.sum knows of a module the cache lacks: a go.sum
// line for its files means it was downloaded once (go mod download brings
// it back); one for its go.mod alone, that only its requirements were
// read; none, that go.mod names a version this checkout never fetched.
func (m *goModules) sumReason(r requirement) string {
	if m.root == "" {
		return ""
	}
	var lines []string
	for _, name := range []string{path.Join(r.sumDir, "go.sum"), "go.work.sum"} {
		if b, err := m.h().ReadFile(filepath.Join(m.root, filepath.FromSlash(name))); err == nil {
			lines = append(lines, strings.Split(string(b), "\n")...)
		}
	}
	files, mod := false, false
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != r.onDisk {
			continue
		}
		files = files || f[1] == r.version
		mod = mod || f[1] == r.version+"/go.mod"
	}
	switch {
	case files:
		return "; go.sum has it: not downloaded here (go mod download)"
	case mod:
		return "; go.sum has only its go.mod: its files were never downloaded (go mod download " + r.onDisk + ")"
	}
	return "; not in go.sum either (go mod tidy)"
}

// walkGo calls f on dir's directories and Go files below it, leaving out
// testdata, vendor and hidden directories.
func (m *goModules) walkGo(dir string, f func(string)) {
	names, err := m.h().ReadDir(dir)
	if err != nil {
		return
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if fi, err := m.h().Stat(p); err != nil {
			continue
		} else if fi.IsDir() && n != "testdata" && n != "vendor" && !strings.HasPrefix(n, ".") {
			f(p)
			m.walkGo(p, f)
		} else if !fi.IsDir() && strings.HasSuffix(n, ".go") {
			f(p)
		}
	}
}

// h is the host, extract.NoHost before SetHost.
func (m *goModules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}

func (m *goModules) isDir(p string) bool {
	fi, err := m.h().Stat(p)
	return err == nil && fi.IsDir()
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

// IncludesByHead (extract.HeadIncludes): a file's build constraint.
func (d *goDeps) IncludesByHead() bool { return true }

// Context: qualified names are the module path and the directory below
// it; the standard library's have no prefix.
func (d *goDeps) Context(pkg int, prefix string) extract.ModuleContext {
	p := d.pkgs[pkg]
	if p.Kind == extract.PackageStdlib {
		return extract.ModuleContext{Root: prefix, Own: stdLibrary}
	}
	return extract.ModuleContext{Root: prefix, Path: p.Name}
}

// StateKey (extract.StateKeyer): what the packages depend on that the
// scan does not index: go.work and go.work.sum, each module's go.sum and
// vendor/modules.txt, and the Go files of local replacements (and
// workspace modules) the scan leaves out, by name relative to the root,
// size and time.
func (m *goModules) StateKey() string {
	if m.root == "" {
		return ""
	}
	h := fnv.New64a()
	for _, p := range m.stateFiles() {
		if fi, err := m.h().Stat(p); err == nil {
			rel, _ := filepath.Rel(m.root, p)
			fmt.Fprintf(h, "%s\x00%d\x00%d\n", filepath.ToSlash(rel), fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// StateContent (extract.StateContenter): the same files by content,
// which a sibling worktree's checkout keeps.
func (m *goModules) StateContent() string {
	if m.root == "" {
		return ""
	}
	return extract.ContentKey(m.h(), m.root, m.stateFiles())
}

// stateFiles names the files (and local directories) StateKey follows.
func (m *goModules) stateFiles() []string {
	out := []string{filepath.Join(m.root, "go.work"), filepath.Join(m.root, "go.work.sum")}
	for _, mf := range m.manifests {
		out = append(out, filepath.Join(m.root, filepath.FromSlash(mf.dir), "go.sum"),
			filepath.Join(m.root, filepath.FromSlash(mf.dir), "vendor", "modules.txt"))
	}
	local := false // only a replace (=>) or a go.work names a directory
	for _, mf := range m.manifests {
		local = local || bytes.Contains(mf.content, []byte("=>"))
	}
	ws := m.workspace(goEnv{})
	if !local && ws == nil {
		return out
	}
	add := func(p string) { out = append(out, p) }
	for _, r := range m.requirements(ws, "-mod=mod") {
		if r.abs == "" || r.inside && m.paths[r.dir] != "" {
			continue // not local, or the scan's
		}
		add(r.abs)
		m.walkGo(r.abs, add)
	}
	return out
}
