package indexer

import (
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
)

// defaultsProbe are paths that touch every default rule: each name as a
// directory and as a file, at the root and below it.
func defaultsProbe() (dirs, files []string) {
	var names []string
	for _, m := range []map[string]bool{defaultIgnoredDirs, defaultIgnoredRootDirs, defaultIgnoredFiles} {
		names = append(names, sortedSet(m)...)
	}
	for _, s := range defaultIgnoredSuffixes {
		names = append(names, "x"+s)
	}
	names = append(names, "src", "main.go", "notvendor", "vendor.go", "dist.py", "a.mapx")
	for _, n := range names {
		for _, at := range []string{"", "pkg/", "pkg/deep/"} {
			dirs = append(dirs, at+n)
			files = append(files, at+n, at+n+"/f.py")
		}
	}
	return dirs, files
}

// included is what the scan decides: rel is indexed when no directory
// above it is excluded and it is not.
func included(s ignoreStack, rel string, isDir bool) bool {
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		if s.ignored(strings.Join(parts[:i], "/"), true) {
			return false
		}
	}
	return !s.ignored(rel, isDir)
}

// The written file alone (without the built-in defaults under it) decides
// every probe path as the defaults do.
func TestDefaultIgnoreFileMatchesDefaults(t *testing.T) {
	defaults := ignoreStack{{dir: "", rules: defaultRules{}}}
	file := ignoreStack{newMatcher("", DefaultIgnoreFile())}
	dirs, files := defaultsProbe()
	excluded := 0
	for _, c := range []struct {
		paths []string
		isDir bool
	}{{dirs, true}, {files, false}} {
		for _, p := range c.paths {
			want := included(defaults, p, c.isDir)
			if got := included(file, p, c.isDir); got != want {
				t.Errorf("%s (dir %v): indexed %v with the file alone, %v with the defaults", p, c.isDir, got, want)
			}
			if !want {
				excluded++
			}
		}
	}
	if excluded < 50 {
		t.Fatalf("only %d probe paths are excluded by the defaults: the probe misses them", excluded)
	}
}

// With the file at the root, a scan finds exactly the files it finds
// without it.
func TestDefaultIgnoreFileScansTheSame(t *testing.T) {
	root := t.TempDir()
	_, files := defaultsProbe()
	for _, f := range append(files, "web/app.min.js", "web/app.js") {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			continue // a file of that name is in the way
		}
		if path.Ext(f) == "" {
			f += "/f.py" // names without an extension are tried as directories too
			p = filepath.Join(root, filepath.FromSlash(f))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				continue
			}
		}
		os.WriteFile(p, []byte("x = 1\n"), 0o644)
	}
	langs := newLanguages(all.Registry())
	scanPaths := func() []string {
		res, err := scan(root, langs, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range res.Files {
			if c.Path != ".orbitignore" {
				out = append(out, c.Path)
			}
		}
		return out
	}
	before := scanPaths()
	if err := os.WriteFile(filepath.Join(root, ".orbitignore"), DefaultIgnoreFile(), 0o644); err != nil {
		t.Fatal(err)
	}
	after := scanPaths()
	if !reflect.DeepEqual(before, after) {
		t.Errorf("scan without the file:\n%v\nwith it:\n%v", before, after)
	}
	if len(before) < 10 || strings.Contains(" "+strings.Join(before, " "), " vendor/") || strings.Contains(strings.Join(before, " "), "/vendor/") {
		t.Errorf("the tree does not exercise the defaults: %v", before)
	}
}

// The written file holds the defaults: deleting its vendor/ line indexes
// vendor/, deleting its marker line brings the built-in tables back.
func TestDefaultIgnoreFileIsEditable(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"app.py", "vendor/lib.py", "node_modules/m/index.js"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	langs := newLanguages(all.Registry())
	scanned := func(ignoreFile string) []string {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, ".orbitignore"), []byte(ignoreFile), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := scan(root, langs, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range res.Files {
			if c.Path != ".orbitignore" {
				out = append(out, c.Path)
			}
		}
		return out
	}
	written := string(DefaultIgnoreFile())
	if got := scanned(written); !reflect.DeepEqual(got, []string{"app.py"}) {
		t.Errorf("with the written file: %v, want app.py only", got)
	}
	edited := strings.Replace(written, "\nvendor/\n", "\n", 1)
	if edited == written {
		t.Fatal("the written file has no vendor/ line")
	}
	if got := scanned(edited); !reflect.DeepEqual(got, []string{"app.py", "vendor/lib.py"}) {
		t.Errorf("vendor/ line deleted: %v, want app.py and vendor/lib.py", got)
	}
	unmarked := strings.Replace(edited, initMarker+"\n", "", 1)
	if got := scanned(unmarked); !reflect.DeepEqual(got, []string{"app.py"}) {
		t.Errorf("marker deleted: %v, want the built-in defaults back (app.py only)", got)
	}
}
