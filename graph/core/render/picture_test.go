package render

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/dottest"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// nasty is a name with every character the writers must escape.
const nasty = "ex.com/p\"q\\r.T<U>#1 & `x` |y|\nz"

func ptr(s string) *string { return &s }

// bigImpact reaches 5 symbols at distance 1, each reached by 20 more.
func bigImpact() query.ImpactResult {
	r := query.ImpactResult{Target: query.SymbolRef{Qualified: nasty, Path: "a.go", Line: 1}, Depth: 2}
	for i := range 5 {
		q := fmt.Sprintf("ex.com/p.F%d", i)
		r.Symbols = append(r.Symbols, query.ImpactNode{SymbolRef: query.SymbolRef{Qualified: q, Path: "b.go", Line: i + 1},
			Distance: 1, Edge: "call", Direction: "inbound", Confidence: "exact", Via: nasty})
	}
	for i := range 5 {
		for j := range 20 {
			dir := "inbound"
			if j%3 == 0 {
				dir = "outbound"
			}
			r.Symbols = append(r.Symbols, query.ImpactNode{SymbolRef: query.SymbolRef{Qualified: fmt.Sprintf("ex.com/q.G%d_%d", i, j), Path: "c.go", Line: j + 1},
				Distance: 2, Edge: "type", Direction: dir, Confidence: "fuzzy_name", Via: fmt.Sprintf("ex.com/p.F%d", i)})
		}
	}
	r.Truncated = true
	return r
}

func bigTrace() query.TraceResult {
	shared := &query.TraceNode{Name: "helper", QualifiedName: ptr("ex.com/p.helper"), Confidence: ptr("exact"), Path: "h.go", Line: 3}
	root := &query.TraceNode{Name: "cli " + nasty, Path: "main.go", Line: 1}
	for i := range 30 {
		c := &query.TraceNode{Name: fmt.Sprintf("f%d", i), QualifiedName: ptr(fmt.Sprintf("ex.com/p.f%d", i)), Confidence: ptr("same_module"), Path: "f.go", Line: i + 1}
		c.Children = []*query.TraceNode{shared, {Name: "Println", QualifiedName: ptr("fmt.Println"), Confidence: ptr("import_resolved")}}
		root.Children = append(root.Children, c)
	}
	return query.TraceResult{Root: root, VisitedNodes: 91}
}

func bigDeps(scope string) query.DepsResult {
	r := query.DepsResult{Scope: scope}
	for i := range 30 {
		f := query.FileDeps{File: fmt.Sprintf("pkg%d/f.py", i)}
		f.Imports = append(f.Imports,
			query.Dep{TargetPath: "os"},
			query.Dep{TargetPath: fmt.Sprintf("ext%d", i%7)},
			query.Dep{TargetPath: "pkg0.util", InternalPath: "pkg0/util.py"},
			query.Dep{TargetPath: nasty, InternalPath: fmt.Sprintf("pkg%d", (i+1)%30)})
		r.Files = append(r.Files, f)
	}
	return r
}

// pictures draws every case in format f with a budget.
func pictures(t *testing.T, f string, budget int) map[string]string {
	t.Helper()
	out := map[string]string{}
	draw := func(name string, fn func(*bytes.Buffer) error) {
		var b bytes.Buffer
		if err := fn(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b.String()
	}
	o := PictureOptions{Format: f, MaxNodes: budget}
	draw("impact", func(b *bytes.Buffer) error { return ImpactPicture(b, bigImpact(), o) })
	draw("impact-empty", func(b *bytes.Buffer) error {
		return ImpactPicture(b, query.ImpactResult{Target: query.SymbolRef{Qualified: "x.Y"}}, o)
	})
	draw("trace", func(b *bytes.Buffer) error { return TracePicture(b, bigTrace(), o) })
	draw("trace-none", func(b *bytes.Buffer) error { return TracePicture(b, query.TraceResult{}, o) })
	draw("deps-dir", func(b *bytes.Buffer) error { return DepsPicture(b, bigDeps("dir:."), o) })
	draw("deps-file", func(b *bytes.Buffer) error {
		r := bigDeps("file:pkg3/f.py")
		r.Files = r.Files[3:4]
		return DepsPicture(b, r, o)
	})
	draw("deps-empty", func(b *bytes.Buffer) error { return DepsPicture(b, query.DepsResult{Scope: "dir:x"}, o) })
	return out
}

func TestDOTRendersWithGraphviz(t *testing.T) {
	for _, budget := range []int{2, 10, DefaultMaxNodes, 1000} {
		for name, src := range pictures(t, DOT, budget) {
			dottest.Render(t, fmt.Sprintf("%s/budget %d", name, budget), src)
		}
	}
}

// A broken graph must fail the render check, or the test above proves
// nothing.
func TestRenderDOTCatchesBrokenGraph(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("Graphviz dot is not installed")
	}
	cmd := exec.Command("dot", "-Tpng")
	cmd.Stdin = strings.NewReader("digraph g { n0 [label=\"a\"b\"]; }\n")
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = new(bytes.Buffer), &errb
	if err := cmd.Run(); err == nil && errb.Len() == 0 {
		t.Fatal("dot accepted an unescaped quote")
	}
}

