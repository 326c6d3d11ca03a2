package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// HistoryText renders a symbol's commits, one per line.
func HistoryText(w io.Writer, r query.HistoryResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s:%d\n", r.Symbol.Qualified, r.Symbol.Path, r.Symbol.Line)
	if len(r.Commits) == 0 {
		b.WriteString("  no commits changed it\n")
	}
	for _, c := range r.Commits {
		tasks := ""
		if len(c.TaskIDs) > 0 {
			tasks = " [" + strings.Join(c.TaskIDs, ", ") + "]"
		}
		fmt.Fprintf(&b, "  %.10s %.10s %-9s %s%s (%s)\n", c.Hash, c.Date, c.Change, c.Subject, tasks, c.Author)
	}
	if r.Truncated {
		b.WriteString("  (the walk stopped at its limit)\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TaskText renders what a task's commits changed, one symbol per line.
func TaskText(w io.Writer, r query.TaskResult) error {
	var b strings.Builder
	if len(r.Changes) == 0 {
		fmt.Fprintf(&b, "no commits name %s\n", r.TaskID)
	}
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "%-9s %-9s %-50s %s  %.10s %s\n", c.Change, c.Kind, c.Symbol, c.Path, c.Hash, c.Subject)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
