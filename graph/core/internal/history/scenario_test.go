package history

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Scenarios of issue 19 in real git repositories: renames, moves, splits
// and merges with and without an operation log, logs that lie, malformed
// logs, a future schema version, a task-pattern change.

type scenario struct {
	t    *testing.T
	repo *gittest.Repo
	st   *Store
}

func newScenario(t *testing.T, files map[string]string) *scenario {
	repo := gittest.New(t, files)
	st, err := OpenStore(filepath.Join(t.TempDir(), "history.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &scenario{t: t, repo: repo, st: st}
}

func (s *scenario) commit(msg string, files map[string]string) string {
	s.t.Helper()
	for p, c := range files {
		if c == "" {
			s.repo.Remove(p)
		} else {
			s.repo.Write(p, c)
		}
	}
	s.repo.Commit(msg)
	return s.repo.Git("rev-parse", "HEAD")
}

func (s *scenario) walk() WalkReport {
	s.t.Helper()
	rep, err := s.st.Walk(all.Registry(), s.repo.Root, 0, DefaultTaskPattern)
	if err != nil {
		s.t.Fatal(err)
	}
	return rep
}

// id is a function's stable id at the cursor.
func (s *scenario) id(path, local string) string { return s.st.ID(path, local, "function") }

// writeLog writes the operation log of commit sha into the worktree (the
// next commit carries it, as a producer's sidecar would be).
func (s *scenario) writeLog(sha string, version int, ops ...map[string]any) {
	s.t.Helper()
	data, err := json.MarshalIndent(map[string]any{
		"schemaVersion": version, "commitSha": sha,
		"producer":   map[string]any{"name": "orbit-engine", "version": "0.1.0"},
		"operations": ops,
	}, "", " ")
	if err != nil {
		s.t.Fatal(err)
	}
	s.repo.Write(OperationsDir+"/"+sha+".json", string(data))
}

// history is "subject change [was]" per commit, newest first.
func (s *scenario) history(path, local string) []string {
	s.t.Helper()
	entries, _, err := s.st.Symbol(path, local, "function", 100)
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		line := e.Subject + " " + e.Change
		if e.Path != "" {
			line += " [" + e.Path + "#" + e.Symbol + "]"
		}
		out = append(out, line)
	}
	return out
}

func (s *scenario) wantHistory(path, local string, want ...string) {
	s.t.Helper()
	if got := s.history(path, local); strings.Join(got, "\n") != strings.Join(want, "\n") {
		s.t.Errorf("history of %s#%s:\n  %s\nwant\n  %s", path, local, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func (s *scenario) wantLog(sha, status string) {
	s.t.Helper()
	logs, err := s.st.Logs()
	if err != nil {
		s.t.Fatal(err)
	}
	for _, l := range logs {
		if l.Hash == sha {
			if l.Status != status {
				s.t.Errorf("log of %.7s: %s (%s), want %s", sha, l.Status, l.Message, status)
			}
			return
		}
	}
	s.t.Errorf("log of %.7s not stored, want %s", sha, status)
}

func fn(name, body string) string { return "\nfunc " + name + "() int {\n\treturn " + body + "\n}\n" }

func addr3(file, name string) map[string]any {
	return map[string]any{"file": file, "qualified_name": name, "kind": "function"}
}

const zeroHash = "0000000000000000000000000000000000000000000000000000000000000000"

// renameRepo: Foo created, its body changed, then renamed to Bar.
func renameRepo(t *testing.T) (s *scenario, fooID, renameSha string) {
	s = newScenario(t, map[string]string{"a.go": "package p\n" + fn("Keep", "0")})
	s.commit("PROJ-1 add Foo", map[string]string{"a.go": "package p\n" + fn("Keep", "0") + fn("Foo", "1")})
	s.commit("PROJ-2 Foo returns 2", map[string]string{"a.go": "package p\n" + fn("Keep", "0") + fn("Foo", "2")})
	s.walk()
	fooID = s.id("a.go", "Foo")
	renameSha = s.commit("rename Foo to Bar", map[string]string{"a.go": "package p\n" + fn("Keep", "0") + fn("Bar", "2")})
	return s, fooID, renameSha
}

func TestRenameWithoutLog(t *testing.T) {
	s, fooID, _ := renameRepo(t)
	if rep := s.walk(); len(rep.Warnings) != 0 {
		t.Errorf("warnings without a log: %q", rep.Warnings)
	}
	// The matcher sees a deletion and a creation: Bar's history starts at
	// the rename, with an id of its own.
	s.wantHistory("a.go", "Bar", "rename Foo to Bar created")
	if s.id("a.go", "Bar") == fooID {
		t.Errorf("Bar has Foo's id %s without a log", fooID)
	}
}

func TestRenameWithLog(t *testing.T) {
	s, fooID, sha := renameRepo(t)
	s.writeLog(sha, 1, map[string]any{"op": "rename", "stable_id": fooID,
		"pre": map[string]any{"qualified_name": "Foo"}, "post": map[string]any{"qualified_name": "Bar"}})
	if rep := s.walk(); len(rep.Warnings) != 0 {
		t.Errorf("warnings: %q", rep.Warnings)
	}
	s.wantLog(sha, LogAccepted)
	if got := s.id("a.go", "Bar"); got != fooID {
		t.Errorf("Bar's id %s, want Foo's %s", got, fooID)
	}
	s.wantHistory("a.go", "Bar",
		"rename Foo to Bar renamed",
		"PROJ-2 Foo returns 2 body [a.go#Foo]",
		"PROJ-1 add Foo created [a.go#Foo]")
	// A task's symbols are named as they were then.
	if tasks, _ := s.st.Task("PROJ-2", 10); len(tasks) != 1 || tasks[0].Symbol != "Foo" {
		t.Errorf("task PROJ-2: %+v", tasks)
	}
	// Walked at once, with the log already there: the same store.
	fresh, err := OpenStore(filepath.Join(t.TempDir(), "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if _, err := fresh.Walk(all.Registry(), s.repo.Root, 0, DefaultTaskPattern); err != nil {
		t.Fatal(err)
	}
	s.commit("carry the log", nil) // both stores walk one more commit
	s.walk()
	if _, err := fresh.Walk(all.Registry(), s.repo.Root, 0, DefaultTaskPattern); err != nil {
		t.Fatal(err)
	}
	a, _ := s.st.Dump()
	b, _ := fresh.Dump()
	if a != b {
		t.Errorf("grown and fresh stores differ:\n%s\nvs\n%s", a, b)
	}
}

// A log written after its commit was walked starts the walk over.
func TestLogAfterTheWalk(t *testing.T) {
	s, fooID, sha := renameRepo(t)
	s.walk()
	s.wantHistory("a.go", "Bar", "rename Foo to Bar created")
	s.writeLog(sha, 1, map[string]any{"op": "rename", "stable_id": fooID,
		"pre": map[string]any{"qualified_name": "Foo"}, "post": map[string]any{"qualified_name": "Bar"}})
	if rep := s.walk(); !rep.Rebuilt {
		t.Errorf("walk after a new log: %+v, want a rebuild", rep)
	}
	s.wantLog(sha, LogAccepted)
	if s.id("a.go", "Bar") != fooID {
		t.Errorf("Bar did not inherit Foo's id")
	}
}

// Logs that do not hold fall back to the matcher, whole, with a warning.
func TestLogsThatFallBack(t *testing.T) {
	rename := func(id, to string) map[string]any {
		return map[string]any{"op": "rename", "stable_id": id,
			"pre": map[string]any{"qualified_name": "Foo"}, "post": map[string]any{"qualified_name": to}}
	}
	for name, c := range map[string]struct {
		write  func(s *scenario, fooID, sha string)
		status string
	}{
		"lies about the name": {func(s *scenario, fooID, sha string) { s.writeLog(sha, 1, rename(fooID, "Baz")) }, LogRejected},
		"claims an unchanged symbol": {func(s *scenario, fooID, sha string) {
			s.writeLog(sha, 1, rename(fooID, "Bar"), map[string]any{"op": "change_body", "stable_id": s.id("a.go", "Keep"),
				"body_hash_pre": zeroHash, "body_hash_post": zeroHash})
		}, LogRejected},
		"unknown id": {func(s *scenario, fooID, sha string) { s.writeLog(sha, 1, rename("node:zzzzzzzzzzzzzzzzzzzzz", "Bar")) }, LogRejected},
		"creates what existed": {func(s *scenario, fooID, sha string) {
			s.writeLog(sha, 1, rename(fooID, "Bar"), map[string]any{"op": "create", "stable_id": "node:zzzzzzzzzzzzzzzzzzzzz",
				"post": addr3("a.go", "Keep"), "body_hash_post": zeroHash})
		}, LogRejected},
		"malformed": {func(s *scenario, fooID, sha string) {
			op := rename(fooID, "Bar")
			op["reason"] = "an unknown field"
			s.writeLog(sha, 1, op)
		}, LogMalformed},
		"another commit's sha": {func(s *scenario, fooID, sha string) {
			s.writeLog(sha, 1, rename(fooID, "Bar"))
			s.repo.Write(OperationsDir+"/"+sha+".json", strings.Replace(readFile(t, s.repo.Root, OperationsDir+"/"+sha+".json"), sha, strings.Repeat("1", 40), 1))
		}, LogMalformed},
		"future schema version": {func(s *scenario, fooID, sha string) { s.writeLog(sha, 2, rename(fooID, "Bar")) }, LogFuture},
	} {
		t.Run(name, func(t *testing.T) {
			s, fooID, sha := renameRepo(t)
			c.write(s, fooID, sha)
			rep := s.walk()
			if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], sha) || !strings.Contains(rep.Warnings[0], "falls back") {
				t.Errorf("warnings %q, want one naming %.7s", rep.Warnings, sha)
			}
			s.wantLog(sha, c.status)
			s.wantHistory("a.go", "Bar", "rename Foo to Bar created")
			if s.id("a.go", "Bar") == fooID {
				t.Errorf("Bar has Foo's id after a refused log")
			}
		})
	}
}

func TestMoveAndRenameWithLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("Foo", "1") + fn("Keep", "0")})
	s.commit("#3 Foo returns 2", map[string]string{"a.go": "package p\n" + fn("Foo", "2") + fn("Keep", "0")})
	s.walk()
	fooID := s.id("a.go", "Foo")
	sha := s.commit("move Foo to b.go", map[string]string{"a.go": "package p\n" + fn("Keep", "0"), "b.go": "package p\n" + fn("Foo", "2")})
	s.writeLog(sha, 1, map[string]any{"op": "move", "stable_id": fooID, "pre": map[string]any{"file": "a.go"}, "post": map[string]any{"file": "b.go"}})
	s.walk()
	s.wantLog(sha, LogAccepted)
	s.wantHistory("b.go", "Foo", "move Foo to b.go moved", "#3 Foo returns 2 body [a.go#Foo]", "initial created [a.go#Foo]")
	// Both axes in one commit: two entries, one id, canonical order.
	sha = s.commit("move and rename Foo", map[string]string{"b.go": "", "c.go": "package p\n" + fn("Qux", "2")})
	s.writeLog(sha, 1,
		map[string]any{"op": "rename", "stable_id": fooID, "pre": map[string]any{"qualified_name": "Foo"}, "post": map[string]any{"qualified_name": "Qux"}},
		map[string]any{"op": "move", "stable_id": fooID, "pre": map[string]any{"file": "b.go"}, "post": map[string]any{"file": "c.go"}})
	s.walk()
	s.wantLog(sha, LogAccepted)
	if s.id("c.go", "Qux") != fooID {
		t.Errorf("Qux lost Foo's id")
	}
	s.wantHistory("c.go", "Qux", "move and rename Foo renamed+moved", "move Foo to b.go moved [b.go#Foo]",
		"#3 Foo returns 2 body [a.go#Foo]", "initial created [a.go#Foo]")
}

func TestMoveWithoutLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("Foo", "1")})
	s.commit("move Foo", map[string]string{"a.go": "package p\n", "b.go": "package p\n" + fn("Foo", "1")})
	s.walk()
	s.wantHistory("b.go", "Foo", "move Foo created")
}

func TestSplitWithLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("Big", "1+2")})
	s.commit("PROJ-9 Big grows", map[string]string{"a.go": "package p\n" + fn("Big", "1+2+3")})
	s.walk()
	bigID := s.id("a.go", "Big")
	sha := s.commit("split Big", map[string]string{"a.go": "package p\n" + fn("Small1", "1") + fn("Small2", "2+3")})
	child := func(id, name string) map[string]any {
		return map[string]any{"stable_id": id, "post": addr3("a.go", name), "body_hash_post": zeroHash}
	}
	s.writeLog(sha, 1, map[string]any{"op": "split",
		"source":   map[string]any{"stable_id": bigID, "pre": addr3("a.go", "Big")},
		"children": []any{child("node:child1child1child1chi", "Small1"), child("node:child2child2child2chi", "Small2")}})
	if rep := s.walk(); len(rep.Warnings) != 0 {
		t.Fatalf("warnings: %q", rep.Warnings)
	}
	s.wantLog(sha, LogAccepted)
	if got := s.id("a.go", "Small1"); got != "node:child1child1child1chi" {
		t.Errorf("Small1's id %s, want the log's", got)
	}
	for _, name := range []string{"Small1", "Small2"} {
		s.wantHistory("a.go", name, "split Big split", "PROJ-9 Big grows body [a.go#Big]", "initial created [a.go#Big]")
	}
	if tasks, _ := s.st.Task("PROJ-9", 10); len(tasks) != 1 || tasks[0].Symbol != "Big" {
		t.Errorf("task PROJ-9: %+v", tasks)
	}
}

func TestSplitWithoutLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("Big", "1+2")})
	s.commit("split Big", map[string]string{"a.go": "package p\n" + fn("Small1", "1") + fn("Small2", "2")})
	s.walk()
	s.wantHistory("a.go", "Small1", "split Big created")
}

func TestMergeWithLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("A", "1"), "b.go": "package p\n" + fn("B", "2")})
	s.commit("PROJ-4 A returns 3", map[string]string{"a.go": "package p\n" + fn("A", "3")})
	s.commit("PROJ-5 B returns 4", map[string]string{"b.go": "package p\n" + fn("B", "4")})
	s.walk()
	aID, bID := s.id("a.go", "A"), s.id("b.go", "B")
	sha := s.commit("merge A and B", map[string]string{"a.go": "package p\n" + fn("AB", "3+4"), "b.go": "package p\n"})
	s.writeLog(sha, 1, map[string]any{"op": "merge",
		"sources": []any{map[string]any{"stable_id": aID, "pre": addr3("a.go", "A")}, map[string]any{"stable_id": bID, "pre": addr3("b.go", "B")}},
		"target":  map[string]any{"stable_id": aID, "post": addr3("a.go", "AB"), "body_hash_post": zeroHash}})
	if rep := s.walk(); len(rep.Warnings) != 0 {
		t.Fatalf("warnings: %q", rep.Warnings)
	}
	s.wantLog(sha, LogAccepted)
	if s.id("a.go", "AB") != aID {
		t.Errorf("AB did not keep A's id")
	}
	s.wantHistory("a.go", "AB", "merge A and B merged",
		"PROJ-5 B returns 4 body [b.go#B]", "PROJ-4 A returns 3 body [a.go#A]",
		"initial created [a.go#A]") // B's creation: the same commit, listed once
	// Merging into what a source's address does not leave is a lie.
	s2 := newScenario(t, map[string]string{"a.go": "package p\n" + fn("A", "1") + fn("B", "2")})
	s2.walk()
	sha = s2.commit("merge B into A", map[string]string{"a.go": "package p\n" + fn("A", "1+2")})
	s2.writeLog(sha, 1, map[string]any{"op": "merge",
		"sources": []any{map[string]any{"stable_id": s2.id("a.go", "A"), "pre": addr3("a.go", "A")}, map[string]any{"stable_id": s2.id("a.go", "B"), "pre": addr3("a.go", "B")}},
		"target":  map[string]any{"stable_id": s2.id("a.go", "A"), "post": addr3("a.go", "A"), "body_hash_post": zeroHash}})
	s2.walk()
	s2.wantLog(sha, LogRejected)
}

