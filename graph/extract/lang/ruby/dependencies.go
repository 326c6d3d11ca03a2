package ruby

import (
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Dependency packages (DESIGN.md, Dependency packages; Ruby): the
// worktree's gemspecs and Gemfiles are its own packages; Gemfile.lock pins
// the gems, read from the gem directories RubyGems and Bundler install
// into (without a lock: every installed gem, the highest version of
// each); the interpreter's library (rubylibdir) is the standard library.
// A gem's whole require path (lib/) is read for any require of it, since
// gems load their files by autoload and require chains that a
// dependency's declarations do not carry; the standard library and
// Debian's shared vendor_ruby hold many libraries in one directory, so
// there a require reads the one file it names.

// probeScript prints the interpreter's library directory, its version,
// Debian's vendor directory and its default gem directory (RubyGems'
// default_dir before a distribution's patches), one a line. RubyGems is
// not loaded (--disable-gems): loading it was three quarters of the
// probe's 40 ms of CPU, paid by every process that syncs, and the other
// directories of Gem.path (GEM_HOME, GEM_PATH, the user's and the
// distribution's) are those gemHomes looks in anyway. Nor is rbconfig
// (two fifths of what was left): the load path ends with rubylibdir and
// the arch directory whatever -I or RUBYLIB put before them, rubylibdir
// is <rubylibprefix>/<ruby_version>, and the vendor directory is the
// entry named vendor_ruby, as RbConfig names them.
const probeScript = `l = $:; lib = l[-2].to_s; puts lib, RUBY_VERSION, l.find { |d| File.basename(d) == "vendor_ruby" }.to_s, File.join(File.dirname(lib), "gems", File.basename(lib))`

// Probe asks ruby where its library and gems are. It runs in the
// worktree, where a version manager's shim (rbenv, asdf) picks the
// project's ruby (.ruby-version); ruby -e loads nothing from there.
//
// It is Keyed when PATH's ruby is an interpreter, not a shim: the answer
// (its load path and version) follows from the executable, whose stamp
// core takes, and from RUBYLIB and RUBYOPT, so a later process runs no
// ruby (~20M instructions, a one-file sync's largest part). A shim's
// choice follows from files this does not name: it stays unkeyed.
func (m *rbModules) Probe() extract.Probe {
	p := extract.Probe{Args: []string{"ruby", "--disable-gems", "-e", probeScript}, Dir: m.root}
	if exe := extract.LookPath(m.h(), "ruby"); exe != "" && filepath.Base(filepath.Dir(exe)) != "shims" {
		p.Keyed, p.KeyEnv = true, []string{"PATH", "RUBYLIB", "RUBYOPT"}
	}
	return p
}

// SetHost: the lock files and gem directories are read through it
// (extract.HostUser).
func (m *rbModules) SetHost(h extract.Host) { m.host, m.root = h, h.Root() }

// h is the host, extract.NoHost before SetHost.
func (m *rbModules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}

// StateKey (extract.StateKeyer): the lock files, the root's .ruby-version
// (a shim's choice of ruby) and the gem directories, by name, size and
// time (installing or removing a gem changes its directory's time).
// Gemfiles and gemspecs are files of the scan.
func (m *rbModules) StateKey() string {
	if m.root == "" {
		return ""
	}
	var b strings.Builder
	for _, p := range m.stateFiles() {
		b.WriteString(extract.Stamp(m.h(), p, p))
	}
	return b.String() + m.homeStamps()
}

// StateContent (extract.StateContenter): the lock files by content, which
// a sibling worktree's checkout keeps (their times it does not), and the
// gem directories as StateKey stamps them (outside the worktree they are
// the sibling's too; a bundle installed inside it is the worktree's own).
func (m *rbModules) StateContent() string {
	if m.root == "" {
		return ""
	}
	return extract.ContentKey(m.h(), m.root, m.stateFiles()) + "\x00" + m.homeStamps()
}

// stateFiles are the lock files and the root's .ruby-version.
func (m *rbModules) stateFiles() []string {
	return append(m.lockFiles(), filepath.Join(m.root, ".ruby-version"))
}

// lockFiles are the Gemfiles' lock files, absolute.
func (m *rbModules) lockFiles() []string {
	out := make([]string, 0, len(m.gemfiles))
	for _, g := range m.gemfiles {
		out = append(out, filepath.Join(m.root, filepath.FromSlash(lockOf(g))))
	}
	return out
}

// homeStamps stamps the gems directories of every gem home.
func (m *rbModules) homeStamps() string {
	var b strings.Builder
	for _, home := range m.gemHomes(nil) {
		for _, d := range []string{filepath.Join(home, "gems"), filepath.Join(home, "bundler", "gems")} {
			b.WriteString(extract.Stamp(m.h(), d, d))
		}
	}
	return b.String()
}

// rbEnv is what the probe said.
type rbEnv struct {
	libdir, version, vendordir string
	gemPath                    []string
}

func parseProbe(out []byte) rbEnv {
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if out == nil || len(lines) < 3 || !filepath.IsAbs(lines[0]) {
		return rbEnv{}
	}
	env := rbEnv{libdir: lines[0], version: lines[1], vendordir: lines[2]}
	for _, l := range lines[3:] {
		if filepath.IsAbs(l) {
			env.gemPath = append(env.gemPath, l)
		}
	}
	return env
}

// gemHomes are the directories gems are installed into (each holding
// gems/<name>-<version>/ and specifications/), in the order they are
// searched: the worktree's bundle path, GEM_HOME, GEM_PATH, RubyGems'
// path as probed, then the usual user places (RubyGems' user directories,
// rbenv's, rvm's and asdf's rubies) and system ones (Debian's included).
func (m *rbModules) gemHomes(probed []string) []string {
	h := m.h()
	var homes []string
	if m.root != "" {
		bundle := "vendor/bundle"
		if b, err := h.ReadFile(filepath.Join(m.root, ".bundle", "config")); err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "BUNDLE_PATH" {
					bundle = strings.Trim(strings.TrimSpace(v), `"'`)
				}
			}
		}
		if !filepath.IsAbs(bundle) {
			bundle = filepath.Join(m.root, filepath.FromSlash(bundle))
		}
		homes = append(homes, extract.Glob(h, filepath.Join(bundle, "ruby"), "*")...)
	}
	if g := h.Getenv("GEM_HOME"); g != "" {
		homes = append(homes, g)
	}
	homes = append(homes, filepath.SplitList(h.Getenv("GEM_PATH"))...)
	homes = append(homes, probed...)
	if home, err := h.UserHomeDir(); err == nil {
		for _, p := range []string{".gem/ruby/*", ".local/share/gem/ruby/*",
			".rbenv/versions/*/lib/ruby/gems/*", ".rvm/gems/*", ".asdf/installs/ruby/*/lib/ruby/gems/*"} {
			homes = append(homes, globPath(h, filepath.Join(home, p))...)
		}
	}
	for _, p := range []string{"/var/lib/gems/*", "/usr/local/lib/ruby/gems/*", "/usr/lib/ruby/gems/*",
		"/usr/lib/*-linux-gnu*/ruby/gems/*", "/usr/share/rubygems-integration/*", "/usr/lib/*-linux-gnu*/rubygems-integration/*"} {
		homes = append(homes, globPath(h, p)...)
	}
	seen := map[string]bool{}
	out := homes[:0]
	for _, d := range homes {
		if d = filepath.Clean(d); d != "." && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// globPath names the directories matching a slash-separated pattern whose
// parts may hold wildcards, in order.
func globPath(h extract.Host, pattern string) []string {
	dirs := []string{"/"}
	if !filepath.IsAbs(pattern) {
		dirs = []string{""}
	}
	for _, part := range strings.Split(strings.Trim(filepath.ToSlash(pattern), "/"), "/") {
		var next []string
		for _, d := range dirs {
			if strings.ContainsAny(part, "*?[") {
				next = append(next, extract.Glob(h, d, part)...)
			} else if isDir(h, filepath.Join(d, part)) {
				next = append(next, filepath.Join(d, part))
			}
		}
		dirs = next
	}
	return dirs
}

// lockOf is the lock file beside a Gemfile: Gemfile.lock, or gems.locked
// for Bundler's other name, gems.rb.
func lockOf(gemfile string) string {
	if path.Base(gemfile) == "gems.rb" {
		return path.Join(extract.ParentDir(gemfile), "gems.locked")
	}
	return path.Join(extract.ParentDir(gemfile), "Gemfile.lock")
}

// gemfileDirs are the directories of the worktree's Gemfiles.
func (m *rbModules) gemfileDirs() []string {
	var out []string
	for _, g := range m.gemfiles {
		out = append(out, extract.ParentDir(g))
	}
	return out
}

// installed is one gem directory: gems/<name>-<version>[-platform].
type installed struct {
	name, version string // version with its platform, as the directory says
	home, dir     string
}

// splitGemDir reads "<name>-<version>[-<platform>]": the version starts at
// the first dash followed by a digit.
func splitGemDir(d string) (name, version string, ok bool) {
	for i := 1; i+1 < len(d); i++ {
		if d[i] == '-' && d[i+1] >= '0' && d[i+1] <= '9' {
			return d[:i], d[i+1:], true
		}
	}
	return "", "", false
}

// inventory lists every installed gem of the homes, by name, each name's
// versions in the order of homes. A Debian gem package may have only a
// specification, its files in vendor_ruby.
func inventory(h extract.Host, homes []string) map[string][]installed {
	inv := map[string][]installed{}
	for _, home := range homes {
		names, _ := h.ReadDir(filepath.Join(home, "gems"))
		if debianGems(home) {
			specs, _ := h.ReadDir(filepath.Join(home, "specifications"))
			for _, s := range specs {
				if n, ok := strings.CutSuffix(s, ".gemspec"); ok && !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
		}
		for _, n := range names {
			if name, v, ok := splitGemDir(n); ok {
				inv[name] = append(inv[name], installed{name: name, version: v, home: home, dir: filepath.Join(home, "gems", n)})
			}
		}
	}
	return inv
}

// debianGems: the home is Debian's, whose gem packages may keep their
// files in vendor_ruby.
func debianGems(home string) bool {
	return strings.Contains(home, "/rubygems-integration/")
}

// compareVersions orders gem versions: numeric segments by value, others
// as strings, a segment with letters (a pre-release) before a number or
// the end.
func compareVersions(a, b string) int {
	as, bs := strings.FieldsFunc(a, isVersionSep), strings.FieldsFunc(b, isVersionSep)
	for i := 0; i < len(as) || i < len(bs); i++ {
		if i >= len(as) || i >= len(bs) {
			// 1.0.0 is after 1.0.0.rc1, before 1.0.0.1.
			longer, sign := bs, -1
			if i >= len(bs) {
				longer, sign = as, 1
			}
			if _, err := strconv.Atoi(longer[i]); err != nil {
				return -sign
			}
			return sign
		}
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		switch {
		case errx == nil && erry == nil && x != y:
			if x < y {
				return -1
			}
			return 1
		case errx == nil && erry != nil:
			return 1
		case errx != nil && erry == nil:
			return -1
		case errx != nil && as[i] != bs[i]:
			return strings.Compare(as[i], bs[i])
		}
	}
	return 0
}

func isVersionSep(r rune) bool { return r == '.' || r == '-' }

// lockedGem is one spec of a Gemfile.lock.
type lockedGem struct {
	name, version string
	declared      string // without a lock: the Gemfile naming a gem no home holds
	path          string // PATH source: the directory, relative to the lock's
	git           string // GIT source: the checkout's directory name below bundler/gems
}

var lockSpec = tsutil.LazyRegexp(`^    ([^ (]+) \(([^)]+)\)$`)

// parseLock reads a Gemfile.lock's GEM, PATH and GIT sections: each spec
// (four spaces, "name (version)") with its source.
func parseLock(b []byte) []lockedGem {
	var out []lockedGem
	var section, remote, revision string
	for _, l := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n") {
		if l != "" && l[0] != ' ' {
			section, remote, revision = strings.TrimSpace(l), "", ""
			continue
		}
		if section != "GEM" && section != "PATH" && section != "GIT" {
			continue
		}
		if v, ok := strings.CutPrefix(l, "  remote: "); ok {
			remote = strings.TrimSpace(v)
			continue
		}
		if v, ok := strings.CutPrefix(l, "  revision: "); ok {
			revision = strings.TrimSpace(v)
			continue
		}
		s := lockSpec().FindStringSubmatch(l)
		if s == nil {
			continue
		}
		g := lockedGem{name: s[1], version: s[2]}
		switch section {
		case "PATH":
			g.path = remote
		case "GIT":
			base := strings.TrimSuffix(path.Base(strings.TrimSuffix(remote, "/")), ".git")
			if len(revision) > 12 {
				revision = revision[:12]
			}
			g.git = base + "-" + revision
		}
		out = append(out, g)
	}
	return out
}

var gemLineRE = tsutil.LazyRegexp(`(?m)^[ \t]*gem[ \t(]+["']([A-Za-z0-9_.-]+)["']([^\n#]*)`)

// declaredGems are the gems a Gemfile's gem lines name, but those from a
// path or a git repository (only a lock says where those are).
func declaredGems(b []byte) []string {
	var out []string
	for _, m := range gemLineRE().FindAllSubmatch(b, -1) {
		opts := string(m[2])
		if !strings.Contains(opts, "path:") && !strings.Contains(opts, "git:") && !strings.Contains(opts, "github:") && !strings.Contains(opts, ":path") && !strings.Contains(opts, ":git") {
			out = append(out, string(m[1]))
		}
	}
	return out
}

var requirePathsRE = tsutil.LazyRegexp(`require_paths\s*=\s*\[([^\]]*)\]`)
var quotedRE = tsutil.LazyRegexp(`["']([^"']+)["']`)

// requirePaths reads a gemspec's require_paths, ["lib"] when it states
// none.
func requirePaths(h extract.Host, spec string) []string {
	b, err := h.ReadFile(spec)
	if err != nil {
		return []string{"lib"}
	}
	m := requirePathsRE().FindSubmatch(b)
	if m == nil {
		return []string{"lib"}
	}
	var out []string
	for _, q := range quotedRE().FindAllSubmatch(m[1], -1) {
		out = append(out, string(q[1]))
	}
	if len(out) == 0 {
		return []string{"lib"}
	}
	return out
}

// rbDeps is the DependencySet of one sync.
type rbDeps struct {
	pkgs   []extract.Package
	std    int              // the standard library's index
	ownLib []string         // the worktree's lib directories, absolute
	byName map[string]int   // gem name → package
	byTop  map[string][]int // a feature's first part → the packages holding it, in order
	roots  []string         // each package's root as read (absolute)
	host   extract.Host
	mu     sync.Mutex
	thin   map[string]bool // entry file → thinEntry
	lib    []string        // each package's require path ("" for a shared directory: one file per require)
}

// Dependencies: own packages, the standard library, then the locked gems
// (or, without a lock, every installed gem) in name order.
func (m *rbModules) Dependencies(probe []byte) extract.DependencySet {
	h := m.h()
	env := parseProbe(probe)
	d := &rbDeps{byName: map[string]int{}, byTop: map[string][]int{}, host: h, thin: map[string]bool{}}
	add := func(p extract.Package, lib string) int {
		d.pkgs = append(d.pkgs, p)
		d.lib = append(d.lib, lib)
		d.roots = append(d.roots, resolveRoot(m.root, p.Root))
		return len(d.pkgs) - 1
	}
	// Own: each gemspec, and each Gemfile's directory without one.
	ownDirs := map[string]string{}
	for _, s := range m.gemspecs {
		if _, ok := ownDirs[extract.ParentDir(s)]; !ok {
			ownDirs[extract.ParentDir(s)] = strings.TrimSuffix(path.Base(s), ".gemspec")
		}
	}
	for _, dir := range m.gemfileDirs() {
		if _, ok := ownDirs[dir]; !ok {
			name := path.Base(dir)
			if dir == "" {
				name = filepath.Base(m.root)
			}
			ownDirs[dir] = name
		}
	}
	dirs := make([]string, 0, len(ownDirs))
	for dir := range ownDirs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	ownNames := map[string]bool{}
	for _, dir := range dirs {
		add(extract.Package{Name: ownDirs[dir], Kind: extract.PackageOwn, Root: dir}, "")
		ownNames[ownDirs[dir]] = true
	}
	if m.root != "" {
		for _, dir := range append(dirs, "") {
			if lib := filepath.Join(m.root, filepath.FromSlash(dir), "lib"); isDir(h, lib) && !slices.Contains(d.ownLib, lib) {
				d.ownLib = append(d.ownLib, lib)
			}
		}
	}
	// The standard library.
	std := extract.Package{Name: "ruby", Version: env.version, Kind: extract.PackageStdlib, Root: env.libdir}
	if env.libdir == "" {
		// No interpreter to ask: the highest /usr/lib/ruby/<version>.
		var best string
		for _, v := range extract.Glob(h, "/usr/lib/ruby", "[0-9]*") {
			if best == "" || compareVersions(filepath.Base(v), filepath.Base(best)) > 0 {
				best = v
			}
		}
		if best != "" {
			std.Root, std.Version = best, filepath.Base(best)
		} else {
			std.Missing = "no Ruby interpreter (ruby)"
		}
	}
	d.std = add(std, "")
	vendordir := env.vendordir
	if vendordir == "" {
		vendordir = "/usr/lib/ruby/vendor_ruby"
	}
	// The dependencies.
	homes := m.gemHomes(env.gemPath)
	inv := inventory(h, homes)
	var locked []lockedGem
	lockDir := map[string]string{} // gem name → its lock's directory
	hasLock := false
	for _, gemfile := range m.gemfiles {
		dir := extract.ParentDir(gemfile)
		b, err := h.ReadFile(filepath.Join(m.root, filepath.FromSlash(lockOf(gemfile))))
		if err != nil || m.root == "" {
			continue
		}
		hasLock = true
		for _, g := range parseLock(b) {
			if _, dup := lockDir[g.name]; !dup {
				lockDir[g.name] = dir
				locked = append(locked, g)
			}
		}
	}
	if !hasLock {
		for name, vs := range inv {
			best := vs[0]
			for _, v := range vs[1:] {
				if compareVersions(v.version, best.version) > 0 {
					best = v
				}
			}
			locked = append(locked, lockedGem{name: name, version: best.version})
		}
		for _, gemfile := range m.gemfiles {
			b, _ := h.ReadFile(filepath.Join(m.root, filepath.FromSlash(gemfile)))
			for _, name := range declaredGems(b) {
				if _, ok := inv[name]; !ok && !slices.ContainsFunc(locked, func(g lockedGem) bool { return g.name == name }) {
					locked = append(locked, lockedGem{name: name, declared: gemfile})
				}
			}
		}
	}
	sort.Slice(locked, func(i, j int) bool { return locked[i].name < locked[j].name })
	for _, g := range locked {
		if ownNames[g.name] {
			continue // the worktree's own gem (PATH remote: .)
		}
		p := extract.Package{Name: g.name, Version: g.version, Kind: extract.PackageDependency, IndexDir: g.name}
		lib := "lib"
		switch {
		case g.path != "":
			dir := path.Clean(path.Join(lockDir[g.name], g.path))
			if filepath.IsAbs(g.path) {
				dir = filepath.Clean(g.path)
			} else if dir == "." || !strings.HasPrefix(dir, "../") && dir != ".." {
				continue // a path gem inside the worktree: its own files
			}
			p.Root = dir // relative to the worktree's root
			lib = requirePaths(h, filepath.Join(m.root, filepath.FromSlash(dir), g.name+".gemspec"))[0]
		case g.git != "":
			p.Missing = "git checkout " + g.git + " not in any gem directory's bundler/gems"
			for _, home := range homes {
				if dir := filepath.Join(home, "bundler", "gems", g.git); isDir(h, dir) {
					p.Root, p.Missing = dir, ""
					lib = requirePaths(h, filepath.Join(dir, g.name+".gemspec"))[0]
					break
				}
			}
		default:
			var at *installed
			var others []string
			for i, v := range inv[g.name] {
				if v.version == g.version && at == nil {
					at = &inv[g.name][i]
				} else if !slices.Contains(others, v.version) {
					others = append(others, v.version)
				}
			}
			if at == nil {
				p.Missing = "not installed in any gem directory"
				if g.declared != "" {
					p.Missing = "declared by " + g.declared + ", " + p.Missing
				}
				if len(others) > 0 {
					p.Missing += " (installed: " + strings.Join(others, ", ") + ")"
				}
				break
			}
			p.Root = at.dir
			lib = requirePaths(h, filepath.Join(at.home, "specifications", filepath.Base(at.dir)+".gemspec"))[0]
			if !isDir(h, filepath.Join(at.dir, filepath.FromSlash(lib))) {
				// Debian's gems keep their files in vendor_ruby; a default
				// gem's are the standard library's.
				if !debianGems(at.home) || !isDir(h, vendordir) {
					continue
				}
				p.Root, p.IndexDir, lib = vendordir, "", "" // @ruby/<feature>.rb, as the standard library's
			}
		}
		i := add(p, lib)
		if _, taken := d.byName[g.name]; !taken {
			d.byName[g.name] = i
		}
		if p.Missing != "" {
			continue
		}
		tops := []string{g.name}
		if lib != "" {
			tops = topFeatures(h, filepath.Join(resolveRoot(m.root, p.Root), filepath.FromSlash(lib)))
		}
		for _, t := range tops {
			d.byTop[t] = append(d.byTop[t], i)
		}
	}
	return d
}

// resolveRoot is a package root as core reads it: a relative one is below
// the worktree's root.
func resolveRoot(root, r string) string {
	if filepath.IsAbs(r) {
		return r
	}
	return filepath.Join(root, filepath.FromSlash(r))
}

// topFeatures are the first parts of the features a require directory
// holds: x for x.rb and for a directory x.
func topFeatures(h extract.Host, dir string) []string {
	names, _ := h.ReadDir(dir)
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			continue
		}
		if f, ok := strings.CutSuffix(n, ".rb"); ok {
			out = append(out, f)
		} else if isDir(h, filepath.Join(dir, n)) {
			out = append(out, n)
		}
	}
	return out
}

