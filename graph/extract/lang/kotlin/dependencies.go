package kotlin

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// Dependency packages (DESIGN.md, Dependency packages, Kotlin): Kotlin
// files import Java's packages and Kotlin's from what the same pom.xml and
// Gradle files pin, so Kotlin's set is Java's (java.JVMDependencies) with
// .kt sources claimed too and the Kotlin standard library
// (org.jetbrains.kotlin:kotlin-stdlib at the version of the Kotlin plugin
// the builds apply) an implicit dependency. The worktree's .java files
// are markers by existence: where there are some, Java's set reads the
// Java sources their imports name and Kotlin's leaves them alone, so no
// file is indexed twice.

// jvmLang is what Kotlin's set adds to Java's.
var jvmLang = java.JVMLanguage{Ext: ".kt", Implicit: implicitPackages, Stdlib: "org.jetbrains.kotlin:kotlin-stdlib"}

// Marker: Java's build files, by content, and .java files, by existence.
func (e *Extractor) Marker(p string) (marker, content bool) {
	if extract.HasExt(p, ".java") {
		return true, false
	}
	m := java.BuildFile(p)
	return m, m
}

// ContextKey: a Kotlin file's qualified names come from its package
// header, never from a build file.
func (e *Extractor) ContextKey([]byte) string { return "" }

// Modules keeps the markers for Dependencies.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	return &modules{markers: markers}
}

// modules are a worktree's build files and the presence of Java files.
type modules struct {
	markers []extract.MarkerFile
	host    extract.Host
}

// SetHost (extract.HostUser).
func (m *modules) SetHost(h extract.Host) { m.host = h }

// ForFile: Kotlin's names do not depend on where a file sits.
func (m *modules) ForFile(string) extract.ModuleContext { return extract.ModuleContext{} }

// Probe is Java's: the JVM's java.home locates the JDK's sources.
func (m *modules) Probe() extract.Probe { return java.JVMProbe(m.h()) }

// Dependencies: Java's set with Kotlin's sources and standard library.
func (m *modules) Dependencies(probe []byte) extract.DependencySet {
	return java.JVMDependencies(jvmLang, m.markers, m.h(), probe)
}

func (m *modules) h() extract.Host {
	if m.host == nil {
		return extract.NoHost{}
	}
	return m.host
}

var (
	_ extract.ModuleAware  = (*Extractor)(nil)
	_ extract.ContextKeyer = (*Extractor)(nil)
	_ extract.Dependent    = (*modules)(nil)
	_ extract.HostUser     = (*modules)(nil)
)
