package query

// HistoryEntry is one commit that changed a symbol (DESIGN.md, History).
type HistoryEntry struct {
	Hash    string   `json:"hash"`
	Author  string   `json:"author"`
	Date    string   `json:"date"`
	Subject string   `json:"subject"`
	TaskIDs []string `json:"task_ids,omitempty"`
	Change  string   `json:"change"` // created, signature, body, deleted; renamed, moved, split, merged
	// Path and Symbol are the symbol's file and local name in this commit
	// when they are not the ones asked about (before a rename or a move,
	// or a split's or a merge's source).
	Path   string `json:"path,omitempty"`
	Symbol string `json:"symbol,omitempty"`
}

// HistoryResult lists the commits that changed a symbol, newest first;
// for the selector diff:[REV], Symbol names the diff and Changed lists
// each symbol the diff touches with its own commits.
type HistoryResult struct {
	Symbol    Item             `json:"symbol"`
	Commits   []HistoryEntry   `json:"commits"`
	Changed   []ChangedHistory `json:"changed,omitempty"`
	Truncated bool             `json:"truncated,omitempty"` // the walk stopped at its limit
}

// ChangedHistory is a symbol a diff touches, what the diff does to it, and
// the commits that changed it before.
type ChangedHistory struct {
	Symbol  Item           `json:"symbol"`
	Change  string         `json:"change"` // created, signature, body, deleted
	Commits []HistoryEntry `json:"commits"`
}

// TaskChange is a symbol a task's commits changed.
type TaskChange struct {
	Path    string `json:"path"`
	Symbol  string `json:"symbol"` // the local name: Type.method
	Kind    string `json:"kind"`
	Change  string `json:"change"`
	Hash    string `json:"hash"`
	Subject string `json:"subject"`
}

// TaskResult lists what the commits naming a task id changed.
type TaskResult struct {
	TaskID  string       `json:"task_id"`
	Changes []TaskChange `json:"changes"`
}
