package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// minSamples is the fewest runs per benchmark a baseline may hold:
// benchmath needs 6 for a 95% confidence interval; run records 10.
const minSamples = 6

func bumpCmd(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("bump", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts benchOptions
	opts.register(fs)
	why := fs.String("why", "", "one-line justification recorded in the baseline (required)")
	from := fs.String("from", "", "results `file` to record (default: benchgate run -short now)")
	baseline := fs.String("baseline", "bench/baselines/gostd200k.txt", "baseline `file` to rewrite")
	date := fs.String("date", "", "date recorded in the header (default: today, UTC)")
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usagef("bump takes no arguments, got %q", rest)
	}
	if w := strings.TrimSpace(*why); w == "" || strings.ContainsAny(w, "\r\n") {
		return usagef("bump needs -why \"one-line reason\"")
	}
	if *date == "" {
		*date = time.Now().UTC().Format(time.DateOnly)
	}
	source := "results file " + filepath.Base(*from)
	var results []byte
	var err error
	if *from != "" {
		results, err = os.ReadFile(*from)
		if err != nil {
			return usageError{err}
		}
	} else {
		opts.short = true
		if err := opts.check(); err != nil {
			return err
		}
		source = "benchgate run " + strings.Join(opts.testFlags("", opts.bench, opts.count), " ")
		if results, err = runBenchmarks(stderr, opts); err != nil {
			return err
		}
	}
	g, err := newGrouper("*")
	if err != nil {
		return err
	}
	set, err := g.read(bytes.NewReader(results), *from)
	if err != nil {
		return err
	}
	for _, k := range set.keys {
		if s := set.byKey[k]; len(s.values) < minSamples {
			return usagef("%s %s has %d runs; a baseline needs at least %d (-count 10)", s.name, s.unit, len(s.values), minSamples)
		}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "# Orbit Graph benchmark baseline, benchfmt text: see bench/README.md#gate.\n")
	fmt.Fprintf(&out, "# Rewritten only by `benchgate bump` in a PR labelled bench-baseline-bump.\n")
	fmt.Fprintf(&out, "# machine: %s\n# toolchain: %s\n# date: %s\n# why: %s\n# source: %s\n\n",
		machine(), toolchain(), *date, strings.TrimSpace(*why), source)
	sc := bufio.NewScanner(bytes.NewReader(results))
	for sc.Scan() {
		if benchLine(sc.Bytes()) {
			out.Write(sc.Bytes())
			out.WriteByte('\n')
		}
	}
	if err := os.WriteFile(*baseline, out.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d (benchmark, unit) series; why: %s\n", *baseline, len(set.keys), strings.TrimSpace(*why))
	return nil
}

// machine describes the CPU the baseline was recorded on.
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d CPUs, %s/%s", model, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
}

// toolchain is the go command's version, which built the benchmarks.
func toolchain() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}
