package check

import (
	"fmt"
	"html/template"
	"io"
	"sort"
	"sync"
)

// maxGridPackages caps the coupling grid: the packages with the most
// cross-package edges, in name order.
const maxGridPackages = 40

// maxEntriesShown caps the entry points listed per reason.
const maxEntriesShown = 50

// WriteHTML writes the report as one self-contained HTML page (no
// scripts, no external resources): coupling grid, cycles, unreachable
// subtrees, duplicates, test-only code and entry points by reason.
func (r *Report) WriteHTML(w io.Writer) error {
	return htmlPage().Execute(w, r.htmlView())
}

type htmlView struct {
	R        *Report
	Sections []htmlSection
	Grid     htmlGrid
	Reasons  []htmlReason
}

type htmlSection struct {
	ID, Title string
	Findings  []Finding
}

type htmlGrid struct {
	Packages []string
	Rows     [][]htmlCell
}

type htmlCell struct {
	Count int
	Shade template.CSS // a background colour by count, built here from numbers only
	Title string
}

type htmlReason struct {
	Reason  string
	Count   int
	Entries []EntryView
}

func (r *Report) htmlView() htmlView {
	v := htmlView{R: r}
	titles := map[string]string{RuleUnreachable: "Unreachable subtrees", RuleTestOnly: "Reached only from tests",
		RuleDuplicate: "Duplicated bodies", RuleCycle: "Cycles", RuleCoupling: "Coupling"}
	for _, rule := range Rules() {
		s := htmlSection{ID: rule, Title: titles[rule]}
		for _, f := range r.Findings {
			if f.Rule == rule {
				s.Findings = append(s.Findings, f)
			}
		}
		v.Sections = append(v.Sections, s)
	}
	v.Grid = r.grid()
	byReason := map[string]*htmlReason{}
	for _, e := range r.Entries {
		hr := byReason[e.Reason]
		if hr == nil {
			hr = &htmlReason{Reason: e.Reason}
			byReason[e.Reason] = hr
		}
		hr.Count++
		if len(hr.Entries) < maxEntriesShown {
			hr.Entries = append(hr.Entries, e)
		}
	}
	for _, hr := range byReason {
		v.Reasons = append(v.Reasons, *hr)
	}
	sort.Slice(v.Reasons, func(i, j int) bool { return v.Reasons[i].Reason < v.Reasons[j].Reason })
	return v
}

// grid picks the most coupled packages and lays out their matrix.
func (r *Report) grid() htmlGrid {
	c := r.Coupling
	weight := make([]int, len(c.Packages))
	for _, cell := range c.Cells {
		weight[cell.From] += cell.Count
		weight[cell.To] += cell.Count
	}
	var pick []int
	for i, wt := range weight {
		if wt > 0 {
			pick = append(pick, i)
		}
	}
	sort.Slice(pick, func(a, b int) bool { return weight[pick[a]] > weight[pick[b]] })
	if len(pick) > maxGridPackages {
		pick = pick[:maxGridPackages]
	}
	sort.Slice(pick, func(a, b int) bool { return c.Packages[pick[a]] < c.Packages[pick[b]] })
	pos := map[int]int{}
	g := htmlGrid{}
	for i, p := range pick {
		pos[p] = i
		g.Packages = append(g.Packages, c.Packages[p])
	}
	g.Rows = make([][]htmlCell, len(pick))
	for i := range g.Rows {
		g.Rows[i] = make([]htmlCell, len(pick))
	}
	most := 1
	for _, cell := range c.Cells {
		most = max(most, cell.Count)
	}
	for _, cell := range c.Cells {
		a, okA := pos[cell.From]
		b, okB := pos[cell.To]
		if !okA || !okB {
			continue
		}
		alpha := 0.15 + 0.85*float64(cell.Count)/float64(most)
		g.Rows[a][b] = htmlCell{Count: cell.Count, Shade: template.CSS(fmt.Sprintf("rgba(200,60,40,%.2f)", alpha)),
			Title: fmt.Sprintf("%s → %s: %d", c.Packages[cell.From], c.Packages[cell.To], cell.Count)}
	}
	return g
}

// htmlPage is parsed on first use: parsing it at package init cost every
// orbit process, most of which never render HTML.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("check").Parse(htmlSource))
})

const htmlSource = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>orbit graph check</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
.summary span{display:inline-block;margin-right:16px;padding:4px 10px;border-radius:4px;background:#eef}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;font-size:12px}
.grid td{width:22px;height:22px;text-align:center}.grid th.col{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal}
.grid th.row{text-align:right;font-weight:normal}.scroll{overflow-x:auto}
.finding{margin:6px 0;padding:6px 10px;border-left:4px solid #c84;background:#fafafa}
.finding.note{border-color:#88a}.new{color:#fff;background:#c33;padding:0 4px;border-radius:3px}
code{font-size:12px}.loc{color:#555;font-size:12px}
</style></head><body>
<h1>orbit graph check</h1>
<p class="summary"><span>{{len .R.Findings}} findings</span><span>confidence {{.R.Floor}}</span>
<span>{{.R.Stats.Callables}} callables</span><span>{{.R.Stats.Edges}} call edges ({{.R.Stats.DispatchEdges}} by dispatch)</span>
<span>{{.R.Stats.Entries}} entry points</span><span>{{.R.Stats.Files}} files</span>{{with .R.Baseline}}<span>baseline: {{.New}} new, {{.Known}} known, {{.Fixed}} fixed</span>{{end}}</p>
<h2 id="coupling-grid">Coupling grid</h2>
{{if .Grid.Packages}}<div class="scroll"><table class="grid"><tr><th></th>{{range .Grid.Packages}}<th class="col">{{.}}</th>{{end}}</tr>
{{range $i, $row := .Grid.Rows}}<tr><th class="row">{{index $.Grid.Packages $i}}</th>{{range $row}}<td{{if .Count}} style="background:{{.Shade}}" title="{{.Title}}"{{end}}>{{if .Count}}{{.Count}}{{end}}</td>{{end}}</tr>
{{end}}</table></div>{{else}}<p>No calls between packages.</p>{{end}}
{{range .Sections}}<h2 id="{{.ID}}">{{.Title}} ({{len .Findings}})</h2>
{{range .Findings}}<div class="finding {{.Level}}">{{if .New}}<span class="new">new</span> {{end}}{{.Message}}{{if .Confidence}} <em>[{{.Confidence}}]</em>{{end}}
{{range .Locations}}<div class="loc"><code>{{.File}}:{{.Line}}</code> {{.Symbol}}</div>{{end}}</div>
{{else}}<p>None.</p>{{end}}{{end}}
<h2 id="entries">Entry points by reason</h2>
{{range .Reasons}}<h3>{{.Reason}} ({{.Count}})</h3><table>{{range .Entries}}<tr><td><code>{{.Symbol}}</code></td><td>{{.Kind}}</td><td class="loc">{{.File}}</td></tr>{{end}}</table>
{{if gt .Count (len .Entries)}}<p>… and {{.Count}} in all.</p>{{end}}{{end}}
</body></html>
`