func isDir(h extract.Host, p string) bool {
	fi, err := h.Stat(p)
	return err == nil && fi.IsDir()
}

func (d *rbDeps) Packages() []extract.Package { return d.pkgs }

// Locate: a require ("rack", "rack/request") or a Gemfile's gem name
// ("rack-test"). A gem's own directory is read whole below its require
// path; a shared directory (the standard library, vendor_ruby) gives the
// one file named. A feature the worktree's lib directories hold, and a
// relative or absolute path, is not located.
func (d *rbDeps) Locate(ip string) (int, []string, bool) {
	ip = strings.TrimSuffix(ip, ".rb")
	if ip == "" || strings.HasPrefix(ip, ".") || strings.HasPrefix(ip, "/") || strings.Contains(ip, "..") || strings.ContainsAny(ip, "\\:") {
		return 0, nil, false
	}
	for _, lib := range d.ownLib {
		if d.holds(lib, ip) {
			return 0, nil, false // the worktree's lib/ comes first on the load path
		}
	}
	i, ok := d.byName[ip]
	if !ok || d.pkgs[i].Missing != "" {
		ok = false
		top, _, _ := strings.Cut(ip, "/")
		for _, j := range d.byTop[top] {
			if d.holds(filepath.Join(d.roots[j], filepath.FromSlash(d.lib[j])), ip) {
				i, ok = j, true
				break
			}
		}
	}
	if !ok {
		i = d.std
	}
	if d.pkgs[i].Missing != "" {
		return 0, nil, false
	}
	if lib := d.lib[i]; lib != "" {
		return i, []string{lib + "/..."}, true
	}
	if d.thinEntry(d.roots[i], ip) {
		return i, []string{ip}, true // its directory's files, not those below (json/add/*)
	}
	return i, []string{ip + ".rb"}, true
}

