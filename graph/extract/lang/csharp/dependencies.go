package csharp

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages; C#): each .csproj
// is an own package; its PackageReference items (versions from the
// project, Directory.Packages.props, or packages.lock.json when there is
// one) are the dependencies, read from the NuGet global packages folder.
// NuGet packages hold compiled assemblies and the .NET base library has
// no sources on disk, so most packages are listed (deps shows them, with
// their versions) and named in the sync report as compiled assemblies
// only; a package that carries C# sources (contentFiles/cs, a source
// package's content/) is read, and the namespaces its files declare are
// located there. No probe runs: dotnet is not asked.

// langMSBuild is the language of a project file, indexed as an empty
// file so that its edits reach the dependency set.
const langMSBuild = "msbuild"

// FileLangs: C# sources and MSBuild project files.
func (e *Extractor) FileLangs() []string { return []string{langName, langMSBuild} }

// Marker: a .csproj, by content (its package references).
func (e *Extractor) Marker(p string) (marker, content bool) {
	m := extract.HasExt(p, ".csproj")
	return m, m
}

// ContextKey: a C# file's names come from its namespace declarations,
// never from a project file.
func (e *Extractor) ContextKey(content []byte) string { return "" }

// Modules keeps the project files for Dependencies.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	return &csModules{markers: markers}
}

// csModules are a worktree's project files.
type csModules struct {
	markers []extract.MarkerFile
	host    extract.Host
}

// SetHost (extract.HostUser).
func (m *csModules) SetHost(h extract.Host) { m.host = h }

func (m *csModules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}

// ForFile: C#'s names do not depend on where a file sits.
func (m *csModules) ForFile(string) extract.ModuleContext { return extract.ModuleContext{} }

// Probe: none; the NuGet folder is read directly.
func (m *csModules) Probe() extract.Probe { return extract.Probe{} }

// project is what is read of an MSBuild project file.
type project struct {
	PropertyGroups []struct {
		Props []struct {
			XMLName xml.Name
			Value   string `xml:",chardata"`
		} `xml:",any"`
	} `xml:"PropertyGroup"`
	ItemGroups []struct {
		References []packageItem `xml:"PackageReference"`
		Versions   []packageItem `xml:"PackageVersion"`
	} `xml:"ItemGroup"`
}

// packageItem is a PackageReference or a PackageVersion.
type packageItem struct {
	Include         string `xml:"Include,attr"`
	Version         string `xml:"Version,attr"`
	VersionOverride string `xml:"VersionOverride,attr"`
	VersionElem     string `xml:"Version"`
}

// parseProject reads a project file's properties (the last value of each
// name wins, as in MSBuild) and items; ok is false for a file that is not
// XML.
func parseProject(b []byte) (props map[string]string, refs, versions []packageItem, ok bool) {
	var p project
	if xml.Unmarshal(b, &p) != nil {
		return nil, nil, nil, false
	}
	props = map[string]string{}
	for _, g := range p.PropertyGroups {
		for _, pr := range g.Props {
			props[pr.XMLName.Local] = strings.TrimSpace(pr.Value)
		}
	}
	for _, g := range p.ItemGroups {
		refs = append(refs, g.References...)
		versions = append(versions, g.Versions...)
	}
	return props, refs, versions, true
}

// project reads a project file with the Directory.Build.props it uses:
// that file's properties, overridden by the project's, and its package
// references before the project's.
func (m *csModules) project(f extract.MarkerFile, s sides) (props map[string]string, refs []packageItem, ok bool) {
	props, refs, _, ok = parseProject(f.Content)
	if !ok || s.build == "" {
		return props, refs, ok
	}
	b, err := m.h().ReadFile(s.build)
	if err != nil {
		return props, refs, ok
	}
	bprops, brefs, _, bok := parseProject(b)
	if !bok {
		return props, refs, ok
	}
	for k, v := range props {
		bprops[k] = v
	}
	return bprops, append(brefs, refs...), true
}

// expand replaces $(Name) with the project's property.
func expand(s string, props map[string]string) string {
	for {
		i := strings.Index(s, "$(")
		if i < 0 {
			return strings.TrimSpace(s)
		}
		j := strings.IndexByte(s[i:], ')')
		if j < 0 {
			return strings.TrimSpace(s)
		}
		s = s[:i] + props[s[i+2:i+j]] + s[i+j+1:]
	}
}

