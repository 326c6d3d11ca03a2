package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// rawServer is orbit-graph-mcp driven line by line on its stdin, as a
// careless or hostile client would.
type rawServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *strings.Builder
}

func startRaw(t *testing.T, args ...string) *rawServer {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	s := &rawServer{t: t, cmd: exec.Command(bin, args...), lines: make(chan string, 100), stderr: &strings.Builder{}}
	s.cmd.Stderr = s.stderr
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		s.stdin.Close()
		s.cmd.Process.Kill() // no-op when it has exited
		s.cmd.Wait()
	})
	return s
}

// send writes raw bytes to the server's stdin, without waiting for the
// server to read them all (a 60 MB line does not fit a pipe).
func (s *rawServer) send(data string) {
	go func() { io.WriteString(s.stdin, data) }()
}

// recv is the next message the server writes, decoded.
func (s *rawServer) recv() map[string]any {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatalf("the server closed its output; stderr:\n%s", s.stderr)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			s.t.Fatalf("the server wrote a line that is not JSON: %v: %.200q", err, line)
		}
		return m
	case <-time.After(60 * time.Second):
		s.t.Fatalf("no answer in 60s; stderr:\n%s", s.stderr)
	}
	return nil
}

// errorCode is m's JSON-RPC error code, or 0.
func errorCode(m map[string]any) int {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return int(c)
}

// TestStdioBadInput sends every kind of bad line the issue lists (and a few
// more) to the real binary: each is answered with a JSON-RPC error carrying
// the request's id when it can be read, and the session still answers a
// good request after it.
func TestStdioBadInput(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := startRaw(t, "--root", repo.Root, "--sync-policy", "manual")

	// A pending initialize is answered although a bad line follows it at once.
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}` + "\n" + "not json\n")
	got := map[any]map[string]any{}
	for range 2 {
		m := s.recv()
		got[m["id"]] = m
	}
	if m := got[float64(1)]; m == nil || m["result"] == nil {
		t.Fatalf("initialize not answered: %v", got)
	}
	if m := got[nil]; errorCode(m) != -32700 {
		t.Fatalf("non-JSON line after initialize: %v, want a -32700 error with id null", m)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")

	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	huge := `{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"orbit_graph_search","arguments":{"query":"` +
		strings.Repeat("x", 60<<20) + `"}}}`
	cases := []struct {
		name string
		line string
		code int
		id   any // nil: null
	}{
		{"non-JSON line", "hello there", -32700, nil},
		{"truncated object", `{"jsonrpc":"2.0","id":"trunc","method":"tools/list"`, -32700, "trunc"},
		{"truncated before the id", `{"jsonrpc":"2.0","method":"tools/li`, -32700, nil},
		{"wrong jsonrpc version", `{"jsonrpc":"1.0","id":7,"method":"ping"}`, -32600, float64(7)},
		{"no jsonrpc member", `{"id":8,"method":"ping"}`, -32600, float64(8)},
		{"100,000-deep array", deep, -32700, nil},
		{"100,000-deep params", `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"a":` + deep + `}}`, -32700, float64(9)},
		{"60 MB line", huge, -32600, "big"},
		{"request without method", `{"jsonrpc":"2.0","id":10}`, -32600, float64(10)},
		{"method not a string", `{"jsonrpc":"2.0","id":11,"method":42}`, -32600, float64(11)},
		{"params of the wrong type", `{"jsonrpc":"2.0","id":12,"method":"tools/list","params":"all"}`, -32600, float64(12)},
		{"id of the wrong type", `{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`, -32600, nil},
		{"batch", `[{"jsonrpc":"2.0","id":13,"method":"ping"}]`, -32600, nil},
		{"JSON null", `null`, -32600, nil},
		{"a number", `12`, -32600, nil},
		{"trailing garbage", `{"jsonrpc":"2.0","id":14,"method":"ping"} x`, -32700, float64(14)},
	}
	for i, c := range cases {
		good := 1000 + i
		// The bad line and a good request in one write: the bad line must
		// not swallow or delay the next one.
		s.send(c.line + "\n" + fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"orbit_graph_search","arguments":{"query":"Serve"}}}`, good) + "\n")
		m := s.recv()
		if errorCode(m) != c.code || m["id"] != c.id {
			t.Errorf("%s: answered %.300v; want error %d with id %v", c.name, m, c.code, c.id)
		}
		if m := s.recv(); m["id"] != float64(good) || m["result"] == nil {
			t.Fatalf("%s: the next request was answered with %.300v", c.name, m)
		}
	}

	// Lines the SDK itself answers: an empty method (go-sdk#976), a byte
	// order mark, invalid UTF-8 in a string.
	s.send(`{"jsonrpc":"2.0","id":"empty","method":"","params":{}}` + "\n" +
		"\uFEFF" + `{"jsonrpc":"2.0","id":"bom","method":"ping"}` + "\n" +
		`{"jsonrpc":"2.0","id":"utf8","method":"tools/call","params":{"name":"orbit_graph_search","arguments":{"query":"Serve` + "\xff\xfe" + `"}}}` + "\n")
	answered := map[any]map[string]any{}
	for range 3 {
		m := s.recv()
		answered[m["id"]] = m
	}
	if m := answered["empty"]; errorCode(m) != -32601 {
		t.Errorf("empty method: %v, want -32601", m)
	}
	for _, id := range []string{"bom", "utf8"} {
		if m := answered[id]; m == nil || m["result"] == nil {
			t.Errorf("%s: %v, want a result", id, m)
		}
	}

	// A blank line is not a message; a CRLF line is one.
	s.send("\n   \n" + `{"jsonrpc":"2.0","id":"crlf","method":"ping"}` + "\r\n")
	if m := s.recv(); m["id"] != "crlf" || m["result"] == nil {
		t.Errorf("ping after blank lines, ended by CRLF: %v", m)
	}
	s.stdin.Close()
	if err := s.cmd.Wait(); err != nil {
		t.Errorf("exit after stdin closed: %v; stderr:\n%s", err, s.stderr)
	}
	if e := s.stderr.String(); strings.Contains(e, "panic:") {
		t.Errorf("panic:\n%s", e)
	}
}

// TestBadLineLog: a flood of bad lines logs a bounded number of lines.
func TestBadLineLog(t *testing.T) {
	var b strings.Builder
	log := badLineLog(&b)
	for i := range 1000 {
		log(fmt.Sprintf("bad line %d", i))
	}
	if n := strings.Count(b.String(), "\n"); n != 21 || !strings.Contains(b.String(), "no longer logging") {
		t.Errorf("%d lines logged:\n%s", n, b.String())
	}
}
