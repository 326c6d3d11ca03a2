package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// benchOptions select which benchmarks run and how often.
type benchOptions struct {
	count     int
	bench     string
	short     bool
	benchtime string
}

func (o *benchOptions) register(fs *flag.FlagSet) {
	fs.IntVar(&o.count, "count", 10, "runs of each benchmark, at least 10 (benchmath needs samples)")
	fs.StringVar(&o.bench, "bench", ".", "benchmarks to run, as go test -bench `regexp`")
	fs.BoolVar(&o.short, "short", false, "pass -short: only the gostd200k corpus")
	fs.StringVar(&o.benchtime, "benchtime", "", "go test -benchtime (default go's 1s)")
}

func (o *benchOptions) check() error {
	if o.count < 10 {
		return usagef("-count %d: want at least 10 runs", o.count)
	}
	if _, err := regexp.Compile(o.bench); err != nil {
		return usagef("-bench: %v", err)
	}
	return nil
}

// benchPackages hold the macro benchmarks (the extractors' micro benchmarks
// are not gated).
const benchPackages = "./bench/..."

// calibrationBench runs in every result file so -normalize can use it.
const calibrationBench = "^BenchmarkCalibrate$"

// coversCalibration reports whether the -bench regexp already runs
// BenchmarkCalibrate (go test matches its first '/' element to the name).
func coversCalibration(bench string) bool {
	first, _, _ := strings.Cut(bench, "/")
	re, err := regexp.Compile(first)
	return err == nil && re.MatchString("BenchmarkCalibrate")
}

// testFlags are the go test flags (prefix "" for go test, "test." for a
// compiled test binary) that run the benchmarks matching bench count times.
func (o *benchOptions) testFlags(prefix, bench string, count int) []string {
	f := []string{"-" + prefix + "run", "^$", "-" + prefix + "bench", bench, "-" + prefix + "count", fmt.Sprint(count)}
	if o.short {
		f = append(f, "-"+prefix+"short")
	}
	if o.benchtime != "" {
		f = append(f, "-"+prefix+"benchtime", o.benchtime)
	}
	return f
}

// goTestCommands are the go test invocations of `run`.
func (o *benchOptions) goTestCommands() [][]string {
	goTest := func(bench, pkgs string) []string {
		// go test's default 10m timeout is too short for -count 10.
		args := []string{"test", "-tags", "sqlite_fts5", "-timeout", "0"}
		return append(append(args, o.testFlags("", bench, o.count)...), pkgs)
	}
	var cmds [][]string
	if !coversCalibration(o.bench) {
		cmds = append(cmds, goTest(calibrationBench, "./bench"))
	}
	return append(cmds, goTest(o.bench, benchPackages))
}

func runCmd(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts benchOptions
	opts.register(fs)
	out := fs.String("o", "", "write results to `file` instead of stdout")
	if _, err := parseInterleaved(fs, args); err != nil {
		return err
	}
	if err := opts.check(); err != nil {
		return err
	}
	results, err := runBenchmarks(stderr, opts)
	if err != nil {
		return err
	}
	if *out != "" {
		return os.WriteFile(*out, results, 0o644)
	}
	_, err = stdout.Write(results)
	return err
}

// runBenchmarks runs `go test -bench` in the current module and returns
// its benchfmt output.
func runBenchmarks(stderr io.Writer, opts benchOptions) ([]byte, error) {
	var results bytes.Buffer
	for _, args := range opts.goTestCommands() {
		fmt.Fprintln(stderr, "benchgate: go", strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Stdout, cmd.Stderr = &results, stderr
		if err := cmd.Run(); err != nil {
			stderr.Write(results.Bytes())
			return nil, fmt.Errorf("go test: %w", err)
		}
	}
	return results.Bytes(), nil
}