// packagesRoot is the NuGet global packages folder: NUGET_PACKAGES, else
// ~/.nuget/packages.
func (m *csModules) packagesRoot() string {
	if r := m.h().Getenv("NUGET_PACKAGES"); r != "" {
		return r
	}
	if home, err := m.h().UserHomeDir(); err == nil {
		return filepath.Join(home, ".nuget", "packages")
	}
	return ""
}

// sides are the files around a project file that add to it: the
// packages.lock.json beside it, and the Directory.Packages.props (central
// versions) and Directory.Build.props (properties and package references
// for every project below) it uses, the nearest in its directory or
// above, within the worktree ("" when there is none).
type sides struct{ lock, packages, build, config string }

func (m *csModules) sideFiles(root string) map[string]sides {
	out := map[string]sides{}
	for _, f := range m.markers {
		dir := extract.ParentDir(f.Path)
		out[f.Path] = sides{
			lock:     filepath.Join(root, filepath.FromSlash(dir), "packages.lock.json"),
			config:   filepath.Join(root, filepath.FromSlash(dir), "packages.config"),
			packages: m.nearest(root, dir, "Directory.Packages.props"),
			build:    m.nearest(root, dir, "Directory.Build.props"),
		}
	}
	return out
}

// nearest is the file of that name in dir or the nearest directory above.
func (m *csModules) nearest(root, dir, name string) string {
	for d := dir; ; d = extract.ParentDir(d) {
		p := filepath.Join(root, filepath.FromSlash(d), name)
		if fi, err := m.h().Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		if d == "" {
			return ""
		}
	}
}

// StateKey (extract.StateKeyer): the lock files and central version files
// by name, size and time, and the NuGet folder's directory of each
// package referenced (a version restored since adds an entry there).
func (m *csModules) StateKey() string {
	if m.h().Root() == "" {
		return ""
	}
	var b strings.Builder
	for _, p := range m.sideList() {
		b.WriteString(extract.Stamp(m.h(), p, p))
	}
	return b.String() + m.restoredStamps()
}

// StateContent (extract.StateContenter): the same side files by content,
// which a sibling worktree's checkout keeps (their times it does not),
// and the NuGet folder (outside the worktree: the sibling's too) stamped
// as StateKey does.
func (m *csModules) StateContent() string {
	root := m.h().Root()
	if root == "" {
		return ""
	}
	return extract.ContentKey(m.h(), root, m.sideList()) + "\x00" + m.restoredStamps()
}

