package rust

import (
	"bufio"
	"bytes"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): the crates the
// worktree's Cargo.toml files depend on, one version each (Cargo.lock's,
// else the highest on disk that meets the requirement), read from the
// Cargo registry's sources, Debian's /usr/share/cargo/registry, a path
// outside the worktree or vendor/; and the standard library (std, core,
// alloc, proc_macro) from rustup's rust-src component. Cargo never runs:
// the probe asks rustc for its sysroot and lists the registries'
// directories.

// probeScript prints "sysroot <dir>", "rust-src" when that component is
// installed, "rustc <version>" and "host <triple>" when rustc is on the
// path, and "crate <dir>" for each crate directory of the Cargo
// registry ($CARGO_HOME, else ~/.cargo) and of Debian's registry, the
// former first. rustup's proxy costs each rustc call ~15 ms of CPU, so
// only the sysroot is asked through it; the version and host come from
// the sysroot's own rustc (through the proxy when it has none).
const probeScript = `if command -v rustc >/dev/null 2>&1; then
  s=$(rustc --print sysroot 2>/dev/null) && {
    echo "sysroot $s"
    [ -d "$s/lib/rustlib/src/rust/library" ] && echo "rust-src"
    { "$s/bin/rustc" -vV || rustc -vV; } 2>/dev/null | sed -n -e 's/^rustc /rustc rustc /p' -e 's/^host: /host /p'
  }
fi
for d in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/*/ /usr/share/cargo/registry/*/; do
  [ -d "$d" ] && echo "crate $d"
done
exit 0`

// SetHost: a dependency crate's lib.rs and module files are read to find
// the files a dependent can reach (dependencies_modtree.go).
func (m *crates) SetHost(h extract.Host) { m.host = h }

// Probe runs the script above with sh; rustup must not install a
// toolchain to answer.
func (m *crates) Probe() extract.Probe {
	return extract.Probe{Args: []string{"sh", "-c", probeScript}, Env: []string{"RUSTUP_AUTO_INSTALL=0"}}
}

// cargoEnv is the probe's output.
type cargoEnv struct {
	sysroot, version string
	host             string // rustc's host triple
	rustSrc          bool
	onDisk           map[string][]crateDir // package name → its directories, in probe order
}

type crateDir struct {
	version semver
	dir     string
}

func parseProbe(b []byte) cargoEnv {
	env := cargoEnv{onDisk: map[string][]crateDir{}}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		kind, val, _ := strings.Cut(sc.Text(), " ")
		switch kind {
		case "sysroot":
			env.sysroot = strings.TrimSpace(val)
		case "rust-src":
			env.rustSrc = true
		case "host":
			env.host = strings.TrimSpace(val)
		case "rustc":
			if f := strings.Fields(val); len(f) >= 2 {
				env.version = f[1]
			}
		case "crate":
			dir := strings.TrimSuffix(strings.TrimSpace(val), "/")
			if name, v, ok := splitCrateDir(path.Base(dir)); ok {
				env.onDisk[name] = append(env.onDisk[name], crateDir{v, dir})
			}
		}
	}
	return env
}

// splitCrateDir splits "serde-1.0.152" (a name may hold dashes, a version
// too: "x-y-0.1.0-rc.1") at the first dash a version follows.
func splitCrateDir(base string) (string, semver, bool) {
	for i := 0; i < len(base); i++ {
		if base[i] != '-' {
			continue
		}
		if v, ok := parseSemver(base[i+1:]); ok {
			return base[:i], v, true
		}
	}
	return "", nil, false
}

// stdLibCrates are the standard library's crates rust-src holds.
var stdLibCrates = []string{"alloc", "core", "proc_macro", "std"}

