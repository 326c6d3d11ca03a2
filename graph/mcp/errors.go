package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// toolError words a failed call for the agent that made it. The SDK sends
// it as a tool error (isError, the message as text), never as a protocol
// error, so the model sees it and can correct the call.
func toolError(tool string, err error) error {
	var le *query.LookupError
	switch {
	case errors.As(err, &le) && le.Reason == "ambiguous":
		return fmt.Errorf("%s: %v\nCall %s again with one of these selectors.", tool, err, tool)
	case errors.As(err, &le):
		return fmt.Errorf("%s: %v\nUse a suggestion above, or find the symbol with orbit_graph_search.", tool, err)
	case errors.Is(err, query.ErrBadSelector):
		return fmt.Errorf("%s: %v\n%s", tool, err, selectorHelp)
	case errors.Is(err, query.ErrBadQuery), errors.Is(err, errBadArgs):
		return fmt.Errorf("%s: %v", tool, err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%s: cancelled: %v", tool, err)
	}
	return fmt.Errorf("%s failed: %v", tool, err)
}

// badArg is an argument the server refuses before any query runs.
func badArg(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errBadArgs, fmt.Sprintf(format, a...))
}
