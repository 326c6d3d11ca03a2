// Command dangling counts the references and relations an index grades at
// or above same_module whose target nothing in the index defines (issue
// 13). A library's name reached through its import is graded by the import
// and has no definition here by design; a target inside one of the index's
// own namespaces that nothing defines is a confident answer pointing at
// nothing, and the target count of those is 0.
//
//	go run -tags sqlite_fts5 ./bench/dangling -corpus DIR [-copy] [-max 0]
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	_ "github.com/mattn/go-sqlite3"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
)

func main() {
	if err := run(os.Stdout, os.Stderr, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "dangling:", err)
		os.Exit(1)
	}
}

// Report is the count per language.
type Report struct {
	Corpus    string           `json:"corpus"`
	Languages []*LanguageCount `json:"languages"`
	// Examples are a few own-namespace dangling rows, file:line target.
	Examples []string `json:"examples"`
}

// LanguageCount is one language's figures.
type LanguageCount struct {
	Language string `json:"language"`
	// Confident counts refs and relations at or above same_module.
	Confident int `json:"confident"`
	// Undefined counts those whose target nothing defines (a library's
	// names among them), by level.
	Undefined map[string]int `json:"undefined"`
	// Dangling counts those whose target lies in one of the index's own
	// namespaces: the figure that must be 0.
	Dangling map[string]int `json:"dangling"`
}

func run(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("dangling", flag.ContinueOnError)
	fs.SetOutput(stderr)
	corpus := fs.String("corpus", ".", "root of the repository to index and check")
	copyTree := fs.Bool("copy", false, "index a copy in a temp dir (for read-only trees)")
	format := fs.String("format", "md", "md or json")
	maxDangling := fs.Int("max", -1, "fail when more than this many dangling rows are found (-1: never)")
	nExamples := fs.Int("examples", 15, "how many dangling rows to print")
	fs.BoolVar(&corpusindex.Packages, "packages", false, "index the dependency packages the corpus imports (their symbols are definitions too)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	root, dbPath, done, err := corpusindex.IndexFile(context.Background(), *corpus, *copyTree, stderr)
	if err != nil {
		return err
	}
	defer done()
	rep, err := count(dbPath, root, *nExamples)
	if err != nil {
		return err
	}
	rep.Corpus = *corpus
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = writeMarkdown(stdout, rep)
	}
	if err != nil {
		return err
	}
	total := 0
	for _, l := range rep.Languages {
		for _, n := range l.Dangling {
			total += n
		}
	}
	if *maxDangling >= 0 && total > *maxDangling {
		return fmt.Errorf("%d dangling rows, at most %d allowed", total, *maxDangling)
	}
	return nil
}

// row is one confident ref or relation whose target nothing defines.
type row struct {
	lang, file, target, level string
	start                     int64
}

