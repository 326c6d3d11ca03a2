package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// httpServer is orbit-graph-mcp --http: its URL and token as it told them
// on stderr.
type httpServer struct {
	cmd        *exec.Cmd
	url, token string
	mu         sync.Mutex
	stderr     strings.Builder
}

var (
	urlLine   = regexp.MustCompile(`serving MCP at (http://\S+)`)
	tokenLine = regexp.MustCompile(`bearer token .*: (\S+)`)
)

func startHTTP(t *testing.T, env []string, args ...string) *httpServer {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	s := &httpServer{cmd: exec.Command(bin, args...)}
	s.cmd.Env = append(os.Environ(), env...)
	pipe, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pipe)
		once := sync.Once{}
		for sc.Scan() {
			s.mu.Lock()
			s.stderr.WriteString(sc.Text() + "\n")
			if m := urlLine.FindStringSubmatch(sc.Text()); m != nil {
				s.url = m[1]
				once.Do(func() { close(ready) })
			}
			if m := tokenLine.FindStringSubmatch(sc.Text()); m != nil {
				s.token = m[1]
			}
			s.mu.Unlock()
		}
		once.Do(func() { close(ready) })
	}()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	})
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not say where it listens")
	}
	time.Sleep(50 * time.Millisecond) // the token line follows the URL line
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.url == "" {
		t.Fatalf("the server did not start:\n%s", s.stderr.String())
	}
	return s
}

func (s *httpServer) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

// bearer adds an Authorization header to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func connectHTTP(ctx context.Context, url, token string) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "orbit-test", Version: "v0"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:   url,
		HTTPClient: &http.Client{Transport: bearer{token}},
		MaxRetries: -1,
	}, nil)
}

// TestHTTP shares one server between two MCP clients over the SDK's
// streamable HTTP client transport, and sends it requests without the
// token and with garbage bodies: each answered, none fatal.
func TestHTTP(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := startHTTP(t, []string{tokenEnv + "="}, "--root", repo.Root, "--http", "127.0.0.1:0")
	if len(s.token) < 32 {
		t.Fatalf("no generated token on stderr:\n%s", s.log())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	g := openCore(t, repo.Root)

	// Two agents at once, each calling while the other does.
	var wg sync.WaitGroup
	sessions := make([]*mcp.ClientSession, 2)
	for i := range sessions {
		wg.Go(func() {
			cs, err := connectHTTP(ctx, s.url, s.token)
			if err != nil {
				t.Errorf("client %d: connect: %v", i, err)
				return
			}
			sessions[i] = cs
			for range 5 {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "orbit_graph_search", Arguments: map[string]any{"query": "Serve"}})
				if err != nil || res.IsError {
					t.Errorf("client %d: search: %v %v", i, err, res)
					return
				}
				want, err := g.Search(ctx, query.SearchQuery{Text: "Serve"})
				check(t, err)
				sameAsCore(t, "search over HTTP", res.StructuredContent.(map[string]any), want)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.Fatalf("stderr:\n%s", s.log())
	}
	if sessions[0].ID() == "" || sessions[0].ID() == sessions[1].ID() {
		t.Errorf("session ids %q and %q: want two sessions", sessions[0].ID(), sessions[1].ID())
	}

	// A client with the wrong token cannot connect.
	if cs, err := connectHTTP(ctx, s.url, "wrong"); err == nil {
		cs.Close()
		t.Error("connected with a wrong token")
	}
	// Raw requests: no token, wrong scheme, garbage with the right token.
	initBody := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`
	for _, c := range []struct {
		name, auth, body string
		status           int
	}{
		{"no token", "", initBody, http.StatusUnauthorized},
		{"wrong token", "Bearer nope", initBody, http.StatusUnauthorized},
		{"token without the scheme", s.token, initBody, http.StatusUnauthorized},
		{"garbage body", "Bearer " + s.token, "garbage{", http.StatusBadRequest},
		{"truncated body", "Bearer " + s.token, initBody[:40], http.StatusBadRequest},
		{"request without method", "Bearer " + s.token, `{"jsonrpc":"2.0","id":3}`, http.StatusBadRequest},
	} {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, strings.NewReader(c.body))
		check(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: HTTP %d, want %d", c.name, resp.StatusCode, c.status)
		}
	}

	// Both sessions still work.
	for i, cs := range sessions {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "orbit_graph_refs", Arguments: map[string]any{"selector": "symbol:lib/lib.go#Serve"}})
		if err != nil || res.IsError {
			t.Errorf("client %d: refs after bad requests: %v %v", i, err, res)
		}
		cs.Close()
	}

	// SIGTERM ends the server cleanly.
	s.cmd.Process.Signal(syscall.SIGTERM)
	if err := s.cmd.Wait(); err != nil {
		t.Errorf("exit on SIGTERM: %v\n%s", err, s.log())
	}
	if e := s.log(); strings.Contains(e, "panic") {
		t.Errorf("stderr:\n%s", e)
	}
}

// TestHTTPFlags: the token can come from the environment, and an address
// that is not loopback is refused without --allow-remote.
func TestHTTPFlags(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := startHTTP(t, []string{tokenEnv + "=from-env-token"}, "--root", repo.Root, "--http", "localhost:0", "--sync-policy", "manual")
	if s.token != "" {
		t.Errorf("printed a token although %s set one", tokenEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := connectHTTP(ctx, s.url, "from-env-token")
	if err != nil {
		t.Fatalf("connect with the token from %s: %v", tokenEnv, err)
	}
	cs.Close()

	bin, err := binary()
	check(t, err)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--http", "0.0.0.0:0"}, "not loopback"},
		{[]string{"--http", ":0"}, "not loopback"},
		{[]string{"--token", "t"}, "only apply with --http"},
		{[]string{"--http", "127.0.0.1:bad"}, "--http"},
	} {
		out, err := exec.Command(bin, append([]string{"--root", repo.Root}, c.args...)...).CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v\n%s; want an error mentioning %q", c.args, err, out, c.want)
		}
	}
}