// thinEntry: in a shared directory, the feature's file defines no method
// and a directory of its name is beside it: a loader of the files there
// (json.rb requires json/common, where JSON.parse is), which are read in
// its stead; not the directories below, which it does not load
// (json/add/*.rb reopen core classes on their own require).
func (d *rbDeps) thinEntry(root, feature string) bool {
	file := filepath.Join(root, filepath.FromSlash(feature)+".rb")
	d.mu.Lock()
	defer d.mu.Unlock()
	if thin, ok := d.thin[file]; ok {
		return thin
	}
	thin := isDir(d.host, filepath.Join(root, filepath.FromSlash(feature))) // most have none: no read
	if thin {
		b, err := d.host.ReadFile(file)
		thin = err == nil && !definesMethod(b)
	}
	d.thin[file] = thin
	return thin
}

// definesMethod: some line of src starts with `def` and a space.
func definesMethod(src []byte) bool {
	for at := 0; at < len(src); {
		line, next := lineAt(src, at)
		if _, code := indentOf(line); len(code) > 3 && string(code[:3]) == "def" && (code[3] == ' ' || code[3] == '\t') {
			return true
		}
		at = next
	}
	return false
}

// holds: the require directory has the feature's file (or, for a
// directory, its namespace: require "x/y" of a gem whose entry is x/y/).
func (d *rbDeps) holds(dir, feature string) bool {
	return isFile(d.host, filepath.Join(dir, filepath.FromSlash(feature)+".rb")) || isDir(d.host, filepath.Join(dir, filepath.FromSlash(feature)))
}

func isFile(h extract.Host, p string) bool {
	fi, err := h.Stat(p)
	return err == nil && !fi.IsDir()
}

// Includes: Ruby sources, not specs or tests.
func (d *rbDeps) Includes(base string, head []byte) bool {
	return strings.HasSuffix(base, ".rb") && !strings.HasSuffix(base, "_spec.rb") && !strings.HasSuffix(base, "_test.rb")
}

// Context: Ruby's names do not depend on where a file sits.
func (d *rbDeps) Context(pkg int, prefix string) extract.ModuleContext {
	return extract.ModuleContext{Root: prefix}
}

var (
	_ extract.Dependent   = (*rbModules)(nil)
	_ extract.HostUser    = (*rbModules)(nil)
	_ extract.StateKeyer  = (*rbModules)(nil)
	_ extract.ModuleAware = (*Extractor)(nil)
)
