package main

import (
	"errors"

	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

// usageError marks errors that deserve exit code 2.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// reportedError has already been printed (as JSON on stdout and text on
// stderr); main only sets the exit code.
type reportedError struct{ error }

func (e reportedError) Unwrap() error { return e.error }

func isReported(err error) bool {
	var r reportedError
	return errors.As(err, &r)
}

func exitCode(err error) int {
	var u usageError
	switch {
	case errors.As(err, &u), errors.Is(err, query.ErrBadSelector), errors.Is(err, query.ErrBadQuery),
		strings.HasPrefix(err.Error(), "unknown command"):
		return 2
	case errors.Is(err, query.ErrNotFound), errors.Is(err, query.ErrAmbiguous):
		return 3
	case errors.Is(err, core.ErrNoIndex), errors.Is(err, core.ErrCorruptIndex):
		return 4
	}
	return 1
}

// errorJSON is the JSON shape of a failed query on stdout.
type errorJSON struct {
	Error struct {
		Message     string            `json:"message"`
		Reason      string            `json:"reason,omitempty"`
		Suggestions []string          `json:"suggestions,omitempty"`
		Candidates  []query.Candidate `json:"candidates,omitempty"`
	} `json:"error"`
}

// fail reports a query error: in JSON mode also as a JSON object on stdout,
// so an agent reading stdout sees suggestions and candidates.
func (a *app) fail(err error) error {
	fmt.Fprintf(a.stderr, "orbit: %v\n", err)
	if a.format == "json" {
		var e errorJSON
		e.Error.Message = err.Error()
		var le *query.LookupError
		if errors.As(err, &le) {
			e.Error.Reason, e.Error.Suggestions, e.Error.Candidates = le.Reason, le.Suggestions, le.Candidates
		}
		render.JSON(a.stdout, e)
	}
	return reportedError{err}
}

// emit prints a result as JSON, or through text when --format text.
func emit[T any](a *app, v T, text func(io.Writer, T) error) error {
	if a.format == "text" {
		return text(a.stdout, v)
	}
	return render.JSON(a.stdout, v)
}

// args wraps a cobra argument check so that its failures exit with code 2.
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if err := check(cmd, a); err != nil {
			return usageError{err}
		}
		return nil
	}
}
