package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Options select what a check runs and reports.
type Options struct {
	Rules []string // rule ids; empty runs every rule
	// Floor is the weakest grade of reference that counts as a call
	// ("" is same_module).
	Floor resolve.Confidence
	// Scope keeps the findings with a location under "dir:<dir>" or in
	// "file:<path>"; empty keeps all. The analysis always sees the whole
	// index.
	Scope []string
	// Config replaces the worktree's .orbitcheck.json when set.
	Config *Config
	// Catalog includes every callable of the catalog in the report.
	Catalog bool
	// Full lists every member of a finding's group as a location (the
	// unreachable subtree, the duplicates); otherwise at most 21.
	Full bool
}

// Report is a check's answer.
type Report struct {
	Floor    string         `json:"confidence"`
	Rules    []string       `json:"rules"`
	Findings []Finding      `json:"findings"`
	Entries  []EntryView    `json:"entries"`
	Reasons  map[string]int `json:"entries_by_reason"`
	Coupling Coupling       `json:"coupling"`
	Stats    Stats          `json:"stats"`
	Baseline *BaselineDiff  `json:"baseline,omitempty"`
	Catalog  []CatalogEntry `json:"catalog,omitempty"`
}

// CatalogEntry is a callable as a report lists it (Options.Catalog).
type CatalogEntry struct {
	Callable
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	Entry   string `json:"entry,omitempty"` // its entry reason, if it is one
	Calls   []Call `json:"calls,omitempty"`
}

// Call is one call edge of a catalog entry: its target, the grade of
// the reference, and whether it is a fan-out through an interface or
// virtual member (dispatch) or the use of a type (implied).
type Call struct {
	To         string `json:"to"`
	Confidence string `json:"confidence"`
	Dispatch   bool   `json:"dispatch,omitempty"`
	Implied    bool   `json:"implied,omitempty"`
}

// EntryView is an entry point as a report lists it.
type EntryView struct {
	Symbol string `json:"symbol"`
	Kind   string `json:"kind"`
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Reason string `json:"reason"`
}

// Stats say how large the catalog was and how long the check took.
type Stats struct {
	Files         int   `json:"files"`
	Callables     int   `json:"callables"`
	Edges         int   `json:"edges"`
	DispatchEdges int   `json:"dispatch_edges"`
	Entries       int   `json:"entries"`
	Millis        int64 `json:"ms"`
}

// rules maps a rule id to the function that runs it.
var rules = map[string]func(*input) []Finding{
	RuleUnreachable: unreachable,
	RuleTestOnly:    testOnly,
	RuleDuplicate:   duplicates,
	RuleCycle:       cycles,
	RuleCoupling:    couplingRule,
}

// UnknownRuleError names a rule id no rule has.
type UnknownRuleError struct{ Rule string }

func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("unknown rule %q (want %s)", e.Rule, strings.Join(Rules(), ", "))
}

