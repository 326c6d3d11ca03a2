package java

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Another JVM language's dependencies (DESIGN.md, Dependency packages,
// Kotlin): its files import Java's packages (the JDK, a dependency's
// sources jar) and its own (a sources jar of .kt files, its standard
// library) from the packages the same pom.xml and Gradle files pin, so its
// set is Java's with its own sources claimed too. Where Java's set also
// runs (the worktree has a file the Java extractor reads), a .java
// directory is read once, by the set whose files import it: the other
// language's set leaves Java's sources to Java's when the worktree holds
// .java files, and java.lang (which Java's set reads for every worktree
// it runs in) always.

// JVMLanguage is what another JVM language's set adds to Java's.
type JVMLanguage struct {
	Ext string // its sources' suffix (".kt")
	// Implicit are the packages its files import without an import
	// statement; java.lang among them is read by Java's set when that
	// runs.
	Implicit []string
	// Stdlib is its standard library's group and artifact
	// ("org.jetbrains.kotlin:kotlin-stdlib"), pinned to the Kotlin
	// version the build files name.
	Stdlib string
}

// BuildFile reports whether p is a build file Java's set reads (pom.xml,
// a Gradle script or version catalog).
func BuildFile(p string) bool { return manifestLang(p) != "" || gradleMarker(p) }

// JVMProbe is Java's probe (the JVM's properties), which the other set
// reads too.
func JVMProbe(h extract.Host) extract.Probe { return (&javaModules{host: h}).Probe() }

// javaSources says which .java directories another language's set reads.
type javaSources uint8

const (
	allJava    javaSources = iota // Java's set does not run
	noJavaLang                    // Java's set runs for build files only: it reads java.lang
	noJava                        // the worktree has .java files: Java's set reads what they import
)

// JVMDependencies is the set of a JVM language whose markers are Java's
// (BuildFile) and, by existence, the worktree's .java files.
func JVMDependencies(l JVMLanguage, markers []extract.MarkerFile, h extract.Host, probe []byte) extract.DependencySet {
	inner := (&javaModules{markers: markers, host: h}).Dependencies(probe).(*javaDeps)
	d := &jvmDeps{javaDeps: inner, lang: l, dirs: map[string]jvmPlace{}, spaces: map[string]string{}}
	for _, m := range markers {
		switch {
		case extract.HasExt(m.Path, ".java"):
			d.java = noJava
		case manifestLang(m.Path) != "" && d.java == allJava:
			d.java = noJavaLang
		}
	}
	if d.java != allJava {
		d.dropMissing()
	}
	if group, artifact, ok := strings.Cut(l.Stdlib, ":"); ok && !d.has(l.Stdlib) {
		p := extract.Package{Name: l.Stdlib, Kind: extract.PackageStdlib}
		if p.Version = inner.kotlin; p.Version == "" {
			p.Missing = "no " + l.Stdlib + " version in the build files"
		} else if p.Root = localRepositories(h).sourcesJar(h, coordinate{group, artifact, p.Version}); p.Root == "" {
			p.Missing = "no sources jar (" + artifact + "-" + p.Version + "-sources.jar) in the Maven repository or Gradle's cache"
		}
		d.pkgs = append(d.pkgs, p)
	}
	for i, p := range d.pkgs {
		if p.Kind == extract.PackageOwn || p.Missing != "" || strings.Contains(p.Root, "!/") {
			continue // the JDK's modules hold no other language's sources
		}
		for _, e := range d.archiveEntries(p.Root) {
			if strings.HasSuffix(e, l.Ext) {
				d.claimOwn(entryDir(e), i)
			}
		}
	}
	return d
}

// jvmDeps is Java's set with another language's sources claimed.
type jvmDeps struct {
	*javaDeps
	lang   JVMLanguage
	java   javaSources
	dirs   map[string]jvmPlace // a package's directory → where its sources are
	spaces map[string]string   // a place → its namespace, where the place is not the package's directory
}

