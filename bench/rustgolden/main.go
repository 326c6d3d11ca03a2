// Command rustgolden checks our Rust refs against a hand-checked golden
// (issue 13): Rust has no compiler oracle installable here, so a seeded
// sample of the refs an index of a pinned crate answers at the default
// floor was checked by reading the source, one row each: the site, our
// answer then, the true target and whether ours was right.
//
//	go run -tags sqlite_fts5 ./bench/rustgolden -corpus DIR -copy -golden FILE
//
// fails when an answer the golden marks right changes (or falls below the
// floor) or precision on the sample drops below the golden's. With -sample N
// it prints a new sample (empty verdicts) instead, for checking by hand.
package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	_ "github.com/mattn/go-sqlite3"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
)

func main() {
	if err := run(os.Stdout, os.Stderr, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "rustgolden:", err)
		os.Exit(1)
	}
}

// ref is one confident ref of the index: where it is and what it answers.
type ref struct {
	file       string
	line, col  int
	name, kind string
	target     string
	level      string
	stratum    string
}

func (r ref) site() string {
	return fmt.Sprintf("%s:%d:%d %s %s", r.file, r.line, r.col, r.kind, r.name)
}

// row is one golden line: a sampled ref and its verdict.
type row struct {
	ref
	verdict string // right or wrong
	truth   string // the true target; "-" when there is none in the crate or a library
	reason  string
}

const header = "stratum\tfile\tline\tcol\tname\tkind\tour_target\tour_level\tverdict\ttrue_target\treason"

func run(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("rustgolden", flag.ContinueOnError)
	fs.SetOutput(stderr)
	corpus := fs.String("corpus", "", "the pinned crate (fetch-fixture.sh)")
	copyTree := fs.Bool("copy", false, "index a copy in a temp dir (for read-only trees)")
	golden := fs.String("golden", "", "the golden TSV to check against")
	sample := fs.Int("sample", 0, "print a new sample of this many refs instead of checking")
	seed := fs.Uint64("seed", 1, "the sample's seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *corpus == "" || (*golden == "") == (*sample == 0) {
		return fmt.Errorf("want -corpus and one of -golden, -sample")
	}
	root, dbPath, done, err := corpusindex.IndexFile(context.Background(), *corpus, *copyTree, stderr)
	if err != nil {
		return err
	}
	defer done()
	refs, err := readRefs(dbPath, root)
	if err != nil {
		return err
	}
	if *sample > 0 {
		return writeSample(stdout, draw(refs, *sample, *seed))
	}
	rows, err := readGolden(*golden)
	if err != nil {
		return err
	}
	rep := check(rows, refs)
	fmt.Fprint(stdout, rep.text)
	if len(rep.regressions) > 0 || rep.precision < rep.goldenPrecision {
		return fmt.Errorf("%d answers the golden marks right changed; precision %.3f, golden %.3f",
			len(rep.regressions), rep.precision, rep.goldenPrecision)
	}
	return nil
}

