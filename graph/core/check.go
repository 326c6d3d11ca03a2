package core

import (
	"context"

	"github.com/orbitgraph/orbit/graph/core/internal/check"
	"github.com/orbitgraph/orbit/graph/extract"
)

// The answers of Check (DESIGN.md, Checks), named here because front ends
// import only core's face.
type (
	CheckOptions  = check.Options
	CheckConfig   = check.Config
	CheckReport   = check.Report
	CheckFinding  = check.Finding
	CheckLocation = check.Location
	// CheckCatalogEntry is one callable of CheckReport.Catalog.
	CheckCatalogEntry = check.CatalogEntry
	CheckCall         = check.Call
)

// CheckRules lists the rule ids Check runs, in report order.
func CheckRules() []string { return check.Rules() }

// CheckConfigPath is where a worktree states its check configuration.
const CheckConfigPath = check.ConfigPath

// Check runs the code-path checks over the index: entry points,
// unreachable subtrees, test-only code, duplicated bodies, cycles and
// package coupling. It reads the index only; nothing is parsed again.
func (g *Graph) Check(ctx context.Context, opts CheckOptions) (*CheckReport, error) {
	st, err := g.reader(ctx)
	if err != nil {
		return nil, err
	}
	facts, embeds := map[string]extract.Cataloguing{}, map[string]bool{}
	for _, x := range g.opts.Registry.Extractors() {
		langs := []string{x.Lang()}
		if fl, ok := x.(extract.FileLangs); ok {
			langs = append(langs, fl.FileLangs()...)
		}
		for _, l := range langs {
			if c, ok := x.(extract.Cataloguing); ok {
				facts[l] = c
			}
			if e, ok := x.(extract.Embedding); ok && e.EmbedsStructs() {
				embeds[l] = true
			}
		}
	}
	rep, err := check.Run(ctx, st.Reader(), g.loc.Root, func(lang string) extract.Cataloguing { return facts[lang] },
		func(lang string) bool { return embeds[lang] }, opts)
	return rep, g.queryErr(err)
}
