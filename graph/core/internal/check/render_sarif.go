package check

import (
	"io"

	"github.com/owenrumney/go-sarif/v3/pkg/report"
	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// ruleHelp describes each rule in SARIF's rule metadata.
var ruleHelp = map[string]string{
	RuleUnreachable: "A callable no entry point reaches through call edges at the chosen confidence: dead code, grouped by the root of each unreachable subtree.",
	RuleTestOnly:    "A callable outside test files that only tests reach.",
	RuleDuplicate:   "Callables whose bodies are the same once comments and layout are removed.",
	RuleCycle:       "Callables, files or packages that call each other in a cycle (a strongly connected component).",
	RuleCoupling:    "A package that calls into more other packages than the configured fan-out.",
}

// sarifRuleID is a rule's id in SARIF: stable across versions.
func sarifRuleID(rule string) string { return "orbit/" + rule }

// WriteSARIF writes the report as SARIF 2.1.0, which GitHub code scanning
// accepts: one rule per check, each finding with its locations and a
// partial fingerprint that survives moving code (see Finding.Fingerprint).
func (r *Report) WriteSARIF(w io.Writer, version string) error {
	rep := report.NewV210Report()
	run := sarif.NewRunWithInformationURI("orbit-graph-check", "https://github.com/orbitgraph/orbit")
	run.Tool.Driver.WithVersion(version)
	for _, id := range Rules() {
		run.AddRule(sarifRuleID(id)).WithName(id).WithDescription(ruleHelp[id]).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(ruleHelp[id]))
	}
	for _, f := range r.Findings {
		res := run.CreateResultForRule(sarifRuleID(f.Rule)).WithLevel(f.Level).
			WithMessage(sarif.NewTextMessage(f.Message)).
			WithPartialFingerprints(map[string]string{"orbitFindingHash/v1": f.Fingerprint})
		for i, l := range f.Locations {
			loc := sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
				WithArtifactLocation(sarif.NewSimpleArtifactLocation(l.File).WithURIBaseID("%SRCROOT%")).
				WithRegion(sarif.NewSimpleRegion(max(l.Line, 1), max(l.EndLine, l.Line, 1))))
			if l.Symbol != "" {
				loc.WithMessage(sarif.NewTextMessage(l.Symbol))
			}
			if i == 0 {
				res.AddLocation(loc)
			} else {
				res.AddRelatedLocation(loc.WithID(i))
			}
		}
		if f.Confidence != "" {
			res.WithProperties(sarif.NewPropertyBag().Add("confidence", f.Confidence))
		}
	}
	rep.AddRun(run)
	return rep.PrettyWrite(w)
}
