package java

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestGradleBuilds: a version catalog's libraries (module or group and
// name, version.ref, a plain version, string shorthand) and bundles as
// build.gradle.kts names them, named arguments in both DSLs, variables,
// platform(…) BOMs, commented-out lines, settings' included projects
// (with a moved projectDir) as own packages, and the Kotlin version the
// catalog's plugin gives.
func TestGradleBuilds(t *testing.T) {
	markers := []extract.MarkerFile{
		{Path: "gradle/libs.versions.toml", Content: []byte(`[versions]
kotlin = "1.9.25"
okhttp = "4.9.2"
[libraries]
okhttp3 = { module = "com.squareup.okhttp3:okhttp", version.ref = "okhttp" }
okhttp3-urlconnection = { group = "com.squareup.okhttp3", name = "okhttp-urlconnection", version = { ref = "okhttp" } }
junit = "junit:junit:4.13.2"
jackson-bom = { module = "com.fasterxml.jackson:jackson-bom", version = "2.17.0" }
jackson-databind = { module = "com.fasterxml.jackson.core:jackson-databind" }
guava_core = { module = "com.google.guava:guava", version = { strictly = "33.0-jre" } }
[bundles]
net = ["okhttp3", "okhttp3-urlconnection"]
[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
`)},
		{Path: "settings.gradle.kts", Content: []byte(`rootProject.name = "x"
include(":app", ":lib:core")
include(":docs") // documentation
project(":docs").projectDir = file("documentation")
// include(":gone")
`)},
		{Path: "build.gradle.kts", Content: []byte(`val retrofitVersion: String = "2.11.0"
plugins { alias(libs.plugins.kotlin.jvm) apply false }
`)},
		{Path: "app/build.gradle.kts", Content: []byte(`dependencies {
    implementation(libs.bundles.net)
    implementation(platform(libs.jackson.bom))
    implementation(libs.jackson.databind)
    api(libs.guava.core)
    testImplementation(libs.junit)
    implementation(project(":lib:core"))
    implementation("com.squareup.retrofit2:retrofit:$retrofitVersion")
    implementation(group = "org.named", name = "kts", version = "1.0")
    /* implementation("no:no:1") */
    classpath("not:a-dependency:1")
}
`)},
		{Path: "lib/core/build.gradle", Content: []byte(`ext { slf4j = '2.0.9' }
dependencies {
    implementation group: 'org.named', name: 'groovy', version: '2.0'
    implementation "org.slf4j:slf4j-api:${slf4j}"
    kapt 'com.google.dagger:dagger-compiler:2.51@jar'
    implementation "org.unknown:u:$nowhere"
}
`)},
	}
	b := readBuilds(markers)
	var own []string
	for _, o := range b.own {
		own = append(own, o.name+"@"+o.dir)
	}
	if want := []string{"gradle:.@", "gradle:app@app", "gradle:documentation@documentation", "gradle:lib/core@lib/core"}; !reflect.DeepEqual(own, want) {
		t.Errorf("own = %v, want %v", own, want)
	}
	want := []coordinate{
		{"com.fasterxml.jackson.core", "jackson-databind", ""},
		{"com.google.dagger", "dagger-compiler", "2.51"},
		{"com.google.guava", "guava", "33.0-jre"},
		{"com.squareup.okhttp3", "okhttp", "4.9.2"},
		{"com.squareup.okhttp3", "okhttp-urlconnection", "4.9.2"},
		{"com.squareup.retrofit2", "retrofit", "2.11.0"},
		{"junit", "junit", "4.13.2"},
		{"org.named", "groovy", "2.0"},
		{"org.named", "kts", "1.0"},
		{"org.slf4j", "slf4j-api", "2.0.9"},
	}
	if !reflect.DeepEqual(b.deps, want) {
		t.Errorf("deps =\n%v\nwant\n%v", b.deps, want)
	}
	if want := []coordinate{{"com.fasterxml.jackson", "jackson-bom", "2.17.0"}}; !reflect.DeepEqual(b.boms, want) {
		t.Errorf("boms = %v, want %v", b.boms, want)
	}
	if b.kotlin != "1.9.25" {
		t.Errorf("kotlin = %q, want 1.9.25", b.kotlin)
	}
}

