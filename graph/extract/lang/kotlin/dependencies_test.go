package kotlin

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestDependencies: Kotlin's set reads the JDK, a dependency's sources
// jar of .kt files in a multiplatform layout (commonMain/okio/…) and the
// Kotlin standard library at the catalog's Kotlin version; it leaves
// java.lang to Java's set when a build file makes that run, and every
// Java source when the worktree has .java files.
func TestDependencies(t *testing.T) {
	jdk := t.TempDir()
	writeZip(t, filepath.Join(jdk, "lib", "src.zip"), "java.base/java/util/HashMap.java", "java.base/java/lang/String.java")
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, "g"))
	files := filepath.Join(home, "g", "caches", "modules-2", "files-2.1")
	writeZip(t, filepath.Join(files, "com.squareup.okio", "okio", "3.9.0", "ab12", "okio-3.9.0-sources.jar"),
		"commonMain/okio/Buffer.kt", "jvmMain/okio/Buffer.kt", "jvmMain/okio/internal/Jvm.kt")
	writeZip(t, filepath.Join(files, "com.bbb", "jlib", "1", "ef", "jlib-1-sources.jar"), "com/bbb/J.java")
	writeZip(t, filepath.Join(files, "org.jetbrains.kotlin", "kotlin-stdlib", "1.9.25", "cd34", "kotlin-stdlib-1.9.25-sources.jar"),
		"kotlin/collections/Collections.kt", "kotlin/Standard.kt")
	catalog := extract.MarkerFile{Path: "gradle/libs.versions.toml", Content: []byte(`[versions]
kotlin = "1.9.25"
[libraries]
okio = { module = "com.squareup.okio:okio", version = "3.9.0" }
[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
`)}
	build := extract.MarkerFile{Path: "app/build.gradle.kts", Content: []byte("dependencies { implementation(libs.okio) }\n")}
	probe := []byte("    java.home = " + jdk + "\n    java.version = 17\n")
	set := func(markers ...extract.MarkerFile) extract.DependencySet {
		e := New()
		for _, m := range markers {
			if ok, _ := e.Marker(m.Path); !ok {
				t.Fatalf("%s is no marker", m.Path)
			}
		}
		m := e.Modules(markers)
		m.(extract.HostUser).SetHost(extracttest.Host{})
		return m.(extract.Dependent).Dependencies(probe)
	}
	d := set(catalog, build)
	var got []string
	for _, p := range d.Packages() {
		got = append(got, p.Kind.String()+" "+p.Name+"@"+p.Version+" "+p.Missing)
	}
	want := []string{"own gradle:app@ ", "stdlib java.base@17 ", "dependency com.squareup.okio:okio@3.9.0 ",
		"stdlib org.jetbrains.kotlin:kotlin-stdlib@1.9.25 "}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("packages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	locate := func(d extract.DependencySet, imp string) string {
		pkg, places, ok := d.Locate(imp)
		if !ok {
			return "-"
		}
		return d.Packages()[pkg].Name + " " + strings.Join(places, ",")
	}
	for imp, want := range map[string]string{
		"java.util.HashMap":      "java.base java/util",
		"java.lang.String":       "java.base java/lang",
		"okio.Buffer":            "com.squareup.okio:okio commonMain/okio",
		"okio.internal.Jvm":      "com.squareup.okio:okio jvmMain/okio/internal",
		"kotlin.collections.map": "org.jetbrains.kotlin:kotlin-stdlib kotlin/collections",
		"org.none.X":             "-",
	} {
		if got := locate(d, imp); got != want {
			t.Errorf("Locate(%s) = %s, want %s", imp, got, want)
		}
	}
	ns := d.(extract.Namespacer)
	if ns.Namespace("commonMain/okio") != "okio" || ns.Namespace("java/util") != "java.util" {
		t.Errorf("Namespace: %s, %s", ns.Namespace("commonMain/okio"), ns.Namespace("java/util"))
	}
	if im := d.(extract.Implicit).ImplicitImports(); !slices.Contains(im, "java.lang") || !slices.Contains(im, "kotlin.collections") {
		t.Errorf("implicit imports %v, want kotlin.collections and java.lang", im)
	}
	if !d.Includes("Buffer.kt", nil) || !d.Includes("HashMap.java", nil) || d.Includes("module-info.java", nil) {
		t.Error("Includes: .kt and .java sources")
	}

	// A build.gradle (Groovy) makes Java's set run: it reads java.lang.
	d = set(catalog, extract.MarkerFile{Path: "app/build.gradle", Content: build.Content})
	if got := locate(d, "java.lang.String"); got != "-" || slices.Contains(d.(extract.Implicit).ImplicitImports(), "java.lang") {
		t.Errorf("with Java's set running, Kotlin's locates java.lang.String at %s", got)
	}
	if got := locate(d, "java.util.HashMap"); got != "java.base java/util" {
		t.Errorf("Locate(java.util.HashMap) = %s", got)
	}
	// Java's set names the dependencies that are missing (one sorting before
	// okio: the indices after it move); Kotlin's set
	// leaves them out (its standard library it names itself).
	d = set(catalog, extract.MarkerFile{Path: "app/build.gradle", Content: []byte("dependencies { implementation 'com.aaa:gone:1'\n implementation 'com.bbb:jlib:1'\n implementation(libs.okio) }\n")})
	for _, p := range d.Packages() {
		if p.Name == "com.aaa:gone" {
			t.Errorf("Kotlin's set names %s, which Java's names", p.Name)
		}
	}
	if got := locate(d, "okio.Buffer"); got != "com.squareup.okio:okio commonMain/okio" {
		t.Errorf("after a missing package left out, Locate(okio.Buffer) = %s", got)
	}
	if got := locate(d, "com.bbb.J"); got != "com.bbb:jlib com/bbb" {
		t.Errorf("after a missing package left out, Locate(com.bbb.J) = %s", got)
	}
	if got := locate(d, "java.util.HashMap"); got != "java.base java/util" {
		t.Errorf("after a missing package left out, Locate(java.util.HashMap) = %s", got)
	}
	// .java files: Java's set reads every Java source.
	d = set(catalog, build, extract.MarkerFile{Path: "app/src/main/java/A.java"})
	if got := locate(d, "java.util.HashMap"); got != "-" || d.Includes("HashMap.java", nil) {
		t.Errorf("with .java files, Kotlin's set locates java.util.HashMap at %s", got)
	}
	if got := locate(d, "okio.Buffer"); got != "com.squareup.okio:okio commonMain/okio" {
		t.Errorf("Locate(okio.Buffer) = %s", got)
	}
	// No Kotlin version: the standard library is named missing.
	d = set(build)
	if p := d.Packages()[len(d.Packages())-1]; p.Name != "org.jetbrains.kotlin:kotlin-stdlib" || p.Missing == "" {
		t.Errorf("without a Kotlin version: %+v", p)
	}
}

func writeZip(t *testing.T, p string, names ...string) {
	files := map[string]string{}
	for _, n := range names {
		files[n] = "package x\n"
	}
	extracttest.WriteZip(t, p, files)
}
