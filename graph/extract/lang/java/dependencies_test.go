package java

import (
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestReadBuilds: a module's dependency takes its version from the
// parent's dependencyManagement through a property, a version range is
// pinned, two build files pinning one dependency keep the highest version,
// build.gradle's string notation is read, the worktree's own modules are
// not dependencies, and import-scoped BOMs (whose managed versions apply
// as a Gradle platform's do) and unresolved properties are left out.
func TestReadBuilds(t *testing.T) {
	markers := []extract.MarkerFile{
		{Path: "pom.xml", Content: []byte(`<project><groupId>g</groupId><artifactId>parent</artifactId><version>3</version>
<properties><lib.version>1.2</lib.version><lib2>${lib.version}</lib2></properties>
<dependencyManagement><dependencies>
  <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>${lib2}</version></dependency>
  <dependency><groupId>org.bom</groupId><artifactId>bom</artifactId><version>1</version><scope>import</scope><type>pom</type></dependency>
</dependencies></dependencyManagement></project>`)},
		{Path: "core/pom.xml", Content: []byte(`<project><parent><groupId>g</groupId><artifactId>parent</artifactId><version>3</version></parent>
<artifactId>core</artifactId>
<dependencies>
  <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId></dependency>
  <dependency><groupId>g</groupId><artifactId>util</artifactId><version>${project.version}</version></dependency>
  <dependency><groupId>org.x</groupId><artifactId>x</artifactId><version>${nowhere}</version></dependency>
  <dependency><groupId>org.r</groupId><artifactId>r</artifactId><version>[2.0]</version></dependency>
</dependencies></project>`)},
		{Path: "util/pom.xml", Content: []byte(`<project><parent><groupId>g</groupId><artifactId>parent</artifactId><version>3</version></parent>
<artifactId>util</artifactId>
<dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.10</version></dependency></dependencies></project>`)},
		{Path: "app/build.gradle", Content: []byte("dependencies {\n    implementation 'com.g:gr:4.1'\n    testImplementation(\"junit:junit:4.13.2\")\n    // implementation 'no:no:1'\n}\n")},
	}
	b := readBuilds(markers)
	var own []string
	for _, o := range b.own {
		own = append(own, o.name+"@"+o.dir)
	}
	if want := []string{"gradle:app@app", "g:parent@", "g:core@core", "g:util@util"}; !reflect.DeepEqual(own, want) {
		t.Errorf("own = %v, want %v", own, want)
	}
	want := []coordinate{{"com.g", "gr", "4.1"}, {"junit", "junit", "4.13.2"}, {"org.lib", "lib", "1.10"}, {"org.r", "r", "2.0"}}
	if !reflect.DeepEqual(b.deps, want) {
		t.Errorf("deps = %v, want %v", b.deps, want)
	}
	if want := []coordinate{{"org.bom", "bom", "1"}}; !reflect.DeepEqual(b.boms, want) {
		t.Errorf("boms = %v, want %v (an import-scoped BOM applies as a platform)", b.boms, want)
	}
}

// TestLocate: an import path is located in the archive holding its
// longest directory prefix of .java files; the JDK's modules become
// packages rooted inside src.zip; a missing sources jar is named.
func TestLocate(t *testing.T) {
	dir := t.TempDir()
	writeZip(t, filepath.Join(dir, "lib", "src.zip"), "java.base/java/util/List.java", "java.base/java/util/Map.java",
		"java.base/module-info.java", "java.sql/java/sql/Connection.java")
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, "g"))
	jar := filepath.Join(home, ".m2", "repository", "org", "lib", "lib", "1.0", "lib-1.0-sources.jar")
	writeZip(t, jar, "org/lib/Lib.java", "org/lib/Util.java", "META-INF/MANIFEST.MF")
	m := &javaModules{host: extracttest.Host{}, markers: []extract.MarkerFile{{Path: "pom.xml", Content: []byte(`<project><groupId>g</groupId><artifactId>a</artifactId>
<dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.0</version></dependency>
<dependency><groupId>org.gone</groupId><artifactId>gone</artifactId><version>2</version></dependency></dependencies></project>`)}}}
	d := m.Dependencies([]byte("Property settings:\n    java.home = " + dir + "\n    java.version = 17.0.9\n"))
	var got []string
	for _, p := range d.Packages() {
		got = append(got, p.Kind.String()+" "+p.Name+"@"+p.Version+" "+strings.TrimPrefix(strings.TrimPrefix(p.Root, dir), home)+" "+p.Missing)
	}
	want := []string{
		"own g:a@  ",
		"stdlib java.base@17.0.9 /lib/src.zip!/java.base ",
		"stdlib java.sql@17.0.9 /lib/src.zip!/java.sql ",
		"dependency org.gone:gone@2  no sources jar (gone-2-sources.jar) in the Maven repository or Gradle's cache",
		"dependency org.lib:lib@1.0 /.m2/repository/org/lib/lib/1.0/lib-1.0-sources.jar ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("packages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, c := range []struct {
		imp   string
		pkg   int
		place string
	}{
		{"java.util.List", 1, "java/util"},
		{"java.util", 1, "java/util"},
		{"java.util.Map.Entry", 1, "java/util"},
		{"java.sql.Connection", 2, "java/sql"},
		{"org.lib.Lib.helper", 4, "org/lib"},
		{"org.other.X", -1, ""},
		{"java.lang.String", -1, ""},
	} {
		pkg, places, ok := d.Locate(c.imp)
		if c.pkg < 0 {
			if ok {
				t.Errorf("Locate(%s) = %d %v, want none", c.imp, pkg, places)
			}
			continue
		}
		if !ok || pkg != c.pkg || !reflect.DeepEqual(places, []string{c.place}) {
			t.Errorf("Locate(%s) = %d %v %v, want %d [%s]", c.imp, pkg, places, ok, c.pkg, c.place)
		}
	}
	if d.Includes("module-info.java", nil) || !d.Includes("List.java", nil) || d.Includes("MANIFEST.MF", nil) {
		t.Error("Includes: .java files but module-info.java")
	}
	if nd := m.Dependencies(nil); nd.Packages()[1].Missing == "" {
		t.Errorf("without a probe the JDK is not named missing: %+v", nd.Packages()[1])
	}
}

func writeZip(t *testing.T, p string, names ...string) {
	files := map[string]string{}
	for _, n := range names {
		files[n] = "package x;\n"
	}
	extracttest.WriteZip(t, p, files)
}

// TestEntryDir: path.Dir's answer for an archive's entry names, clean or
// not.
func TestEntryDir(t *testing.T) {
	for _, name := range []string{"java.base/java/util/List.java", "List.java", "a/b/", "./a/B.java", "a//B.java", "a/./B.java", "../B.java", "/B.java", "a/."} {
		if got, want := entryDir(name), path.Dir(name); got != want {
			t.Errorf("entryDir(%q) = %q, want %q", name, got, want)
		}
	}
}
