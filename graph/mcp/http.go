package main

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// tokenEnv names the environment variable holding the bearer token.
const tokenEnv = "ORBIT_MCP_TOKEN"

// httpPath is where the MCP endpoint is served.
const httpPath = "/mcp"

// httpFlags are the flags of --http.
type httpFlags struct {
	addr        string
	allowRemote bool
	token       string
}

// listen opens the --http address, refusing one that is not loopback
// unless --allow-remote, and settles the token: --token, else $ORBIT_MCP_TOKEN,
// else a random one told on stderr.
func (hf *httpFlags) listen(stderr io.Writer) (net.Listener, error) {
	if hf.token == "" {
		hf.token = os.Getenv(tokenEnv)
	}
	generated := hf.token == ""
	if generated {
		b := make([]byte, 32)
		rand.Read(b)
		hf.token = hex.EncodeToString(b)
	}
	ln, err := net.Listen("tcp", hf.addr)
	if err != nil {
		return nil, fmt.Errorf("--http: %w", err)
	}
	// Check the address actually bound: a host name, or none (":8080",
	// every interface), is judged by what it resolved to.
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() && !hf.allowRemote {
		ln.Close()
		return nil, fmt.Errorf("--http %s listens on %s, which is not loopback: other machines could reach the server; pass --allow-remote to mean it", hf.addr, ln.Addr())
	}
	fmt.Fprintf(stderr, "orbit-graph-mcp: serving MCP at http://%s%s\n", ln.Addr(), httpPath)
	if generated {
		fmt.Fprintf(stderr, "orbit-graph-mcp: bearer token (set --token or $%s to choose it): %s\n", tokenEnv, hf.token)
	}
	return ln, nil
}

// serveHTTP serves srv with the SDK's streamable HTTP handler on ln until
// ctx ends. Every client session shares srv and so the one index.
func serveHTTP(ctx context.Context, ln net.Listener, srv *mcp.Server, token string, stderr io.Writer) error {
	mux := http.NewServeMux()
	mux.Handle(httpPath, requireToken(token, mcp.NewStreamableHTTPHandler(
		func(*http.Request) *mcp.Server { return srv }, nil)))
	hs := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          log.New(stderr, "orbit-graph-mcp: http: ", 0),
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), closeWait)
	defer cancel()
	// Open SSE streams do not end by themselves: close what is left.
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// requireToken answers 401 to a request without "Authorization: Bearer
// token".
func requireToken(token string, next http.Handler) http.Handler {
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="orbit-graph-mcp"`)
			http.Error(w, "missing or wrong bearer token (Authorization: Bearer ...)", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
