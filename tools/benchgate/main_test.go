package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update and read the diff):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// runGate drives run in-process and returns stdout, then stderr and the
// exit status main would use.
func runGate(t *testing.T, args ...string) ([]byte, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := exitCode(&stderr, run(&stdout, &stderr, args))
	fmt.Fprintf(&stdout, "--- stderr\n%s--- exit status %d\n", stderr.String(), code)
	return stdout.Bytes(), code
}

func TestCompareGoldens(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"pass", []string{"testdata/old.txt", "testdata/pass_new.txt"}, 0},
		{"regression", []string{"testdata/old.txt", "testdata/regression_new.txt"}, 1},
		{"regression_config", []string{"-config", "testdata/tolerances_test.txt", "testdata/old.txt", "testdata/regression_new.txt"}, 1},
		{"improvement", []string{"testdata/old.txt", "testdata/improvement_new.txt"}, 0},
		{"noisy", []string{"testdata/noisy_old.txt", "testdata/noisy_new.txt"}, 0},
		{"malformed", []string{"testdata/old.txt", "testdata/malformed_new.txt"}, 2},
		{"missing", []string{"testdata/old.txt", "testdata/missing_new.txt"}, 1},
		{"slowmachine", []string{"testdata/old.txt", "testdata/slowmachine_new.txt"}, 1},
		{"normalized", []string{"testdata/old.txt", "testdata/slowmachine_new.txt", "-normalize"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, code := runGate(t, append([]string{"compare"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			checkGolden(t, tc.name+".golden", got)
		})
	}
}

func TestMarkdown(t *testing.T) {
	md := filepath.Join(t.TempDir(), "report.md")
	_, code := runGate(t, "compare", "testdata/old.txt", "testdata/regression_new.txt", "-md", md)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	got, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "regression.md.golden", got)
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"frobnicate"},
		{"compare", "testdata/old.txt"},
		{"compare", "testdata/old.txt", "testdata/nonexistent.txt"},
		{"compare", "-normalize", "testdata/noisy_old.txt", "testdata/missing_new.txt", "-calibrate", "Nope"},
		{"compare", "-normalize", "-calibrate-unit", "cpu-sec/op", "testdata/old.txt", "testdata/pass_new.txt"},
		{"compare", "-config", "testdata/old.txt", "testdata/old.txt", "testdata/pass_new.txt"},
		{"run", "-count", "3"},
		{"ab", "-count", "10"},
		{"bump", "-from", "testdata/pass_new.txt"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(&stdout, &stderr, args)
		if code := exitCode(&stderr, err); code != 2 {
			t.Errorf("benchgate %q: exit status %d (%v), want 2", args, code, err)
		}
	}
}

func TestBump(t *testing.T) {
	baseline := filepath.Join(t.TempDir(), "gostd200k.txt")
	var stdout, stderr bytes.Buffer
	err := run(&stdout, &stderr, []string{"bump", "-why", "initial baseline", "-from", "testdata/pass_new.txt",
		"-baseline", baseline, "-date", "2026-01-02"})
	if err != nil {
		t.Fatalf("bump: %v\n%s", err, stderr.String())
	}
	b, err := os.ReadFile(baseline)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n# machine: ", "\n# toolchain: go", "\n# date: 2026-01-02\n", "\n# why: initial baseline\n", "\npkg: github.com/orbitgraph/orbit/bench\n"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("baseline lacks %q:\n%s", want, b)
		}
	}
	if strings.Contains(string(b), "PASS") || strings.Contains(string(b), "ok  ") {
		t.Errorf("baseline keeps go test's chatter:\n%s", b)
	}
	// The rewritten baseline still parses and compares equal to its source.
	if err := run(&stdout, &stderr, []string{"compare", baseline, "testdata/pass_new.txt"}); err != nil {
		t.Errorf("compare the bumped baseline: %v", err)
	}
	// A results file with too few runs is refused.
	few := filepath.Join(t.TempDir(), "few.txt")
	os.WriteFile(few, []byte("BenchmarkCalibrate-2 100 80000 ns/op\n"), 0o644)
	err = run(&stdout, &stderr, []string{"bump", "-why", "x", "-from", few, "-baseline", baseline})
	if !errors.As(err, new(usageError)) {
		t.Errorf("bump with one run: %v, want a usage error", err)
	}
}

func TestCommittedBaselineParses(t *testing.T) {
	matches, _ := filepath.Glob("../../bench/baselines/*.txt")
	for _, path := range matches {
		if filepath.Base(path) == "tolerances.txt" {
			if _, err := loadTolerances(path); err != nil {
				t.Error(err)
			}
			continue
		}
		g, _ := newGrouper("*")
		if _, err := g.readFile(path); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

func TestRunCommands(t *testing.T) {
	o := benchOptions{count: 10, bench: "Search", short: true}
	got := fmt.Sprint(o.goTestCommands())
	want := "[[test -tags sqlite_fts5 -timeout 0 -run ^$ -bench ^BenchmarkCalibrate$ -count 10 -short ./bench] " +
		"[test -tags sqlite_fts5 -timeout 0 -run ^$ -bench Search -count 10 -short ./bench/...]]"
	if got != want {
		t.Errorf("go test commands\n got %s\nwant %s", got, want)
	}
	for bench, covers := range map[string]bool{".": true, "Calibrate": true, "Search/corpus=x": false, "Sync|Calib/x": true} {
		if coversCalibration(bench) != covers {
			t.Errorf("coversCalibration(%q) = %v", bench, !covers)
		}
	}
}

func TestTimeLike(t *testing.T) {
	for unit, want := range map[string]bool{"sec/op": true, "p95-ms": true, "cpu-ns/op": true, "files/s": true,
		"B/s": true, "B/op": false, "allocs/op": false, "db-MB": false, "results": false} {
		if timeLike(unit) != want {
			t.Errorf("timeLike(%q) = %v", unit, !want)
		}
	}
}
