// Package orbit_test keeps README.md and AGENTS.md honest, the way x/perf's
// cmd/benchstat/doc_test.go keeps its doc: it runs the commands they show,
// checks every `orbit graph …` they mention (subcommand and flags) against
// the binary, and the paths they name against the tree. It lives at the
// root, beside the docs, and imports nothing of the module.
package orbit_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

var docs = []string{"README.md", "AGENTS.md"}

// notRun are the documented commands this test does not run, only checks
// that what they name exists: too heavy, or not ours to run.
var notRun = []struct{ has, why string }{
	{"scripts/test.sh", "the whole suite, which runs this test"},
	{"-bench", "benchmarks"},
	{"-update", "rewrites goldens"},
	{"claude ", "registers the server with an external tool"},
	{"bazel ", "no Bazel can be installed here; .github/workflows/bazel.yml runs these"},
}

// inCopy marks the commands that write into the tree (binaries, an index,
// BUILD files): they run in a copy of it.
var inCopy = []string{"go build", "go tool gazelle", "./orbit"}

// nested is set in the environment of the commands run, so that a doc
// that ever shows `go test ./...` cannot make this test run itself.
const nested = "ORBIT_DOCS_TEST_NESTED"

func TestDocs(t *testing.T) {
	if os.Getenv(nested) != "" {
		t.Skip("run by a documented command")
	}
	bin := buildOrbit(t)
	copyDir := sync.OnceValues(func() (string, error) { return copyTree(t.TempDir()) })
	for _, name := range docs {
		d := readDoc(t, name)
		if len(d.commands) == 0 || len(d.spans) == 0 {
			t.Fatalf("%s: no commands found; the parser no longer reads this doc", name)
		}
		for _, c := range d.commands {
			t.Run(c.where, func(t *testing.T) { runShown(t, c, copyDir) })
		}
		for _, s := range d.spans {
			checkMentions(t, bin, s)
		}
		for _, p := range d.paths {
			if _, err := os.Stat(filepath.Join(filepath.Dir(name), p.text)); err != nil {
				t.Errorf("%s: %s does not exist", p.where, p.text)
			}
		}
	}
}

// runShown runs one documented command and wants exit 0; a go test must
// run some test, and a gofmt -l must list nothing.
func runShown(t *testing.T, c shown, copyDir func() (string, error)) {
	for _, n := range notRun {
		if strings.Contains(c.text, n.has) {
			checkNamed(t, c)
			t.Skipf("checked, not run (%s): %s", n.why, c.text)
		}
	}
	dir := "."
	if hasAny(c.text, inCopy) {
		var err error
		if dir, err = copyDir(); err != nil {
			t.Fatal(err)
		}
	}
	line := c.text
	if testing.Short() && strings.HasPrefix(line, "go test ") && !strings.Contains(line, "-short") {
		line = strings.Replace(line, "go test ", "go test -short ", 1)
	}
	stdout, stderr, err := shell(t, dir, line)
	if err != nil {
		t.Fatalf("%s: %s: %v\n%s%s", c.where, line, err, tail(stdout), tail(stderr))
	}
	if strings.Contains(stdout, "no tests to run") {
		t.Errorf("%s: %s: its -run pattern matches no test\n%s", c.where, line, stdout)
	}
	if strings.HasPrefix(line, "gofmt -l") && stdout != "" {
		t.Errorf("%s: %s: gofmt would change:\n%s", c.where, line, stdout)
	}
}

// checkNamed checks what a command not run names: its repository paths
// exist, and a go test's -run pattern matches a test of its package.
func checkNamed(t *testing.T, c shown) {
	f := strings.Fields(c.text)
	var pkg, run string
	for i, a := range f {
		if isRepoPath(a) {
			if _, err := os.Stat(strings.TrimSuffix(a, "/...")); err != nil {
				t.Errorf("%s: %s names %s, which does not exist", c.where, c.text, a)
			}
			pkg = a
		}
		if a == "-run" && i+1 < len(f) {
			run = f[i+1]
		}
	}
	if run == "" || pkg == "" || strings.Contains(c.text, "-bench") {
		return
	}
	out, err := exec.Command("go", "test", "-tags", "sqlite_fts5", "-list", run, pkg).Output()
	if err != nil || !regexp.MustCompile(`(?m)^Test`).Match(out) {
		t.Errorf("%s: %s: -run %s matches no test in %s (%v)\n%s", c.where, c.text, run, pkg, err, out)
	}
}

// isRepoPath: a relative path in the repository (./bench,
// scripts/test.sh), not a flag, a variable or an example path elsewhere.
func isRepoPath(a string) bool {
	return strings.Contains(a, "/") && !strings.ContainsAny(a, "$'\"~:") && !strings.HasPrefix(a, "/") && !strings.HasPrefix(a, "-")
}

var flagName = regexp.MustCompile(`--[a-z][a-z-]*`)

// checkMentions checks each `orbit graph <cmd> [--flag …]` in a span: the
// binary knows the command and each flag.
func checkMentions(t *testing.T, bin func(string) string, s shown) {
	parts := strings.Split(s.text, "orbit graph ")
	for _, p := range parts[1:] {
		p, _, _ = strings.Cut(p, "&&")
		p, _, _ = strings.Cut(p, ";")
		sub := strings.Fields(p + " ")
		if len(sub) == 0 || !regexp.MustCompile(`^[a-z][a-z-]*$`).MatchString(sub[0]) {
			continue
		}
		help := bin(sub[0])
		if !strings.Contains(help, "\n  orbit graph "+sub[0]) {
			t.Errorf("%s: `orbit graph %s`: orbit has no such command", s.where, sub[0])
			continue
		}
		for _, fl := range flagName.FindAllString(p, -1) {
			if !strings.Contains(help, fl+" ") {
				t.Errorf("%s: `orbit graph %s %s`: the command has no such flag", s.where, sub[0], fl)
			}
		}
	}
}

// buildOrbit builds the CLI once and returns the --help of a subcommand.
func buildOrbit(t *testing.T) func(string) string {
	exe := filepath.Join(t.TempDir(), "orbit")
	if out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", exe, "./graph/cli").CombinedOutput(); err != nil {
		t.Fatalf("build orbit: %v\n%s", err, out)
	}
	helps := map[string]string{}
	return func(sub string) string {
		if h, ok := helps[sub]; ok {
			return h
		}
		out, _ := exec.Command(exe, "graph", sub, "--help").Output()
		helps[sub] = string(out)
		return helps[sub]
	}
}

// copyTree copies the files git tracks or would track (new ones too) into
// dir, so that commands that write run against the tree as it is.
func copyTree(dir string) (string, error) {
	out, err := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return "", err
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		b, err := os.ReadFile(name)
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		}
		if err != nil {
			return "", err
		}
		dst := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// shell runs a command line as a reader would paste it.
func shell(t *testing.T, dir, line string) (string, string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(t.Context(), "bash", "-e", "-o", "pipefail", "-c", line)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
	cmd.Env = append(os.Environ(), nested+"=1")
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

func hasAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// tail is the end of a long output, enough to see why a command failed.
func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}