// Dependencies names the worktree's crates (by directory), then the
// dependencies in the order the manifests (by path) state them, then the
// standard library's crates.
func (m *crates) Dependencies(probe []byte) extract.DependencySet {
	env := parseProbe(probe)
	d := &rustDeps{byImport: map[string]int{}, own: map[string]bool{}, host: m.host, cfg: hostCfg(env.host),
		located: map[int][]string{}, reached: map[int]crateReach{}, procs: map[int]bool{}}
	if d.host == nil {
		d.host = extract.NoHost{}
	}
	dirs := make([]string, 0, len(m.dirs))
	for dir := range m.dirs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		name := m.dirs[dir].name
		d.own[name] = true
		d.pkgs = append(d.pkgs, extract.Package{Name: name, Kind: extract.PackageOwn, Root: dir})
		d.imports = append(d.imports, name)
	}
	locked := map[string][]semver{}
	for _, l := range m.locks {
		for name, vs := range parseLock(l.Content) {
			locked[name] = append(locked[name], vs...)
		}
	}
	for _, dep := range m.dependencies() {
		if d.own[dep.local] || d.own[strings.ReplaceAll(dep.pkg, "-", "_")] {
			continue
		}
		if _, dup := d.byImport[dep.local]; dup {
			continue
		}
		p := extract.Package{Name: dep.pkg, Kind: extract.PackageDependency, IndexDir: dep.local}
		if dep.path != "" {
			// A path dependency outside the worktree (one inside is
			// its own crate): relative to the worktree's root.
			p.Root = dep.path + "/src"
		} else {
			pickVersion(&p, dep.req, locked[dep.pkg], env.onDisk[dep.pkg], dep.vendor)
		}
		d.byImport[dep.local] = len(d.pkgs)
		d.pkgs = append(d.pkgs, p)
		d.imports = append(d.imports, dep.local)
	}
	for _, name := range stdLibCrates {
		if d.own[name] {
			continue
		}
		p := extract.Package{Name: name, Version: env.version, Kind: extract.PackageStdlib, IndexDir: name}
		switch {
		case env.sysroot == "":
			p.Missing = "no rustc (rustc --print sysroot)"
		case !env.rustSrc:
			p.Missing = "rust-src is not installed (rustup component add rust-src)"
		default:
			p.Root = env.sysroot + "/lib/rustlib/src/rust/library/" + name + "/src"
		}
		d.byImport[name] = len(d.pkgs)
		d.pkgs = append(d.pkgs, p)
		d.imports = append(d.imports, name)
	}
	return d
}

// pickVersion pins a registry dependency: the highest locked version that
// meets the requirement (else the highest locked one), found in a
// registry or else under vendor/; without a lock, the highest version on
// disk that meets the requirement.
func pickVersion(p *extract.Package, req string, locked []semver, onDisk []crateDir, vendor string) {
	r := parseRequirement(req)
	if len(locked) > 0 {
		var best semver
		found := false
		for _, v := range locked {
			if r.matches(v) && (!found || best.LessThan(v)) {
				best, found = v, true
			}
		}
		if !found {
			for _, v := range locked {
				if !found || best.LessThan(v) {
					best, found = v, true
				}
			}
		}
		p.Version = best.String()
		for _, c := range onDisk {
			if c.version.Equal(best) {
				p.Root = c.dir + "/src"
				return
			}
		}
		// cargo vendor's layout: vendor/<name>, relative to the worktree.
		p.Root = path.Join(vendor, p.Name) + "/src"
		return
	}
	var best *crateDir
	for i, c := range onDisk {
		if r.matches(c.version) && (best == nil || best.version.LessThan(c.version)) {
			best = &onDisk[i]
		}
	}
	if best == nil {
		p.Version = req
		p.Missing = "no version that meets \"" + req + "\" in the Cargo registry (no Cargo.lock)"
		return
	}
	p.Version, p.Root = best.version.String(), best.dir+"/src"
}

// rustDeps is the DependencySet of one sync.
type rustDeps struct {
	pkgs     []extract.Package
	imports  []string       // the name each package is imported by
	byImport map[string]int // import name → package, external ones
	own      map[string]bool
	host     extract.Host
	cfg      cfgEnv
	mu       sync.Mutex
	located  map[int][]string   // package → the import paths Locate placed in it
	reached  map[int]crateReach // package → its module tree (reachable), once every Locate is done
	procs    map[int]bool       // package → a proc-macro crate
	// wholeCrate: some crate's files are all read (a path dependency, a
	// crate without src/lib.rs): Summarize scans every file.
	wholeCrate bool
}

