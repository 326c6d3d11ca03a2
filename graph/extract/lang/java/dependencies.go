package java

import (
	"bufio"
	"bytes"
	"path"
	"path/filepath"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Dependency packages (DESIGN.md, Dependency packages): the JDK's sources
// ($JAVA_HOME/lib/src.zip, one package per JDK module), an implicit
// dependency, and the dependencies the worktree's pom.xml files pin, read
// from the sources jars of the local Maven repository or Gradle's cache.
// Java's packages are not tied to directories, so an import path
// (java.util.List, java.util, org.junit.Assert.assertEquals) is located by
// the longest of its prefixes that some archive holds as a directory of
// .java files; the archives' entry lists are read once per process and
// version (their size and mtime). Nothing is downloaded and no build tool
// runs: the probe is `java -XshowSettings:properties -version`, which
// reports java.home and java.version.

// Manifest languages: the build files the Java extractor indexes (empty
// extractions) so that their changes reach the dependency set.
const (
	langMaven  = "maven"
	langGradle = "gradle"
)

// FileLangs: Java sources, Maven's pom.xml and Gradle's build.gradle.
func (e *Extractor) FileLangs() []string { return []string{langName, langMaven, langGradle} }

// manifestLang is the language of a build file, "" for any other path.
func manifestLang(p string) string {
	switch path.Base(p) {
	case "pom.xml":
		return langMaven
	case "build.gradle", "settings.gradle", "gradle.properties":
		return langGradle
	}
	return ""
}

// Marker: pom.xml and the Gradle files (build and settings scripts,
// version catalogs), by content (their dependencies); no Java file's
// context depends on them (ContextKey).
func (e *Extractor) Marker(p string) (marker, content bool) {
	m := manifestLang(p) != "" || gradleMarker(p)
	return m, m
}

// ContextKey: a Java file's qualified names come from its package
// declaration, never from a build file.
func (e *Extractor) ContextKey(content []byte) string { return "" }

// Modules keeps the build files for Dependencies.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	return &javaModules{markers: markers}
}

// javaModules are a worktree's build files.
type javaModules struct {
	markers []extract.MarkerFile
	host    extract.Host // the JDK, the Maven repository and Gradle's cache are read through it
}

// SetHost (extract.HostUser).
func (m *javaModules) SetHost(h extract.Host) { m.host = h }

// ForFile: Java's names do not depend on where a file sits.
func (m *javaModules) ForFile(string) extract.ModuleContext { return extract.ModuleContext{} }

// Probe asks the JVM (JAVA_HOME's, else the one on PATH) for its
// properties, which it prints on standard error.
func (m *javaModules) Probe() extract.Probe {
	java := "java"
	if h := m.h().Getenv("JAVA_HOME"); h != "" {
		java = filepath.Join(h, "bin", "java")
	}
	// The properties follow from the java executable (its JDK), where it
	// is found and the options and locale the launcher reads.
	return extract.Probe{Args: []string{java, "-XshowSettings:properties", "-version"}, Stderr: true,
		Keyed: true, KeyEnv: []string{"PATH", "JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
			"HOME", "USER", "LANG", "LC_ALL", "LC_CTYPE", "TZ"}}
}

// jvmProps reads "key = value" lines of -XshowSettings:properties.
func jvmProps(out []byte) map[string]string {
	props := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), " = ")
		if ok {
			props[k] = v
		}
	}
	return props
}

// Dependencies: the build files' own modules, then the JDK's modules,
// then every dependency the pom.xml and build.gradle files pin.
func (m *javaModules) Dependencies(probe []byte) extract.DependencySet {
	props := jvmProps(probe)
	b := readBuilds(m.markers)
	d := &javaDeps{dirs: map[string]int{}, host: m.h(), kotlin: b.kotlin}
	for _, o := range b.own {
		d.pkgs = append(d.pkgs, extract.Package{Name: o.name, Version: "", Kind: extract.PackageOwn, Root: o.dir})
	}
	d.addJDK(props["java.home"], props["java.version"])
	repos := localRepositories(m.h())
	b.applyBOMs(m.h(), repos)
	for _, dep := range b.deps {
		p := extract.Package{Name: dep.group + ":" + dep.artifact, Version: dep.version, Kind: extract.PackageDependency}
		if dep.version == "" {
			p.Missing = "no version in the build files"
		} else if p.Root = repos.sourcesJar(m.h(), dep); p.Root == "" {
			p.Missing = "no sources jar (" + dep.artifact + "-" + dep.version + "-sources.jar) in the Maven repository or Gradle's cache"
		}
		d.add(p)
	}
	return d
}