// The pattern comes from the flag, else .orbit/config, else the default;
// a changed pattern rereads every stored commit's task ids.
func TestTaskPatternConfigAndBackfill(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("A", "1")})
	s.commit("T20260421-0528 A returns 2 (PROJ-1)", map[string]string{"a.go": "package p\n" + fn("A", "2")})
	pattern := func(flag string) *regexp.Regexp {
		re, _, err := TaskPattern(s.repo.Root, flag)
		if err != nil {
			t.Fatal(err)
		}
		return re
	}
	walk := func(re *regexp.Regexp) WalkReport {
		rep, err := s.st.Walk(all.Registry(), s.repo.Root, 0, re)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	walk(pattern(""))
	if tasks, _ := s.st.Task("PROJ-1", 10); len(tasks) != 1 {
		t.Errorf("default pattern: PROJ-1 has %+v", tasks)
	}
	s.repo.Write(ConfigFile, "# orbit\n\nhistory.task-pattern = \\b(T[0-9]{8}-[0-9]{4})\\b\n")
	if rep := walk(pattern("")); rep.Walked != 0 {
		t.Errorf("a pattern change walked %d commits", rep.Walked)
	}
	if tasks, _ := s.st.Task("T20260421-0528", 10); len(tasks) != 1 || tasks[0].Symbol != "A" {
		t.Errorf("config pattern: T20260421-0528 has %+v", tasks)
	}
	if tasks, _ := s.st.Task("PROJ-1", 10); len(tasks) != 0 {
		t.Errorf("config pattern: PROJ-1 still has %+v", tasks)
	}
	walk(pattern(`(PROJ)-1`))
	if tasks, _ := s.st.Task("PROJ", 10); len(tasks) != 1 {
		t.Errorf("flag pattern: PROJ has %+v", tasks)
	}
	s.repo.Write(ConfigFile, "history.depth = 3\n")
	if _, _, err := TaskPattern(s.repo.Root, ""); err == nil {
		t.Errorf("an unknown key was accepted")
	}
	s.repo.Write(ConfigFile, "history.task-pattern = (\n")
	if _, _, err := TaskPattern(s.repo.Root, ""); err == nil {
		t.Errorf("a bad pattern was accepted")
	}
}

