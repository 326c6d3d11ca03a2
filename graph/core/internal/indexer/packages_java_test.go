package indexer

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// jdkSources is the JDK's src.zip as the java on PATH reports its home;
// the test is skipped, saying why, when there is none.
func jdkSources(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("java", "-XshowSettings:properties", "-version").CombinedOutput()
	if err != nil {
		t.Skipf("no java on PATH (%v): the JDK's sources cannot be found", err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if home, ok := strings.CutPrefix(strings.TrimSpace(l), "java.home = "); ok {
			zip := filepath.Join(home, "lib", "src.zip")
			if fi, err := os.Stat(zip); err == nil && fi.Mode().IsRegular() {
				return zip
			}
			t.Skipf("no JDK sources at %s (Debian: apt-get install openjdk-17-source)", zip)
		}
	}
	t.Skip("java reported no java.home")
	return ""
}

// fakeM2 writes a local Maven repository holding the sources jars of
// com.acme:greet 1.0 and 1.1 (Greeter gains bye, Hello.hello becomes
// hello2), each built by the JDK's jar tool, and points HOME at it. Both
// hold Maker, whose static make returns a Greeter, and Unused, which
// nothing names.
func fakeM2(t *testing.T) {
	t.Helper()
	jar, err := exec.LookPath("jar")
	if err != nil {
		t.Skip("no jar tool (the JDK's) to build a sources jar")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, ".gradle"))
	versions := map[string][2]string{
		"1.0": {"package com.acme.greet;\n\npublic interface Greeter {\n    String greet();\n}\n",
			"package com.acme.greet;\n\npublic class Hello {\n    public static String hello() { return \"hi\"; }\n}\n"},
		"1.1": {"package com.acme.greet;\n\npublic interface Greeter {\n    String greet();\n    void bye();\n}\n",
			"package com.acme.greet;\n\npublic class Hello {\n    public static String hello2() { return \"hi\"; }\n}\n"},
	}
	for v, src := range versions {
		dir := t.TempDir()
		gittest.WriteFile(t, dir, "com/acme/greet/Greeter.java", src[0])
		gittest.WriteFile(t, dir, "com/acme/greet/Hello.java", src[1])
		gittest.WriteFile(t, dir, "com/acme/greet/sub/Sub.java", "package com.acme.greet.sub;\n\npublic class Sub {\n    public static void sub() {}\n}\n")
		gittest.WriteFile(t, dir, "com/acme/greet/Maker.java", "package com.acme.greet;\n\npublic final class Maker {\n    public static Greeter make() { return null; }\n}\n")
		gittest.WriteFile(t, dir, "com/acme/greet/Unused.java", "package com.acme.greet;\n\npublic class Unused {\n    public static void unused() {}\n}\n")
		out := filepath.Join(home, ".m2", "repository", "com", "acme", "greet", v, "greet-"+v+"-sources.jar")
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(jar, "cf", out, "com")
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("jar: %v\n%s", err, b)
		}
	}
}

// mavenSeed is a parent pom pinning com.acme:greet through a property in
// its dependencyManagement, and a module using it, the JDK and a
// dependency no repository holds.
var mavenSeed = map[string]string{
	"pom.xml": `<project>
  <groupId>com.ex</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging>
  <properties><greet.version>1.0</greet.version></properties>
  <dependencyManagement><dependencies>
    <dependency><groupId>com.acme</groupId><artifactId>greet</artifactId><version>${greet.version}</version></dependency>
  </dependencies></dependencyManagement>
</project>
`,
	"app/pom.xml": `<project>
  <parent><groupId>com.ex</groupId><artifactId>parent</artifactId><version>1</version></parent>
  <artifactId>app</artifactId>
  <dependencies>
    <dependency><groupId>com.acme</groupId><artifactId>greet</artifactId></dependency>
    <dependency><groupId>org.missing</groupId><artifactId>gone</artifactId><version>2.0</version></dependency>
  </dependencies>
</project>
`,
	"app/src/main/java/com/ex/App.java": `package com.ex;

import com.acme.greet.Greeter;
import com.acme.greet.Hello;
import java.util.ArrayList;
import java.util.List;

public class App implements Greeter, Runnable {
    private final List<String> names = new ArrayList<>();

    public String greet() { return Hello.hello(); }

    public void bye() {}

    public void run() {
        List<String> list = names;
        list.add("x");
    }
}
`,
}

