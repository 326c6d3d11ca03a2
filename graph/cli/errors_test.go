package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Every failure, usage errors included, is one JSON object on stdout in
// JSON mode, {"error": {"message", "reason", ...}}, with the documented
// exit code; in text mode stdout stays empty and stderr says it.
func TestEveryErrorHasOneShape(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	if _, stderr, code := orbit(t, "graph", "sync", "--root", repo.Root); code != 0 {
		t.Fatalf("sync: exit %d: %s", code, stderr)
	}
	cases := []struct {
		args   []string
		code   int
		reason string
		valid  bool // the object lists the valid values
	}{
		{[]string{"graph", "refs", "symbol:main.go#serve", "--confidence", "high"}, 2, "bad_value", true},
		{[]string{"graph", "impact", "symbol:main.go#serve", "--depth", "-1"}, 2, "usage", false},
		{[]string{"graph", "refs"}, 2, "usage", false},
		{[]string{"graph", "refs", "symbol:main.go#serve", "--bogus"}, 2, "usage", false},
		{[]string{"graph", "frob"}, 2, "unknown_command", false},
		{[]string{"graph", "search", "serve", "--lang", "klingon"}, 2, "bad_value", true},
		{[]string{"graph", "search", "serve", "--format", "yaml"}, 2, "bad_value", true},
		{[]string{"graph", "refs", "nonsense"}, 2, "bad_selector", false},
		{[]string{"graph", "refs", "symbol:main.go#serv"}, 3, "not_found", false},
		{[]string{"graph", "sync", "--wait", "-1s"}, 2, "usage", false},
	}
	for _, c := range cases {
		args := append(append([]string(nil), c.args...), "--root", repo.Root)
		stdout, stderr, code := orbit(t, args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr)
		}
		var e struct {
			Error struct {
				Message string   `json:"message"`
				Reason  string   `json:"reason"`
				Valid   []string `json:"valid"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(stdout), &e); err != nil {
			t.Errorf("%v: stdout is not one JSON object: %q", c.args, stdout)
			continue
		}
		if e.Error.Message == "" || e.Error.Reason != c.reason || (len(e.Error.Valid) > 0) != c.valid {
			t.Errorf("%v: error %+v, want reason %q, valid values listed: %v", c.args, e.Error, c.reason, c.valid)
		}
		if !strings.HasPrefix(stderr, "orbit: ") {
			t.Errorf("%v: stderr %q, want the message for people", c.args, stderr)
		}
		text := append(append([]string(nil), args...), "--format", "text")
		if stdout, _, _ := orbit(t, text...); stdout != "" && c.args[len(c.args)-2] != "--format" {
			t.Errorf("%v --format text: stdout %q, want nothing", c.args, stdout)
		}
	}
	// A missing --root is a usage error, named as such.
	stdout, _, code := orbit(t, "graph", "search", "serve", "--root", repo.Root+"/nope")
	if code != 2 || !strings.Contains(stdout, `"reason":"bad_root"`) {
		t.Errorf("missing --root: exit %d, stdout %q", code, stdout)
	}
	// No matches is an empty list, not null.
	stdout, _, code = orbit(t, "graph", "search", "zzzzqqq", "--root", repo.Root)
	if code != 0 || strings.TrimSpace(stdout) != `{"matches":[]}` {
		t.Errorf("no matches: exit %d, stdout %q", code, stdout)
	}
}
