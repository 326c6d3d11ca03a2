package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core/render"
)

// instructions is what a client tells its model about this server.
const instructions = `Orbit Graph answers structural questions about the code of one worktree from an index of its symbols, references, imports, string literals, config keys and CLI commands: faster and more precise than grep for "where is X defined", "who calls X", "what does X call", "what breaks if X changes".

Workflow: orbit_graph_search to find a symbol by name (or a string, or a config key) → orbit_graph_show on its selector for the definition and source → orbit_graph_refs (who refers to it), orbit_graph_callees (what it calls), orbit_graph_impact (what a change may touch), orbit_graph_trace (the call tree under a CLI command). For the shape of unfamiliar code: orbit_graph_overview, orbit_graph_deps (what files import), orbit_graph_implementors (types implementing an interface or trait).

` + selectorHelp + `

` + confidenceHelp + ` Dynamic dispatch, reflection and macro-generated code are not resolved: when completeness matters, confirm with a text search.

` + pagingHelp + `

` + pictureHelp + `

Answers from an index older than the files say so: stale: true, with stale_files naming a few changed files; sync to refresh.

`

// newServer makes the MCP server with one tool per `orbit graph` query.
func newServer(ix *index) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "orbit-graph", Title: "Orbit Graph", Version: version()}, &mcp.ServerOptions{
		Instructions: instructions + freshness(ix.currentPolicy()),
	})
	s.AddReceivingMiddleware(guard, encodeOnce)
	addSync(s, ix)
	addSearch(s, ix)
	addShow(s, ix)
	addRefs(s, ix)
	addCallees(s, ix)
	addImpact(s, ix)
	addTrace(s, ix)
	addOverview(s, ix)
	addImplementors(s, ix)
	addDeps(s, ix)
	addHistory(s, ix)
	return s
}

// guard keeps a bad request from taking the server down: arguments sent as
// null are read as {} (the SDK would panic applying schema defaults to
// them), and a panic anywhere in a request becomes an error answer.
func guard(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				res, err = nil, fmt.Errorf("internal error in %s: %v", method, p)
			}
		}()
		if call, ok := req.(*mcp.CallToolRequest); ok && call.Params != nil {
			if a := bytes.TrimSpace(call.Params.Arguments); len(a) == 0 || string(a) == "null" {
				call.Params.Arguments = json.RawMessage("{}")
			}
		}
		return next(ctx, method, req)
	}
}

// handler is a tool's work: its structured output and text rendering.
type handler[In, Out any] func(ctx context.Context, in In) (Out, string, error)

// answers is what a tool result carries (--answers; README, The context
// budget). Clients differ in which of the two a model reads: some give it
// the text content, others the structured content when there is one, so by
// default both carry every entry, each complete on its own; a server whose
// clients read text only (or that wants the smaller text in every client's
// context) sends the text alone.
type answers int

const (
	answersBoth answers = iota // text content and structured content
	answersText                // text content only
)

// answersNames are the values of --answers.
var answersNames = map[string]answers{"both": answersBoth, "text": answersText}

// addTool registers h with the text as the result's content and the output
// as its structured content (unless ix answers in text only). Errors, and
// panics, become tool errors.
//
// The structured content has no output schema: a schema repeats every
// field in every session's tool list (issue 20, the context budget), and
// an agent reads the answer, not its schema.
func addTool[In, Out any](s *mcp.Server, ix *index, t *mcp.Tool, h handler[In, Out]) {
	mcp.AddTool(s, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out any, err error) {
		defer func() {
			if p := recover(); p != nil {
				res, err = nil, fmt.Errorf("%s: internal error: %v", t.Name, p)
			}
		}()
		ctx, enc := withEncoded(ctx)
		typed, text, err := h(ctx, in)
		if err != nil {
			return nil, nil, toolError(t.Name, err)
		}
		paged := enc.json != nil && enc.text == text // the JSON page measured is this answer's
		if s, ok := any(typed).(interface{ StaleNote() string }); ok && s.StaleNote() != "" {
			text = s.StaleNote() + " (orbit_graph_sync)\n" + text
		}
		res = &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
		if ix.answers == answersText {
			return res, nil, nil
		}
		// The structured content goes in as JSON, and no output value goes
		// to the SDK: it would encode the output once more (a RawMessage is
		// compacted: a pass over every byte) only to get the same bytes.
		structured := enc.json
		if !paged {
			if structured, err = json.Marshal(render.NonNil(typed)); err != nil {
				return nil, nil, fmt.Errorf("%s: encoding the answer: %w", t.Name, err)
			}
		}
		res.StructuredContent = json.RawMessage(structured)
		return res, nil, nil
	})
}

// readOnly annotates a query tool.
func readOnly(title string) *mcp.ToolAnnotations {
	closed := false
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &closed}
}

// text renders v with one of the CLI's text renderers.
func text[T any](render func(io.Writer, T) error, v T) string {
	var b strings.Builder
	if err := render(&b, v); err != nil {
		return fmt.Sprintf("(text rendering failed: %v)\n", err)
	}
	return b.String()
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