// TestPackagesJava: a Maven dependency's sources jar and the JDK's
// src.zip are read from their archives; a call into the dependency, a
// method of java.util.List and the implemented interfaces (a dependency's,
// java.lang.Runnable) get their external definitions; a dependency
// without a sources jar is named missing. Only the files declaring what
// the worktree names, and what those need, are read: List's supertypes
// (Collection, Iterable), not HashMap nor the dependency's Unused.
func TestPackagesJava(t *testing.T) {
	jdkSources(t)
	fakeM2(t)
	repo := gittest.New(t, mavenSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep := syncPackages(t, loc, false, true)
	b, _ := json.Marshal(rep.Packages)
	if rep.Packages == nil || rep.Packages.Indexed != 2 || rep.Packages.MissingCount != 1 ||
		!strings.Contains(strings.Join(rep.Packages.Missing, "\n"), "java org.missing:gone@2.0: no sources jar") {
		t.Fatalf("packages report %s, want com.acme:greet and java.base indexed, org.missing:gone named missing", b)
	}
	d := dump(t, loc.Path)
	for _, want := range []string{
		"\"java\"\t\"com.acme:greet\"\t\"1.0\"\t\"dependency\"",
		"\"java\"\t\"java.base\"\t",
		"\"java\"\t\"com.ex:app\"\t\"\"\t\"own\"\t\"app\"",
		"\"com.acme.greet.Hello.hello\"\t\"@java/com/acme/greet/Hello.java\"",
		"\"java.util.List.add\"\t\"@java/java/util/List.java\"",
		"\"com.ex.App\"\t\"com.acme.greet.Greeter\"\t\"implements\"",
		"\"com.ex.App\"\t\"java.lang.Runnable\"\t\"implements\"",
		`"@java/java/lang/Runnable.java"`,
		`"@java/java/util/Collection.java"`,
		`"@java/java/lang/Iterable.java"`,
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	for _, bad := range []string{"@java/com/acme/greet/sub/", "module-info.java", "@java/java.base/"} {
		if strings.Contains(d, bad) {
			t.Errorf("dump holds %s: packages nobody imports and module declarations stay out, files sit under their package's path", bad)
		}
	}
	for _, bad := range []string{`"@java/java/util/HashMap.java"`, `"@java/com/acme/greet/Unused.java"`, `"@java/com/acme/greet/Maker.java"`, `"@java/java/lang/Thread.java"`} {
		if strings.Contains(d, bad) {
			t.Errorf("dump holds %s, which nothing names", bad)
		}
	}
	if n := strings.Count("\n"+sectionOf(d, "refs"), "\n\"@java/"); n != 0 {
		t.Errorf("external files have %d refs; they keep declarations only", n)
	}
}

// TestPackagesJavaIncrementalEqualsCold: upgrading the dependency through
// the parent's property, importing a new package of it, removing and
// re-adding it and turning packages off and on give, incrementally, the
// index a cold build gives.
func TestPackagesJavaIncrementalEqualsCold(t *testing.T) {
	fakeM2(t)
	repo := gittest.New(t, mavenSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	write := func(p, s string) { gittest.WriteFile(t, repo.Root, p, s) }
	appPom := mavenSeed["app/pom.xml"]
	steps := []struct {
		name     string
		do       func()
		packages bool
		want     string // in the dump after the step
	}{
		{"initial", func() {}, true, "\"com.acme.greet.Hello.hello\"\t\"@java/com/acme/greet/Hello.java\""},
		{"upgrade", func() { write("pom.xml", strings.Replace(mavenSeed["pom.xml"], ">1.0<", ">1.1<", 1)) }, true, "\"com.acme:greet\"\t\"1.1\""},
		{"import a new package", func() {
			write("app/src/main/java/com/ex/Extra.java", "package com.ex;\n\nimport com.acme.greet.sub.Sub;\n\nclass Extra {\n    void x() { Sub.sub(); }\n}\n")
		}, true, `"@java/com/acme/greet/sub/Sub.java"`},
		{"downgrade", func() { write("pom.xml", mavenSeed["pom.xml"]) }, true, "\"com.acme:greet\"\t\"1.0\""},
		{"remove the dependency", func() {
			write("app/pom.xml", strings.Replace(appPom, "<dependency><groupId>com.acme</groupId><artifactId>greet</artifactId></dependency>", "", 1))
		}, true, ""},
		{"depend again", func() { write("app/pom.xml", appPom) }, true, `"@java/com/acme/greet/Hello.java"`},
		{"drop the import of sub", func() { removeIf(t, repo.Root, "app/src/main/java/com/ex/Extra.java") }, true, ""},
		// Selection: a static call through an on-demand import names
		// make alone; Maker is read while a file states it.
		{"start naming make", func() {
			write("app/src/main/java/com/ex/Mk.java", "package com.ex;\n\nimport com.acme.greet.*;\n\nclass Mk {\n    Object m() { return Maker.make(); }\n}\n")
		}, true, `"@java/com/acme/greet/Maker.java"`},
		{"stop naming make", func() {
			write("app/src/main/java/com/ex/Mk.java", "package com.ex;\n\nimport com.acme.greet.*;\n\nclass Mk {\n    Object m() { return null; }\n}\n")
		}, true, ""},
		// No Java file changes: the selection's inputs are the last
		// one's, so the sync keeps the files the index holds (not every
		// file of the directories located: Unused stays out).
		{"edit another file", func() { write("README.md", "# app\n") }, true, `"@java/com/acme/greet/Greeter.java"`},
		{"packages off", func() {}, false, ""},
		{"packages on", func() {}, true, `"@java/com/acme/greet/Greeter.java"`},
	}
	for _, s := range steps {
		s.do()
		coldDump, _ := syncEqualsCold(t, s.name, loc, coldLoc, s.packages)
		if s.want != "" && !strings.Contains(coldDump, s.want) {
			t.Fatalf("step %s: dump lacks %s", s.name, s.want)
		}
		if (s.name == "stop naming make" || s.name == "initial" || s.name == "edit another file") && strings.Contains(coldDump, "@java/com/acme/greet/Maker.java") {
			t.Fatalf("step %s: Maker is read, but nothing names it", s.name)
		}
		if s.name == "remove the dependency" && strings.Contains(coldDump, "@java/com/acme/") {
			t.Fatalf("step %s: the removed dependency's files remain", s.name)
		}
		if !s.packages && strings.Contains(coldDump, `"@java/`) {
			t.Fatalf("step %s: packages off, but external files remain", s.name)
		}
	}
}

// countingJava is Java's extractor counting the dependency files it
// extracts (its other abilities promoted).
type countingJava struct {
	*java.Extractor
	deps *atomic.Int32
}

func (c countingJava) Extract(in extract.Input) *extract.ExtractedFile {
	if in.DeclarationsOnly {
		c.deps.Add(1)
	}
	return c.Extractor.Extract(in)
}

// TestPackagesJavaBundles: a dependency's files read from archives (a
// sources jar, the JDK's src.zip) are taken from the extraction cache's
// bundles by a second cold build, which parses none of them and equals a
// build without the cache.
func TestPackagesJavaBundles(t *testing.T) {
	jdkSources(t)
	fakeM2(t)
	repo := gittest.New(t, mavenSeed)
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "java-bundles"})
	if err != nil {
		t.Fatal(err)
	}
	var parsed atomic.Int32
	var exs []extract.Extractor
	for _, e := range all.Registry().Extractors() {
		if e.Lang() == "java" {
			e = countingJava{java.New(), &parsed}
		}
		exs = append(exs, e)
	}
	reg := extract.NewRegistry(exs...)
	build := func(c *xcache.Cache) (Report, string) {
		loc, _ := dbpath.Resolve(repo.Root, extract.Version)
		loc.Path = filepath.Join(t.TempDir(), "x.db")
		rep, err := Run(Options{Location: loc, Registry: reg, Packages: true, Full: true, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		return rep, dump(t, loc.Path)
	}
	rep, _ := build(cache)
	if n := parsed.Load(); n == 0 || int(n) != rep.Packages.Files {
		t.Fatalf("cold build parsed %d dependency files of %d", n, rep.Packages.Files)
	}
	parsed.Store(0)
	_, warm := build(cache)
	if n := parsed.Load(); n != 0 {
		t.Errorf("second build parsed %d dependency files; its bundles hold them all", n)
	}
	if _, cold := build(nil); cold != warm {
		n, diff := dumpDiff(cold, warm, 20)
		t.Errorf("built from bundles differs from built without the cache in %d rows (- without, + bundles):\n%s", n, diff)
	}
}

// TestPackagesJavaEditKeepsSelection: editing a Java file so that it names
// and imports what it did keeps the selection (a .java file is Kotlin's
// marker by its presence alone, not its content), while a new Java file
// selects again; each sync equals a cold build.
func TestPackagesJavaEditKeepsSelection(t *testing.T) {
	fakeM2(t)
	repo := gittest.New(t, mavenSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	syncEqualsCold(t, "initial", loc, coldLoc, true)
	app := "app/src/main/java/com/ex/App.java"
	for _, s := range []struct {
		name     string
		do       func()
		selected int
	}{
		{"comment App.java", func() { gittest.WriteFile(t, repo.Root, app, mavenSeed[app]+"// a comment\n") }, 0},
		{"a new Java file", func() {
			gittest.WriteFile(t, repo.Root, "app/src/main/java/com/ex/B.java", "package com.ex;\n\nclass B {}\n")
		}, 1},
	} {
		s.do()
		inc := syncPackages(t, loc, false, true)
		if inc.Packages == nil || inc.Packages.Selected != s.selected {
			t.Fatalf("step %s: packages report %+v; want %d languages selected again", s.name, inc.Packages, s.selected)
		}
		syncPackages(t, coldLoc, true, true)
		if incDump, coldDump := dump(t, loc.Path), dump(t, coldLoc.Path); incDump != coldDump {
			n, diff := dumpDiff(coldDump, incDump, 40)
			t.Fatalf("step %s: %d rows differ (- cold, + incremental):\n%s", s.name, n, diff)
		}
	}
}
