package check

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report for people: findings by rule, then the
// entry points by reason and the sizes.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	byRule := map[string]int{}
	for _, f := range r.Findings {
		byRule[f.Rule]++
		new := ""
		if f.New {
			new = " NEW"
		}
		l := f.Locations[0]
		conf := ""
		if f.Confidence != "" {
			conf = " [" + f.Confidence + "]"
		}
		fmt.Fprintf(&b, "%s:%d: %s%s%s: %s\n", l.File, max(l.Line, 1), f.Rule, new, conf, f.Message)
	}
	fmt.Fprintf(&b, "\n%d finding(s)", len(r.Findings))
	var parts []string
	for _, rule := range r.Rules {
		parts = append(parts, fmt.Sprintf("%s %d", rule, byRule[rule]))
	}
	fmt.Fprintf(&b, " (%s) at confidence %s\n", strings.Join(parts, ", "), r.Floor)
	var reasons []string
	for k, n := range r.Reasons {
		reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(reasons)
	fmt.Fprintf(&b, "entry points: %s\n", strings.Join(reasons, ", "))
	fmt.Fprintf(&b, "catalog: %d callables, %d call edges (%d by dispatch), %d files; %d ms\n",
		r.Stats.Callables, r.Stats.Edges, r.Stats.DispatchEdges, r.Stats.Files, r.Stats.Millis)
	if d := r.Baseline; d != nil {
		fmt.Fprintf(&b, "baseline %s: %d new, %d known, %d fixed\n", d.Path, d.New, d.Known, d.Fixed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