// addJDK adds the JDK's sources: a package per module of src.zip (JDK 9
// and later, in the archive's order), or src.zip as
// one package (JDK 8, whose java.home is its jre directory).
func (d *javaDeps) addJDK(home, version string) {
	if home == "" {
		d.pkgs = append(d.pkgs, extract.Package{Name: "jdk", Kind: extract.PackageStdlib, Missing: "no Java runtime (java -XshowSettings:properties)"})
		return
	}
	zipPath := filepath.Join(home, "lib", "src.zip")
	if _, err := d.host.Stat(zipPath); err != nil && filepath.Base(home) == "jre" {
		zipPath = filepath.Join(filepath.Dir(home), "src.zip")
	}
	entries := d.archiveEntries(zipPath)
	if entries == nil {
		d.pkgs = append(d.pkgs, extract.Package{Name: "jdk", Version: version, Kind: extract.PackageStdlib,
			Missing: "no JDK sources at " + zipPath + " (Debian: openjdk-<n>-source)"})
		return
	}
	module := map[string]int{} // → package
	for _, e := range entries {
		m, rest, ok := strings.Cut(e, "/")
		if !ok || !strings.Contains(m, ".") || !strings.HasSuffix(rest, ".java") {
			continue // java.base/java/util/List.java
		}
		i, seen := module[m]
		if !seen {
			i = len(d.pkgs)
			module[m] = i
			d.pkgs = append(d.pkgs, extract.Package{Name: m, Version: version, Kind: extract.PackageStdlib, Root: zipPath + "!/" + m})
		}
		d.claim(entryDir(rest), i)
	}
	if len(module) == 0 { // JDK 8: java/util/List.java
		d.add(extract.Package{Name: "jdk", Version: version, Kind: extract.PackageStdlib, Root: zipPath})
	}
}

// add appends an external package and claims the directories of .java
// files its archive holds.
func (d *javaDeps) add(p extract.Package) {
	i := len(d.pkgs)
	d.pkgs = append(d.pkgs, p)
	if p.Missing == "" {
		for _, e := range d.archiveEntries(p.Root) {
			if strings.HasSuffix(e, ".java") {
				d.claim(entryDir(e), i)
			}
		}
	}
}

// entryDir is path.Dir of an archive's entry name without path.Clean's
// walk when the name is clean already, as a zip's names are (src.zip
// lists 15,000, read by Java's set and Kotlin's).
func entryDir(name string) string {
	i := strings.LastIndexByte(name, '/')
	if i <= 0 || strings.Contains(name, "//") || strings.Contains(name, "./") {
		return path.Dir(name)
	}
	return name[:i]
}

// claim gives a directory to a package unless an earlier one has it.
func (d *javaDeps) claim(dir string, pkg int) {
	if _, taken := d.dirs[dir]; !taken && dir != "." {
		d.dirs[dir] = pkg
	}
}

// javaDeps is the DependencySet of one sync.
type javaDeps struct {
	pkgs []extract.Package
	dirs map[string]int // directory of .java files in an archive → package
	host extract.Host
	// kotlin is the highest Kotlin version the build files name, read
	// with them (JVMDependencies' standard library).
	kotlin string
}

func (d *javaDeps) Packages() []extract.Package { return d.pkgs }

// Locate: the longest prefix of the import path that is a directory of
// some package's archive (a type import names its package's directory, a
// static or nested one a prefix further up).
func (d *javaDeps) Locate(importPath string) (int, []string, bool) {
	p := strings.ReplaceAll(importPath, ".", "/")
	for p != "" && p != "." {
		if i, ok := d.dirs[p]; ok {
			return i, []string{p}, true
		}
		p = path.Dir(p)
	}
	return 0, nil, false
}

// Includes: Java sources, not module declarations.
func (d *javaDeps) Includes(base string, head []byte) bool {
	return strings.HasSuffix(base, ".java") && base != "module-info.java"
}

// Context: Java's names come from package declarations.
func (d *javaDeps) Context(int, string) extract.ModuleContext { return extract.ModuleContext{} }

// Namespace: a directory is the package of its files.
func (d *javaDeps) Namespace(place string) string { return strings.ReplaceAll(place, "/", ".") }

// ImplicitImports: every Java file imports java.lang.
func (d *javaDeps) ImplicitImports() []string { return []string{"java.lang"} }

// archiveEntries lists a zip archive's entries; nil when it cannot be
// read.
func (d *javaDeps) archiveEntries(p string) []string {
	names, err := d.host.ArchiveEntries(p)
	if err != nil {
		return nil
	}
	return names
}

var (
	_ extract.Dependent    = (*javaModules)(nil)
	_ extract.ContextKeyer = (*Extractor)(nil)
	_ extract.ModuleAware  = (*Extractor)(nil)
	_ extract.Namespacer   = (*javaDeps)(nil)
	_ extract.Implicit     = (*javaDeps)(nil)
)

// h is the host, extract.NoHost before SetHost.
func (m *javaModules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}
