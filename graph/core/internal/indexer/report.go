package indexer

import "time"

// Report is what one sync did (core.SyncReport; DESIGN.md, A sync), plus what it skipped.
type Report struct {
	Mode         string `json:"mode"` // "cold", "full" or "incremental"
	FilesIndexed int    `json:"files_indexed"`
	FilesChanged int    `json:"files_changed"`
	FilesRemoved int    `json:"files_removed"`
	FilesScanned int    `json:"files_scanned"`
	// Reresolved counts unchanged files read again because a change
	// re-routes their references (a type's fields, a re-export).
	Reresolved  int           `json:"files_reresolved,omitempty"`
	Duration    time.Duration `json:"-"`
	DurationMs  float64       `json:"duration_ms"`
	Skipped     Skipped       `json:"skipped"`
	ParseErrors int           `json:"files_with_parse_errors"`
	NonUTF8     int           `json:"files_non_utf8"`
	Warnings    []string      `json:"warnings,omitempty"`
}

// Skipped counts files left out of the index, by reason.
type Skipped struct {
	Large      int `json:"large"`
	Binary     int `json:"binary"`
	Unreadable int `json:"unreadable"`
	Symlinks   int `json:"symlinks"`
}

// maxWarnings keeps a report readable when thousands of files are odd.
const maxWarnings = 20

func (r *Report) warn(msg string) {
	if len(r.Warnings) < maxWarnings {
		r.Warnings = append(r.Warnings, msg)
	} else if len(r.Warnings) == maxWarnings {
		r.Warnings = append(r.Warnings, "… more warnings omitted")
	}
}
