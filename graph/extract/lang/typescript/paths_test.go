package typescript_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// TestTSConfigGolden checks the testdata/tsconfig/*.txtar cases: golden
// cases whose comment gives the file's tsconfig context, which the shared
// harness has no header for:
//
//	ts-base-url: src                          (Config.BaseURL)
//	ts-path: @app/* -> src/app/*, lib/app/*   (one Config.Paths entry)
//	ts-self: zod/v4 -> src/v4/index.ts        (one Config.Self entry)
//
// Regenerate the want sections with -update, as for TestGolden.
func TestTSConfigGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "tsconfig", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/tsconfig cases: %v", err)
	}
	update := false
	if f := flag.Lookup("update"); f != nil {
		update = f.Value.String() == "true"
	}
	ex := typescript.New()
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in, wantIdx := tsconfigCase(t, ar)
			got := extracttest.Annotate(in.Content, ex.Extract(in))
			if update {
				if wantIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantIdx = len(ar.Files) - 1
				}
				ar.Files[wantIdx].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if wantIdx < 0 {
				t.Fatalf("%s: no want section; run with -update", file)
			}
			if diff := cmp.Diff(string(ar.Files[wantIdx].Data), got); diff != "" {
				t.Errorf("%s: annotated extraction differs (-want +got):\n%s", file, diff)
			}
		})
	}
}

func tsconfigCase(t *testing.T, ar *txtar.Archive) (extract.Input, int) {
	t.Helper()
	var in extract.Input
	wantIdx := -1
	for i, f := range ar.Files {
		if f.Name == "want" {
			wantIdx = i
			continue
		}
		if in.Path != "" {
			t.Fatalf("more than one source file (%s, %s)", in.Path, f.Name)
		}
		in.Path, in.Content = f.Name, f.Data
	}
	var cfg typescript.Config
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "ts-base-url":
			cfg.BaseURL = val
		case "ts-path", "ts-self":
			pattern, targets, ok := strings.Cut(val, "->")
			if !ok {
				t.Fatalf("%s %q: want `pattern -> target, ...`", key, val)
			}
			a := typescript.PathAlias{Pattern: strings.TrimSpace(pattern)}
			for _, tg := range strings.Split(targets, ",") {
				a.Targets = append(a.Targets, strings.TrimSpace(tg))
			}
			if strings.TrimSpace(key) == "ts-self" {
				cfg.Self = append(cfg.Self, a)
			} else {
				cfg.Paths = append(cfg.Paths, a)
			}
		}
	}
	if cfg.Paths != nil || cfg.BaseURL != "" || cfg.Self != nil {
		in.Module.Own = cfg
	}
	return in, wantIdx
}
