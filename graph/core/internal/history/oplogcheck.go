package history

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// tree is one version of the repository, its files extracted on demand.
type tree struct {
	reg      *extract.Registry
	b        *blobs
	rev      string // "" is the empty tree (a root commit's parent)
	files    map[string][]Symbol
	contents map[string][]byte
}

func newTree(reg *extract.Registry, b *blobs, rev string) *tree {
	return &tree{reg: reg, b: b, rev: rev, files: map[string][]Symbol{}, contents: map[string][]byte{}}
}

func (t *tree) symbols(path string) ([]Symbol, error) {
	if syms, ok := t.files[path]; ok || t.rev == "" {
		return syms, nil
	}
	content, ok, err := t.b.read(t.rev, path)
	if err != nil {
		return nil, err
	}
	var syms []Symbol
	if ok {
		syms = fileSymbols(t.reg, path, content)
		t.contents[path] = content
	}
	t.files[path] = syms
	return syms, nil
}

// find returns the symbol at a.
func (t *tree) find(a addr) (Symbol, bool, error) {
	syms, err := t.symbols(a[0])
	if err != nil {
		return Symbol{}, false, err
	}
	for _, s := range syms {
		if s.Local == a[1] && s.Kind == a[2] {
			return s, true, nil
		}
	}
	return Symbol{}, false, nil
}

// bodyHash is the sha256 of the symbol's lines.
func (t *tree) bodyHash(a addr, s Symbol) string {
	lines := strings.SplitAfter(string(t.contents[a[0]]), "\n")
	if s.Start < 1 || s.End > len(lines) || s.Start > s.End {
		return ""
	}
	h := sha256.Sum256([]byte(strings.Join(lines[s.Start-1:s.End], "")))
	return hex.EncodeToString(h[:])
}

// plan is what an accepted log does to a commit's attribution.
type plan struct {
	claims   map[addr]string // an address of the commit's tree → the id the log gives it
	postWhat map[addr]string // the change to record there (renamed, moved, split, merged)
	preWhat  map[addr]string // the change to record at a retired address of the parent's tree
	carried  map[addr]addr   // a carried symbol's address in the parent → in the commit
	lineage  [][2]string     // {id, the id it came from}
}

// logChecker checks a log against a commit's tree diff (spec §4.2).
type logChecker struct {
	pre, post *tree
	known     map[string]addr // the ids of the parent's build
	cur       map[string]addr // each id's address as the log's operations move it
	orig      map[string]addr // each carried id's address in the parent
	fresh     map[string]bool // ids the log defined
	gone      map[string]bool // ids the log retired
	whats     map[string][]string
	sigs      map[string]bool // ids whose signature must differ
	bodies    map[string]bool // ids whose body must differ, signature not
	p         plan
}

