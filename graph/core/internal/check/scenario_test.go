package check_test

// Check scenarios: each testdata/*.txtar file is a small repository
// (-- repo/<path> -- sections, committed to a git repo and synced once)
// and the checks run on it (-- $ check [rule…] [--confidence C] -- sections
// holding the answer in a compact text form: entry points by reason,
// then each finding with its confidence and the symbols it names).
//
// Regenerate the answers with:
//
//	go test -tags sqlite_fts5 ./graph/core/internal/check -run TestScenarios -update

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

var update = flag.Bool("update", false, "rewrite the answers of scenario files")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) { runScenario(t, file) })
	}
}

func runScenario(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	repoFiles := map[string]string{}
	for _, f := range ar.Files {
		if p, ok := strings.CutPrefix(f.Name, "repo/"); ok {
			repoFiles[p] = string(f.Data)
		}
	}
	g := syncedGraph(t, repoFiles)
	changed, commands := false, 0
	for i, f := range ar.Files {
		line, ok := strings.CutPrefix(f.Name, "$ ")
		if !ok {
			continue
		}
		commands++
		got := runCheck(t, g, line)
		if *update {
			if string(f.Data) != got {
				ar.Files[i].Data, changed = []byte(got), true
			}
			continue
		}
		if diff := cmp.Diff(string(f.Data), got); diff != "" {
			t.Errorf("%s: $ %s (-want +got):\n%s", file, line, diff)
		}
	}
	if commands == 0 || len(repoFiles) == 0 {
		t.Fatalf("%s: a scenario needs repo/ files and at least one $ check section", file)
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func syncedGraph(t *testing.T, files map[string]string) *core.Graph {
	t.Helper()
	repo := gittest.New(t, files)
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if _, err := g.Sync(context.Background(), core.SyncAuto); err != nil {
		t.Fatal(err)
	}
	return g
}

// runCheck runs `check [rule…] [scope…] [--confidence C]` and renders
// the answer compactly.
func runCheck(t *testing.T, g *core.Graph, line string) string {
	t.Helper()
	args := strings.Fields(line)
	if len(args) == 0 || args[0] != "check" {
		t.Fatalf("$ %s: only check is known", line)
	}
	var opts core.CheckOptions
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--confidence" && i+1 < len(args):
			c, err := query.ParseConfidence(args[i+1])
			if err != nil {
				t.Fatal(err)
			}
			opts.Floor = c
			i++
		case strings.HasPrefix(a, "dir:"), strings.HasPrefix(a, "file:"):
			opts.Scope = append(opts.Scope, a)
		default:
			opts.Rules = append(opts.Rules, a)
		}
	}
	rep, err := g.Check(context.Background(), opts)
	if err != nil {
		return fmt.Sprintf("error: %v\n", err)
	}
	return compact(rep)
}

func compact(rep *core.CheckReport) string {
	var b strings.Builder
	byReason := map[string][]string{}
	for _, e := range rep.Entries {
		byReason[e.Reason] = append(byReason[e.Reason], e.Symbol)
	}
	var reasons []string
	for r := range byReason {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	b.WriteString("entries:\n")
	for _, r := range reasons {
		sort.Strings(byReason[r])
		fmt.Fprintf(&b, "  %s: %s\n", r, strings.Join(byReason[r], " "))
	}
	b.WriteString("findings:\n")
	for _, f := range rep.Findings {
		var syms []string
		for _, l := range f.Locations {
			s := l.Symbol
			if s == "" {
				s = l.File
			}
			syms = append(syms, fmt.Sprintf("%s@%s:%d", s, l.File, l.Line))
		}
		conf := ""
		if f.Confidence != "" {
			conf = " [" + f.Confidence + "]"
		}
		fmt.Fprintf(&b, "  %s%s: %s\n    %s\n", f.Rule, conf, f.Message, strings.Join(syms, " "))
	}
	return b.String()
}
