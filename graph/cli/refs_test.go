package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestQueryCommands runs each query command on repoFiles (cli_test.go):
// JSON and text output, and the exit codes of bad input.
func TestQueryCommands(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	root := []string{"--root", repo.Root}
	if _, _, code := orbit(t, append([]string{"graph", "sync"}, root...)...); code != 0 {
		t.Fatalf("sync: exit %d", code)
	}
	run := func(args ...string) (string, string, int) {
		return orbit(t, append(append([]string{"graph"}, args...), root...)...)
	}

	out, _, code := run("refs", "symbol:main.go#serve")
	var refs struct {
		Refs []struct {
			File, From string
			Line       int
		} `json:"refs"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &refs) != nil || len(refs.Refs) != 1 ||
		refs.Refs[0].Line != 7 || refs.Refs[0].From != "example.com/cli.main" {
		t.Errorf("refs serve: exit %d, %s", code, out)
	}
	if out, _, code := run("callees", "symbol:tool/cli.py#sync_all", "--format", "text"); code != 0 || !strings.Contains(out, "cli.run_sync") {
		t.Errorf("callees text: exit %d\n%s", code, out)
	}
	if out, _, code := run("impact", "symbol:tool/cli.py#run_sync", "--format", "text"); code != 0 || !strings.Contains(out, "1 function  cli.sync_all") {
		t.Errorf("impact text: exit %d\n%s", code, out)
	}
	if out, _, code := run("trace", "cli", "sync-all"); code != 0 || !strings.Contains(out, `"qualified_name":"cli.run_sync"`) {
		t.Errorf("trace: exit %d\n%s", code, out)
	}
	if out, _, code := run("trace", "no-such-command"); code != 0 || !strings.Contains(out, `"root":null`) {
		t.Errorf("unknown command: exit %d, %s; want 0 and a null root", code, out)
	}
	for _, bad := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"refs", "symbol:main.go#serve", "--confidence", "high"}, 2, "want one of: exact, import, same_module, fuzzy"},
		{[]string{"refs", "symbol:main.go#serve", "--kind", "calls"}, 2, "unknown kind"},
		{[]string{"impact", "symbol:main.go#serve", "--depth", "0"}, 2, "--depth"},
		{[]string{"callees", "symbol:main.go#serv"}, 3, "did you mean"},
		{[]string{"trace"}, 2, ""},
	} {
		if _, stderr, code := run(bad.args...); code != bad.code || !strings.Contains(stderr, bad.msg) {
			t.Errorf("orbit graph %v: exit %d, stderr %q; want %d and %q", bad.args, code, stderr, bad.code, bad.msg)
		}
	}
}
