// Command orbit-graph-mcp serves the queries of Orbit Graph to coding agents
// over the Model Context Protocol (stdio, or streamable HTTP with --http):
// one tool per `orbit graph`
// command, each calling the same core function the CLI calls and returning
// the same JSON (structured content) plus the CLI's text rendering.
//
// It keeps one Graph open for the worktree given by --root (default: the
// git toplevel of the current directory), syncs it at start and then, by
// default, after file changes (--sync-policy watch, 250 ms debounce; DESIGN.md,
// A sync), and exits when its input closes (stdio) or on SIGINT/SIGTERM
// (HTTP, where several clients share the one index).
//
// Layer: front end. It imports core (and render for text) only; never cli.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/mcp/internal/linestdio"
)

// closeWait bounds how long exit waits for a sync in progress.
const closeWait = 3 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], nil, os.Stderr)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintf(os.Stderr, "orbit-graph-mcp: %v\n", err)
		os.Exit(1)
	}
}

// run serves MCP on t (nil: stdin/stdout) until the client goes away, or
// over HTTP with --http until ctx ends.
func run(ctx context.Context, args []string, t mcp.Transport, stderr io.Writer) error {
	fs := flag.NewFlagSet("orbit-graph-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", "", "worktree root (default: the git toplevel of the current directory, or the directory itself)")
	policy := fs.String("sync-policy", policyWatch, "when the index syncs by itself: watch (after file changes), on-read (before every query), windowed (before a query when older than --window) or manual (only at start and on orbit_graph_sync)")
	debounce := fs.Duration("debounce", core.DefaultDebounce, "watch: quiet time after a file change before syncing")
	window := fs.Duration("window", core.FallbackWindow, "windowed: how old the index may be before a query syncs it")
	answersFlag := fs.String("answers", "both", "what a tool result carries: both (text content and structured content, each with every entry) or text (the text content only, the smaller one, for clients whose model should read text)")
	packages := fs.Bool("packages", false, "index the dependency packages (standard library included) the worktree imports, declarations only")
	var hf httpFlags
	fs.StringVar(&hf.addr, "http", "", "serve MCP over streamable HTTP at `ADDR` (e.g. 127.0.0.1:0) instead of stdio; loopback only unless --allow-remote")
	fs.BoolVar(&hf.allowRemote, "allow-remote", false, "with --http: allow an address that is not loopback")
	fs.StringVar(&hf.token, "token", "", "with --http: the bearer token clients must send (default: $"+tokenEnv+", else a random one printed on stderr)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: orbit-graph-mcp [--root DIR] [--sync-policy watch|on-read|windowed|manual] [--answers both|text] [--http ADDR [--token T] [--allow-remote]]\n\nServes Orbit Graph queries over MCP on stdin/stdout, or over HTTP with --http.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	pol, err := syncPolicy(*policy, *debounce, *window)
	if err != nil {
		return err
	}
	shape, ok := answersNames[*answersFlag]
	if !ok {
		return fmt.Errorf("invalid --answers %q (want both or text)", *answersFlag)
	}
	dir, err := worktreeRoot(*root)
	if err != nil {
		return err
	}
	if hf.addr == "" && (hf.token != "" || hf.allowRemote) {
		return errors.New("--token and --allow-remote only apply with --http ADDR")
	}
	var ln net.Listener
	if hf.addr != "" {
		// Listen before indexing, so a bad address fails at once.
		if ln, err = hf.listen(stderr); err != nil {
			return err
		}
	}
	keepGCHeadroom(gcHeadroom, os.Getenv)
	ix := openIndex(dir, pol, *packages, func(msg string) { fmt.Fprintf(stderr, "orbit-graph-mcp: warning: %s\n", msg) })
	ix.answers = shape
	ix.start(ctx)
	srv := newServer(ix)
	switch {
	case ln != nil:
		err = serveHTTP(ctx, ln, srv, hf.token, stderr)
	default:
		if t == nil {
			t = &linestdio.Transport{Log: badLineLog(stderr)}
		}
		err = srv.Run(ctx, t)
	}
	if cerr := ix.close(closeWait); cerr != nil {
		fmt.Fprintf(stderr, "orbit-graph-mcp: %v\n", cerr)
	}
	if ctx.Err() != nil { // a signal: a normal way to stop
		return nil
	}
	return err
}

// badLineLog tells stderr about the first bad input lines only: a client
// that sends many and never reads stderr must not fill its pipe and block
// the server.
func badLineLog(stderr io.Writer) func(string) {
	const max = 20
	n := 0
	return func(msg string) {
		switch n++; {
		case n <= max:
			fmt.Fprintf(stderr, "orbit-graph-mcp: %s\n", msg)
		case n == max+1:
			fmt.Fprintf(stderr, "orbit-graph-mcp: more than %d bad input lines; no longer logging them (each is still answered)\n", max)
		}
	}
}

// worktreeRoot is --root, else the git toplevel above the working
// directory, else the working directory itself (as for the CLI).
func worktreeRoot(root string) (string, error) {
	return core.WorktreeRoot(root)
}
