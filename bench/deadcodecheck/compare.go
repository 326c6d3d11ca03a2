package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// row is the agreement table at one floor.
type row struct {
	Floor                                 query.Confidence
	BothDead, OursOnly, TheirsOnly, Alive int
}

func (r row) precision() float64 { return ratio(r.BothDead, r.BothDead+r.OursOnly) }
func (r row) recall() float64    { return ratio(r.BothDead, r.BothDead+r.TheirsOnly) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// comparison is the whole answer.
type comparison struct {
	Rows        []row
	Universe    int
	Unmatched   []string            // deadcode's dead functions our catalog has no callable for
	OtherFiles  int                 // our callables in files go list does not build here
	Classes     map[string][]string // disagreement class → examples, at the default floor
	ClassCounts map[string]int
}

func compare(dc map[site]string, o *ours, files map[string]bool) comparison {
	c := comparison{Classes: map[string][]string{}, ClassCounts: map[string]int{}}
	for s, cl := range o.Callables {
		if !files[s.File] {
			c.OtherFiles++
			continue
		}
		_ = cl
		c.Universe++
	}
	for s, name := range dc {
		if _, ok := o.Callables[s]; !ok && files[s.File] {
			c.Unmatched = append(c.Unmatched, fmt.Sprintf("%s:%d %s", s.File, s.Line, name))
		}
	}
	sort.Strings(c.Unmatched)
	for _, floor := range o.Floors {
		r := row{Floor: floor}
		dead := o.DeadAt[floor]
		for s := range o.Callables {
			if !files[s.File] {
				continue
			}
			_, theirs := dc[s]
			switch mine := dead[s]; {
			case mine && theirs:
				r.BothDead++
			case mine:
				r.OursOnly++
			case theirs:
				r.TheirsOnly++
			default:
				r.Alive++
			}
		}
		c.Rows = append(c.Rows, r)
	}
	def := o.DeadAt[query.DefaultConfidence]
	fuzzy := o.DeadAt[query.ConfidenceLevels()[len(query.ConfidenceLevels())-1]]
	for s, cl := range o.Callables {
		if !files[s.File] {
			continue
		}
		_, theirs := dc[s]
		mine := def[s]
		if mine == theirs {
			continue
		}
		class := classify(cl, mine, fuzzy[s], s)
		c.ClassCounts[class]++
		c.Classes[class] = append(c.Classes[class], fmt.Sprintf("%s:%d %s", s.File, s.Line, cl.Qualified))
	}
	for k := range c.Classes {
		sort.Strings(c.Classes[k])
	}
	return c
}

// classify names why the two tools disagree on one function.
func classify(cl callable, mine, deadFuzzy bool, s site) string {
	method := cl.Kind == "method"
	switch {
	case mine && !deadFuzzy:
		return "ours only: reached only through a name-only (fuzzy_name) call, below the floor"
	case mine && method:
		return "ours only: a method deadcode reaches through an interface or call the index does not resolve"
	case mine:
		return "ours only: a function deadcode reaches through a call or value the index does not resolve"
	case deadFuzzy:
		return "theirs only: reached only through name-only (fuzzy_name) references: our finding at --confidence fuzzy"
	case method:
		return "theirs only: a method we reach by dispatch to every implementation (CHA), of a type RTA never sees made"
	case strings.HasSuffix(s.File, "_test.go"):
		return "theirs only: a test-file function we reach (a test root deadcode does not run, or a call it drops)"
	default:
		return "theirs only: a function we reach through an edge deadcode's RTA does not have"
	}
}

func writeReport(w io.Writer, c comparison) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# graph check unreachable vs deadcode (RTA)\n\n")
	fmt.Fprintf(&b, "Functions and methods compared: %d (in files go list builds here; %d more in other files, not compared).\n\n", c.Universe, c.OtherFiles)
	fmt.Fprintf(&b, "| floor | both dead | ours only | deadcode only | both alive | precision | recall |\n|---|---|---|---|---|---|---|\n")
	for _, r := range c.Rows {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.3f | %.3f |\n", r.Floor, r.BothDead, r.OursOnly, r.TheirsOnly, r.Alive, r.precision(), r.recall())
	}
	fmt.Fprintf(&b, "\nDeadcode's dead functions with no callable of ours at their line: %d\n", len(c.Unmatched))
	for i, u := range c.Unmatched {
		if i == 10 {
			fmt.Fprintf(&b, "- …\n")
			break
		}
		fmt.Fprintf(&b, "- %s\n", u)
	}
	fmt.Fprintf(&b, "\n## Disagreements at the default floor (%s), by class\n", query.DefaultConfidence)
	var classes []string
	for k := range c.Classes {
		classes = append(classes, k)
	}
	sort.Strings(classes)
	for _, k := range classes {
		fmt.Fprintf(&b, "\n### %s: %d\n\n", k, c.ClassCounts[k])
		for i, e := range c.Classes[k] {
			if i == 40 {
				fmt.Fprintf(&b, "- …\n")
				break
			}
			fmt.Fprintf(&b, "- %s\n", e)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