// TestGradleKotlinPlugin: the Kotlin version of kotlin("jvm") version "v"
// and of a pom's kotlin-stdlib dependency.
func TestGradleKotlinPlugin(t *testing.T) {
	b := readBuilds([]extract.MarkerFile{{Path: "build.gradle.kts", Content: []byte(`plugins {
    kotlin("jvm") version "2.0.21"
    id("org.jetbrains.kotlin.plugin.serialization") version "1.9.0"
}`)}})
	if b.kotlin != "2.0.21" {
		t.Errorf("kotlin = %q, want 2.0.21", b.kotlin)
	}
	b = readBuilds([]extract.MarkerFile{{Path: "pom.xml", Content: []byte(`<project><groupId>g</groupId><artifactId>a</artifactId>
<properties><kotlin.version>1.8.22</kotlin.version></properties>
<dependencies><dependency><groupId>org.jetbrains.kotlin</groupId><artifactId>kotlin-stdlib-jdk8</artifactId><version>${kotlin.version}</version></dependency></dependencies></project>`)}})
	if b.kotlin != "1.8.22" {
		t.Errorf("pom kotlin = %q, want 1.8.22", b.kotlin)
	}
}

// TestGradleBOM: a dependency without a version takes the one the
// platform BOM's pom manages, read from Gradle's cache; its sources jar
// there is the package's root. A dynamic version (1.+) takes the highest
// 1.x either repository holds a sources jar of.
func TestGradleBOM(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, "g"))
	files := filepath.Join(home, "g", "caches", "modules-2", "files-2.1")
	bom := filepath.Join(files, "org.b", "b-bom", "3.1", "0a1b", "b-bom-3.1.pom")
	if err := os.MkdirAll(filepath.Dir(bom), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(bom, []byte(`<project><groupId>org.b</groupId><artifactId>b-bom</artifactId><version>3.1</version>
<properties><b.v>${project.version}</b.v></properties>
<dependencyManagement><dependencies>
<dependency><groupId>org.b</groupId><artifactId>b-core</artifactId><version>${b.v}</version></dependency>
</dependencies></dependencyManagement></project>`), 0o644)
	jar := filepath.Join(files, "org.b", "b-core", "3.1", "9f9f", "b-core-3.1-sources.jar")
	writeZip(t, jar, "org/b/Core.java")
	writeZip(t, filepath.Join(files, "org.d", "d", "1.2.0", "aa", "d-1.2.0-sources.jar"), "org/d/D.java")
	writeZip(t, filepath.Join(files, "org.d", "d", "1.10.1", "bb", "d-1.10.1-sources.jar"), "org/d/D.java")
	writeZip(t, filepath.Join(home, ".m2", "repository", "org", "d", "d", "1.11.0", "d-1.11.0-sources.jar"), "org/d/D.java")
	if err := os.MkdirAll(filepath.Join(files, "org.d", "d", "2.0.0", "cc"), 0o755); err != nil { // no sources jar
		t.Fatal(err)
	}
	m := &javaModules{host: extracttest.Host{}, markers: []extract.MarkerFile{{Path: "build.gradle", Content: []byte(`dependencies {
    implementation platform('org.b:b-bom:3.1')
    implementation 'org.b:b-core'
    implementation 'org.c:c'
    implementation 'org.d:d:1.+'
}`)}}}
	d := m.Dependencies(nil)
	var got []string
	for _, p := range d.Packages() {
		if p.Kind == extract.PackageDependency {
			got = append(got, p.Name+"@"+p.Version+" "+strings.TrimPrefix(p.Root, files)+" "+p.Missing)
		}
	}
	want := []string{
		"org.b:b-core@3.1 /org.b/b-core/3.1/9f9f/b-core-3.1-sources.jar ",
		"org.c:c@  no version in the build files",
		"org.d:d@1.11.0 " + strings.TrimPrefix(filepath.Join(home, ".m2", "repository", "org", "d", "d", "1.11.0", "d-1.11.0-sources.jar"), files) + " ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("packages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if pkg, places, ok := d.Locate("org.b.Core"); !ok || d.Packages()[pkg].Name != "org.b:b-core" || !reflect.DeepEqual(places, []string{"org/b"}) {
		t.Errorf("Locate(org.b.Core) = %d %v %v", pkg, places, ok)
	}
}

// TestGradleMarkers: the Gradle files the dependency set reads are
// markers; a catalog only in a gradle/ directory.
func TestGradleMarkers(t *testing.T) {
	e := New()
	for p, want := range map[string]bool{
		"build.gradle": true, "a/build.gradle.kts": true, "settings.gradle": true, "settings.gradle.kts": true,
		"gradle/libs.versions.toml": true, "b/gradle/deps.versions.toml": true, "libs.versions.toml": false,
		"pom.xml": true, "A.java": false, "gradle.properties": true, "a/gradle.properties": true, "x.properties": false,
	} {
		if m, c := e.Marker(p); m != want || c != want {
			t.Errorf("Marker(%s) = %v %v, want %v", p, m, c, want)
		}
	}
}

// TestExternalParentBOM: a pom whose parent is not in the worktree
// (spring-boot-starter-parent) takes the versions the parent's own parent
// manages, through a property, and those of a BOM that parent imports,
// all read from the local Maven repository.
func TestExternalParentBOM(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, "g"))
	repo := filepath.Join(home, ".m2", "repository")
	writePom := func(rel, content string) {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(p, []byte(content), 0o644)
	}
	writePom("org/s/starter-parent/3.0/starter-parent-3.0.pom", `<project><parent><groupId>org.s</groupId><artifactId>deps</artifactId><version>3.0</version></parent>
<artifactId>starter-parent</artifactId></project>`)
	writePom("org/s/deps/3.0/deps-3.0.pom", `<project><groupId>org.s</groupId><artifactId>deps</artifactId><version>3.0</version>
<properties><x.version>1.5</x.version><y-bom.version>2</y-bom.version></properties>
<dependencyManagement><dependencies>
<dependency><groupId>org.x</groupId><artifactId>x</artifactId><version>${x.version}</version></dependency>
<dependency><groupId>org.y</groupId><artifactId>y-bom</artifactId><version>${y-bom.version}</version><type>pom</type><scope>import</scope></dependency>
</dependencies></dependencyManagement></project>`)
	writePom("org/y/y-bom/2/y-bom-2.pom", `<project><groupId>org.y</groupId><artifactId>y-bom</artifactId><version>2</version>
<dependencyManagement><dependencies><dependency><groupId>org.y</groupId><artifactId>y</artifactId><version>2.2</version></dependency></dependencies></dependencyManagement></project>`)
	writeZip(t, filepath.Join(repo, "org", "x", "x", "1.5", "x-1.5-sources.jar"), "org/x/X.java")
	writeZip(t, filepath.Join(repo, "org", "y", "y", "2.2", "y-2.2-sources.jar"), "org/y/Y.java")
	m := &javaModules{host: extracttest.Host{}, markers: []extract.MarkerFile{{Path: "pom.xml", Content: []byte(`<project>
<parent><groupId>org.s</groupId><artifactId>starter-parent</artifactId><version>3.0</version><relativePath/></parent>
<groupId>com.ex</groupId><artifactId>app</artifactId>
<dependencies>
<dependency><groupId>org.x</groupId><artifactId>x</artifactId></dependency>
<dependency><groupId>org.y</groupId><artifactId>y</artifactId></dependency>
</dependencies></project>`)}}}
	var got []string
	for _, p := range m.Dependencies(nil).Packages() {
		if p.Kind == extract.PackageDependency {
			got = append(got, p.Name+"@"+p.Version+" "+p.Missing)
		}
	}
	if want := []string{"org.x:x@1.5 ", "org.y:y@2.2 "}; !reflect.DeepEqual(got, want) {
		t.Errorf("packages %q, want %q", got, want)
	}
}

