package core_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Through the public API: a producer asks for a symbol's stable id,
// renames it, writes the log; the log validates, history follows the
// rename, the id shows in no query answer, and history diff: lists the
// working tree's touched symbols with their commits. A lying log warns.
func TestHistoryAcrossARenameWithALog(t *testing.T) {
	ctx := context.Background()
	src := func(name, ret string) string {
		return "package p\n\nfunc Keep() int { return 0 }\n\nfunc " + name + "() int {\n\treturn " + ret + "\n}\n"
	}
	repo := gittest.New(t, map[string]string{"a.go": src("Foo", "1")})
	repo.Write("a.go", src("Foo", "2"))
	repo.Commit("PROJ-1 Foo returns 2")
	var warnings []string
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Warn: func(s string) { warnings = append(warnings, s) }})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	mustSync(t, g, core.SyncAuto)
	id, err := g.StableID(ctx, "symbol:a.go#Foo")
	if err != nil || !strings.HasPrefix(id, "node:") || len(id) != 26 {
		t.Fatalf("stable id %q, %v", id, err)
	}
	repo.Write("a.go", src("Foo", "2")+"\nfunc New() {}\n")
	mustSync(t, g, core.SyncAuto)
	if _, err := g.StableID(ctx, "symbol:a.go#New"); err == nil {
		t.Errorf("an uncommitted symbol has a stable id")
	}
	repo.Write("a.go", src("Bar", "2"))
	repo.Commit("rename Foo to Bar")
	sha := repo.Git("rev-parse", "HEAD")
	logPath := filepath.Join(repo.Root, ".orbit", "operations", sha+".json")
	log := `{"schemaVersion": 1, "commitSha": "` + sha + `", "producer": {"name": "orbit-engine", "version": "0.1.0"},
 "operations": [{"op": "rename", "stable_id": "` + id + `", "pre": {"qualified_name": "Foo"}, "post": {"qualified_name": "Bar"}}]}`
	repo.Write(".orbit/operations/"+sha+".json", log)
	mustSync(t, g, core.SyncAuto)

	check, err := g.ValidateOpLog(ctx, logPath)
	if err != nil || check.Status != "accepted" || check.Operations != 1 {
		t.Fatalf("validate: %+v, %v", check, err)
	}
	elsewhere := filepath.Join(t.TempDir(), sha+".json")
	os.WriteFile(elsewhere, []byte(log), 0o644)
	if check, _ := g.ValidateOpLog(ctx, elsewhere); check.Status != core.OpLogWellFormed {
		t.Errorf("validate a copy: %+v", check)
	}
	os.WriteFile(elsewhere, []byte(strings.Replace(log, `"op": "rename"`, `"op": "rename", "x": 1`, 1)), 0o644)
	if check, _ := g.ValidateOpLog(ctx, elsewhere); check.Status != "malformed" {
		t.Errorf("validate a malformed copy: %+v", check)
	}

	res, err := g.History(ctx, "symbol:a.go#Bar", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Commits {
		got = append(got, c.Subject+" "+c.Change+" "+c.Symbol)
	}
	if want := []string{"rename Foo to Bar renamed ", "PROJ-1 Foo returns 2 body Foo", "initial created Foo"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("history of Bar = %q, want %q", got, want)
	}
	answer, _ := json.Marshal(res)
	if strings.Contains(string(answer), "node:") || strings.Contains(string(answer), id) {
		t.Errorf("a history answer shows a stable id: %s", answer)
	}

	// The working tree's change: Bar's body; its history comes along.
	repo.Write("a.go", src("Bar", "3"))
	mustSync(t, g, core.SyncAuto)
	diff, err := g.History(ctx, "diff:", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diff.Changed) != 1 || diff.Changed[0].Symbol.Name != "Bar" || diff.Changed[0].Change != "body" || len(diff.Changed[0].Commits) != 3 {
		t.Errorf("history diff: = %+v", diff)
	}

	// A log that lies (Bar is not renamed to Baz): a warning, the matcher.
	repo.Write("a.go", src("Baz", "3"))
	repo.Commit("rename Bar to Baz")
	sha = repo.Git("rev-parse", "HEAD")
	repo.Write(".orbit/operations/"+sha+".json", `{"schemaVersion": 1, "commitSha": "`+sha+`", "producer": {"name": "p", "version": "1.0.0"},
 "operations": [{"op": "rename", "stable_id": "`+id+`", "pre": {"qualified_name": "Bar"}, "post": {"qualified_name": "Qux"}}]}`)
	mustSync(t, g, core.SyncAuto)
	res, err = g.History(ctx, "symbol:a.go#Baz", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Commits) != 1 || res.Commits[0].Change != "created" {
		t.Errorf("history of Baz after a lying log = %+v", res.Commits)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], sha) {
		t.Errorf("warnings %q, want one for %.7s", warnings, sha)
	}
}
