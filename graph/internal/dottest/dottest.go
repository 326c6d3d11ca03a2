// Package dottest renders DOT with Graphviz in tests, so a broken picture
// fails them.
package dottest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Render fails t unless Graphviz renders src to a PNG without a word on
// stderr. Graphviz is required on CI (.ci/run installs Debian graphviz);
// elsewhere its absence skips the test.
func Render(t testing.TB, name, src string) {
	t.Helper()
	if _, err := exec.LookPath("dot"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Graphviz dot is not installed (.ci/run installs Debian graphviz)")
		}
		t.Skip("Graphviz dot is not installed")
	}
	cmd := exec.Command("dot", "-Tpng")
	cmd.Stdin = strings.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil || errb.Len() > 0 {
		t.Fatalf("%s: dot -Tpng: %v %s\n%s", name, err, errb.String(), src)
	}
	if !bytes.HasPrefix(out.Bytes(), []byte("\x89PNG")) {
		t.Fatalf("%s: dot -Tpng wrote %d bytes that are not a PNG", name, out.Len())
	}
}
