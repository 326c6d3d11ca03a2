package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
)

// smallModule has what resolution finds hard: a same-named function in two
// packages, a promoted method, an interface call, a function value, and an
// external test package.
var smallModule = map[string]string{
	"go.mod": "module example.com/acc\n\ngo 1.22\n",
	"shape/shape.go": `package shape

type Base struct{}

func (Base) Close() error { return nil }

type File struct{ Base }

func (f *File) Write(p []byte) (int, error) { return len(p), nil }

type Writer interface{ Write(p []byte) (int, error) }

func New() *File { return &File{} }

func Use(w Writer) { w.Write(nil) }
`,
	"shape/shape_test.go": `package shape_test

import (
	"testing"

	"example.com/acc/shape"
)

func TestNew(t *testing.T) { shape.New().Close() }
`,
	"util/util.go": `package util

func New() int { return 1 }

func Helper() int { return New() + 1 }
`,
	"app/main.go": `package main

import (
	"example.com/acc/shape"
	"example.com/acc/util"
)

func main() {
	f := shape.New()
	f.Write(nil)
	f.Close()
	shape.Use(f)
	g := util.New
	_ = g() + util.Helper()
}
`,
}

func TestAccuracyOnSmallModule(t *testing.T) {
	root := newGitRepo(t, smallModule)
	o, err := loadOracle(root, []string{"./..."}, []string{"vendor"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if o.TypeErrors != 0 {
		t.Fatalf("%d type errors in the test module", o.TypeErrors)
	}
	wantSites := map[string][]string{
		"example.com/acc/shape.New":          {"app/main.go:9:13 call", "shape/shape_test.go:9:36 call"},
		"example.com/acc/shape.Base.Close":   {"app/main.go:11:4 call promoted", "shape/shape_test.go:9:42 call promoted"},
		"example.com/acc/shape.File.Write":   {"app/main.go:10:4 call"},
		"example.com/acc/util.New":           {"app/main.go:13:12 value", "util/util.go:5:28 call"},
		"example.com/acc/shape_test.TestNew": nil,
	}
	for key, want := range wantSites {
		tg := o.Targets[key]
		if tg == nil {
			t.Fatalf("no target %s; have %v", key, targetKeys(o))
		}
		if diff := cmp.Diff(want, describeSites(tg.Sites)); diff != "" {
			t.Errorf("sites of %s (-want +got):\n%s", key, diff)
		}
	}
	wantCalls := []string{"example.com/acc/shape.New@9", "example.com/acc/shape.File.Write@10",
		"example.com/acc/shape.Base.Close@11", "example.com/acc/shape.Use@12", "example.com/acc/util.Helper@14"}
	if diff := cmp.Diff(wantCalls, describeCalls(o.Targets["example.com/acc/app.main"].Calls)); diff != "" {
		t.Errorf("calls of main (-want +got):\n%s", diff)
	}
	if got := o.Targets["example.com/acc/shape.Use"].Calls; len(got) != 1 || got[0].Key != "example.com/acc/shape.Writer.Write" || !got[0].Iface {
		t.Errorf("Use's call w.Write = %+v, want the interface method", got)
	}

	ctx := context.Background()
	g, err := corpusindex.Synced(ctx, root, &strings.Builder{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	res, err := evaluate(ctx, o, newGraphAnswerer(g), sampleTargets(o.Targets, 100, 1))
	if err != nil {
		t.Fatal(err)
	}
	checkSane(t, res, len(o.Targets))
	// A qualified call pkg.F is spanned from pkg: the column rule must still
	// match it, at import_resolved.
	if res.Refs.matchedAt["import_resolved"] == 0 {
		t.Errorf("no truth site matched at import_resolved: %+v", res.Refs.Levels)
	}
	var md strings.Builder
	if err := writeMarkdown(&md, res); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + md.String())
	if !strings.Contains(md.String(), "| ≥ same_module (default) |") {
		t.Errorf("report lacks the default floor row:\n%s", md.String())
	}
}

// checkSane: every target was asked, the counts add up, and what the index
// calls exact is right on a module this small.
func checkSane(t *testing.T, res *Result, targets int) {
	t.Helper()
	if res.Sampled != targets || res.Refs.Targets+res.Refs.Unresolvable != targets {
		t.Errorf("sampled %d, scored %d + %d unresolvable, want %d targets", res.Sampled, res.Refs.Targets, res.Refs.Unresolvable, targets)
	}
	if res.Refs.Unresolvable != 0 {
		t.Errorf("unresolvable selectors: %v", res.UnresolvableExamples)
	}
	for _, s := range []*Score{res.Refs, res.Callees} {
		if s.Truth == 0 {
			t.Fatalf("%s: no truth sites", s.Query)
		}
		for _, l := range levels {
			if tl := s.tally(l); tl.Matched > tl.Returned {
				t.Errorf("%s %s: matched %d > returned %d", s.Query, l, tl.Matched, tl.Returned)
			}
		}
		if f := s.AtFloor("exact"); f.Returned > 0 && f.Precision != 1 {
			t.Errorf("%s: exact precision %.3f, want 1; false positives %+v", s.Query, f.Precision, s.FalsePos)
		}
		low, high := s.AtFloor("fuzzy_name"), s.AtFloor("exact")
		if low.Recall < high.Recall || low.Recall > 1 {
			t.Errorf("%s: recall must grow as the floor drops: exact %.3f, fuzzy %.3f", s.Query, high.Recall, low.Recall)
		}
	}
}

func describeSites(us []Use) []string {
	var out []string
	for _, u := range us {
		s := site(u.File, u.Line, u.Col)
		if u.Call {
			s += " call"
		} else {
			s += " value"
		}
		if u.Promoted {
			s += " promoted"
		}
		out = append(out, s)
	}
	return out
}

func describeCalls(us []Use) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Key+"@"+strconv.Itoa(u.Line))
	}
	return out
}

func targetKeys(o *Oracle) []string {
	var out []string
	for k := range o.Targets {
		out = append(out, k)
	}
	return out
}

// newGitRepo commits files to a fresh git repository (graph/internal/gittest
// is internal to graph/).
func newGitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	for _, tool := range []string{"git", "go"} { // go/packages runs `go list`
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	root := t.TempDir()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"},
		{"-c", "user.email=t@example.com", "-c", "user.name=T", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "initial"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}