// Run checks the index r of the worktree at root.
// facts and embeds are the languages' abilities, by file language (Load).
func Run(ctx context.Context, r *store.Reader, root string, facts func(lang string) extract.Cataloguing,
	embeds func(lang string) bool, opts Options) (*Report, error) {
	began := time.Now()
	names := opts.Rules
	if len(names) == 0 {
		names = Rules()
	}
	for _, n := range names {
		if rules[n] == nil {
			return nil, &UnknownRuleError{Rule: n}
		}
	}
	floor := opts.Floor
	if floor == "" {
		floor = resolve.DefaultFloor
	}
	cfg := Config{}
	if opts.Config != nil {
		cfg = *opts.Config
	} else {
		var err error
		if cfg, err = ReadConfig(root); err != nil {
			return nil, err
		}
	}
	c, err := Load(ctx, r, facts, embeds)
	if err != nil {
		return nil, err
	}
	in := &input{c: c, entries: inferEntries(c, cfg), floor: int8(floor.Rank()), cfg: cfg, related: maxRelated}
	if opts.Full {
		in.related = len(c.Callables)
	}
	rep := &Report{Floor: string(floor), Rules: names, Reasons: map[string]int{}, Findings: []Finding{}}
	for _, n := range Rules() { // fixed order, whatever order they were asked in
		if slices.Contains(names, n) {
			rep.Findings = append(rep.Findings, rules[n](in)...)
		}
	}
	rep.Findings = inScope(rep.Findings, opts.Scope)
	rep.Coupling = coupling(c, in.floor)
	lines := newLineCache(root)
	for i := range rep.Findings {
		for j := range rep.Findings[i].Locations {
			lines.fill(&rep.Findings[i].Locations[j])
		}
	}
	for _, e := range in.entries {
		cl := c.Callables[e.Callable]
		rep.Reasons[e.Reason]++
		rep.Entries = append(rep.Entries, EntryView{Symbol: cl.Qualified, Kind: cl.Kind, File: cl.File, Reason: e.Reason})
	}
	if opts.Catalog {
		reasons := map[int32]string{}
		for _, e := range in.entries {
			reasons[e.Callable] = e.Reason
		}
		for i, cl := range c.Callables {
			l := locationOf(cl)
			lines.fill(&l)
			rep.Catalog = append(rep.Catalog, CatalogEntry{Callable: cl, Line: l.Line, EndLine: l.EndLine, Entry: reasons[int32(i)],
				Calls: callsOf(c, int32(i))})
		}
	}
	sort.SliceStable(rep.Entries, func(i, j int) bool { return rep.Entries[i].Reason < rep.Entries[j].Reason })
	rep.Stats = Stats{Files: len(c.files), Callables: len(c.Callables), Edges: c.nEdges, DispatchEdges: c.nDispatch,
		Entries: len(in.entries), Millis: time.Since(began).Milliseconds()}
	return rep, nil
}

// inScope keeps the findings with a location the scope names.
func inScope(fs []Finding, scope []string) []Finding {
	if len(scope) == 0 {
		return fs
	}
	var out []Finding
	for _, f := range fs {
		for _, l := range f.Locations {
			if scoped(l.File, scope) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func scoped(file string, scope []string) bool {
	for _, s := range scope {
		switch {
		case strings.HasPrefix(s, "file:") && file == strings.TrimPrefix(s, "file:"):
			return true
		case strings.HasPrefix(s, "dir:"):
			d := strings.Trim(strings.TrimPrefix(s, "dir:"), "/")
			if d == "" || d == "." || extract.Under(file, d) {
				return true
			}
		}
	}
	return false
}

// lineCache turns byte offsets into lines, reading each file once (the
// files of findings only; nothing is parsed).
type lineCache struct {
	root  string
	files map[string]extract.LineIndex
}

func newLineCache(root string) *lineCache {
	return &lineCache{root: root, files: map[string]extract.LineIndex{}}
}

func (lc *lineCache) fill(l *Location) {
	if l.Symbol == "" || l.end == 0 {
		l.Line = max(l.Line, 1)
		return
	}
	idx, ok := lc.files[l.File]
	if !ok {
		b, _ := os.ReadFile(filepath.Join(lc.root, filepath.FromSlash(l.File)))
		idx = extract.NewLineIndex(b) // an unreadable file: every offset is on line 1
		lc.files[l.File] = idx
	}
	l.Line = idx.Line(uint32(l.start))
	l.EndLine = idx.Line(uint32(max(l.end-1, l.start)))
}

// callsOf lists a callable's call edges once each, by target.
func callsOf(c *Catalog, i int32) []Call {
	levels := resolve.Levels()
	seen := map[edge]bool{}
	var out []Call
	for _, e := range c.out[i] {
		if seen[e] {
			continue
		}
		seen[e] = true
		out = append(out, Call{To: c.Callables[e.to].Qualified, Confidence: string(levels[e.rank-1]), Dispatch: e.dispatch, Implied: e.implied})
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		return x.To < y.To || x.To == y.To && (x.Confidence < y.Confidence || x.Confidence == y.Confidence && !x.Dispatch && y.Dispatch)
	})
	return out
}
