package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
)

var update = flag.Bool("update", false, "rewrite help goldens")

// TestHelpGoldens checks the --help of every command in the tree against
// testdata/help/<path>.golden (gopls's internal/cmd/help_test.go): a new
// command cannot miss its golden, and a golden whose command is gone fails.
// Regenerate with -update.
func TestHelpGoldens(t *testing.T) {
	dir := filepath.Join("testdata", "help")
	goldens := map[string]bool{}
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		args := strings.Fields(c.CommandPath())[1:] // without "orbit"
		name := strings.Join(args, "_")             // graph_refs
		if name == "" {
			name = "orbit"
		}
		goldens[name+".golden"] = true
		t.Run(name, func(t *testing.T) { checkHelp(t, filepath.Join(dir, name+".golden"), args) })
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	root, _ := newRootCmd(io.Discard, io.Discard)
	visit(root)
	if len(goldens) < 10 {
		t.Fatalf("walked only %d commands; the tree is not being checked", len(goldens))
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if goldens[f.Name()] {
			continue
		}
		if *update {
			os.Remove(filepath.Join(dir, f.Name()))
			continue
		}
		t.Errorf("%s: no command has this help (run with -update to remove it)", f.Name())
	}
}

// checkHelp compares `orbit <args> --help` with a golden file.
func checkHelp(t *testing.T, golden string, args []string) {
	out, _, code := orbit(t, append(args, "--help")...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if diff := cmp.Diff(string(want), out); diff != "" {
		t.Errorf("help differs (-want +got):\n%s", diff)
	}
}