// Mermaid's grammar, as far as these pictures use it: one flowchart
// header, then comments, quoted node labels, edges between declared nodes,
// class lines. Labels hold no raw quote, markup or backtick, and '#' only
// starts an entity code.
var (
	mmNode  = regexp.MustCompile(`^  (n\d+|note)(?:\["([^"]*)"\]|\(\["([^"]*)"\]\))$`)
	mmEdge  = regexp.MustCompile(`^  (n\d+) (?:-->|-\.->|-\.-)(?:\|([^|"]*)\|)? (n\d+)$`)
	mmClass = regexp.MustCompile(`^  class ((?:n\d+|note)(?:,n\d+)*) (root|more|note)$`)
	mmDef   = regexp.MustCompile(`^  classDef (root|more|note) [a-z-]+:[#0-9a-z ]+$`)
	mmBad   = regexp.MustCompile("[<>`\n]|#(?:[^0-9a-z]|[0-9a-z]*[^0-9a-z;])")
)

func checkMermaid(src string) (nodes int, err error) {
	declared := map[string]bool{}
	header := false
	fail := func(i int, line, why string) error { return fmt.Errorf("line %d %q: %s", i+1, line, why) }
	for i, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		switch {
		case line == "flowchart LR":
			if header {
				return 0, fail(i, line, "second header")
			}
			header = true
		case !header:
			return 0, fail(i, line, "before the flowchart header")
		case strings.HasPrefix(line, "  %% "):
			if strings.Contains(line[5:], "%%") {
				return 0, fail(i, line, "a comment holding %%")
			}
		case mmNode.MatchString(line):
			m := mmNode.FindStringSubmatch(line)
			if declared[m[1]] {
				return 0, fail(i, line, "node declared twice")
			}
			if mmBad.MatchString(m[2] + m[3]) {
				return 0, fail(i, line, "label not escaped")
			}
			declared[m[1]] = true
			if m[1] != "note" {
				nodes++
			}
		case mmEdge.MatchString(line):
			m := mmEdge.FindStringSubmatch(line)
			if !declared[m[1]] || !declared[m[3]] {
				return 0, fail(i, line, "edge to an undeclared node")
			}
			if mmBad.MatchString(m[2]) {
				return 0, fail(i, line, "edge label not escaped")
			}
		case mmClass.MatchString(line):
			for _, id := range strings.Split(mmClass.FindStringSubmatch(line)[1], ",") {
				if !declared[id] {
					return 0, fail(i, line, "class of an undeclared node")
				}
			}
		case mmDef.MatchString(line):
		default:
			return 0, fail(i, line, "not Mermaid flowchart syntax")
		}
	}
	if !header {
		return 0, fmt.Errorf("no flowchart header")
	}
	return nodes, nil
}

