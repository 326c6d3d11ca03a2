package indexer

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// fakeGradleCache writes Gradle's cache holding the sources jars of
// com.acme:kgreet 1.0 and 1.1 (Kotlin sources, a multiplatform layout:
// greet() becomes greet2()) and of kotlin-stdlib 1.9.25, and points HOME
// and GRADLE_USER_HOME at it.
func fakeGradleCache(t *testing.T) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("MAVEN_OPTS", "")
	t.Setenv("GRADLE_USER_HOME", filepath.Join(home, ".gradle"))
	files := filepath.Join(home, ".gradle", "caches", "modules-2", "files-2.1")
	for v, fn := range map[string]string{"1.0": "greet", "1.1": "greet2"} {
		extracttest.WriteZip(t, filepath.Join(files, "com.acme", "kgreet", v, "0f"+v, "kgreet-"+v+"-sources.jar"), map[string]string{
			"commonMain/com/acme/kgreet/Greeter.kt": "package com.acme.kgreet\n\nclass Greeter(val name: String) {\n    fun " + fn + "(): String = \"hi \" + name\n}\n",
			"commonMain/com/acme/kgreet/Top.kt":     "package com.acme.kgreet\n\nfun shout(s: String): String = s.uppercase()\n",
		})
	}
	extracttest.WriteZip(t, filepath.Join(files, "org.jetbrains.kotlin", "kotlin-stdlib", "1.9.25", "77", "kotlin-stdlib-1.9.25-sources.jar"), map[string]string{
		"kotlin/collections/Collections.kt": "package kotlin.collections\n\npublic fun <T> listOf(vararg elements: T): List<T> = TODO()\n",
	})
}

// gradleKotlinSeed is a Gradle build with a version catalog, a settings
// file including the app project, and Kotlin code calling the dependency,
// the JDK and the standard library.
var gradleKotlinSeed = map[string]string{
	"settings.gradle.kts": "rootProject.name = \"ex\"\ninclude(\":app\")\n",
	"gradle/libs.versions.toml": `[versions]
kotlin = "1.9.25"
kgreet = "1.0"
[libraries]
kgreet = { module = "com.acme:kgreet", version.ref = "kgreet" }
gone = { module = "org.missing:gone", version = "2.0" }
[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
`,
	"app/build.gradle.kts": "plugins { alias(libs.plugins.kotlin.jvm) }\n\ndependencies {\n    implementation(libs.kgreet)\n    implementation(libs.gone)\n}\n",
	"app/src/main/kotlin/com/ex/App.kt": `package com.ex

import com.acme.kgreet.Greeter
import com.acme.kgreet.shout
import java.util.HashMap

class App {
    fun run(): String {
        val m = HashMap<String, Int>()
        m.put("a", 1)
        val xs = listOf(1, 2)
        return shout(Greeter("x").greet())
    }
}
`,
}

