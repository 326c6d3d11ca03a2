package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Default tolerances: how much worse a (benchmark, unit) may get before a
// statistically significant change fails the gate.
const (
	timeTolerance  = 0.20 // sec/op, p95-ms, cpu-ns/op, files/s …: DESIGN.md, Budgets
	spaceTolerance = 0.10 // B/op, allocs/op and any other unit
)

// rule is one line of a tolerance config: benchmarks whose name matches
// re, measured in unit ("*" for any), may get worse by tol (off: ignored).
type rule struct {
	re   *regexp.Regexp
	unit string
	tol  float64
	off  bool
}

// tolerances are the config's rules, first match wins, then the defaults.
type tolerances []rule

// loadTolerances parses a config file: lines "name-regexp unit tolerance",
// tolerance a percentage ("15%") or "off"; '#' starts a comment.
func loadTolerances(path string) (tolerances, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{err}
	}
	defer f.Close()
	var rules tolerances
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		r, err := parseRule(fields)
		if err != nil {
			return nil, usagef("%s:%d: %v", path, n, err)
		}
		rules = append(rules, r)
	}
	return rules, sc.Err()
}

func parseRule(fields []string) (rule, error) {
	if len(fields) != 3 {
		return rule{}, fmt.Errorf("want \"name-regexp unit tolerance\", got %d fields", len(fields))
	}
	re, err := regexp.Compile(fields[0])
	if err != nil {
		return rule{}, err
	}
	r := rule{re: re, unit: fields[1]}
	if fields[2] == "off" {
		r.off = true
		return r, nil
	}
	pct, ok := strings.CutSuffix(fields[2], "%")
	v, err := strconv.ParseFloat(pct, 64)
	if !ok || err != nil || v < 0 {
		return rule{}, fmt.Errorf("tolerance %q: want a percentage like 15%% or off", fields[2])
	}
	r.tol = v / 100
	return r, nil
}

// lookup returns the tolerance of (name, unit) and whether it is gated.
func (ts tolerances) lookup(name, unit string) (tol float64, gated bool) {
	for _, r := range ts {
		if (r.unit == "*" || r.unit == unit) && r.re.MatchString(name) {
			return r.tol, !r.off
		}
	}
	if timeLike(unit) {
		return timeTolerance, true
	}
	return spaceTolerance, true
}

// higherIsBetter reports whether unit is a rate (files/s, B/s): for those a
// drop is the regression.
func higherIsBetter(unit string) bool {
	return strings.HasSuffix(unit, "/s")
}

// timeLike reports whether unit measures time or a rate over time: those
// get the time tolerance and are scaled by -normalize.
func timeLike(unit string) bool {
	if higherIsBetter(unit) {
		return true
	}
	base, _, _ := strings.Cut(unit, "/")
	if base == "sec" || base == "ns" {
		return true
	}
	for _, suffix := range []string{"-ns", "-us", "-ms", "-sec", "-s"} {
		if strings.HasSuffix(base, suffix) {
			return true
		}
	}
	return false
}