func readFile(t *testing.T, root, p string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// create claims the producer's id for a new symbol; delete retires one; a
// merge into a fresh id leads back to every source.
func TestCreateDeleteAndFreshMergeWithLog(t *testing.T) {
	s := newScenario(t, map[string]string{"a.go": "package p\n" + fn("Old", "1") + fn("A", "1") + fn("B", "2")})
	s.walk()
	oldID := s.id("a.go", "Old")
	sha := s.commit("PROJ-6 New replaces Old", map[string]string{"a.go": "package p\n" + fn("New", "1") + fn("A", "1") + fn("B", "2")})
	s.writeLog(sha, 1,
		map[string]any{"op": "create", "stable_id": "node:newnewnewnewnewnewnew", "post": addr3("a.go", "New"), "body_hash_post": zeroHash},
		map[string]any{"op": "delete", "stable_id": oldID, "pre": addr3("a.go", "Old")})
	if rep := s.walk(); len(rep.Warnings) != 0 {
		t.Fatalf("warnings: %q", rep.Warnings)
	}
	s.wantLog(sha, LogAccepted)
	if got := s.id("a.go", "New"); got != "node:newnewnewnewnewnewnew" {
		t.Errorf("New's id %s, want the log's", got)
	}
	s.wantHistory("a.go", "New", "PROJ-6 New replaces Old created")
	aID, bID := s.id("a.go", "A"), s.id("a.go", "B")
	sha = s.commit("merge A and B into AB", map[string]string{"a.go": "package p\n" + fn("New", "1") + fn("AB", "1+2")})
	s.writeLog(sha, 1, map[string]any{"op": "merge",
		"sources": []any{map[string]any{"stable_id": aID, "pre": addr3("a.go", "A")}, map[string]any{"stable_id": bID, "pre": addr3("a.go", "B")}},
		"target":  map[string]any{"stable_id": "node:ABABABABABABABABABABA", "post": addr3("a.go", "AB"), "body_hash_post": zeroHash}})
	s.walk()
	s.wantLog(sha, LogAccepted)
	// Both sources were created by one commit, listed once (as either).
	if h := s.history("a.go", "AB"); len(h) != 2 || h[0] != "merge A and B into AB merged" || !strings.HasPrefix(h[1], "initial created [a.go#") {
		t.Errorf("history of AB: %q", h)
	}
	// A retired id cannot be used again.
	sha = s.commit("rename New to Newer", map[string]string{"a.go": "package p\n" + fn("Newer", "1") + fn("AB", "1+2")})
	s.writeLog(sha, 1, map[string]any{"op": "rename", "stable_id": aID,
		"pre": map[string]any{"qualified_name": "New"}, "post": map[string]any{"qualified_name": "Newer"}})
	s.walk()
	s.wantLog(sha, LogRejected)
}
