package history

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Oplog statuses, as stored and reported.
const (
	LogAccepted  = "accepted"
	LogMalformed = "malformed"
	LogFuture    = "future"
	LogRejected  = "rejected" // well-formed, but the tree diff contradicts it
)

// walker attributes commits one after another, oldest first, carrying
// stable ids from each commit to the next.
type walker struct {
	reg  *extract.Registry
	b    *blobs
	root string
	base string // the parent of the oldest commit walked; "" for a root
	live store.Live
	tx   *store.HistoryTx
	warn []string
	prev *tree // the last commit's tree: the next one's parent, already read
}

// row is one change a commit made, with the symbol's stable id.
type row struct {
	path string
	sym  Symbol
	what string
	gone bool // the symbol is in the parent's tree, not the commit's
	sid  string
}

// idAt is the id of the symbol at a in the tree the walk is at.
func (w *walker) idAt(a addr) string {
	if sid, ok := w.live[a]; ok {
		return sid
	}
	return deriveID(w.base, a)
}

// readOpLog reads the commit's operation log from the worktree, nil when
// there is none.
func readOpLog(root, hash string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(OperationsDir), hash+".json"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	return data, err
}

// commit attributes one commit and moves the live ids past it.
func (w *walker) commit(c Commit) error {
	pre, post := newTree(w.reg, w.b, c.Parent), newTree(w.reg, w.b, c.Hash)
	if w.prev != nil && c.Parent != "" && w.prev.rev == c.Parent {
		pre = w.prev // its changed files are extracted already
	}
	w.prev = post
	var rows []row
	var paths []string
	for _, d := range c.Files {
		if w.reg.For(d.Path) == nil || strings.HasPrefix(d.Path, ".orbit/") {
			continue
		}
		paths = append(paths, d.Path)
		var old, cur []Symbol
		var err error
		if !d.Added {
			if old, err = pre.symbols(d.Path); err != nil {
				return err
			}
		}
		if !d.Deleted {
			if cur, err = post.symbols(d.Path); err != nil {
				return err
			}
		}
		for _, ch := range attribute(d, old, cur) {
			rows = append(rows, row{path: d.Path, sym: ch.Symbol, what: ch.What, gone: ch.What == Deleted})
		}
	}
	p, err := w.oplog(c, pre, post, paths)
	if err != nil {
		return err
	}
	if p != nil {
		rows = p.apply(rows, post)
	}
	for i := range rows {
		r := &rows[i]
		a := addrOf(r.path, r.sym)
		switch {
		case p != nil && !r.gone && p.claims[a] != "":
			r.sid = p.claims[a]
		case r.what == Created:
			r.sid = deriveID(c.Hash, a)
		default:
			r.sid = w.idAt(a)
		}
	}
	// The parent's retired addresses leave the live table before the
	// commit's addresses enter it.
	for _, r := range rows {
		if r.gone {
			delete(w.live, addrOf(r.path, r.sym))
		}
	}
	if p != nil {
		for from := range p.carried {
			delete(w.live, from)
		}
	}
	for _, r := range rows {
		if !r.gone {
			w.live[addrOf(r.path, r.sym)] = r.sid
		}
		if err := w.tx.AddChange(c.Hash, r.path, r.sym.Local, r.sym.Kind, r.what, r.sid); err != nil {
			return err
		}
	}
	if p != nil {
		for _, l := range p.lineage {
			if err := w.tx.AddLineage(l[0], l[1], c.Hash); err != nil {
				return err
			}
		}
	}
	return nil
}

