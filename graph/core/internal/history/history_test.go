package history

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// A symbol's history in a real repository: created, its body changed, a
// neighbour changed (not it), its signature changed, lines moved by an edit
// above it (not it), a task id in a subject.
func TestHistoryOfASymbol(t *testing.T) {
	v1 := "package p\n\nfunc A() int {\n\treturn 1\n}\n"
	repo := gittest.New(t, map[string]string{"p/a.go": v1})
	steps := []struct{ content, msg string }{
		{v1 + "\nfunc B() {}\n", "add B"},
		{strings.Replace(v1, "return 1", "return 2", 1) + "\nfunc B() {}\n", "PROJ-7: A returns 2"},
		{strings.Replace(v1, "return 1", "return 2", 1) + "\nfunc B() { println() }\n", "B prints"},
		{strings.Replace(strings.Replace(v1, "return 1", "return 2", 1), "A() int", "A(x int) int", 1) + "\nfunc B() { println() }\n", "A takes x (#12)"},
		{"package p\n\n// A comment above A.\n" + strings.Replace(strings.Replace(v1, "return 1", "return 2", 1), "A() int", "A(x int) int", 1)[len("package p\n\n"):] + "\nfunc B() { println() }\n", "comment A"},
	}
	for _, s := range steps {
		repo.Write("p/a.go", s.content)
		repo.Commit(s.msg)
	}
	reg := all.Registry()
	entries, truncated, err := Of(reg, Query{Root: repo.Root, Path: "p/a.go", Local: "A"})
	if err != nil || truncated {
		t.Fatalf("history: %v, truncated %v", err, truncated)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Subject+" -> "+e.Change+" "+strings.Join(e.TaskIDs, ","))
	}
	t.Logf("history of A: %q", got)
	for _, w := range []string{"A takes x (#12) -> signature 12", "PROJ-7: A returns 2 -> body PROJ-7"} {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("history of A = %q, lacks %q", got, w)
		}
	}
	for _, g := range got {
		if strings.HasPrefix(g, "add B") || strings.HasPrefix(g, "B prints") {
			t.Errorf("history of A names %q, which changed only B", g)
		}
	}
	if last := got[len(got)-1]; !strings.HasSuffix(strings.TrimSpace(last), "created") {
		t.Errorf("history of A ends with %q, want its creation", last)
	}
	// B: created by "add B", body by "B prints", untouched by the rest.
	entries, _, err = Of(reg, Query{Root: repo.Root, Path: "p/a.go", Local: "B"})
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, e := range entries {
		got = append(got, e.Subject+" "+e.Change)
	}
	if want := []string{"B prints body", "add B created"}; !reflect.DeepEqual(got, want) {
		t.Errorf("history of B = %q, want %q", got, want)
	}
}

func TestTaskIDs(t *testing.T) {
	for subject, want := range map[string][]string{
		"PROJ-123: fix it (#45)":  {"PROJ-123", "45"},
		"fix #7 and #7 again":     {"7"},
		"no ids here, x#3 either": nil,
	} {
		if got := TaskIDs(DefaultTaskPattern, subject); !reflect.DeepEqual(got, want) {
			t.Errorf("TaskIDs(%q) = %q, want %q", subject, got, want)
		}
	}
}
