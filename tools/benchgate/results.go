package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"
)

// series is every measurement of one (benchmark, unit), in file order.
type series struct {
	name, unit string
	values     []float64
}

// seriesKey identifies a (benchmark, unit): a benchproc Key of the
// benchmark's name and the unit of one of its values.
type seriesKey struct {
	name benchproc.Key
	unit string
}

// resultSet is one results file grouped by benchmark and unit.
type resultSet struct {
	byKey map[seriesKey]*series
	keys  []seriesKey // first-seen order
}

// grouper projects results of any number of files onto the same keys, so
// that a Key of the old file == the Key of the same benchmark in the new one.
type grouper struct {
	filter *benchproc.Filter
	proj   *benchproc.Projection
}

func newGrouper(filterExpr string) (*grouper, error) {
	filter, err := benchproc.NewFilter(filterExpr)
	if err != nil {
		return nil, usagef("-filter: %v", err)
	}
	var pp benchproc.ProjectionParser
	proj, err := pp.Parse(".fullname", filter)
	if err != nil {
		return nil, err
	}
	return &grouper{filter: filter, proj: proj}, nil
}

// gomaxprocs is the "-N" suffix go test appends to benchmark names. It is
// dropped so results from machines with different core counts line up.
var gomaxprocs = regexp.MustCompile(`-\d+$`)

// readFile reads a benchfmt file; a syntax error or a file without results
// is malformed input.
func (g *grouper) readFile(path string) (*resultSet, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{err}
	}
	defer f.Close()
	return g.read(f, path)
}

func (g *grouper) read(r io.Reader, fileName string) (*resultSet, error) {
	set := &resultSet{byKey: map[seriesKey]*series{}}
	br := benchfmt.NewReader(r, fileName)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, usageError{fmt.Errorf("malformed input: %w", rec)}
		case *benchfmt.Result:
			rec.Name = benchfmt.Name(gomaxprocs.ReplaceAll(rec.Name, nil))
			if ok, _ := g.filter.Apply(rec); !ok {
				continue
			}
			name := g.proj.Project(rec)
			for _, v := range rec.Values {
				key := seriesKey{name, v.Unit}
				s := set.byKey[key]
				if s == nil {
					s = &series{name: name.StringValues(), unit: v.Unit}
					set.byKey[key] = s
					set.keys = append(set.keys, key)
				}
				s.values = append(s.values, v.Value)
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, usageError{err}
	}
	if len(set.keys) == 0 {
		return nil, usagef("malformed input: %s: no benchmark results", fileName)
	}
	return set, nil
}

// benchLine reports whether line belongs in a baseline file: a benchmark
// result or a key: value configuration line (the rest of go test's output,
// logs and PASS/ok lines, is dropped).
func benchLine(line []byte) bool {
	if bytes.HasPrefix(line, []byte("Benchmark")) {
		return len(bytes.Fields(line)) >= 4
	}
	return configLine.Match(line)
}

var configLine = regexp.MustCompile(`^[a-z][^\s:A-Z]*:(\s|$)`)
