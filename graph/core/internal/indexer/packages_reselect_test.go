package indexer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestPackagesReselect: a sync selects a dependency's files again only
// when what the selection depends on changed. An edit that changes no
// name keeps the external files without selecting; one that names a new
// library function selects again and reads the file declaring it; a file
// appearing in a located directory, or one changing in place to declare
// what the worktree names, selects again; and every step equals a cold
// build.
func TestPackagesReselect(t *testing.T) {
	modCache := fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	main := func(old, new string) func() {
		return func() {
			b, err := os.ReadFile(filepath.Join(repo.Root, "main.go"))
			if err != nil || !strings.Contains(string(b), old) {
				t.Fatalf("main.go lacks %q (%v)", old, err)
			}
			gittest.WriteFile(t, repo.Root, "main.go", strings.Replace(string(b), old, new, 1))
		}
	}
	steps := []struct {
		name     string
		do       func()
		selected int    // languages selected again
		want     string // in the dump after the step; "-x": x is not
	}{
		{"initial", func() {}, 1, "-" + `"@go/example.com/lib/extra.go"`},
		{"edit a string", main(`return "x"`, `return "y"`), 0, `"@go/example.com/lib/lib.go"`},
		{"add a function naming what is named", main("func main() {", "func again() { fmt.Println(lib.Hello()) }\n\nfunc main() {"), 0, ""},
		{"name a new library function", main("h.Name()", "h.Name()\n\tlib.Extra()"), 1, `"@go/example.com/lib/extra.go"`},
		{"edit a string again", main(`return "y"`, `return "z"`), 0, `"@go/example.com/lib/extra.go"`},
		{"stop naming it", main("\tlib.Extra()", ""), 1, "-" + `"@go/example.com/lib/extra.go"`},
		{"a file comes to the library", func() {
			gittest.WriteFile(t, filepath.Join(modCache, "example.com", "lib@v1.0.0"), "more.go", "package lib\n\nfunc Hello3() {}\n")
			main(`return "z"`, `return "w"`)()
		}, 1, `"@go/example.com/lib/lib.go"`},
		{"name what the library does not declare", main("h.Name()", "h.Name()\n\tlib.Hello4()"), 1, "-" + `"@go/example.com/lib/extra.go"`},
		{"a library file comes to declare it, in place", func() {
			gittest.WriteFile(t, filepath.Join(modCache, "example.com", "lib@v1.0.0"), "extra.go", "package lib\n\nfunc Extra() int { return 1 }\n\nfunc Hello4() {}\n")
			main(`return "w"`, `return "v"`)()
		}, 1, `"@go/example.com/lib/extra.go"`},
		{"a new file naming nothing new", func() {
			gittest.WriteFile(t, repo.Root, "other.go", "package main\n\nimport \"fmt\"\n\nfunc other() { fmt.Println(1) }\n")
		}, 1, ""},
		{"remove it", func() { removeIf(t, repo.Root, "other.go") }, 1, ""},
	}
	for _, s := range steps {
		s.do()
		time.Sleep(10 * time.Millisecond) // a new mtime
		inc := syncPackages(t, loc, false, true)
		if inc.Packages == nil || inc.Packages.Selected != s.selected {
			t.Fatalf("step %s: packages report %+v; want %d languages selected again", s.name, inc.Packages, s.selected)
		}
		syncPackages(t, coldLoc, true, true)
		incDump, coldDump := dump(t, loc.Path), dump(t, coldLoc.Path)
		if incDump != coldDump {
			n, diff := dumpDiff(coldDump, incDump, 40)
			t.Fatalf("step %s: %d rows differ (- cold, + incremental):\n%s", s.name, n, diff)
		}
		if absent, ok := strings.CutPrefix(s.want, "-"); ok && strings.Contains(coldDump, absent) {
			t.Fatalf("step %s: dump holds %s", s.name, absent)
		} else if !ok && s.want != "" && !strings.Contains(coldDump, s.want) {
			t.Fatalf("step %s: dump lacks %s", s.name, s.want)
		}
	}
}