// TestPackagesKotlin: Kotlin files get targets in a Kotlin sources jar
// (a catalog dependency), the JDK (java.util.HashMap) and the Kotlin
// standard library at the catalog's Kotlin version; a dependency without
// a sources jar is named missing.
func TestPackagesKotlin(t *testing.T) {
	jdkSources(t)
	fakeGradleCache(t)
	repo := gittest.New(t, gradleKotlinSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep := syncPackages(t, loc, false, true)
	b, _ := json.Marshal(rep.Packages)
	if rep.Packages == nil || !strings.Contains(strings.Join(rep.Packages.Missing, "\n"), "kotlin org.missing:gone@2.0: no sources jar") {
		t.Fatalf("packages report %s, want org.missing:gone named missing", b)
	}
	d := dump(t, loc.Path)
	for _, want := range []string{
		"\"kotlin\"\t\"com.acme:kgreet\"\t\"1.0\"\t\"dependency\"",
		"\"kotlin\"\t\"org.jetbrains.kotlin:kotlin-stdlib\"\t\"1.9.25\"\t\"stdlib\"",
		"\"kotlin\"\t\"gradle:app\"\t\"\"\t\"own\"\t\"app\"",
		"\"com.acme.kgreet.Greeter.greet\"\t\"@kotlin/commonMain/com/acme/kgreet/Greeter.kt\"",
		"\"java.util.HashMap\"\t\"@kotlin/java/util/HashMap.java\"",
		"\"kotlin.collections.listOf\"\t\"@kotlin/kotlin/collections/Collections.kt\"",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	refs := sectionOf(d, "refs")
	for _, want := range []string{"\"com.acme.kgreet.Greeter.greet\"", "\"com.acme.kgreet.shout\"", "\"java.util.HashMap.put\"", "\"kotlin.collections.listOf\""} {
		if !strings.Contains(refs, want) {
			t.Errorf("refs lack %s", want)
		}
	}
	if testing.Verbose() {
		t.Log(d)
	}
}

// TestPackagesKotlinIncrementalEqualsCold: upgrading a catalog version,
// a JDK type starting and stopping being named, a Java file appearing
// (Java's set then reads the Java sources, Kotlin's leaves them) and
// going, a build file moving from the Kotlin DSL to
// Groovy and packages off and on give, incrementally, the index a cold
// build gives.
func TestPackagesKotlinIncrementalEqualsCold(t *testing.T) {
	jdkSources(t)
	fakeGradleCache(t)
	repo := gittest.New(t, gradleKotlinSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	write := func(p, s string) { gittest.WriteFile(t, repo.Root, p, s) }
	catalog := gradleKotlinSeed["gradle/libs.versions.toml"]
	steps := []struct {
		name     string
		do       func()
		packages bool
		want     string // in the dump after the step
		not      string // not in the dump after the step
	}{
		{"initial", func() {}, true, `"@kotlin/commonMain/com/acme/kgreet/Greeter.kt"`, ""},
		{"upgrade", func() {
			write("gradle/libs.versions.toml", strings.Replace(catalog, `kgreet = "1.0"`, `kgreet = "1.1"`, 1))
		},
			true, "\"com.acme.kgreet.Greeter.greet2\"", "\"com.acme.kgreet.Greeter.greet\"\t\"@kotlin/"},
		// Selection: the JDK's files are read as far as a Kotlin file names them.
		{"start naming TimeUnit", func() {
			write("app/src/main/kotlin/com/ex/Wait.kt", "package com.ex\n\nimport java.util.concurrent.TimeUnit\n\nfun unit() = TimeUnit.SECONDS\n")
		}, true, `"@kotlin/java/util/concurrent/TimeUnit.java"`, `"@kotlin/java/util/TreeMap.java"`},
		{"stop naming TimeUnit", func() { removeIf(t, repo.Root, "app/src/main/kotlin/com/ex/Wait.kt") },
			true, `"@kotlin/java/util/HashMap.java"`, `"@kotlin/java/util/concurrent/TimeUnit.java"`},
		{"a java file", func() {
			write("app/src/main/java/com/ex/J.java", "package com.ex;\n\nimport java.util.HashMap;\n\nclass J {\n    HashMap<String, Integer> m = new HashMap<>();\n}\n")
		}, true, `"@java/java/util/HashMap.java"`, `"@kotlin/java/`},
		{"no java file", func() { removeIf(t, repo.Root, "app/src/main/java/com/ex/J.java") }, true, `"@kotlin/java/util/HashMap.java"`, `"@java/`},
		{"groovy build", func() {
			removeIf(t, repo.Root, "app/build.gradle.kts")
			write("app/build.gradle", "dependencies {\n    implementation libs.kgreet\n}\n")
		}, true, `"@java/java/lang/String.java"`, `"@kotlin/java/lang/`},
		{"downgrade", func() { write("gradle/libs.versions.toml", catalog) }, true, "\"com.acme:kgreet\"\t\"1.0\"", ""},
		{"packages off", func() {}, false, "", `"@kotlin/`},
		{"packages on", func() {}, true, `"@kotlin/java/util/HashMap.java"`, ""},
	}
	for _, s := range steps {
		s.do()
		coldDump, _ := syncEqualsCold(t, s.name, loc, coldLoc, s.packages)
		if s.want != "" && !strings.Contains(coldDump, s.want) {
			t.Fatalf("step %s: dump lacks %s", s.name, s.want)
		}
		if s.not != "" && strings.Contains(coldDump, s.not) {
			t.Fatalf("step %s: dump holds %s", s.name, s.not)
		}
	}
}