// TestGradleExtBlockBraceInString: a brace inside a string of an ext
// block does not end the block early.
func TestGradleExtBlockBraceInString(t *testing.T) {
	vars := map[string]string{}
	gradleVars("ext {\n    open = '}'\n    okVersion = \"4.12.0\"\n}\n", vars)
	if vars["okVersion"] != "4.12.0" || vars["open"] != "}" {
		t.Errorf("ext block variables = %v, want okVersion 4.12.0 and open }", vars)
	}
}

// TestGradleProperties: a gradle.properties file's keys are variables of
// the build files at and below its directory (${kotlinVersion}, $okVersion
// in both DSLs, a Kotlin DSL's `by project` delegate), a nearer file's
// value overriding; comments and continued lines are not read.
func TestGradleProperties(t *testing.T) {
	markers := []extract.MarkerFile{
		{Path: "gradle.properties", Content: []byte("# versions\nkotlinVersion=1.9.25\nokVersion = 4.12.0\n! old: okVersion=1\nguavaVersion: 33.0-jre\njunitVersion 4.13.2\nlong=a\\\n  b\n")},
		{Path: "build.gradle", Content: []byte(`plugins { id 'org.jetbrains.kotlin.jvm' version "${kotlinVersion}" }
dependencies { implementation "com.squareup.okhttp3:okhttp:$okVersion" }
`)},
		{Path: "app/gradle.properties", Content: []byte("okVersion=4.11.0\n")},
		{Path: "app/build.gradle.kts", Content: []byte(`val guavaVersion: String by project
dependencies {
    implementation("com.squareup.okhttp3:okhttp-urlconnection:${okVersion}")
    implementation("com.google.guava:guava:$guavaVersion")
    testImplementation("junit:junit:$junitVersion")
    implementation("org.x:long:$long")
}
`)},
	}
	b := readBuilds(markers)
	want := []coordinate{
		{"com.google.guava", "guava", "33.0-jre"},
		{"com.squareup.okhttp3", "okhttp", "4.12.0"},
		{"com.squareup.okhttp3", "okhttp-urlconnection", "4.11.0"},
		{"junit", "junit", "4.13.2"},
	}
	got := append([]coordinate(nil), b.deps...)
	sort.Slice(got, func(i, j int) bool { return got[i].group+got[i].artifact < got[j].group+got[j].artifact })
	if !reflect.DeepEqual(got, want) {
		t.Errorf("deps = %v, want %v", got, want)
	}
	if b.kotlin != "1.9.25" {
		t.Errorf("kotlin = %q, want 1.9.25", b.kotlin)
	}
	var own []string
	for _, o := range b.own {
		own = append(own, o.dir)
	}
	if want := []string{"", "app"}; !reflect.DeepEqual(own, want) {
		t.Errorf("own = %q, want %q: a properties file makes no project", own, want)
	}
}

