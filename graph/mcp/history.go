package main

import (
	"context"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type historyInput struct {
	Selector    string `json:"selector,omitempty" jsonschema:"symbol:<path>#<name>[:<kind>], or diff:[REV]"`
	TaskID      string `json:"task_id,omitempty" jsonschema:"instead: the symbols a task's commits changed"`
	TaskPattern string `json:"task_pattern,omitempty" jsonschema:"regexp for task ids in subjects"`
}

// historyOutput is one of the two answers, by the input.
type historyOutput struct {
	*query.HistoryResult
	*query.TaskResult
}

func addHistory(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_history",
		Title:       "Commits that changed a symbol",
		Description: "The commits that changed a symbol, newest first (hash, date, subject, task ids, and created, signature, body, deleted, renamed, moved, split or merged), from the branch's first-parent history, following renames and moves that operation logs state; diff:[REV] gives each symbol the working tree's change touches with its commits; or, with task_id, the symbols a task's commits changed.",
		InputSchema: schemaFor[historyInput](func(p map[string]*jsonschema.Schema) {}),
		Annotations: readOnly("Commits that changed a symbol"),
	}, func(ctx context.Context, in historyInput) (historyOutput, string, error) {
		opts := core.HistoryOptions{TaskPattern: in.TaskPattern}
		switch {
		case strings.TrimSpace(in.TaskID) != "" && in.Selector != "":
			return historyOutput{}, "", badArg("give selector or task_id, not both")
		case strings.TrimSpace(in.TaskID) != "":
			res, err := read(ctx, ix, func(g *core.Graph) (query.TaskResult, error) { return g.Task(ctx, in.TaskID, opts) })
			if err != nil {
				return historyOutput{}, "", err
			}
			return historyOutput{TaskResult: &res}, text(render.TaskText, res), nil
		case strings.TrimSpace(in.Selector) == "":
			return historyOutput{}, "", badArg("selector is empty")
		}
		res, err := read(ctx, ix, func(g *core.Graph) (query.HistoryResult, error) { return g.History(ctx, in.Selector, opts) })
		if err != nil {
			return historyOutput{}, "", err
		}
		return historyOutput{HistoryResult: &res}, text(render.HistoryText, res), nil
	})
}