func TestMermaidIsWellFormedAndWithinBudget(t *testing.T) {
	for _, budget := range []int{2, 10, DefaultMaxNodes} {
		for name, src := range pictures(t, Mermaid, budget) {
			n, err := checkMermaid(src)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, src)
			}
			if n > budget {
				t.Errorf("%s: %d nodes drawn, budget %d", name, n, budget)
			}
		}
	}
	// The checker itself rejects a raw quote and an undeclared node.
	for _, bad := range []string{"flowchart LR\n  n0[\"a\"b\"]\n", "flowchart LR\n  n0[\"a\"]\n  n0 --> n1\n", "flowchart LR\n  n0[\"<b>\"]\n"} {
		if _, err := checkMermaid(bad); err == nil {
			t.Errorf("the checker accepts %q", bad)
		}
	}
}

// dotNode is a node statement of the DOT writer.
var dotNode = regexp.MustCompile(`(?m)^  n\d+ \[label=`)

func TestPictureBudgetSaysWhatWasCut(t *testing.T) {
	for name, src := range pictures(t, DOT, 10) {
		n := len(dotNode.FindAllString(src, -1))
		if n > 10 {
			t.Errorf("%s: %d nodes, budget 10", name, n)
		}
		if strings.Contains(name, "empty") || strings.Contains(name, "none") || name == "deps-file" {
			continue
		}
		if !strings.Contains(src, "// showing ") || !strings.Contains(src, "shape=note") {
			t.Errorf("%s: cut but no note says so:\n%s", name, src)
		}
	}
	imp := pictures(t, DOT, 10)["impact"]
	for _, want := range []string{"of 106 nodes (budget 10)", "impact stopped at its cap of 200 symbols", `label="+20 more"`} {
		if !strings.Contains(imp, want) {
			t.Errorf("impact picture lacks %q:\n%s", want, imp)
		}
	}
	// Everything fits a large budget: no note, every node drawn.
	all := pictures(t, DOT, 1000)
	if strings.Contains(all["trace"], "showing") || len(dotNode.FindAllString(all["trace"], -1)) != 33 {
		t.Errorf("trace with budget 1000: want 33 nodes (root, 30 calls, helper and fmt.Println once each), no note:\n%s", all["trace"])
	}
}

func TestPicturesAreStable(t *testing.T) {
	for _, f := range []string{DOT, Mermaid} {
		first := pictures(t, f, 12)
		for range 5 {
			for name, src := range pictures(t, f, 12) {
				if src != first[name] {
					t.Fatalf("%s %s differs between two runs:\n%s\n---\n%s", f, name, first[name], src)
				}
			}
		}
	}
}

func TestPictureEscapesLabels(t *testing.T) {
	var b bytes.Buffer
	r := query.ImpactResult{Target: query.SymbolRef{Qualified: `p.A"b\c`}}
	if err := ImpactPicture(&b, r, PictureOptions{Format: DOT}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `label="p.A\"b\\c"`) {
		t.Errorf("DOT label not escaped:\n%s", b.String())
	}
	b.Reset()
	if err := ImpactPicture(&b, r, PictureOptions{Format: Mermaid}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `n0["p.A#quot;b\c"]`) {
		t.Errorf("Mermaid label not escaped:\n%s", b.String())
	}
	if err := ImpactPicture(&b, r, PictureOptions{Format: "svg"}); err == nil {
		t.Error("format svg: no error")
	}
}

// TestMermaidParses hands every picture to Mermaid's own parser (npm
// mermaid under jsdom, tools/mermaidcheck). It needs Node and the packages
// scripts/mermaid-check.sh installs, which runs it; it is skipped without
// them (ORBIT_MERMAID unset).
func TestMermaidParses(t *testing.T) {
	dir := os.Getenv("ORBIT_MERMAID")
	if dir == "" {
		t.Skip("ORBIT_MERMAID is not set: run scripts/mermaid-check.sh")
	}
	tmp := t.TempDir()
	var files []string
	for _, budget := range []int{2, 10, DefaultMaxNodes, 1000} {
		for name, src := range pictures(t, Mermaid, budget) {
			f := filepath.Join(tmp, fmt.Sprintf("%s-%d.mmd", name, budget))
			if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	sort.Strings(files)
	cmd := exec.Command("node", append([]string{"../../../tools/mermaidcheck/check.mjs"}, files...)...)
	cmd.Env = append(os.Environ(), "ORBIT_MERMAID="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("Mermaid rejects a picture: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
