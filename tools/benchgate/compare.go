package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

// gateOptions configure a comparison; compare and ab share them.
type gateOptions struct {
	config    string
	md        string
	filter    string
	calibrate string
	calUnit   string
	normalize bool
}

func (o *gateOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.config, "config", "", "tolerance overrides: lines `name-regexp unit tolerance%|off`")
	fs.StringVar(&o.md, "md", "", "also write the report as Markdown to this `file`")
	fs.StringVar(&o.filter, "filter", "*", "benchproc filter `expression` selecting results")
	fs.StringVar(&o.calibrate, "calibrate", "Calibrate", "calibration benchmark `name` for -normalize")
	fs.StringVar(&o.calUnit, "calibrate-unit", "", "calibration `unit` for -normalize (default cpu-sec/op if both files have it, else sec/op)")
	fs.BoolVar(&o.normalize, "normalize", false, "divide NEW's time metrics by the calibration ratio NEW/OLD")
}

func compareCmd(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts gateOptions
	opts.register(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usagef("compare wants two files, OLD and NEW; got %d", len(files))
	}
	g, err := newGrouper(opts.filter)
	if err != nil {
		return err
	}
	old, err := g.readFile(files[0])
	if err != nil {
		return err
	}
	cur, err := g.readFile(files[1])
	if err != nil {
		return err
	}
	return gate(stdout, opts, files[0], files[1], old, cur)
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments ("compare OLD NEW -md out.md").
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usageError{err}
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// gate compares old with cur, prints the report and returns errRegression
// if any row fails.
func gate(stdout io.Writer, opts gateOptions, oldName, newName string, old, cur *resultSet) error {
	tols, err := loadTolerances(opts.config)
	if err != nil {
		return err
	}
	rep := report{oldName: oldName, newName: newName, alpha: benchmath.DefaultThresholds.CompareAlpha}
	if opts.normalize {
		ratio, unit, err := calibrationRatio(old, cur, opts.calibrate, opts.calUnit)
		if err != nil {
			return err
		}
		rep.ratio, rep.ratioUnit = ratio, unit
		normalize(cur, opts.calibrate, ratio)
	}
	for _, k := range unionKeys(old, cur) {
		r := compareRow(old.byKey[k], cur.byKey[k], tols)
		if opts.normalize && r.name == opts.calibrate {
			r.verdict, r.fail = "calibration", false
		}
		rep.rows = append(rep.rows, r)
	}
	rep.writeText(stdout)
	if opts.md != "" {
		var md strings.Builder
		rep.writeMarkdown(&md)
		if err := os.WriteFile(opts.md, []byte(md.String()), 0o644); err != nil {
			return err
		}
	}
	if n := rep.failures(); n > 0 {
		return fmt.Errorf("%w: %d row(s) failed the gate", errRegression, n)
	}
	return nil
}

// unionKeys lists the series of both sets: benchmarks in benchproc's sort
// order (first seen), units in first-seen order within each.
func unionKeys(sets ...*resultSet) []seriesKey {
	var names []benchproc.Key
	units := map[benchproc.Key][]string{}
	seen := map[seriesKey]bool{}
	for _, set := range sets {
		for _, k := range set.keys {
			if seen[k] {
				continue
			}
			seen[k] = true
			if units[k.name] == nil {
				names = append(names, k.name)
			}
			units[k.name] = append(units[k.name], k.unit)
		}
	}
	benchproc.SortKeys(names)
	var keys []seriesKey
	for _, n := range names {
		for _, u := range units[n] {
			keys = append(keys, seriesKey{n, u})
		}
	}
	return keys
}

// row is the comparison of one (benchmark, unit).
type row struct {
	name, unit       string
	old, new         *benchmath.Summary
	oldN, newN       int
	delta            float64 // new/old - 1
	cmp              benchmath.Comparison
	tol              float64
	verdict          string
	fail             bool
	oldWarn, newWarn []error
}

var thresholds = benchmath.DefaultThresholds

func compareRow(old, cur *series, tols tolerances) row {
	s := old
	if s == nil {
		s = cur
	}
	r := row{name: s.name, unit: s.unit}
	tol, gated := tols.lookup(r.name, r.unit)
	r.tol = tol
	var oldS, newS *benchmath.Sample
	if old != nil {
		oldS = benchmath.NewSample(old.values, &thresholds)
		sum := benchmath.AssumeNothing.Summary(oldS, 0.95)
		r.old, r.oldN, r.oldWarn = &sum, len(old.values), append(oldS.Warnings, sum.Warnings...)
	}
	if cur != nil {
		newS = benchmath.NewSample(cur.values, &thresholds)
		sum := benchmath.AssumeNothing.Summary(newS, 0.95)
		r.new, r.newN, r.newWarn = &sum, len(cur.values), append(newS.Warnings, sum.Warnings...)
	}
	switch {
	case cur == nil:
		r.verdict, r.fail = "MISSING in new", true
		return r
	case old == nil:
		r.verdict = "new, no baseline"
		return r
	}
	r.cmp = benchmath.AssumeNothing.Compare(oldS, newS)
	if r.old.Center != 0 {
		r.delta = r.new.Center/r.old.Center - 1
	}
	worse := r.delta
	if higherIsBetter(r.unit) && r.new.Center != 0 {
		worse = r.old.Center/r.new.Center - 1 // how much slower the rate got
	}
	switch {
	case !gated:
		r.verdict = "not gated"
	case r.cmp.P >= r.cmp.Alpha || worse == 0:
		r.verdict = "~"
	case worse > tol:
		r.verdict, r.fail = fmt.Sprintf("REGRESSION (> +%g%%)", tol*100), true
	case worse > 0:
		r.verdict = fmt.Sprintf("worse, within %g%%", tol*100)
	default:
		r.verdict = "improvement"
	}
	return r
}

// calibrationRatio is the calibration benchmark's median in cur divided by
// that in old: how much slower the new machine is. Its process CPU time
// (cpu-sec/op) is preferred: wall time also measures how busy the machine
// happened to be while the calibration ran.
func calibrationRatio(old, cur *resultSet, name, unit string) (float64, string, error) {
	units := []string{unit}
	if unit == "" {
		units = []string{"cpu-sec/op", "sec/op"}
	}
	for _, u := range units {
		o, n := old.find(name, u), cur.find(name, u)
		if o == nil || n == nil {
			continue
		}
		om := benchmath.AssumeNothing.Summary(benchmath.NewSample(o.values, &thresholds), 0.95).Center
		nm := benchmath.AssumeNothing.Summary(benchmath.NewSample(n.values, &thresholds), 0.95).Center
		if om <= 0 || nm <= 0 {
			return 0, "", usagef("-normalize: %s %s must be positive", name, u)
		}
		return nm / om, u, nil
	}
	return 0, "", usagef("-normalize: both files need %s results in %s (benchgate run records them)", name, strings.Join(units, " or "))
}

func (s *resultSet) find(name, unit string) *series {
	for _, k := range s.keys {
		if v := s.byKey[k]; v.name == name && v.unit == unit {
			return v
		}
	}
	return nil
}

// normalize rescales the time metrics of set (all but the calibration
// benchmark's own) as if measured on a machine ratio times faster.
func normalize(set *resultSet, calibrate string, ratio float64) {
	for _, s := range set.byKey {
		if s.name == calibrate || !timeLike(s.unit) {
			continue
		}
		for i := range s.values {
			if higherIsBetter(s.unit) {
				s.values[i] *= ratio
			} else {
				s.values[i] /= ratio
			}
		}
	}
}
