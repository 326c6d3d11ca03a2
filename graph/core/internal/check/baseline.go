package check

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
)

// Baseline is a saved set of findings, by fingerprint: the gate fails
// only on findings it does not hold.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one saved finding; the rule and message are for
// people reading the file.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Message     string `json:"message"`
}

// BaselineDiff is how a report compares with a baseline.
type BaselineDiff struct {
	Path  string `json:"path"`
	Known int    `json:"known"` // findings the baseline holds
	New   int    `json:"new"`   // findings it does not: these fail the gate
	Fixed int    `json:"fixed"` // baseline findings no longer found
}

// SaveBaseline writes the report's findings to path.
func (r *Report) SaveBaseline(path string) error {
	b := Baseline{Version: 1, Findings: []BaselineEntry{}}
	for _, f := range r.Findings {
		b.Findings = append(b.Findings, BaselineEntry{Fingerprint: f.Fingerprint, Rule: f.Rule, Message: f.Message})
	}
	sort.Slice(b.Findings, func(i, j int) bool { return b.Findings[i].Fingerprint < b.Findings[j].Fingerprint })
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("save baseline: %w", err)
	}
	return nil
}

// CompareBaseline marks the findings the baseline at path does not hold
// as New and records the counts in r.Baseline.
func (r *Report) CompareBaseline(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read baseline: %w", err)
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("read baseline %s: %w", path, err)
	}
	known := map[string]bool{}
	for _, e := range b.Findings {
		known[e.Fingerprint] = true
	}
	d := &BaselineDiff{Path: path}
	found := map[string]bool{}
	for i := range r.Findings {
		f := &r.Findings[i]
		found[f.Fingerprint] = true
		if known[f.Fingerprint] {
			d.Known++
		} else {
			f.New = true
			d.New++
		}
	}
	for fp := range known {
		if !found[fp] {
			d.Fixed++
		}
	}
	r.Baseline = d
	return nil
}
