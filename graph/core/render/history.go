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
	if r.Symbol.Kind == "diff" {
		fmt.Fprintf(&b, "%s touches %d symbols\n", r.Symbol.Name, len(r.Changed))
		for _, ch := range r.Changed {
			fmt.Fprintf(&b, "%-9s %s %s  %s:%d\n", ch.Change, ch.Symbol.Kind, ch.Symbol.Name, ch.Symbol.Path, ch.Symbol.Line)
			historyLines(&b, "    ", ch.Commits)
		}
	} else {
		fmt.Fprintf(&b, "%s  %s:%d\n", r.Symbol.Qualified, r.Symbol.Path, r.Symbol.Line)
		historyLines(&b, "  ", r.Commits)
	}
	if r.Truncated {
		b.WriteString("  (the walk stopped at its limit)\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func historyLines(b *strings.Builder, indent string, commits []query.HistoryEntry) {
	if len(commits) == 0 {
		b.WriteString(indent + "no commits changed it\n")
	}
	for _, c := range commits {
		tasks, was := "", ""
		if len(c.TaskIDs) > 0 {
			tasks = " [" + strings.Join(c.TaskIDs, ", ") + "]"
		}
		if c.Path != "" {
			was = " as " + c.Path + "#" + c.Symbol
		}
		fmt.Fprintf(b, "%s%.10s %.10s %-9s %s%s (%s)%s\n", indent, c.Hash, c.Date, c.Change, c.Subject, tasks, c.Author, was)
	}
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