// FuzzWordRegexp: each scan finds the matches its regexp unanchored,
// with \b before its words, finds from every byte (the configurations'
// scan keeps those naming a configuration).
func FuzzWordRegexp(f *testing.F) {
	for _, s := range []string{
		"dependencies {\n  implementation(\"a:b:1\")\n  api 'c:d:2'\n  testImplementation platform(libs.bom)\n}\n",
		"val okVersion = \"4.12.0\"\next.x = '1'\nextra[\"y\"] = \"2\"\nset('z', '3')\ndef w: String = 'v'\n",
		"ext {\n  a = '1'\n}\nplugins { kotlin(\"jvm\") version \"1.9.0\"\n id 'org.jetbrains.kotlin.android' version '2.0' }\n",
		"1val x = '1' _ext.y = '2' éapi(\"a:b\") valval x = '3' val x = \"1\"val y = '2'",
		"compileOnly\n  (x) kapt  \n 'a:b' ksp\t\"c:d\"",
	} {
		f.Add(s)
	}
	scans := []struct {
		w    wordRegexp
		orig *regexp.Regexp
	}{
		{gradleConf, regexp.MustCompile(`\b([A-Za-z]\w*)\s*(\(|[ \t]+)`)},
		{gradleVar, regexp.MustCompile(`(?:\b(?:val|var|def|String)\s+|\bext\.|\bextra\[\s*["']|\bset\(\s*["'])(\w+)["']?\s*\]?\s*(?::\s*\w+\s*)?[=,]\s*(?:"([^"$\n]*)"|'([^'\n]*)')`)},
		{extBlock, regexp.MustCompile(`\bext\s*\{`)},
		{kotlinPlugin, regexp.MustCompile(`(?:\bkotlin\s*\(\s*["']\w+["']\s*\)|\bid\s*\(?\s*["']org\.jetbrains\.kotlin\.[\w.]+["']\s*\)?)\s*version\s*\(?\s*["']([^"'\n]+)["']`)},
	}
	f.Fuzz(func(t *testing.T, src string) {
		for k, sc := range scans {
			var want [][]int
			for _, loc := range sc.orig.FindAllStringSubmatchIndex(src, -1) {
				if k > 0 || isConfiguration(src[loc[2]:loc[3]]) {
					want = append(want, loc)
				}
			}
			if got := sc.w.findAll(src); !reflect.DeepEqual(got, want) {
				t.Fatalf("scan %d of %q: %v, want %v", k, src, got, want)
			}
		}
	})
}
