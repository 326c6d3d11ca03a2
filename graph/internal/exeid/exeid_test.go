package exeid

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGoBuildID: the build ID read from the test binary is the one the go
// command reports ("" when it is redacted, as rules_go builds).
func TestGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := GoBuildID(f)
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	want := strings.TrimSpace(string(out))
	if strings.Count(want, "/") == 0 {
		want = "" // redacted: not fit to stand for the bytes
	}
	if got != want {
		t.Errorf("GoBuildID = %q; go tool buildid says %q", got, want)
	}
}
