package resolve

import (
	"sort"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Index is what pass 2 consults beyond a file's own imports: definitions,
// the facts files state about their declarations, and supertypes. A cold
// build serves it from memory, an incremental sync from SQL; both must give
// the same answers for the same index.
type Index interface {
	Symbols
	// Facts returns the objects of the facts of a kind about subject (and
	// member), sorted.
	Facts(kind, subject, member string) ([]string, error)
	// Supers returns what a type extends, implements or embeds, in
	// declaration order.
	Supers(qualified string) ([]string, error)
	// Defines reports whether anything of the worktree's own (not a
	// dependency package's, Symbol.External) is defined as namespace or
	// inside it (namespace, a separator, more): whether a namespace is the
	// index's own.
	Defines(namespace string) (bool, error)
}

// Ref is what pass 2 needs of an extracted reference.
type Ref struct {
	Name         string
	Qualified    string
	Alternatives []string
	Receiver     []string
	Args         extract.Arity // a call's argument count, to pick an overload
	Start        uint32        // byte offset of the use (ResolutionTraits.NearestTwin)
}

// Choice is the target pass 2 picked for a reference.
type Choice struct {
	Target string // the qualified name stored as target_qualified ("" = none)
	// Derived: the target is not simply the reference's first candidate (a
	// receiver was evaluated, an alternative or an alias was taken). Such a
	// reference cannot be re-graded in place when its target's definitions
	// change; its file is re-resolved instead.
	Derived bool
	// Consulted lists the names whose definitions or facts decided the
	// choice, besides a plain target (see Choice.Derived).
	Consulted []string
	// Unverified: the target names a member the index cannot confirm —
	// the receiver's type is indexed but has no such member (nor do its
	// supertypes). The target is named, but graded fuzzy_name. A member of
	// a declared type outside the index (an imported library's) is not
	// unverified: it is named as the file states it (T.M, even when T
	// gets M from an embedded field the index cannot see) and graded by
	// the import that brings T, since the type is the evidence.
	Unverified bool
}

// Limits keep evaluation bounded on pathological inputs (alias cycles,
// deep hierarchies).
const (
	maxSteps   = 12
	maxSupers  = 32
	maxAliases = 6
)

// chooser evaluates one reference against the index.
type chooser struct {
	idx        Index
	sep        string // how the referring file's language joins a type and a member
	consulted  map[string]bool
	unverified bool // the chosen member could not be confirmed in the index
	dirModules bool // module paths may name a directory's index file
	depth      int  // fact objects being evaluated, nested
}

// Choose picks the target of a reference written in a file of a language
// with the given traits (see graph/extract/RESOLUTION.md).
func Choose(idx Index, t extract.ResolutionTraits, r Ref) (Choice, error) {
	sep := t.MemberSeparator
	if sep == "" {
		sep = "."
	}
	c := &chooser{idx: idx, sep: sep, consulted: map[string]bool{}, dirModules: t.DirectoryModules}
	target, derived, err := c.choose(r)
	if err != nil {
		return Choice{}, err
	}
	ch := Choice{Target: target, Derived: derived, Unverified: c.unverified}
	if derived || len(c.consulted) > 1 || len(c.consulted) == 1 && !c.consulted[target] {
		ch.Derived = true
		for n := range c.consulted {
			ch.Consulted = append(ch.Consulted, n)
		}
		sort.Strings(ch.Consulted)
	}
	return ch, nil
}

func (c *chooser) choose(r Ref) (string, bool, error) {
	if len(r.Receiver) > 0 {
		return c.chooseMember(r)
	}
	if r.Qualified == "" {
		return "", false, nil
	}
	if len(r.Alternatives) == 0 {
		t, err := c.definedOrAlias(r.Qualified)
		if err != nil || t == "" {
			return r.Qualified, false, err
		}
		return t, t != r.Qualified, nil
	}
	for _, cand := range append([]string{r.Qualified}, r.Alternatives...) {
		t, err := c.definedOrAlias(cand)
		if err != nil {
			return "", false, err
		}
		if t != "" {
			return t, true, nil
		}
	}
	return r.Qualified, true, nil
}

// chooseMember evaluates the receiver chain (trying each alternative root)
// and looks the name up as a member of the type it yields.
func (c *chooser) chooseMember(r Ref) (string, bool, error) {
	roots := append([]string{r.Receiver[0]}, r.Alternatives...)
	for _, root := range roots {
		typ, err := c.evalChain(root, r.Receiver[1:])
		if err != nil {
			return "", false, err
		}
		if typ == "" {
			if len(r.Receiver) == 1 { // a namespace-like value: a module object, a static holder
				if q := root + c.sep + r.Name; c.defined(q) {
					return q, true, nil
				}
			}
			continue
		}
		m, err := c.member(typ, r.Name)
		if err != nil || m != "" {
			return m, true, err
		}
		if t, err := c.fallback(r); err != nil || t != "" {
			return t, true, err
		}
		c.unverified = true // the type is indexed, the member is not: no answer
		return typ + c.sep + r.Name, true, nil
	}
	if t, err := c.fallback(r); err != nil || t != "" {
		return t, true, err
	}
	if len(r.Receiver) == 1 {
		// A declared type the index does not hold (an imported library's):
		// the member is named as the file states it, graded by its import.
		defs, err := c.lookup(r.Receiver[0])
		if err != nil || len(defs) > 0 {
			return "", true, err // indexed, but not a type we can follow
		}
		return r.Receiver[0] + c.sep + r.Name, true, nil
	}
	return "", true, nil
}

// fallback is the reference's Qualified when its receiver has no such
// member (a static import, a top-level function), if something defines it.
func (c *chooser) fallback(r Ref) (string, error) {
	if r.Qualified == "" {
		return "", nil
	}
	return c.definedOrAlias(r.Qualified)
}

// defined reports whether something defines q (errors count as no).
func (c *chooser) defined(q string) bool {
	defs, err := c.lookup(q)
	return err == nil && len(defs) > 0
}