// reach is the files of an external crate a dependent can reach (nil:
// all of them). A path dependency's are not pruned: its files change in
// place, and a file's extraction must not depend on another file.
func (d *rustDeps) reach(pkg int) []string { return d.crateReach(pkg).keep }

// crateReach is the module tree of an external crate, read once, after
// every Locate (it follows the paths imported).
func (d *rustDeps) crateReach(pkg int) crateReach {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.treeOf(pkg)
}

// treeOf is crateReach with d.mu held.
func (d *rustDeps) treeOf(pkg int) crateReach {
	if r, ok := d.reached[pkg]; ok {
		return r
	}
	var r crateReach
	if root, ok := d.prunable(pkg); ok {
		r = moduleTree(d.host, root, d.cfg, newModWants(d.located[pkg]))
	}
	if r.keep == nil && d.pkgs[pkg].Kind != extract.PackageOwn {
		d.wholeCrate = true
	}
	d.reached[pkg] = r
	return r
}

// prunable is the host path of the src directory of an external crate
// whose module tree decides what is read: a located version's (a path
// dependency is read whole).
func (d *rustDeps) prunable(pkg int) (string, bool) {
	p := d.pkgs[pkg]
	if p.Kind == extract.PackageOwn || p.Missing != "" || p.Version == "" || p.Root == "" {
		return "", false
	}
	if path.IsAbs(p.Root) {
		return p.Root, true
	}
	return path.Join(d.host.Root(), p.Root), true
}

// treesDone reads the module tree of every crate located: whether some
// crate is read whole is known then.
func (d *rustDeps) treesDone() {
	d.mu.Lock()
	defer d.mu.Unlock()
	pkgs := make([]int, 0, len(d.located))
	for pkg := range d.located {
		pkgs = append(pkgs, pkg)
	}
	sort.Ints(pkgs)
	for _, pkg := range pkgs {
		d.treeOf(pkg)
	}
}

// isProc: pkg is a proc-macro crate, which exports its macros only.
func (d *rustDeps) isProc(pkg int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p, ok := d.procs[pkg]; ok {
		return p
	}
	root, ok := d.prunable(pkg)
	p := ok && isProcMacro(d.host, root)
	d.procs[pkg] = p
	return p
}

func (d *rustDeps) Packages() []extract.Package { return d.pkgs }

// Locate: the crate a path's first segment names; all of its source
// directory, whose module tree spans files and directories ("mod x;").
func (d *rustDeps) Locate(importPath string) (int, []string, bool) {
	first, _, _ := strings.Cut(strings.TrimPrefix(importPath, "::"), "::")
	i, ok := d.byImport[first]
	if !ok || d.own[first] || d.pkgs[i].Missing != "" {
		return 0, nil, false
	}
	d.mu.Lock()
	d.located[i] = append(d.located[i], importPath)
	d.mu.Unlock()
	if d.isProc(i) {
		return i, []string{"lib.rs"}, true
	}
	return i, []string{"..."}, true
}

// Includes: Rust sources.
func (d *rustDeps) Includes(base string, head []byte) bool {
	return strings.HasSuffix(base, ".rs") && !strings.HasPrefix(base, ".")
}

// Context: the package's src directory sits at prefix, its lib.rs the
// crate root, named as the worktree imports it.
func (d *rustDeps) Context(pkg int, prefix string) extract.ModuleContext {
	targets := []target{{root: "lib.rs"}}
	if r := d.crateReach(pkg); r.keep != nil {
		c := depCrate{targets: targets, keep: r.keep, globs: map[string]string{}}
		for mod, list := range r.globs {
			full := make([]string, len(list))
			for i, m := range list {
				full[i] = modJoin(d.imports[pkg], m)
			}
			c.globs[modJoin(d.imports[pkg], mod)] = strings.Join(full, "\n")
		}
		return extract.ModuleContext{Root: prefix, Path: d.imports[pkg], Own: c}
	}
	return extract.ModuleContext{Root: prefix, Path: d.imports[pkg], Own: targets}
}
