package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// envList collects repeated KEY=VALUE flags.
type envList []string

func (e *envList) String() string { return strings.Join(*e, " ") }
func (e *envList) Set(v string) error {
	if !strings.Contains(v, "=") {
		return fmt.Errorf("%q: want KEY=VALUE", v)
	}
	*e = append(*e, v)
	return nil
}

// abOptions configure an interleaved base-versus-head run.
type abOptions struct {
	bench            benchOptions
	gate             gateOptions
	base, pkg        string
	baseBin, headBin string
	oBase, oHead     string
	headEnv          envList
}

func abCmd(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("ab", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o abOptions
	o.bench.register(fs)
	o.gate.register(fs)
	fs.StringVar(&o.base, "base", "", "git `revision` to compare the working tree with")
	fs.StringVar(&o.pkg, "pkg", "./bench", "`package` holding the benchmarks")
	fs.StringVar(&o.baseBin, "base-bin", "", "prebuilt base test `binary` (skips the worktree build)")
	fs.StringVar(&o.headBin, "head-bin", "", "prebuilt head test `binary`")
	fs.StringVar(&o.oBase, "o-base", "", "also write the base results to `file`")
	fs.StringVar(&o.oHead, "o-head", "", "also write the head results to `file`")
	fs.Var(&o.headEnv, "head-env", "`KEY=VALUE` set only for head runs (prove.sh's slowdown knob); repeatable")
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usagef("ab takes no arguments, got %q", rest)
	}
	if err := o.bench.check(); err != nil {
		return err
	}
	if o.base == "" && o.baseBin == "" {
		return usagef("ab needs -base REV (or -base-bin)")
	}
	return ab(stdout, stderr, o)
}

func ab(stdout, stderr io.Writer, o abOptions) error {
	tmp, err := os.MkdirTemp("", "benchgate-ab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	headDir, err := filepath.Abs(o.pkg)
	if err != nil {
		return err
	}
	baseDir, baseName := headDir, "base binary "+o.baseBin
	if o.baseBin == "" {
		wt := filepath.Join(tmp, "worktree")
		if err := git(stderr, "", "worktree", "add", "--detach", wt, o.base); err != nil {
			return usagef("-base %s: %v", o.base, err)
		}
		defer git(stderr, "", "worktree", "remove", "--force", wt)
		baseDir, baseName = filepath.Join(wt, o.pkg), "base "+o.base
		o.baseBin = filepath.Join(tmp, "base.test")
		if err := buildTest(stderr, baseDir, o.baseBin); err != nil {
			return err
		}
	}
	headName := "head (working tree)"
	if o.headBin == "" {
		o.headBin = filepath.Join(tmp, "head.test")
		if err := buildTest(stderr, headDir, o.headBin); err != nil {
			return err
		}
	} else {
		headName = "head binary " + o.headBin
	}
	if len(o.headEnv) > 0 {
		headName += " with " + o.headEnv.String()
	}
	base := side{bin: o.baseBin, dir: baseDir}
	head := side{bin: o.headBin, dir: headDir, env: o.headEnv}
	if err := interleave(stderr, o.bench, &base, &head); err != nil {
		return err
	}
	for _, w := range []struct {
		path string
		s    *side
	}{{o.oBase, &base}, {o.oHead, &head}} {
		if w.path != "" {
			if err := os.WriteFile(w.path, w.s.out.Bytes(), 0o644); err != nil {
				return err
			}
		}
	}
	g, err := newGrouper(o.gate.filter)
	if err != nil {
		return err
	}
	old, err := g.read(&base.out, baseName)
	if err != nil {
		return err
	}
	cur, err := g.read(&head.out, headName)
	if err != nil {
		return err
	}
	return gate(stdout, o.gate, baseName, headName, old, cur)
}

// side is one of the two compiled benchmark binaries and its results.
type side struct {
	bin, dir string
	env      []string
	out      bytes.Buffer
}

// interleave runs base and head count times each with -count=1, in the
// order base, head, head, base, … (ABBA), so drift in the machine's load
// hits both alike.
func interleave(stderr io.Writer, o benchOptions, base, head *side) error {
	benches := []string{o.bench}
	if !coversCalibration(o.bench) {
		benches = append(benches, calibrationBench)
	}
	for i := 0; i < o.count; i++ {
		order := []*side{base, head}
		if i%2 == 1 {
			order = []*side{head, base}
		}
		fmt.Fprintf(stderr, "benchgate: round %d/%d\n", i+1, o.count)
		for _, s := range order {
			for _, b := range benches {
				cmd := exec.Command(s.bin, o.testFlags("test.", b, 1)...)
				cmd.Dir, cmd.Stdout, cmd.Stderr = s.dir, &s.out, stderr
				cmd.Env = append(os.Environ(), s.env...)
				if err := cmd.Run(); err != nil {
					return fmt.Errorf("%s: %w", s.bin, err)
				}
			}
		}
	}
	return nil
}

func buildTest(stderr io.Writer, dir, out string) error {
	fmt.Fprintf(stderr, "benchgate: go test -c in %s\n", dir)
	cmd := exec.Command("go", "test", "-tags", "sqlite_fts5", "-c", "-o", out, ".")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go test -c in %s: %w", dir, err)
	}
	return nil
}

func git(stderr io.Writer, dir string, args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stderr, stderr
	return cmd.Run()
}
