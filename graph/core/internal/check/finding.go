package check

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"
)

// Rule ids: stable, used by SARIF and the baseline.
const (
	RuleUnreachable = "unreachable"
	RuleTestOnly    = "test-only"
	RuleDuplicate   = "duplicate-body"
	RuleCycle       = "cycle"
	RuleCoupling    = "coupling"
)

// Rules lists every rule, in the order they run and report.
func Rules() []string {
	return []string{RuleUnreachable, RuleTestOnly, RuleDuplicate, RuleCycle, RuleCoupling}
}

// Location is a place a finding points at; Symbol is the callable there.
type Location struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	EndLine int    `json:"end_line,omitempty"`
	Symbol  string `json:"symbol,omitempty"`

	start, end int64 // byte offsets, turned into lines for the report
}

// Finding is one thing a rule reports.
type Finding struct {
	Rule    string `json:"rule"`
	Level   string `json:"level"` // "warning" or "note"
	Message string `json:"message"`
	// Confidence is, for unreachable code, the weakest grade of call edge
	// that still does not reach it: fuzzy_name means not even a name-only
	// match calls it.
	Confidence string     `json:"confidence,omitempty"`
	Locations  []Location `json:"locations"`
	// Fingerprint identifies the finding across edits that move code: it
	// hashes the rule and the names involved, never lines or offsets.
	Fingerprint string `json:"fingerprint"`
	New         bool   `json:"new,omitempty"` // not in the baseline compared against
}

// fingerprint hashes a rule with a finding's stable key parts.
func fingerprint(rule string, parts ...string) string {
	sort.Strings(parts)
	h := sha256.Sum256([]byte(rule + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:12])
}

// locationOf is where a callable is.
func locationOf(cl Callable) Location {
	return Location{File: cl.File, Symbol: cl.Qualified, start: cl.start, end: cl.end}
}
