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

// orNil is e, or nil when it wraps no error.
func (e usageError) orNil() error {
	if e.error == nil {
		return nil
	}
	return e
}

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
		isUnknownCommand(err):
		return 2
	case errors.Is(err, query.ErrNotFound), errors.Is(err, query.ErrAmbiguous):
		return 3
	case errors.Is(err, core.ErrNoIndex), errors.Is(err, core.ErrCorruptIndex):
		return 4
	}
	return 1
}

func isUnknownCommand(err error) bool { return strings.HasPrefix(err.Error(), "unknown command") }

// reason names the kind of a failure for programs: the "reason" of every
// error object.
func reason(err error) string {
	var le *query.LookupError
	var ve *query.ValueError
	switch {
	case errors.As(err, &le):
		return le.Reason // not_found or ambiguous
	case errors.As(err, &ve):
		return "bad_value"
	case errors.Is(err, query.ErrBadSelector):
		return "bad_selector"
	case errors.Is(err, query.ErrBadQuery):
		return "bad_query"
	case errors.Is(err, core.ErrNoIndex):
		return "no_index"
	case errors.Is(err, core.ErrCorruptIndex):
		return "corrupt_index"
	case errors.Is(err, core.ErrLockTimeout):
		return "locked"
	case errors.Is(err, errBadRoot):
		return "bad_root"
	case isUnknownCommand(err):
		return "unknown_command"
	}
	var u usageError
	if errors.As(err, &u) {
		return "usage"
	}
	return "failed"
}

// errBadRoot: --root names no directory.
var errBadRoot = errors.New("no such directory")

// errorJSON is the one shape of every failure on stdout in JSON mode:
// {"error": {"message", "reason", ...}}, with the exit code of main.go.
type errorJSON struct {
	Error struct {
		Message     string            `json:"message"`
		Reason      string            `json:"reason"`
		Valid       []string          `json:"valid,omitempty"`
		Suggestions []string          `json:"suggestions,omitempty"`
		Candidates  []query.Candidate `json:"candidates,omitempty"`
	} `json:"error"`
}

// report prints a failure: a line on stderr for people and, in JSON mode,
// the error object on stdout for programs.
func report(stdout, stderr io.Writer, jsonMode bool, err error) {
	fmt.Fprintf(stderr, "orbit: %v\n", err)
	if !jsonMode {
		return
	}
	var e errorJSON
	e.Error.Message = err.Error()
	e.Error.Reason = reason(err)
	var le *query.LookupError
	if errors.As(err, &le) {
		e.Error.Suggestions, e.Error.Candidates = le.Suggestions, le.Candidates
	}
	var ve *query.ValueError
	if errors.As(err, &ve) {
		e.Error.Valid = ve.Valid
	}
	render.JSON(stdout, e)
}

// fail reports a query error at once and marks it reported.
func (a *app) fail(err error) error {
	report(a.stdout, a.stderr, a.format != "text", err)
	return reportedError{err}
}

// emit prints a result as JSON, or through text when --format text.
func emit[T any](a *app, v T, text func(io.Writer, T) error) error {
	if a.format == "text" {
		// The JSON answer carries staleness as fields; people get a line.
		if s, ok := any(v).(interface{ StaleNote() string }); ok && s.StaleNote() != "" {
			fmt.Fprintf(a.stderr, "orbit: %s\n", s.StaleNote())
		}
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
