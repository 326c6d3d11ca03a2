package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func goldenRow(file string, line int, name, ours, verdict, truth string) row {
	return row{ref: ref{file: file, line: line, col: 1, name: name, kind: "call", target: ours, level: "exact"},
		verdict: verdict, truth: truth}
}

func TestCheck(t *testing.T) {
	rows := []row{
		goldenRow("a.rs", 1, "f", "c::f", "right", "c::f"),
		goldenRow("a.rs", 2, "g", "c::x::g", "wrong", "c::g"),
		goldenRow("a.rs", 3, "h", "c::h", "right", "c::h"),
	}
	now := func(targets ...string) []ref {
		var out []ref
		for i, tg := range targets {
			if tg != "" {
				r := rows[i].ref
				r.target = tg
				out = append(out, r)
			}
		}
		return out
	}
	for _, c := range []struct {
		name        string
		refs        []ref
		regressions int
		precision   float64
	}{
		{"unchanged", now("c::f", "c::x::g", "c::h"), 0, 2.0 / 3},
		{"a wrong answer fixed", now("c::f", "c::g", "c::h"), 0, 1},
		{"a right answer changed", now("c::f", "c::x::g", "c::y::h"), 1, 1.0 / 3},
		{"a right answer below the floor", now("c::f", "c::x::g", ""), 1, 1.0 / 3},
	} {
		rep := check(rows, c.refs)
		if len(rep.regressions) != c.regressions || rep.precision != c.precision || rep.goldenPrecision != 2.0/3 {
			t.Errorf("%s: %d regressions, precision %v, golden %v; want %d, %v, 2/3\n%s",
				c.name, len(rep.regressions), rep.precision, rep.goldenPrecision, c.regressions, c.precision, rep.text)
		}
	}
}

// TestGoldenFile reads the committed golden: well-formed, every verdict
// agreeing with its true target, 100 rows.
func TestGoldenFile(t *testing.T) {
	rows, err := readGolden(filepath.Join("..", "accuracy", "testdata", "rust-golden", "golden.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 100 {
		t.Errorf("%d rows, want 100", len(rows))
	}
	for _, r := range rows {
		if strings.TrimSpace(r.reason) == "" {
			t.Errorf("%s: no reason", r.site())
		}
	}
}

func TestReadGoldenRejectsDisagreement(t *testing.T) {
	p := filepath.Join(t.TempDir(), "g.tsv")
	bad := header + "\nunique_function\ta.rs\t1\t1\tf\tcall\tc::f\texact\tright\tc::g\twhy\n"
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readGolden(p); err == nil {
		t.Error("a row marked right whose true target differs from ours was accepted")
	}
}
