package core_test

// Query scenarios: data-driven tests of the public query API.
//
// Each testdata/scenarios/*.txtar file is one small repository and the
// queries run against it:
//
//	-- repo/<path> --        a file of the repository (committed to a real
//	                         git repo in a temp dir, then synced once)
//	-- $ <command> [args] -- a query, written like the CLI (`refs
//	                         symbol:a.go#Run --confidence fuzzy`), holding
//	                         the JSON it must answer
//
// Commands are the rows of scenarioCommands (scenario_dispatch_test.go).
// Arguments are split on spaces; "double quotes" keep spaces in one argument.
// A failing query answers {"error": …} with the LookupError fields, so
// not-found and ambiguous selectors are scenarios too. The archive comment
// (text before the first section) says what the scenario is about.
//
// Regenerate expected outputs with:
//
//	go test -tags sqlite_fts5 ./graph/core -run TestScenarios -update
//
// To add a query, add a `-- $ <command> --` section with no body and run
// with -update; then read the diff.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of scenario files")

const (
	repoPrefix    = "repo/"
	commandPrefix = "$ "
)

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files in testdata/scenarios")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runScenario(t, file)
		})
	}
}

func runScenario(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	repoFiles := map[string]string{}
	commands := 0
	for _, f := range ar.Files {
		switch {
		case strings.HasPrefix(f.Name, repoPrefix):
			repoFiles[strings.TrimPrefix(f.Name, repoPrefix)] = string(f.Data)
		case strings.HasPrefix(f.Name, commandPrefix):
			commands++
		default:
			t.Fatalf("section %q: want %q<path> or %q<command>", f.Name, repoPrefix, commandPrefix)
		}
	}
	if len(repoFiles) == 0 || commands == 0 {
		t.Fatalf("%s: a scenario needs repo/ files and at least one command", file)
	}
	repo := gittest.New(t, repoFiles)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)

	changed := false
	for i, f := range ar.Files {
		line, ok := strings.CutPrefix(f.Name, commandPrefix)
		if !ok {
			continue
		}
		got := runScenarioCommand(t, g, line)
		if *update {
			if !bytes.Equal(ar.Files[i].Data, got) {
				ar.Files[i].Data, changed = got, true
			}
			continue
		}
		if diff := cmp.Diff(string(f.Data), string(got)); diff != "" {
			t.Errorf("%s: $ %s (-want +got):\n%s", file, line, diff)
		}
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runScenarioCommand runs one command line and returns its answer as
// indented JSON (one value, trailing newline).
func runScenarioCommand(t *testing.T, g *core.Graph, line string) []byte {
	t.Helper()
	args, err := splitArgs(line)
	if err != nil || len(args) == 0 {
		t.Fatalf("$ %s: cannot split: %v", line, err)
	}
	cmd, ok := scenarioCommands[args[0]]
	if !ok {
		t.Fatalf("$ %s: unknown command %q (add it to scenarioCommands)", line, args[0])
	}
	res, err := cmd(context.Background(), g, args[1:])
	if err != nil {
		res = errorAnswer(err)
	}
	out, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatalf("$ %s: %v", line, err)
	}
	return append(out, '\n')
}

// errorAnswer is how a failing query appears in a scenario.
func errorAnswer(err error) any {
	var le *query.LookupError
	if errors.As(err, &le) {
		return map[string]any{"error": le}
	}
	return map[string]any{"error": map[string]string{"message": err.Error()}}
}

// splitArgs splits on spaces, keeping "double-quoted words" together.
func splitArgs(line string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("unterminated quote")
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}