func count(dbPath, root string, nExamples int) (*Report, error) {
	db, err := sql.Open("sqlite3", "file:"+dbPath+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	defined, spaces, err := namespaces(db)
	if err != nil {
		return nil, err
	}
	confident, err := confidentCounts(db)
	if err != nil {
		return nil, err
	}
	rows, err := undefinedRows(db)
	if err != nil {
		return nil, err
	}
	imports, err := importPaths(db)
	if err != nil {
		return nil, err
	}
	byLang := map[string]*LanguageCount{}
	get := func(lang string) *LanguageCount {
		if byLang[lang] == nil {
			byLang[lang] = &LanguageCount{Language: lang, Undefined: map[string]int{}, Dangling: map[string]int{}}
		}
		return byLang[lang]
	}
	for lang, n := range confident {
		get(lang).Confident = n
	}
	rep := &Report{}
	lines := lineIndex{root: root, files: map[string][]int{}}
	for _, r := range rows {
		c := get(r.lang)
		c.Undefined[r.level]++
		if !ownNamespace(r.target, imports[r.file], defined, spaces) {
			continue
		}
		c.Dangling[r.level]++
		if len(rep.Examples) < nExamples {
			rep.Examples = append(rep.Examples, fmt.Sprintf("%s:%d %s (%s)", r.file, lines.line(r.file, r.start), r.target, r.level))
		}
	}
	for _, c := range byLang {
		rep.Languages = append(rep.Languages, c)
	}
	sort.Slice(rep.Languages, func(i, j int) bool { return rep.Languages[i].Language < rep.Languages[j].Language })
	return rep, nil
}

const confidentLevels = `('exact', 'import_resolved', 'same_module')`

func confidentCounts(db *sql.DB) (map[string]int, error) {
	rs, err := db.Query(`SELECT f.lang, COUNT(*) FROM (
			SELECT from_file AS file FROM refs WHERE confidence IN ` + confidentLevels + `
			UNION ALL SELECT def_file FROM relations WHERE confidence IN ` + confidentLevels + `
		) x JOIN files f ON f.path = x.file GROUP BY f.lang`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := map[string]int{}
	for rs.Next() {
		var lang string
		var n int
		if err := rs.Scan(&lang, &n); err != nil {
			return nil, err
		}
		out[lang] = n
	}
	return out, rs.Err()
}

// undefinedRows lists the confident rows whose target no symbol has, in a
// stable order.
func undefinedRows(db *sql.DB) ([]row, error) {
	rs, err := db.Query(`SELECT f.lang, x.file, x.start, x.target, x.level FROM (
			SELECT from_file AS file, from_span_start AS start, target_qualified AS target, confidence AS level FROM refs
			WHERE confidence IN ` + confidentLevels + ` AND target_qualified IS NOT NULL
			UNION ALL SELECT def_file, def_span_start, to_qualified, confidence FROM relations
			WHERE confidence IN ` + confidentLevels + `
		) x JOIN files f ON f.path = x.file
		WHERE NOT EXISTS (SELECT 1 FROM symbols s WHERE s.qualified = x.target)
		ORDER BY x.file, x.start, x.target`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []row
	for rs.Next() {
		var r row
		if err := rs.Scan(&r.lang, &r.file, &r.start, &r.target, &r.level); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// namespaces reads every name the worktree's own files define, and those
// names with every namespace enclosing one. A dependency package's
// declarations (DESIGN.md, Dependency packages) are definitions (a ref
// naming one is not undefined) but make no namespace the index's own: a
// name a library does not declare (a C builtin, an assembly function) is
// still the library's name.
func namespaces(db *sql.DB) (defined, spaces map[string]bool, err error) {
	rs, err := db.Query(`SELECT DISTINCT qualified FROM symbols
		WHERE package IS NULL OR package NOT IN (SELECT id FROM packages WHERE kind != 'own')`)
	if err != nil {
		return nil, nil, err
	}
	defer rs.Close()
	defined, spaces = map[string]bool{}, map[string]bool{}
	for rs.Next() {
		var q string
		if err := rs.Scan(&q); err != nil {
			return nil, nil, err
		}
		defined[q], spaces[q] = true, true
		for _, p := range prefixes(q) {
			spaces[p] = true
		}
	}
	return defined, spaces, rs.Err()
}

// ownNamespace reports a target inside a namespace the index defines: a
// symbol enclosing it directly (a type without that member, a module
// without that name), or the namespace of an import of the file it comes
// through (an attribute chain invented below an imported module of the
// index's). A namespace further out does not count: "github.com/x/lib.F"
// is a library's name even when the index defines "github.com/x/app".
func ownNamespace(target string, imports []string, defined, spaces map[string]bool) bool {
	ps := prefixes(target)
	if len(ps) > 0 && defined[ps[len(ps)-1]] {
		return true
	}
	for _, im := range imports {
		if spaces[im] && slices.Contains(ps, im) {
			return true
		}
	}
	return false
}

// importPaths lists each file's import paths.
func importPaths(db *sql.DB) (map[string][]string, error) {
	rs, err := db.Query(`SELECT DISTINCT from_file, target_path FROM imports ORDER BY 1, 2`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := map[string][]string{}
	for rs.Next() {
		var f, p string
		if err := rs.Scan(&f, &p); err != nil {
			return nil, err
		}
		out[f] = append(out[f], p)
	}
	return out, rs.Err()
}

// prefixes are q's prefixes that end before a separator ('.', ':', '/',
// '#'; "a::b" gives "a").
func prefixes(q string) []string {
	var out []string
	for i := 1; i < len(q); i++ {
		if strings.IndexByte(".:/#", q[i]) >= 0 && strings.IndexByte(".:/#", q[i-1]) < 0 {
			out = append(out, q[:i])
		}
	}
	return out
}

// lineIndex turns byte offsets into line numbers, reading files on demand.
type lineIndex struct {
	root  string
	files map[string][]int // offsets of line starts
}

func (l lineIndex) line(file string, off int64) int {
	starts, ok := l.files[file]
	if !ok {
		b, _ := os.ReadFile(filepath.Join(l.root, filepath.FromSlash(file)))
		starts = []int{0}
		for i := bytes.IndexByte(b, '\n'); i >= 0; {
			starts = append(starts, starts[len(starts)-1]+i+1)
			j := bytes.IndexByte(b[starts[len(starts)-1]:], '\n')
			if j < 0 {
				break
			}
			i = j
		}
		l.files[file] = starts
	}
	return sort.Search(len(starts), func(i int) bool { return int64(starts[i]) > off })
}

func writeMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Corpus `%s`: refs and relations at or above same_module whose target nothing defines.\n\n", r.Corpus)
	b.WriteString("| language | confident | undefined (a library's names included) | dangling: in the index's own namespaces |\n| --- | ---: | --- | --- |\n")
	for _, l := range r.Languages {
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", l.Language, l.Confident, spread(l.Undefined), spread(l.Dangling))
	}
	if len(r.Examples) > 0 {
		b.WriteString("\nDangling examples:\n\n")
		for _, e := range r.Examples {
			fmt.Fprintf(&b, "- `%s`\n", e)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// spread is "12 (exact 2, import_resolved 10)", or "0".
func spread(m map[string]int) string {
	total := 0
	var parts []string
	for _, l := range []string{"exact", "import_resolved", "same_module"} {
		if m[l] > 0 {
			total += m[l]
			parts = append(parts, fmt.Sprintf("%s %d", l, m[l]))
		}
	}
	if total == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}