// readRefs lists the Rust refs at or above same_module, with their
// stratum: library (nothing defines the target), type, ambiguous (a
// function or method whose name is defined more than once), unique_method,
// unique_function or other.
func readRefs(dbPath, root string) ([]ref, error) {
	db, err := sql.Open("sqlite3", "file:"+dbPath+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rs, err := db.Query(`SELECT r.from_file, r.from_span_start, r.target_name, r.kind, r.target_qualified, r.confidence,
			COALESCE((SELECT s.kind FROM symbols s WHERE s.qualified = r.target_qualified ORDER BY s.id LIMIT 1), ''),
			(SELECT COUNT(*) FROM symbols s WHERE s.name = r.target_name AND s.kind IN ('function', 'method'))
		FROM refs r JOIN files f ON f.path = r.from_file
		WHERE f.lang = 'rust' AND r.confidence IN ('exact', 'import_resolved', 'same_module') AND r.target_qualified IS NOT NULL
		ORDER BY r.from_file, r.from_span_start, r.kind, r.target_name`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	lines := map[string][]int{}
	var out []ref
	for rs.Next() {
		var r ref
		var start int64
		var symKind string
		var named int
		if err := rs.Scan(&r.file, &start, &r.name, &r.kind, &r.target, &r.level, &symKind, &named); err != nil {
			return nil, err
		}
		starts, ok := lines[r.file]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.file)))
			if err != nil {
				return nil, err
			}
			starts = lineStarts(b)
			lines[r.file] = starts
		}
		i := sort.Search(len(starts), func(i int) bool { return int64(starts[i]) > start })
		r.line, r.col = i, int(start)-starts[i-1]+1
		switch {
		case symKind == "":
			r.stratum = "library"
		case symKind == "struct" || symKind == "enum" || symKind == "trait" || symKind == "type_alias" || symKind == "union":
			r.stratum = "type"
		case (symKind == "function" || symKind == "method") && named > 1:
			r.stratum = "ambiguous"
		case symKind == "method":
			r.stratum = "unique_method"
		case symKind == "function":
			r.stratum = "unique_function"
		default:
			r.stratum = "other"
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

func lineStarts(b []byte) []int {
	starts := []int{0}
	for i, c := range b {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// quota is the share of the sample each stratum gets, in this order; what
// a stratum cannot fill goes to the next ones.
var quota = []struct {
	stratum string
	share   int // percent
}{{"unique_function", 25}, {"unique_method", 25}, {"ambiguous", 25}, {"type", 10}, {"library", 15}, {"other", 0}}

// draw picks n refs, seeded, by stratum quota, in site order.
func draw(refs []ref, n int, seed uint64) []ref {
	by := map[string][]ref{}
	for _, r := range refs {
		by[r.stratum] = append(by[r.stratum], r)
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	var out []ref
	carry := 0
	for i, q := range quota {
		pool := by[q.stratum]
		rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		want := n*q.share/100 + carry
		if i == len(quota)-1 {
			want = n - len(out)
		}
		take := min(want, len(pool))
		carry = want - take
		out = append(out, pool[:take]...)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.file != b.file {
			return a.file < b.file
		}
		if a.line != b.line {
			return a.line < b.line
		}
		return a.col < b.col
	})
	return out
}

func writeSample(w io.Writer, refs []ref) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, header)
	for _, r := range refs {
		fmt.Fprintf(b, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t\t\t\n", r.stratum, r.file, r.line, r.col, r.name, r.kind, r.target, r.level)
	}
	return b.Flush()
}

func readGolden(path string) ([]row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []row
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || line == header {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 11 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 11", path, n+1, len(f))
		}
		var r row
		r.stratum, r.file, r.name, r.kind, r.target, r.level = f[0], f[1], f[4], f[5], f[6], f[7]
		r.verdict, r.truth, r.reason = f[8], f[9], f[10]
		if r.line, err = strconv.Atoi(f[2]); err == nil {
			r.col, err = strconv.Atoi(f[3])
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		if r.verdict != "right" && r.verdict != "wrong" {
			return nil, fmt.Errorf("%s:%d: verdict %q, want right or wrong", path, n+1, r.verdict)
		}
		if (r.verdict == "right") != (r.truth == r.target) {
			return nil, fmt.Errorf("%s:%d: verdict %s but true target %q, ours %q", path, n+1, r.verdict, r.truth, r.target)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no rows", path)
	}
	return rows, nil
}

// report is a check's outcome.
type report struct {
	precision, goldenPrecision float64
	regressions                []string
	text                       string
}

// check compares each golden row with the index's answer at its site now.
// An answer is right when it names the row's true target; a site with no
// answer at the floor any more counts as a wrong answer.
func check(rows []row, refs []ref) report {
	now := map[string]ref{}
	for _, r := range refs {
		if _, ok := now[r.site()]; !ok {
			now[r.site()] = r
		}
	}
	var b bytes.Buffer
	var rep report
	right, goldenRight := 0, 0
	var improved []string
	for _, g := range rows {
		if g.verdict == "right" {
			goldenRight++
		}
		cur, ok := now[g.site()]
		switch {
		case ok && cur.target == g.truth:
			right++
			if g.verdict == "wrong" {
				improved = append(improved, fmt.Sprintf("%s: now %s", g.site(), cur.target))
			}
		case g.verdict == "right":
			got := "no answer at the floor"
			if ok {
				got = cur.target
			}
			rep.regressions = append(rep.regressions, fmt.Sprintf("%s: %s, golden %s", g.site(), got, g.truth))
		}
	}
	rep.precision = float64(right) / float64(len(rows))
	rep.goldenPrecision = float64(goldenRight) / float64(len(rows))
	fmt.Fprintf(&b, "rust golden: %d refs, precision %.3f (golden %.3f), %d regressions, %d improvements\n",
		len(rows), rep.precision, rep.goldenPrecision, len(rep.regressions), len(improved))
	for _, s := range rep.regressions {
		fmt.Fprintf(&b, "- regression %s\n", s)
	}
	for _, s := range improved {
		fmt.Fprintf(&b, "- improved %s\n", s)
	}
	rep.text = b.String()
	return rep
}
