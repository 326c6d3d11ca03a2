package indexer

import (
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// passIndex is pass 2's view of every definition, fact and supertype,
// growing as files are written (cold) or read from the transaction
// (incremental). Both implementations answer alike for the same rows.
type passIndex interface {
	resolve.Index
	add(path string, ids []int64, x *extract.ExtractedFile, external bool)
}

type factKey struct{ kind, subject, member string }

type superEdge struct {
	file  string
	start uint32
	to    string
}

// memIndex serves a cold build, which holds every definition of the
// repository in memory until pass 2 ends: its share of a cold build's peak
// (DESIGN.md, Memory of a cold build). A definition is one 32-byte entry
// of a flat slice, its kind and file interned; the entries of one name are
// chained in the order they were added, from the name's slot in one map,
// which also marks the namespaces Defines answers for. Lookup builds the
// []resolve.Symbol of a name when asked.
type memIndex struct {
	langs  *languages
	names  map[string]nameSlot
	defs   []memDef
	files  []string // memDef.file indexes it: one entry per add
	spaces bool     // the slots' space marks are up to date
	marked bool     // some slot may hold a space mark
	facts  map[factKey][]string
	supers map[string][]superEdge
	sorted bool
}

// nameSlot is a name's chain of definitions (first and last index into
// memIndex.defs, -1 when none: a namespace only) and whether the name is a
// namespace of the worktree's own (valid while memIndex.spaces holds).
type nameSlot struct {
	first, last int32
	space       bool
}

// memDef is one definition, a resolve.Symbol in less than half the bytes.
type memDef struct {
	id       int64
	start    uint32
	file     uint32
	next     int32 // the name's next definition, -1 at the end
	arity    extract.Arity
	kind     extract.SymbolKind
	external bool
}

func newMemIndex(langs *languages) *memIndex {
	return &memIndex{langs: langs, names: map[string]nameSlot{}, facts: map[factKey][]string{}, supers: map[string][]superEdge{}}
}

func (m *memIndex) add(path string, ids []int64, x *extract.ExtractedFile, external bool) {
	file := uint32(len(m.files))
	m.files = append(m.files, path)
	for i, s := range x.Symbols {
		at := int32(len(m.defs))
		m.defs = append(m.defs, memDef{id: ids[i], start: s.Span.Start, file: file, next: -1, arity: s.Arity, kind: s.Kind, external: external})
		slot, ok := m.names[s.Qualified]
		switch {
		case !ok:
			slot = nameSlot{first: at, last: at}
		case slot.first < 0:
			slot.first, slot.last = at, at
		default:
			m.defs[slot.last].next = at
			slot.last = at
		}
		m.names[s.Qualified] = slot
	}
	for _, f := range x.Facts {
		k := factKey{f.Kind.String(), strings.Clone(f.Subject), strings.Clone(f.Member)}
		m.facts[k] = append(m.facts[k], store.FactObject(f))
	}
	for _, r := range x.Relations {
		if m.langs.isSuperEdge(path, r.Kind.String()) {
			from := strings.Clone(r.From)
			m.supers[from] = append(m.supers[from], superEdge{path, r.Span.Start, strings.Clone(r.To)})
		}
	}
	m.sorted, m.spaces = false, false
}

func (m *memIndex) Lookup(q string) ([]resolve.Symbol, error) {
	slot, ok := m.names[q]
	if !ok || slot.first < 0 {
		return nil, nil
	}
	n := 0
	for i := slot.first; i >= 0; i = m.defs[i].next {
		n++
	}
	out := make([]resolve.Symbol, 0, n)
	for i := slot.first; i >= 0; i = m.defs[i].next {
		d := &m.defs[i]
		out = append(out, resolve.Symbol{ID: d.id, File: m.files[d.file], Kind: d.kind.String(), Start: d.start, Arity: d.arity, External: d.external})
	}
	return out, nil
}

// ownChain: one of the definitions chained from first is the worktree's own.
func (m *memIndex) ownChain(first int32) bool {
	for i := first; i >= 0; i = m.defs[i].next {
		if !m.defs[i].external {
			return true
		}
	}
	return false
}

func (m *memIndex) Defines(ns string) (bool, error) {
	if !m.spaces {
		m.markSpaces()
	}
	return m.names[ns].space, nil
}

// markSpaces marks every name defined by the worktree's own and every
// namespace enclosing one (a dependency's names make no namespace the
// index's own); a namespace that is no name gets a slot of its own. Such a
// slot, added while the map is ranged over, may or may not be visited:
// either way it holds no definition, and its namespaces are marked already.
func (m *memIndex) markSpaces() {
	if m.marked {
		for q, slot := range m.names {
			if slot.space {
				slot.space = false
				m.names[q] = slot
			}
		}
	}
	mark := func(q string) {
		slot, ok := m.names[q]
		if !ok {
			slot = nameSlot{first: -1, last: -1}
		}
		if !slot.space {
			slot.space = true
			m.names[q] = slot
		}
	}
	for q, slot := range m.names {
		if slot.first >= 0 && m.ownChain(slot.first) {
			mark(q)
			for _, p := range resolve.Namespaces(q) {
				mark(p)
			}
		}
	}
	m.spaces, m.marked = true, true
}

func (m *memIndex) Facts(kind, subject, member string) ([]string, error) {
	m.sort()
	return m.facts[factKey{kind, subject, member}], nil
}

func (m *memIndex) Supers(q string) ([]string, error) {
	m.sort()
	edges := m.supers[q]
	out := make([]string, len(edges))
	for i, e := range edges {
		out[i] = e.to
	}
	return out, nil
}

// sort puts facts and supertypes in the order the SQL index returns them
// (distinct objects sorted; supertypes by file and position).
func (m *memIndex) sort() {
	if m.sorted {
		return
	}
	for k, objs := range m.facts {
		sort.Strings(objs)
		m.facts[k] = slices.Compact(objs)
	}
	for k, edges := range m.supers {
		sort.SliceStable(edges, func(i, j int) bool {
			if edges[i].file != edges[j].file {
				return edges[i].file < edges[j].file
			}
			return edges[i].start < edges[j].start
		})
		m.supers[k] = edges
	}
	m.sorted = true
}

// sqlIndex serves an incremental sync: it reads the transaction, after
// this sync's rows are flushed.
type sqlIndex struct {
	look     *store.Lookups
	symCache map[string][]resolve.Symbol
	nsCache  map[string]bool
	// Pass 2 reads facts and supertypes after this sync's rows are all
	// written, so caching them for the sync is safe; files' refs ask the
	// same questions over and over (the receiver's type, its embeddings).
	factCache  map[factKey][]string
	superCache map[string][]string
	// factsLoaded are subjects all of whose facts are in factCache
	// (prefetch): a key of theirs missing from it has none.
	factsLoaded map[string]bool
	// noAliases: the index holds no alias facts (a Go-only repository), so
	// the re-export lookups every unresolved name tries need no query.
	noAliases, aliasesKnown bool
	langs                   *languages
}

func newSQLIndex(tx *store.Tx, langs *languages) (*sqlIndex, error) {
	look, err := tx.Lookups()
	if err != nil {
		return nil, err
	}
	return &sqlIndex{look: look, langs: langs, symCache: map[string][]resolve.Symbol{}, nsCache: map[string]bool{}, factCache: map[factKey][]string{}, superCache: map[string][]string{}, factsLoaded: map[string]bool{}}, nil
}

// aliasesExist checks, once pass 2 starts asking (all of this sync's rows
// are written by then), whether any alias fact exists.
func (s *sqlIndex) aliasesExist() (bool, error) {
	if !s.aliasesKnown {
		exist, err := s.look.AliasesExist()
		if err != nil {
			return false, err
		}
		s.noAliases, s.aliasesKnown = !exist, true
	}
	return !s.noAliases, nil
}

func (s *sqlIndex) add(string, []int64, *extract.ExtractedFile, bool) {}

func (s *sqlIndex) Lookup(q string) ([]resolve.Symbol, error) {
	if defs, ok := s.symCache[q]; ok {
		return defs, nil
	}
	rows, err := s.look.Definitions(q)
	if err != nil {
		return nil, err
	}
	var defs []resolve.Symbol
	for _, d := range rows {
		defs = append(defs, resolve.Symbol{ID: d.ID, File: d.File, Kind: d.Kind, Start: d.Start, Arity: d.Arity(), External: d.External})
	}
	s.symCache[q] = defs
	return defs, nil
}

func (s *sqlIndex) Defines(ns string) (bool, error) {
	if v, ok := s.nsCache[ns]; ok {
		return v, nil
	}
	v, err := s.look.Defines(ns)
	if err == nil {
		s.nsCache[ns] = v
	}
	return v, err
}

func (s *sqlIndex) Facts(kind, subject, member string) ([]string, error) {
	if kind == extract.FactAlias.String() {
		if ok, err := s.aliasesExist(); !ok || err != nil {
			return nil, err
		}
	}
	k := factKey{kind, subject, member}
	if objs, ok := s.factCache[k]; ok || s.factsLoaded[subject] {
		return objs, nil
	}
	objs, err := s.look.Facts(kind, subject, member)
	if err == nil {
		s.factCache[k] = objs
	}
	return objs, err
}

// prefetchFiles is prefetch for files by the batch: files resolved in one
// sync consult many of the same names, read once per batch.
func (s *sqlIndex) prefetchFiles(paths []string) error {
	const batch = 128
	for len(paths) > 0 {
		n := min(batch, len(paths))
		if err := s.prefetch(paths[:n]...); err != nil {
			return err
		}
		paths = paths[n:]
	}
	return nil
}

// prefetch caches, in a few queries, the definitions and facts of the
// names the last resolution of the files consulted or targeted:
// re-resolving an edited file asks mostly the same questions, one query
// each otherwise. Like the caches, it runs once this sync's rows are all
// written (and before the files' refs and resolve_deps are replaced).
func (s *sqlIndex) prefetch(paths ...string) error {
	defs, err := s.look.ConsultedDefinitions(paths...)
	if err != nil {
		return err
	}
	for q, ds := range defs {
		if _, ok := s.symCache[q]; ok {
			continue
		}
		var syms []resolve.Symbol
		for _, d := range ds {
			syms = append(syms, resolve.Symbol{ID: d.ID, File: d.File, Kind: d.Kind, Arity: d.Arity(), External: d.External})
		}
		s.symCache[q] = syms
	}
	subjects, facts, err := s.look.ConsultedFacts(paths...)
	if err != nil {
		return err
	}
	batch := map[factKey][]string{}
	for _, f := range facts {
		k := factKey{f.Kind, f.Subject, f.Member}
		batch[k] = append(batch[k], f.Object)
	}
	for k, objs := range batch {
		if _, ok := s.factCache[k]; !ok {
			s.factCache[k] = objs
		}
	}
	for _, n := range subjects {
		s.factsLoaded[n] = true
	}
	return nil
}

func (s *sqlIndex) Supers(q string) ([]string, error) {
	if sups, ok := s.superCache[q]; ok {
		return sups, nil
	}
	edges, err := s.look.Supers(q)
	if err != nil {
		return nil, err
	}
	var sups []string
	for _, e := range edges {
		if s.langs.isSuperEdge(e.File, e.Kind) {
			sups = append(sups, e.To)
		}
	}
	s.superCache[q] = sups
	return sups, nil
}