// sideList is each project's side files that exist, in the markers' order.
func (m *csModules) sideList() []string {
	side := m.sideFiles(m.h().Root())
	var out []string
	for _, f := range m.markers {
		s := side[f.Path]
		for _, p := range []string{s.lock, s.packages, s.build, s.config} {
			if p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// restoredStamps stamps the NuGet folder's directory of each package the
// projects reference.
func (m *csModules) restoredStamps() string {
	side := m.sideFiles(m.h().Root())
	var b strings.Builder
	for _, f := range m.markers {
		_, refs, _ := m.project(f, side[f.Path])
		for _, r := range refs {
			dir := filepath.Join(m.packagesRoot(), strings.ToLower(r.Include))
			b.WriteString(extract.Stamp(m.h(), dir, dir))
		}
	}
	return b.String()
}

// lockFile is packages.lock.json: per target framework, each package's
// resolved version.
type lockFile struct {
	Dependencies map[string]map[string]struct {
		Type     string `json:"type"`
		Resolved string `json:"resolved"`
	} `json:"dependencies"`
}

// Dependencies: the project files' own packages, the .NET base library
// (compiled assemblies only), then every package referenced, by name.
func (m *csModules) Dependencies([]byte) extract.DependencySet {
	h := m.h()
	root := h.Root()
	d := &csDeps{ns: map[string]int{}}
	side := m.sideFiles(root)
	type want struct{ name, version, from string }
	wants := map[string]*want{} // lower-case id → the highest version asked
	ask := func(name, version, from string) {
		if name == "" {
			return
		}
		k := strings.ToLower(name)
		if w, ok := wants[k]; !ok || version != "" && (w.version == "" || compareNuGet(version, w.version) > 0) {
			wants[k] = &want{name, version, from}
		}
	}
	framework := ""
	markers := append([]extract.MarkerFile(nil), m.markers...)
	sort.Slice(markers, func(i, j int) bool { return markers[i].Path < markers[j].Path })
	for _, f := range markers {
		props, refs, ok := m.project(f, side[f.Path])
		name := strings.TrimSuffix(path.Base(f.Path), path.Ext(f.Path))
		if ok && props["PackageId"] != "" {
			name = expand(props["PackageId"], props)
		} else if ok && props["AssemblyName"] != "" {
			name = expand(props["AssemblyName"], props)
		}
		d.pkgs = append(d.pkgs, extract.Package{Name: name, Kind: extract.PackageOwn, Root: extract.ParentDir(f.Path)})
		if !ok {
			continue
		}
		if framework == "" {
			framework = props["TargetFramework"]
			if framework == "" {
				framework, _, _ = strings.Cut(props["TargetFrameworks"], ";")
			}
			if framework == "" {
				framework = props["TargetFrameworkVersion"] // v4.8: an older project
			}
		}
		centralVersions := map[string]string{}
		if p := side[f.Path].packages; p != "" && !strings.EqualFold(props["ManagePackageVersionsCentrally"], "false") {
			if b, err := h.ReadFile(p); err == nil {
				if cprops, _, versions, ok := parseProject(b); ok {
					for _, v := range versions {
						centralVersions[strings.ToLower(v.Include)] = expand(first(v.Version, v.VersionElem), cprops)
					}
				}
			}
		}
		locked := map[string]string{}
		if b, err := h.ReadFile(side[f.Path].lock); err == nil {
			var lf lockFile
			if json.Unmarshal(b, &lf) == nil {
				tfms := make([]string, 0, len(lf.Dependencies))
				for tfm := range lf.Dependencies {
					tfms = append(tfms, tfm)
				}
				sort.Strings(tfms)
				for _, tfm := range tfms {
					names := make([]string, 0, len(lf.Dependencies[tfm]))
					for n := range lf.Dependencies[tfm] {
						names = append(names, n)
					}
					sort.Strings(names)
					for _, n := range names {
						if e := lf.Dependencies[tfm][n]; e.Type != "Project" && e.Resolved != "" {
							locked[strings.ToLower(n)] = e.Resolved
							ask(n, e.Resolved, f.Path)
						}
					}
				}
			}
		}
		for _, r := range refs {
			v := expand(first(r.VersionOverride, r.Version, r.VersionElem), props)
			if v == "" {
				v = centralVersions[strings.ToLower(r.Include)]
			}
			if l, ok := locked[strings.ToLower(r.Include)]; ok {
				v = l
			}
			ask(r.Include, v, f.Path)
		}
		if b, err := h.ReadFile(side[f.Path].config); err == nil {
			for _, c := range parseConfig(b) {
				ask(c.ID, c.Version, f.Path)
			}
		}
	}
	std := extract.Package{Name: baseLibrary(framework), Version: framework, Kind: extract.PackageStdlib,
		Missing: "compiled assemblies only: the .NET base library ships no sources"}
	d.pkgs = append(d.pkgs, std)
	keys := make([]string, 0, len(wants))
	for k := range wants {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	nuget := m.packagesRoot()
	for _, k := range keys {
		w := wants[k]
		p := extract.Package{Name: w.name, Version: w.version, Kind: extract.PackageDependency, IndexDir: w.name}
		dir, version := m.findVersion(nuget, k, w.version)
		if dir == "" {
			dir, version = m.solutionPackage(root, w.from, w.name, w.version)
		}
		switch {
		case dir == "":
			p.Missing = "not in the NuGet global packages folder (" + nuget + ") nor a solution's packages/"
		default:
			p.Version = version
			src := sourceDirs(h, dir)
			if len(src) == 0 {
				p.Missing = "compiled assemblies only (" + dir + ")"
				break
			}
			p.Root = dir
			i := len(d.pkgs)
			d.src = append(d.src, src[0])
			d.srcPkg = append(d.srcPkg, i)
			for _, s := range src {
				for _, ns := range declaredNamespaces(h, filepath.Join(dir, filepath.FromSlash(s))) {
					if _, taken := d.ns[ns]; !taken {
						d.ns[ns] = len(d.src) - 1
					}
				}
			}
		}
		d.pkgs = append(d.pkgs, p)
	}
	return d
}

// configPackage is one entry of a packages.config (NuGet's older format).
type configPackage struct {
	ID      string `xml:"id,attr"`
	Version string `xml:"version,attr"`
}

// parseConfig reads a packages.config's packages.
func parseConfig(b []byte) []configPackage {
	var c struct {
		Packages []configPackage `xml:"package"`
	}
	if xml.Unmarshal(b, &c) != nil {
		return nil
	}
	return c.Packages
}

// solutionPackage is where a packages.config project restores a package:
// <id>.<version>/ in the packages/ directory of its solution, the nearest
// holding it in the project's directory or above.
func (m *csModules) solutionPackage(root, project, id, version string) (dir, v string) {
	if root == "" || version == "" {
		return "", ""
	}
	for d := extract.ParentDir(project); ; d = extract.ParentDir(d) {
		p := filepath.Join(root, filepath.FromSlash(d), "packages", id+"."+version)
		if isDir(m.h(), p) {
			return p, version
		}
		if d == "" {
			return "", ""
		}
	}
}

// baseLibrary names the base library of a target framework: .NET
// Framework's (net48, v4.8), .NET Standard's, else .NET's.
func baseLibrary(tfm string) string {
	t := strings.ToLower(tfm)
	switch {
	case strings.HasPrefix(t, "v") || len(t) == 5 && strings.HasPrefix(t, "net4") || len(t) == 6 && strings.HasPrefix(t, "net4"):
		return ".NETFramework"
	case strings.HasPrefix(t, "netstandard"):
		return "NETStandard.Library"
	}
	return "Microsoft.NETCore.App"
}

func first(s ...string) string {
	for _, x := range s {
		if x = strings.TrimSpace(x); x != "" {
			return x
		}
	}
	return ""
}

// findVersion is the NuGet folder's directory of a package at the
// version asked: that version, else (a bare version is a minimum) the
// lowest above it; for a floating version (1.*) or a range the highest
// that fits; "" when none is on disk.
func (m *csModules) findVersion(nuget, id, version string) (dir, v string) {
	if nuget == "" || version == "" {
		return "", ""
	}
	base := filepath.Join(nuget, id)
	exact := strings.ToLower(version)
	if isDir(m.h(), filepath.Join(base, exact)) {
		return filepath.Join(base, exact), version
	}
	lo, hi, loIncl, hiIncl := parseRange(version)
	prefix, floating := strings.CutSuffix(version, "*")
	bare := !floating && lo == "" && hi == ""
	var best string
	names, _ := m.h().ReadDir(base)
	for _, n := range names {
		var ok bool
		switch {
		case strings.Contains(n, "-") && !strings.Contains(version, "-"):
			ok = false // a pre-release only for a version that names one
		case floating:
			ok = strings.HasPrefix(n, strings.ToLower(prefix))
		case bare:
			ok = compareNuGet(n, version) > 0 // NuGet's bare version is a minimum
		default:
			ok = (lo == "" || compareNuGet(n, lo) > 0 || loIncl && compareNuGet(n, lo) == 0) &&
				(hi == "" || compareNuGet(n, hi) < 0 || hiIncl && compareNuGet(n, hi) == 0)
		}
		if !ok || !isDir(m.h(), filepath.Join(base, n)) {
			continue
		}
		if best == "" || bare && compareNuGet(n, best) < 0 || !bare && compareNuGet(n, best) > 0 {
			best = n // the lowest above a minimum, else the highest that fits
		}
	}
	if best == "" {
		return "", ""
	}
	return filepath.Join(base, best), best
}

// parseRange reads a NuGet range: [1.0,2.0), (,3], [1.2]; a bare version
// is no range here (its own directory is looked for first).
func parseRange(v string) (lo, hi string, loIncl, hiIncl bool) {
	if len(v) < 2 || (v[0] != '[' && v[0] != '(') {
		return "", "", false, false
	}
	loIncl, hiIncl = v[0] == '[', v[len(v)-1] == ']'
	inner := v[1 : len(v)-1]
	l, r, comma := strings.Cut(inner, ",")
	if !comma {
		r = l // [1.2]: exactly
	}
	return strings.TrimSpace(l), strings.TrimSpace(r), loIncl, hiIncl
}

// compareNuGet orders versions by their numeric parts, then a release
// after its pre-releases.
func compareNuGet(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	ar, apre, _ := strings.Cut(a, "-")
	br, bpre, _ := strings.Cut(b, "-")
	as, bs := strings.Split(ar, "."), strings.Split(br, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			fmt.Sscan(as[i], &x)
		}
		if i < len(bs) {
			fmt.Sscan(bs[i], &y)
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	switch {
	case apre == bpre:
		return 0
	case apre == "":
		return 1
	case bpre == "":
		return -1
	}
	return strings.Compare(apre, bpre)
}

// sourceDirs are the directories of a package that hold C# sources:
// contentFiles/cs/<framework> (any first), and content/ of an older
// source package.
func sourceDirs(h extract.Host, dir string) []string {
	var out []string
	tfms, _ := h.ReadDir(filepath.Join(dir, "contentFiles", "cs"))
	sort.SliceStable(tfms, func(i, j int) bool { return tfms[i] == "any" && tfms[j] != "any" })
	for _, t := range tfms {
		if hasSources(h, filepath.Join(dir, "contentFiles", "cs", t)) {
			out = append(out, "contentFiles/cs/"+t)
		}
	}
	if hasSources(h, filepath.Join(dir, "content")) {
		out = append(out, "content")
	}
	return out
}

// hasSources: a .cs file somewhere below dir.
func hasSources(h extract.Host, dir string) bool {
	found := false
	walkSources(h, dir, func(string) bool { found = true; return false })
	return found
}

// walkSources calls f with each .cs file below dir until f says stop.
func walkSources(h extract.Host, dir string, f func(string) bool) bool {
	names, err := h.ReadDir(dir)
	if err != nil {
		return true
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if strings.HasSuffix(n, ".cs") {
			if !f(p) {
				return false
			}
		} else if !strings.HasPrefix(n, ".") && isDir(h, p) && !walkSources(h, p, f) {
			return false
		}
	}
	return true
}

// declaredNamespaces are the namespaces the .cs files below dir declare
// (a lexical scan of each file's first namespace declaration).
func declaredNamespaces(h extract.Host, dir string) []string {
	seen := map[string]bool{}
	var out []string
	walkSources(h, dir, func(p string) bool {
		if b, err := h.ReadFile(p); err == nil {
			if ns := scanNamespace(b); ns != "" && !seen[ns] {
				seen[ns] = true
				out = append(out, ns)
			}
		}
		return true
	})
	return out
}

func isDir(h extract.Host, p string) bool {
	fi, err := h.Stat(p)
	return err == nil && fi.IsDir()
}

// csDeps is the DependencySet of one sync.
type csDeps struct {
	pkgs   []extract.Package
	ns     map[string]int // namespace a package's sources declare → index in src
	src    []string       // the source directory of each package read
	srcPkg []int          // its package
}

func (d *csDeps) Packages() []extract.Package { return d.pkgs }

// Locate: a using directive's namespace (or, for `using static`, a type
// in one) that a package's sources declare: the package's source
// directory, whole.
func (d *csDeps) Locate(ns string) (int, []string, bool) {
	for n := ns; n != ""; {
		if i, ok := d.ns[n]; ok {
			return d.srcPkg[i], []string{d.src[i] + "/..."}, true
		}
		dot := strings.LastIndexByte(n, '.')
		if dot < 0 {
			break
		}
		n = n[:dot]
	}
	return 0, nil, false
}

// Includes: C# sources (not a source package's .cs.pp templates).
func (d *csDeps) Includes(base string, head []byte) bool { return strings.HasSuffix(base, ".cs") }

// Context: C#'s names do not depend on where a file sits.
func (d *csDeps) Context(pkg int, prefix string) extract.ModuleContext {
	return extract.ModuleContext{Root: prefix}
}

var (
	_ extract.Dependent    = (*csModules)(nil)
	_ extract.HostUser     = (*csModules)(nil)
	_ extract.StateKeyer   = (*csModules)(nil)
	_ extract.ModuleAware  = (*Extractor)(nil)
	_ extract.ContextKeyer = (*Extractor)(nil)
	_ extract.FileLangs    = (*Extractor)(nil)
)