// jvmPlace is a directory of the language's sources in a package.
type jvmPlace struct {
	pkg   int
	place string
}

// dropMissing leaves out the packages not on disk, which Java's set,
// running too, names already: the sync report names each once.
func (d *jvmDeps) dropMissing() {
	at := make([]int, len(d.pkgs)) // old index → new
	var kept []extract.Package
	for i, p := range d.pkgs {
		at[i] = len(kept)
		if p.Kind == extract.PackageOwn || p.Missing == "" {
			kept = append(kept, p)
		}
	}
	for dir, i := range d.javaDeps.dirs {
		d.javaDeps.dirs[dir] = at[i] // a missing package claims no directory
	}
	d.pkgs = kept
}

// has reports whether a package of that name is in the set.
func (d *jvmDeps) has(name string) bool {
	for _, p := range d.pkgs {
		if p.Name == name {
			return true
		}
	}
	return false
}

// claimOwn claims a directory of the language's sources. A Kotlin
// multiplatform sources jar puts each source set under its name
// (commonMain/okio/Buffer.kt): the directory of a package is then what
// follows it, and the first source set holding one is read.
func (d *jvmDeps) claimOwn(dir string, pkg int) {
	key := dir
	if first, rest, ok := strings.Cut(dir, "/"); ok && strings.HasSuffix(first, "Main") {
		key = rest
	} else if strings.HasSuffix(dir, "Main") && !strings.Contains(dir, "/") {
		return // a source set's default package
	}
	if _, taken := d.dirs[key]; taken || dir == "." {
		return
	}
	d.dirs[key] = jvmPlace{pkg, dir}
	if key != dir {
		d.spaces[dir] = strings.ReplaceAll(key, "/", ".")
	}
}

// Locate: the longest prefix of the import path that is a directory of
// the language's sources or, unless Java's set reads it, of Java's.
func (d *jvmDeps) Locate(importPath string) (int, []string, bool) {
	p := strings.ReplaceAll(importPath, ".", "/")
	for p != "" && p != "." {
		if k, ok := d.dirs[p]; ok {
			return k.pkg, []string{k.place}, true
		}
		if i, ok := d.javaDeps.dirs[p]; ok {
			if d.readsJava(p) {
				return i, []string{p}, true
			}
			return 0, nil, false
		}
		p = path.Dir(p)
	}
	return 0, nil, false
}

// readsJava says whether the set reads a directory of Java sources.
func (d *jvmDeps) readsJava(dir string) bool {
	switch d.java {
	case noJava:
		return false
	case noJavaLang:
		for _, imp := range d.javaDeps.ImplicitImports() {
			if dir == strings.ReplaceAll(imp, ".", "/") {
				return false
			}
		}
	}
	return true
}

// Includes: the language's sources, and Java's unless Java's set reads
// them.
func (d *jvmDeps) Includes(base string, head []byte) bool {
	return strings.HasSuffix(base, d.lang.Ext) || d.java != noJava && d.javaDeps.Includes(base, head)
}

// Namespace: a place's package.
func (d *jvmDeps) Namespace(place string) string {
	if ns, ok := d.spaces[place]; ok {
		return ns
	}
	return d.javaDeps.Namespace(place)
}

// ImplicitImports: the language's, java.lang left to Java's set when
// that runs.
func (d *jvmDeps) ImplicitImports() []string {
	var out []string
	for _, imp := range d.lang.Implicit {
		if d.java == allJava || !strings.HasPrefix(imp+".", "java.") {
			out = append(out, imp)
		}
	}
	return out
}

var (
	_ extract.Namespacer = (*jvmDeps)(nil)
	_ extract.Implicit   = (*jvmDeps)(nil)
)

// Select (extract.Selective): Java's selection of the .java files, with
// the language's implicit imports; its own sources are read whole.
func (d *jvmDeps) Select(dirs []extract.SelectDir, names extract.Names) [][]extract.Selection {
	return selectJava(dirs, names, d.ImplicitImports())
}
