package typescript

import (
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): each package.json
// of the worktree is an own package; the packages its dependencies,
// devDependencies, peerDependencies and optionalDependencies name are read
// from the node_modules nearest above it, as Node resolves them, at the
// version installed there (node_modules/<name>/package.json), which is
// what is read; when the nearest lock file (dependencies_lock.go) pins
// another, the package carries a note saying so, and a package not
// installed is recorded at the lock's version. Node's built-in modules are @types/node, an implicit
// dependency. Only declaration files are read: the package's own
// ("types", "typings", "exports" types conditions, the .d.ts beside
// "main", index.d.ts), else @types/<name>. Nothing runs: core reads the
// manifests for us (extract.HostUser).

// npmManifest is what a package.json says about a package.
type npmManifest struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Types                string            `json:"types"`
	Typings              string            `json:"typings"`
	Main                 string            `json:"main"`
	Module               string            `json:"module"`
	Exports              json.RawMessage   `json:"exports"`
	TypesVersions        json.RawMessage   `json:"typesVersions"`
	Dependencies         map[string]string `json:"dependencies"`
	DevDependencies      map[string]string `json:"devDependencies"`
	PeerDependencies     map[string]string `json:"peerDependencies"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
}

// npmPackage is one external package as Locate needs it.
type npmPackage struct {
	spec    string      // the name it is imported by ("react" for @types/react)
	entry   string      // its declaration entry, relative to Root ("" for none)
	exports []PathAlias // "exports" subpaths with a declaration target, relative to Root
	hasExp  bool        // it has "exports": no other subpath is importable
	shallow bool        // its root's declarations are the current ones, subdirectories older TypeScripts'
	types   int         // the @types package standing in when it has no declarations, else -1
	js      bool        // entry is its JavaScript entry: it has no declarations (dependencies_js.go)
}

// Probe: npm has nothing to ask; the manifests are read through core.
func (c *tsConfigs) Probe() extract.Probe { return extract.Probe{} }

// SetHost: node_modules is below the worktree's root, outside the scan.
func (c *tsConfigs) SetHost(h extract.Host) { c.host = h }

// Dependencies lists the own packages (every package.json of the scan,
// sorted by directory), @types/node as the standard library and each
// declared dependency, found in node_modules (without a host, every
// dependency is missing).
func (c *tsConfigs) Dependencies([]byte) extract.DependencySet {
	var root string
	var read func(string) ([]byte, error)
	if c.host != nil {
		root, read = c.host.Root(), c.host.ReadFile
	}
	d := &npmDeps{byName: map[string]int{}}
	dirs := make([]string, 0, len(c.manifests))
	for dir := range c.manifests {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	own := map[string]bool{}
	declared := map[string]string{} // dependency → the directory of the first package.json naming it
	ranges := map[string]string{}   // dependency → the version range it names
	for _, dir := range dirs {
		var m npmManifest
		_ = json.Unmarshal(c.manifests[dir], &m) // a broken package.json declares nothing
		name := m.Name
		if name == "" {
			name = path.Join("/", dir)[1:]
		}
		own[m.Name] = true
		d.pkgs = append(d.pkgs, extract.Package{Name: name, Kind: extract.PackageOwn, Root: dir})
		d.meta = append(d.meta, npmPackage{types: -1})
		for _, deps := range []map[string]string{m.Dependencies, m.DevDependencies, m.PeerDependencies, m.OptionalDependencies} {
			for n, v := range deps {
				if _, ok := declared[n]; !ok && n != "" && !strings.HasPrefix(v, "workspace:") {
					declared[n], ranges[n] = dir, v
				}
			}
		}
	}
	find := func(name, from string) (string, npmManifest, bool) {
		if read == nil || root == "" {
			return "", npmManifest{}, false
		}
		for dir := from; ; dir = extract.ParentDir(dir) {
			pkgDir := path.Join(root, dir, "node_modules", name)
			var m npmManifest
			if b, err := read(pkgDir + "/package.json"); err == nil && json.Unmarshal(b, &m) == nil {
				return pkgDir, m, true
			}
			if dir == "" {
				return "", npmManifest{}, false
			}
		}
	}
	exists := func(p string) bool {
		if read == nil {
			return false
		}
		_, err := read(p)
		return err == nil
	}
	add := func(p extract.Package, meta npmPackage) int {
		d.byName[p.Name] = len(d.pkgs)
		d.pkgs = append(d.pkgs, p)
		d.meta = append(d.meta, meta)
		return len(d.pkgs) - 1
	}

	lk := &locks{read: read, root: root, byDir: map[string]*npmLock{}}
	locked := func(name string) string {
		if l := lk.near(declared[name]); l != nil {
			return l.version(name, ranges[name], declared[name])
		}
		return ""
	}
	// onDisk is a package as node_modules holds it: the version recorded
	// is the one read, and a lock pinning another is noted (node_modules
	// is older or newer than the lock: `npm ci` was not run since).
	onDisk := func(p extract.Package, installed string) extract.Package {
		p.Version = installed
		if v := locked(p.Name); v != "" && installed == "" {
			p.Version = v
		} else if v != "" && v != installed {
			p.Note = fmt.Sprintf("node_modules holds %s, the lock file pins %s", installed, v)
		}
		return p
	}

	// The standard library: @types/node, wherever the first package finds it.
	std := extract.Package{Name: "node", Kind: extract.PackageStdlib, IndexDir: "@types/node", Missing: "no @types/node in node_modules"}
	for _, dir := range append(dirs, "") {
		if pkgDir, m, ok := find("@types/node", dir); ok {
			std.Root, std.Missing = pkgDir, ""
			std = onDisk(std, m.Version)
			break
		}
	}
	d.std = add(std, npmPackage{types: -1})
	delete(d.byName, "node")
	d.addLib(c, declared, find, read)

	installed := map[int]npmManifest{} // a dependency's package.json, by its index
	names := make([]string, 0, len(declared))
	for n := range declared {
		if !own[n] && n != "@types/node" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		from := declared[name]
		pkgDir, m, ok := find(name, from)
		if !ok {
			// The lock's version, else the range the manifest names.
			v := locked(name)
			if v == "" {
				v = ranges[name]
			}
			add(extract.Package{Name: name, Version: v, Kind: extract.PackageDependency, IndexDir: name, Missing: "not in node_modules"}, npmPackage{types: -1})
			continue
		}
		meta := npmPackage{spec: name, types: -1}
		if typed, ok := strings.CutPrefix(name, "@types/"); ok {
			meta.spec = typed
			if s, n, ok := strings.Cut(typed, "__"); ok {
				meta.spec = "@" + s + "/" + n
			}
		}
		meta.entry, meta.exports, meta.hasExp = declarations(m, func(rel string) bool { return exists(pkgDir + "/" + rel) })
		meta.shallow = shallow(m, meta.entry)
		installed[add(onDisk(extract.Package{Name: name, Kind: extract.PackageDependency, Root: pkgDir, IndexDir: name}, m.Version), meta)] = m
	}
	// A package without declarations of its own takes @types/<name>'s,
	// declared or only installed.
	for i := range d.meta {
		p, meta := d.pkgs[i], &d.meta[i]
		if p.Kind != extract.PackageDependency || p.Missing != "" || meta.entry != "" || len(meta.exports) > 0 || strings.HasPrefix(p.Name, "@types/") {
			continue
		}
		tn := "@types/" + strings.Replace(strings.TrimPrefix(p.Name, "@"), "/", "__", 1)
		if j, ok := d.byName[tn]; ok {
			meta.types = j
			continue
		}
		if pkgDir, m, ok := find(tn, declared[p.Name]); ok {
			tm := npmPackage{spec: p.Name, types: -1}
			tm.entry, tm.exports, tm.hasExp = declarations(m, func(rel string) bool { return exists(pkgDir + "/" + rel) })
			tm.shallow = shallow(m, tm.entry)
			d.meta[i].types = add(onDisk(extract.Package{Name: tn, Kind: extract.PackageDependency, Root: pkgDir, IndexDir: tn}, m.Version), tm)
		}
	}
	if read != nil {
		d.addJSEntries(func(i int) (npmManifest, bool) { m, ok := installed[i]; return m, ok }, read)
	}
	return d
}

// shallow: a package whose entry is at its root and whose typesVersions
// send older TypeScripts elsewhere (DefinitelyTyped's ts5.0/) keeps its
// current declarations at the root; its subdirectories are left out.
func shallow(m npmManifest, entry string) bool {
	return len(m.TypesVersions) > 0 && string(m.TypesVersions) != "null" && entry != "" && !strings.Contains(entry, "/")
}

// declarations finds a package's declaration entry (tsc's order: "types",
// "typings", the .d.ts beside "main", index.d.ts) and the declaration
// targets of its "exports" subpaths, all relative to its directory.
func declarations(m npmManifest, exists func(rel string) bool) (entry string, exports []PathAlias, hasExports bool) {
	clean := func(p string) string { return path.Clean("/" + p)[1:] }
	for _, t := range []string{m.Types, m.Typings} {
		if t != "" && isDeclarationFile(t) {
			entry = clean(t)
			break
		}
	}
	if entry == "" && m.Main != "" {
		if d := declarationOf(clean(m.Main)); d != "" && exists(d) {
			entry = d
		}
	}
	if entry == "" && exists("index.d.ts") {
		entry = "index.d.ts"
	}
	if len(m.Exports) == 0 || string(m.Exports) == "null" {
		return entry, nil, false
	}
	add := func(subpath string, v json.RawMessage) {
		if subpath != "." && !strings.HasPrefix(subpath, "./") {
			return
		}
		targets := currentTargets(v, nil)
		if len(targets) == 0 {
			targets = exportTargets(v, nil)
		}
		pick := ""
		for _, t := range targets {
			if isDeclarationFile(t) {
				pick = t
				break
			}
		}
		if pick == "" {
			for _, t := range targets {
				if d := declarationOf(t); d != "" && (strings.Contains(d, "*") || exists(clean(d))) {
					pick = d
					break
				}
			}
		}
		if pick != "" && strings.HasPrefix(pick, "./") {
			exports = append(exports, PathAlias{Pattern: strings.TrimPrefix(subpath, "."), Targets: []string{clean(pick)}})
		}
	}
	keys, values := objectEntries(m.Exports)
	if keys == nil || len(keys) > 0 && !strings.HasPrefix(keys[0], ".") {
		add(".", m.Exports)
	} else {
		for i, k := range keys {
			add(k, values[i])
		}
	}
	for _, e := range exports {
		if e.Pattern == "" {
			entry = e.Targets[0]
		}
	}
	return entry, exports, true
}

// currentTargets is exportTargets without the conditions for older
// TypeScript versions ("types@<=5.0", typesVersions' kind), which tsc
// takes only when it is that old.
func currentTargets(v json.RawMessage, dst []string) []string {
	keys, values := objectEntries(v)
	if keys == nil {
		return exportTargets(v, dst)
	}
	for i, k := range keys {
		if !strings.HasPrefix(k, "types@") {
			dst = currentTargets(values[i], dst)
		}
	}
	return dst
}

// declarationOf is the declaration file tsc looks for beside a JavaScript
// file ("lib/a.js" → "lib/a.d.ts", "a.mjs" → "a.d.mts"), "" for others.
func declarationOf(js string) string {
	for ext, d := range map[string]string{".js": ".d.ts", ".mjs": ".d.mts", ".cjs": ".d.cts"} {
		if s, ok := strings.CutSuffix(js, ext); ok {
			return s + d
		}
	}
	return ""
}

// npmDeps is the DependencySet of one sync.
type npmDeps struct {
	pkgs   []extract.Package
	meta   []npmPackage // parallel to pkgs
	byName map[string]int
	std    int
	// lib is TypeScript's standard library (dependencies_lib.go), -1
	// when it is not read; libFiles are its files, relative to its Root.
	lib      int
	libFiles []string
	// jsHeads and jsBases are the starts and names of the JavaScript
	// entries read (dependencies_js.go).
	jsHeads, jsBases map[string]bool
}

func (d *npmDeps) Packages() []extract.Package { return d.pkgs }

// Locate: a Node built-in ("fs", "node:fs", "fs/promises") is the file
// of @types/node that declares it, else @types/node's top directory; a
// package's specifier is the directory of the declaration file it
// resolves to, with everything below it, for the re-exports between its
// files.
func (d *npmDeps) Locate(spec string) (int, []string, bool) {
	if f, ok := strings.CutPrefix(spec, libSpec); ok && d.lib >= 0 {
		return d.lib, []string{f}, true
	}
	if spec == "" || isRelative(spec) || strings.HasPrefix(spec, "/") {
		return 0, nil, false
	}
	name, sub := splitSpecifier(spec)
	bare, scheme := strings.CutPrefix(spec, "node:")
	top, _, _ := strings.Cut(bare, "/")
	if _, declared := d.byName[name]; scheme || nodeBuiltins[top] && !declared {
		if d.pkgs[d.std].Missing != "" {
			return 0, nil, false
		}
		// @types/node declares each built-in in a file of its name
		// (fs.d.ts, fs/promises.d.ts); the top directory is the fallback.
		places := []string{bare + ".d.ts"}
		if top != bare {
			places = append(places, top+".d.ts")
		}
		return d.std, append(places, ""), true
	}
	i, ok := d.byName[name]
	if !ok || d.pkgs[i].Missing != "" {
		return 0, nil, false
	}
	if m := d.meta[i]; m.js {
		if sub != "" {
			return 0, nil, false // its entry alone is read
		}
		return i, []string{m.entry}, true
	}
	if m := d.meta[i]; m.entry == "" && len(m.exports) == 0 {
		if m.types < 0 || d.pkgs[m.types].Missing != "" {
			return 0, nil, false // no declarations: its JavaScript is not read
		}
		i = m.types
	}
	m := d.meta[i]
	deepDir := deepDir
	if m.shallow {
		deepDir = extract.ParentDir
	}
	if _, targets, star := matchPaths(m.exports, sub); len(targets) > 0 {
		return i, []string{deepDir(substitute(targets[0], star))}, true
	}
	switch {
	case m.hasExp:
		return 0, nil, false // a subpath its exports do not name
	case sub == "" && m.entry != "":
		return i, []string{deepDir(m.entry)}, true
	case sub == "":
		return 0, nil, false
	}
	rel := sub[1:]
	places := []string{rel + "/...", rel + ".d.ts"}
	if m.entry != "" {
		places = append(places, deepDir(m.entry))
	}
	return i, places, true
}

// deepDir is the place of a declaration file's directory with everything
// below it.
func deepDir(file string) string {
	if dir := extract.ParentDir(file); dir != "" {
		return dir + "/..."
	}
	return "..."
}

// splitSpecifier splits a bare specifier into its package name and
// subpath ("@scope/pkg/a/b" → "@scope/pkg", "/a/b").
func splitSpecifier(spec string) (name, sub string) {
	n := 1
	if strings.HasPrefix(spec, "@") {
		n = 2
	}
	parts := strings.SplitN(spec, "/", n+1)
	if len(parts) <= n {
		return spec, ""
	}
	name = strings.Join(parts[:n], "/")
	return name, spec[len(name):]
}

// Includes: declaration files, and the JavaScript entries of packages
// without declarations.
func (d *npmDeps) Includes(base string, head []byte) bool {
	return isDeclarationFile(base) || d.includesJS(base, head)
}

// Context: a package's files learn which specifiers name them (Config.Entries).
func (d *npmDeps) Context(pkg int, prefix string) extract.ModuleContext {
	m := d.meta[pkg]
	if d.pkgs[pkg].Kind == extract.PackageStdlib || m.spec == "" {
		return extract.ModuleContext{Root: prefix}
	}
	var entries []PathAlias
	if m.entry != "" {
		entries = append(entries, PathAlias{Pattern: m.spec, Targets: []string{stripExt(path.Join(prefix, m.entry))}})
	}
	for _, e := range m.exports {
		if e.Pattern != "" {
			entries = append(entries, PathAlias{Pattern: m.spec + e.Pattern, Targets: []string{stripExt(path.Join(prefix, e.Targets[0]))}})
		}
	}
	if !m.hasExp {
		entries = append(entries, PathAlias{Pattern: m.spec + "/*", Targets: []string{prefix + "/*"}})
	}
	return extract.ModuleContext{Root: prefix, Own: Config{Entries: entries}}
}

// entryFacts states, for a dependency package's declaration file, that
// each specifier naming it (Config.Entries) is the file: "react" is
// "@typescript/@types/react/index", so an import's "react:useState"
// reaches the declaration, and the file's re-exports the rest.
func entryFacts(out *extract.ExtractedFile, entries []PathAlias) {
	ns := out.Namespace
	for _, e := range entries {
		for _, t := range e.Targets {
			spec := ""
			if before, after, ok := strings.Cut(t, "*"); ok {
				if len(ns) >= len(before)+len(after) && strings.HasPrefix(ns, before) && strings.HasSuffix(ns, after) {
					spec = strings.Replace(e.Pattern, "*", ns[len(before):len(ns)-len(after)], 1)
				}
			} else if t == ns {
				spec = e.Pattern
			}
			if spec != "" && spec != ns {
				// the module itself (`import * as React from "react"`), and its names
				out.Facts = append(out.Facts, extract.RawFact{Kind: extract.FactAlias, Subject: spec, Object: ns},
					extract.RawFact{Kind: extract.FactAlias, Subject: spec, Member: "*", Object: ns})
			}
		}
	}
}

// nodeBuiltins are Node's built-in modules (module.builtinModules), the
// first part of their specifiers.
var nodeBuiltins = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`assert async_hooks buffer child_process cluster console constants crypto dgram
		diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks
		process punycode querystring readline repl sea sqlite stream string_decoder sys test timers tls
		trace_events tty url util v8 vm wasi worker_threads zlib`) {
		nodeBuiltins[n] = true
	}
}
