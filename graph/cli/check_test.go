package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

var checkRepo = map[string]string{
	"go.mod": "module example.com/chk\n\ngo 1.22\n",
	"main.go": `package main

type Runner interface{ Run() int }

type fast struct{}

func (fast) Run() int { return 1 }

func use(r Runner) int { return r.Run() }

func main() { println(use(fast{})) }

func stale() int { return staleHelper() * 2 }

func staleHelper() int { return 21 }
`,
}

// checkSynced is a synced repo of checkRepo and its --root arguments.
func checkSynced(t *testing.T) (*gittest.Repo, []string) {
	t.Helper()
	repo := gittest.New(t, checkRepo)
	root := []string{"--root", repo.Root}
	if _, stderr, code := orbit(t, append([]string{"graph", "sync"}, root...)...); code != 0 {
		t.Fatalf("sync: exit %d: %s", code, stderr)
	}
	return repo, root
}

type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string            `json:"ruleId"`
			Level     string            `json:"level"`
			Partial   map[string]string `json:"partialFingerprints"`
			Locations []struct {
				Physical struct {
					Artifact struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func TestCheckSARIF(t *testing.T) {
	_, root := checkSynced(t)
	out, stderr, code := orbit(t, append([]string{"graph", "check", "--format", "sarif"}, root...)...)
	if code != 0 {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("SARIF does not parse: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0 and one run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	ids := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		ids[r.ID] = true
	}
	for _, want := range []string{"orbit/unreachable", "orbit/test-only", "orbit/duplicate-body", "orbit/cycle", "orbit/coupling"} {
		if !ids[want] {
			t.Errorf("rule %s missing from the driver's rules %v", want, ids)
		}
	}
	var found bool
	for _, r := range run.Results {
		if r.RuleID != "orbit/unreachable" {
			continue
		}
		found = true
		loc := r.Locations[0].Physical
		if loc.Artifact.URI != "main.go" || loc.Region.StartLine != 13 || r.Partial["orbitFindingHash/v1"] == "" {
			t.Errorf("unreachable result at %s:%d, fingerprints %v; want main.go:13 and a partial fingerprint",
				loc.Artifact.URI, loc.Region.StartLine, r.Partial)
		}
	}
	if !found {
		t.Fatalf("no unreachable result for stale:\n%s", out)
	}
	if strings.Contains(out, "fast.Run") {
		t.Errorf("fast.Run is called through Runner; it must not be reported:\n%s", out)
	}
}

func TestCheckBaselineGate(t *testing.T) {
	repo, root := checkSynced(t)
	base := filepath.Join(t.TempDir(), "baseline.json")
	if _, stderr, code := orbit(t, append([]string{"graph", "check", "--baseline", base, "--save"}, root...)...); code != 0 {
		t.Fatalf("save: exit %d: %s", code, stderr)
	}
	if _, stderr, code := orbit(t, append([]string{"graph", "check", "--baseline", base, "--format", "text"}, root...)...); code != 0 {
		t.Fatalf("compare, nothing changed: exit %d: %s", code, stderr)
	}
	// Moving the dead code to another file and below new lines is no new finding.
	repo.Write("main.go", strings.Replace(checkRepo["main.go"],
		"func stale() int { return staleHelper() * 2 }\n\nfunc staleHelper() int { return 21 }\n", "", 1))
	repo.Write("old.go", "package main\n\n// Kept for now.\n\n\nfunc staleHelper() int { return 21 }\n\nfunc stale() int { return staleHelper() * 2 }\n")
	repo.Commit("move")
	orbit(t, append([]string{"graph", "sync"}, root...)...)
	out, stderr, code := orbit(t, append([]string{"graph", "check", "--baseline", base, "--format", "text"}, root...)...)
	if code != 0 || !strings.Contains(out, "0 new") {
		t.Fatalf("compare after a move: exit %d, stdout %s, stderr %s; want 0 new", code, out, stderr)
	}
	// A new dead function fails the gate, and only it is new.
	repo.Write("more.go", "package main\n\nfunc forgotten() {}\n")
	repo.Commit("more")
	orbit(t, append([]string{"graph", "sync"}, root...)...)
	out, stderr, code = orbit(t, append([]string{"graph", "check", "--baseline", base, "--format", "text"}, root...)...)
	if code != 1 || !strings.Contains(stderr, "1 finding(s) not in the baseline") {
		t.Fatalf("compare with a new finding: exit %d, stderr %q; want 1 and one new finding\n%s", code, stderr, out)
	}
	if strings.Count(out, " NEW") != 1 || !strings.Contains(out, "forgotten") {
		t.Errorf("want exactly the forgotten function marked NEW:\n%s", out)
	}
}

// TestCheckHTMLScreenshot renders the HTML report in headless Chromium
// (Debian's chromium; .ci/run installs it) and checks the screenshot is
// a real page, not a blank one.
func TestCheckHTMLScreenshot(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed here (apt-get install -y chromium); CI installs it in .ci/run")
	}
	_, root := checkSynced(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if _, stderr, code := orbit(t, append([]string{"graph", "check", "--format", "html", "--output", page}, root...)...); code != 0 {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Coupling grid", "Unreachable subtrees", "Duplicated bodies", "Cycles", "Entry points by reason", "example.com/chk.stale"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	if bytes.Contains(html, []byte("ZgotmplZ")) {
		t.Errorf("report has a value html/template refused (ZgotmplZ)")
	}
	if bytes.Contains(html, []byte("<script")) || bytes.Contains(html, []byte("http://")) || bytes.Contains(html, []byte("https://")) {
		t.Errorf("report is not self-contained (a script or an external resource)")
	}
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1200,900", "--screenshot="+shot, "file://"+page)
	cmd.WaitDelay = 10 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is no PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 900 {
		t.Errorf("screenshot is %v, want 1200x900", b)
	}
	if n := distinctColours(img); n < 3 {
		t.Errorf("screenshot has %d colours: a blank page", n)
	}
}

func distinctColours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}