// checkLog validates every operation of log against the parent's tree and
// the commit's, with known the stable ids of the parent's build; it
// returns the plan, or the first inconsistency.
func checkLog(log *OpLog, pre, post *tree, known map[string]addr) (*plan, error) {
	c := &logChecker{pre: pre, post: post, known: known, cur: map[string]addr{}, orig: map[string]addr{},
		fresh: map[string]bool{}, gone: map[string]bool{}, whats: map[string][]string{}, sigs: map[string]bool{}, bodies: map[string]bool{},
		p: plan{claims: map[addr]string{}, postWhat: map[addr]string{}, preWhat: map[addr]string{}, carried: map[addr]addr{}}}
	for i, op := range log.Operations {
		if err := c.op(op); err != nil {
			return nil, fmt.Errorf("operation %d (%s): %w", i, op.Op, err)
		}
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	return &c.p, nil
}

func full(a *Address) addr { return addr{a.File, a.QualifiedName, a.Kind} }

func show(a addr) string { return a[0] + "#" + a[1] + " (" + a[2] + ")" }

// lookup is an id's address now: moved by earlier operations, else the
// parent's build's.
func (c *logChecker) lookup(id string) (addr, error) {
	if c.gone[id] {
		return addr{}, fmt.Errorf("%s was retired earlier in the log", id)
	}
	if a, ok := c.cur[id]; ok {
		return a, nil
	}
	if a, ok := c.known[id]; ok {
		c.cur[id], c.orig[id] = a, a
		return a, nil
	}
	return addr{}, fmt.Errorf("%s is unknown in the parent's build and not defined earlier in the log", id)
}

// unused checks that id names nothing yet (a fresh id).
func (c *logChecker) unused(id string) error {
	if _, ok := c.known[id]; ok || c.fresh[id] || c.gone[id] {
		return fmt.Errorf("%s is not a fresh id", id)
	}
	return nil
}

func (c *logChecker) present(t *tree, a addr, want bool, side string) error {
	_, ok, err := t.find(a)
	switch {
	case err != nil:
		return err
	case ok && !want:
		return fmt.Errorf("%s is present %s", show(a), side)
	case !ok && want:
		return fmt.Errorf("%s is absent %s", show(a), side)
	}
	return nil
}

// retire checks that a source is the id's address, present in the parent
// and absent from the commit, and retires the id.
func (c *logChecker) retire(id string, pre *Address, what string) error {
	a, err := c.lookup(id)
	if err != nil {
		return err
	}
	if full(pre) != a {
		return fmt.Errorf("pre %s is not %s's address %s", show(full(pre)), id, show(a))
	}
	if err := c.present(c.pre, a, true, "before the commit"); err != nil {
		return err
	}
	if err := c.present(c.post, a, false, "after the commit"); err != nil {
		return err
	}
	c.gone[id] = true
	delete(c.cur, id)
	c.p.preWhat[a] = what
	return nil
}

// define checks that an address is present after the commit and gives it id.
func (c *logChecker) define(id string, post *Address, what string) error {
	a := full(post)
	if err := c.present(c.post, a, true, "after the commit"); err != nil {
		return err
	}
	if other, ok := c.p.claims[a]; ok && other != id {
		return fmt.Errorf("%s is claimed by %s and %s", show(a), other, id)
	}
	c.fresh[id] = true
	c.cur[id] = a
	c.p.claims[a] = id
	c.p.postWhat[a] = what
	return nil
}

func (c *logChecker) op(op Operation) error {
	switch op.Op {
	case OpCreate:
		if err := c.unused(op.StableID); err != nil {
			return err
		}
		if err := c.present(c.pre, full(op.Post), false, "before the commit"); err != nil {
			return err
		}
		return c.define(op.StableID, op.Post, Created)
	case OpDelete:
		return c.retire(op.StableID, op.Pre, Deleted)
	case OpRename, OpMove:
		a, err := c.lookup(op.StableID)
		if err != nil {
			return err
		}
		next := a
		if op.Op == OpRename {
			if op.Pre.QualifiedName != a[1] {
				return fmt.Errorf("pre name %q is not %s's name %q", op.Pre.QualifiedName, op.StableID, a[1])
			}
			next[1] = op.Post.QualifiedName
		} else {
			if op.Pre.File != a[0] {
				return fmt.Errorf("pre file %q is not %s's file %q", op.Pre.File, op.StableID, a[0])
			}
			next[0] = op.Post.File
		}
		// The fields an operation keeps must be the symbol's, when given.
		for _, x := range []*Address{op.Pre, op.Post} {
			if op.Op == OpRename && x.File != "" && x.File != a[0] || op.Op == OpMove && x.QualifiedName != "" && x.QualifiedName != a[1] || x.Kind != "" && x.Kind != a[2] {
				return fmt.Errorf("%s changes a field the operation keeps", op.StableID)
			}
		}
		if next == a {
			return fmt.Errorf("%s does not change %s", op.Op, show(a))
		}
		if err := c.present(c.post, a, false, "after the commit"); err != nil {
			return err
		}
		c.cur[op.StableID] = next
		c.whats[op.StableID] = append(c.whats[op.StableID], map[string]string{OpRename: Renamed, OpMove: Moved}[op.Op])
		return nil
	case OpChangeSignature, OpChangeBody:
		if _, err := c.lookup(op.StableID); err != nil {
			return err
		}
		if op.Op == OpChangeSignature {
			c.sigs[op.StableID] = true
		} else {
			c.bodies[op.StableID] = true
		}
		return nil
	case OpSplit:
		if err := c.retire(op.Source.StableID, op.Source.Pre, Split); err != nil {
			return err
		}
		for _, ch := range op.Children {
			if err := c.unused(ch.StableID); err != nil {
				return err
			}
			if err := c.define(ch.StableID, ch.Post, Split); err != nil {
				return err
			}
			c.p.lineage = append(c.p.lineage, [2]string{ch.StableID, op.Source.StableID})
		}
		return nil
	case OpMerge:
		target := op.Target.StableID
		inherited := false
		for _, s := range op.Sources {
			if err := c.retire(s.StableID, s.Pre, Merged); err != nil {
				return err
			}
			inherited = inherited || s.StableID == target
		}
		if !inherited {
			if err := c.unused(target); err != nil {
				return err
			}
		}
		delete(c.gone, target)
		if err := c.define(target, op.Target.Post, Merged); err != nil {
			return err
		}
		for _, s := range op.Sources {
			if s.StableID != target {
				c.p.lineage = append(c.p.lineage, [2]string{target, s.StableID})
			}
		}
		return nil
	}
	return fmt.Errorf("unknown operation %q", op.Op)
}

// finish checks where the carried ids ended: present after the commit,
// with the signature or body change the log claims.
func (c *logChecker) finish() error {
	ids := make([]string, 0, len(c.orig))
	for id := range c.orig {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		from, to := c.orig[id], c.cur[id]
		if c.gone[id] || c.fresh[id] {
			continue // checked when retired or defined
		}
		before, ok, err := c.pre.find(from)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s: %s is absent before the commit", id, show(from))
		}
		after, ok, err := c.post.find(to)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s: %s is absent after the commit", id, show(to))
		}
		if c.sigs[id] && before.Signature == after.Signature {
			return fmt.Errorf("change_signature %s: the signature of %s did not change", id, show(to))
		}
		if c.bodies[id] {
			if before.Signature != after.Signature {
				return fmt.Errorf("change_body %s: the signature of %s changed too", id, show(to))
			}
			if c.pre.bodyHash(from, before) == c.post.bodyHash(to, after) {
				return fmt.Errorf("change_body %s: the body of %s did not change", id, show(to))
			}
		}
		if from != to {
			if other, ok := c.p.claims[to]; ok && other != id {
				return fmt.Errorf("%s is claimed by %s and %s", show(to), other, id)
			}
			c.p.claims[to] = id
			c.p.postWhat[to] = strings.Join(c.whats[id], "+")
			c.p.carried[from] = to
		}
	}
	return nil
}
