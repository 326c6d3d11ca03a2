package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchunit"
)

// report is a finished comparison, rendered as text or Markdown.
type report struct {
	oldName, newName string
	alpha            float64
	ratio            float64 // calibration ratio when normalized, else 0
	ratioUnit        string  // the calibration unit it was computed from
	rows             []row
}

func (rep *report) failures() int {
	n := 0
	for _, r := range rep.rows {
		if r.fail {
			n++
		}
	}
	return n
}

var header = []string{"benchmark", "unit", "old", "new", "delta", "p", "n", "verdict"}

// cells renders one row's columns.
func (r row) cells() []string {
	var vals []float64
	for _, s := range []*benchmath.Summary{r.old, r.new} {
		if s != nil {
			vals = append(vals, s.Center)
		}
	}
	scaler := benchunit.CommonScale(vals, benchunit.ClassOf(r.unit))
	cell := func(s *benchmath.Summary) string {
		if s == nil {
			return "-"
		}
		return scaler.Format(s.Center) + " ± " + s.PctRangeString()
	}
	delta, p := "-", "-"
	if r.old != nil && r.new != nil {
		delta = fmt.Sprintf("%+.2f%%", r.delta*100)
		if math.IsInf(r.delta, 0) || math.IsNaN(r.delta) {
			delta = "?"
		}
		p = fmt.Sprintf("%.3f", r.cmp.P)
	}
	return []string{r.name, r.unit, cell(r.old), cell(r.new), delta, p, fmt.Sprintf("%d+%d", r.oldN, r.newN), r.verdict}
}

// notes are the sample and comparison warnings, once each.
func (rep *report) notes() []string {
	var notes []string
	seen := map[string]bool{}
	add := func(r row, errs []error) {
		for _, e := range errs {
			if e.Error() == "all samples are equal" {
				continue // exact metrics such as allocs/op: expected
			}
			n := fmt.Sprintf("%s %s: %v", r.name, r.unit, e)
			if !seen[n] {
				seen[n] = true
				notes = append(notes, n)
			}
		}
	}
	for _, r := range rep.rows {
		add(r, r.oldWarn)
		add(r, r.newWarn)
		add(r, r.cmp.Warnings)
	}
	return notes
}

func (rep *report) summary() string {
	if n := rep.failures(); n > 0 {
		return fmt.Sprintf("FAIL: %d of %d rows failed the gate", n, len(rep.rows))
	}
	return fmt.Sprintf("PASS: %d rows, no regression", len(rep.rows))
}

func (rep *report) method() string {
	m := fmt.Sprintf("Mann–Whitney U, alpha %g; a regression is significant and past its tolerance", rep.alpha)
	if rep.ratio != 0 {
		m += fmt.Sprintf("; new time metrics normalized by calibration ratio %.3f (%s)", rep.ratio, rep.ratioUnit)
	}
	return m
}

func (rep *report) writeText(w io.Writer) {
	fmt.Fprintf(w, "old: %s\nnew: %s\n%s\n\n", rep.oldName, rep.newName, rep.method())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rep.rows {
		fmt.Fprintln(tw, strings.Join(r.cells(), "\t"))
	}
	tw.Flush()
	if notes := rep.notes(); len(notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range notes {
			fmt.Fprintln(w, "note:", n)
		}
	}
	fmt.Fprintf(w, "\n%s\n", rep.summary())
}

func (rep *report) writeMarkdown(w io.Writer) {
	fmt.Fprintf(w, "### benchgate: %s\n\n", rep.summary())
	fmt.Fprintf(w, "old `%s`, new `%s`; %s.\n\n", rep.oldName, rep.newName, rep.method())
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(header, " | "), strings.Repeat(" --- |", len(header)))
	for _, r := range rep.rows {
		c := r.cells()
		for i := range c {
			c[i] = strings.ReplaceAll(c[i], "|", `\|`)
		}
		if r.fail {
			c[len(c)-1] = "**" + c[len(c)-1] + "**"
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(c, " | "))
	}
	if notes := rep.notes(); len(notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range notes {
			fmt.Fprintf(w, "- %s\n", n)
		}
	}
}
