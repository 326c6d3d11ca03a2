package core_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// scenarioCommand runs one scenario command; args follow the command name,
// flags anywhere among them (parse them with scenarioFlags). The result is
// marshaled to JSON.
type scenarioCommand func(ctx context.Context, g *core.Graph, args []string) (any, error)

// scenarioCommands are the commands scenario files may use: one row per
// query, named and flagged like the CLI command.
var scenarioCommands = map[string]scenarioCommand{
	"show": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("show")
		maxBytes := fs.Int("max-bytes", 0, "")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Show(ctx, pos[0], *maxBytes)
	},
	"refs": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("refs")
		confidence := fs.String("confidence", "", "")
		kinds := fs.String("kind", "", "comma-separated")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Refs(ctx, pos[0], query.RefsOptions{MinConfidence: query.Confidence(*confidence), Kinds: splitList(*kinds)})
	},
	"callees": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("callees")
		confidence := fs.String("confidence", "", "")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Callees(ctx, pos[0], query.CalleesOptions{MinConfidence: query.Confidence(*confidence)})
	},
	"impact": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("impact")
		confidence := fs.String("confidence", "", "")
		depth := fs.Int("depth", 0, "")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Impact(ctx, pos[0], query.ImpactOptions{Depth: *depth, MinConfidence: query.Confidence(*confidence)})
	},
	"trace": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("trace")
		confidence := fs.String("confidence", "", "")
		depth := fs.Int("depth", 0, "")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Trace(ctx, pos[0], query.TraceOptions{Depth: *depth, MinConfidence: query.Confidence(*confidence)})
	},
	"overview": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("overview")
		detail := fs.String("detail", "", "summary or full")
		generated := fs.Bool("generated", false, "")
		pos, err := parseScenarioFlags(fs, args, 1) // the whole worktree is dir:.
		if err != nil {
			return nil, err
		}
		return g.Overview(ctx, pos[0], query.OverviewOptions{Format: *detail, Generated: *generated})
	},
	"search": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		fs := newScenarioFlags("search")
		kind := fs.String("kind", "", "")
		generated := fs.Bool("generated", false, "")
		pos, err := parseScenarioFlags(fs, args, 1)
		if err != nil {
			return nil, err
		}
		return g.Search(ctx, query.SearchQuery{Text: pos[0], Kind: *kind, Generated: *generated})
	},
	"implementors": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		pos, err := parseScenarioFlags(newScenarioFlags("implementors"), args, 1)
		if err != nil {
			return nil, err
		}
		return g.Implementors(ctx, pos[0])
	},
	"deps": func(ctx context.Context, g *core.Graph, args []string) (any, error) {
		pos, err := parseScenarioFlags(newScenarioFlags("deps"), args, 1)
		if err != nil {
			return nil, err
		}
		return g.Deps(ctx, pos[0])
	},
}

func newScenarioFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseScenarioFlags parses flags placed before, between or after the
// positional arguments, and checks there are exactly want of them.
func parseScenarioFlags(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%s: %w", fs.Name(), err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != want {
		return nil, fmt.Errorf("%s: want %d arguments, got %q", fs.Name(), want, pos)
	}
	return pos, nil
}

// splitList splits a comma-separated flag value; "" is no values.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
