package main

import (
	"bytes"
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

	"github.com/orbitgraph/orbit/graph/mcp/internal/linestdio"
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
	mux.Handle(httpPath, requireToken(token, checkBody(mcp.NewStreamableHTTPHandler(
		func(*http.Request) *mcp.Server { return srv }, nil))))
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

// checkBody answers a POST whose body is not one well-formed JSON-RPC
// message with 400 and a JSON-RPC error, as the stdio transport answers such
// a line: the SDK would accept a request without "method" as a response
// (202) and never answer it.
func checkBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, mcp.DefaultMaxRequestBodyBytes+1))
		r.Body.Close()
		if err != nil {
			http.Error(w, "reading the request body: "+err.Error(), http.StatusBadRequest)
			return
		}
		if len(body) > mcp.DefaultMaxRequestBodyBytes {
			http.Error(w, fmt.Sprintf("request body larger than %d bytes", mcp.DefaultMaxRequestBodyBytes), http.StatusRequestEntityTooLarge)
			return
		}
		if resp := linestdio.Check(body); resp != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			w.Write(append(resp, '\n'))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
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
