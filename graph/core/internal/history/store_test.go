package history

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// "Deterministic" for this derived data: the same first-parent history
// gives the same store, byte for byte in its dump, whether it was walked
// at once or commit by commit as the branch grew; a rewritten branch is
// walked again; a new task pattern rereads the ids without a walk.
func TestStoreIsDeterministicAndIncremental(t *testing.T) {
	reg := all.Registry()
	repo := gittest.New(t, map[string]string{"a.go": "package p\n\nfunc A() {}\n"})
	grown := filepath.Join(t.TempDir(), "grown.db")
	st, err := OpenStore(grown)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	body := "package p\n\nfunc A() {}\n"
	for i, msg := range []string{"PROJ-1 add B", "B grows (#2)", "PROJ-1 add C"} {
		switch i {
		case 0:
			body += "\nfunc B() {}\n"
		case 1:
			body = strings.Replace(body, "func B() {}", "func B() { println() }", 1)
		case 2:
			body += "\nfunc C() int { return 1 }\n"
		}
		repo.Write("a.go", body)
		repo.Commit(msg)
		rep, err := st.Walk(reg, repo.Root, 0, DefaultTaskPattern)
		if err != nil {
			t.Fatal(err)
		}
		if want := 1; i > 0 && (rep.Walked != want || rep.Rebuilt) {
			t.Errorf("walk after commit %d: %+v, want one commit walked incrementally", i, rep)
		}
	}
	if rep, _ := st.Walk(reg, repo.Root, 0, DefaultTaskPattern); rep.Walked != 0 {
		t.Errorf("walk with nothing new: %+v", rep)
	}
	fresh, err := OpenStore(filepath.Join(t.TempDir(), "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if _, err := fresh.Walk(reg, repo.Root, 0, DefaultTaskPattern); err != nil {
		t.Fatal(err)
	}
	a, _ := st.Dump()
	b, _ := fresh.Dump()
	if a != b {
		t.Fatalf("grown and fresh stores differ:\n%s\nvs\n%s", a, b)
	}
	tasks, err := st.Task("PROJ-1", 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range tasks {
		got = append(got, c.Symbol+" "+c.Change)
	}
	if strings.Join(got, ",") != "C created,B created" {
		t.Errorf("task PROJ-1 changed %q", got)
	}
	// A new pattern: ids reread, no walk.
	re := regexp.MustCompile(`grows`)
	if rep, err := st.Walk(reg, repo.Root, 0, re); err != nil || rep.Walked != 0 {
		t.Fatalf("walk with a new pattern: %+v, %v", rep, err)
	}
	if tasks, _ := st.Task("grows", 10); len(tasks) != 1 || tasks[0].Symbol != "B" {
		t.Errorf("after the pattern change, task grows = %+v", tasks)
	}
	if tasks, _ := st.Task("PROJ-1", 10); len(tasks) != 0 {
		t.Errorf("after the pattern change, PROJ-1 still has %+v", tasks)
	}
	// A rewritten branch: walked again from scratch.
	repo.Git("reset", "--hard", "HEAD~1")
	repo.Write("a.go", strings.Replace(body, "\nfunc C() int { return 1 }\n", "\nfunc D() {}\n", 1))
	repo.Commit("add D")
	rep, err := st.Walk(reg, repo.Root, 0, DefaultTaskPattern)
	if err != nil || !rep.Rebuilt {
		t.Fatalf("walk after a rewrite: %+v, %v", rep, err)
	}
	if entries, _, _ := st.Symbol("a.go", "C", "function", 10); len(entries) != 0 {
		t.Errorf("C, gone with the rewritten commit, still has history %+v", entries)
	}
	if entries, _, _ := st.Symbol("a.go", "D", "function", 10); len(entries) != 1 || entries[0].Change != Created {
		t.Errorf("history of D = %+v", entries)
	}
}