// oplog reads, parses and checks the commit's log: the plan when the log
// is accepted, nil when there is none or it falls back to the matcher
// (with a warning, and its status stored).
func (w *walker) oplog(c Commit, pre, post *tree, changed []string) (*plan, error) {
	data, err := readOpLog(w.root, c.Hash)
	if data == nil || err != nil {
		return nil, err
	}
	status, msg := LogAccepted, ""
	log, err := Parse(c.Hash, data)
	var p *plan
	switch {
	case errors.Is(err, ErrFutureVersion):
		status, msg = LogFuture, err.Error()
	case err != nil:
		status, msg = LogMalformed, err.Error()
	default:
		known, err := w.known(log, pre, changed)
		if err != nil {
			return nil, err
		}
		if p, err = checkLog(log, pre, post, known); err != nil {
			status, msg = LogRejected, err.Error()
		}
	}
	if status != LogAccepted {
		w.warn = append(w.warn, fmt.Sprintf("operation log %s.json: %s; commit %.12s falls back to the identity matcher", c.Hash, msg, c.Hash))
		p = nil
	}
	return p, w.tx.AddOplog(c.Hash, status, msg)
}

// known maps the stable ids of the parent's build to their addresses: the
// live ids, and the derived ids of the symbols of the files the commit
// changed or the log names (a log's subject lives in one of them).
func (w *walker) known(log *OpLog, pre *tree, changed []string) (map[string]addr, error) {
	known := map[string]addr{}
	for a, sid := range w.live {
		known[sid] = a
	}
	paths := append([]string(nil), changed...)
	for _, op := range log.Operations {
		for _, a := range []*Address{op.Pre, op.Post} {
			if a != nil && a.File != "" {
				paths = append(paths, a.File)
			}
		}
		for _, e := range append(append([]Endpoint{}, op.Sources...), op.Children...) {
			if e.Pre != nil {
				paths = append(paths, e.Pre.File)
			}
		}
		if op.Source != nil {
			paths = append(paths, op.Source.Pre.File)
		}
	}
	sort.Strings(paths)
	for i, path := range paths {
		if i > 0 && paths[i-1] == path {
			continue
		}
		syms, err := pre.symbols(path)
		if err != nil {
			return nil, err
		}
		for _, s := range syms {
			a := addrOf(path, s)
			if _, ok := w.live[a]; !ok {
				known[deriveID(w.base, a)] = a
			}
		}
	}
	return known, nil
}

// apply rewrites the matcher's rows by an accepted plan: a carried
// symbol's deletion and creation become one change at its new address;
// split and merge sources and targets get their change.
func (p *plan) apply(rows []row, post *tree) []row {
	var out []row
	done := map[addr]bool{}
	for _, r := range rows {
		a := addrOf(r.path, r.sym)
		switch {
		case r.gone && p.carried[a] != (addr{}):
			continue // recorded at its new address
		case r.gone && p.preWhat[a] != "":
			r.what = p.preWhat[a]
		case !r.gone && p.postWhat[a] != "":
			r.what = p.postWhat[a]
			done[a] = true
		}
		out = append(out, r)
	}
	// Claimed addresses the matcher saw no change at (a merge into an
	// existing place, a move that kept every line): recorded all the same.
	var missing []addr
	for a := range p.postWhat {
		if !done[a] {
			missing = append(missing, a)
		}
	}
	sort.Slice(missing, func(i, j int) bool { return strings.Join(missing[i][:], "\x00") < strings.Join(missing[j][:], "\x00") })
	for _, a := range missing {
		if s, ok, _ := post.find(a); ok {
			out = append(out, row{path: a[0], sym: s, what: p.postWhat[a]})
		}
	}
	return out
}

// logsDigest fingerprints the operation logs of the commits the store
// holds: when one is added, changed or removed, the walk starts over.
func logsDigest(root string, stored func(hash string) (bool, error)) (string, error) {
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(OperationsDir)))
	if os.IsNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	h := sha256.New()
	n := 0
	for _, e := range entries { // sorted by name
		hash, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		if in, err := stored(hash); err != nil || !in {
			if err != nil {
				return "", err
			}
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(OperationsDir), e.Name()))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(h, "%s %x\n", e.Name(), sum)
		n++
	}
	if n == 0 {
		return "", nil
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
