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
// chained in the order they were added, from the name's slot in a table of
// interned names, which also marks the namespaces Defines answers for.
// Facts are chains of interned objects under interned words. Lookup and
// Facts build their answers when asked.
type memIndex struct {
	langs    *languages
	names    *nameTable
	defs     []memDef
	files    []string // memDef.file indexes it: one entry per add
	spaces   bool     // the slots' space marks are up to date
	marked   bool     // some slot may hold a space mark
	facts    map[memFactKey]factChain
	factObjs []factObj
	supers   map[string][]superEdge
	sorted   bool
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

// memFactKey is a factKey of name numbers.
type memFactKey struct{ kind, subject, member int32 }

// factChain is the first and last of a fact key's objects in
// memIndex.factObjs, in the order they were added.
type factChain struct{ first, last int32 }

type factObj struct {
	object int32 // a name number
	next   int32 // the key's next object, -1 at the end
}

func newMemIndex(langs *languages) *memIndex {
	return &memIndex{langs: langs, names: newNameTable(), facts: map[memFactKey]factChain{}, supers: map[string][]superEdge{}}
}

func (m *memIndex) add(path string, ids []int64, x *extract.ExtractedFile, external bool) {
	file := uint32(len(m.files))
	m.files = append(m.files, path)
	for i, s := range x.Symbols {
		at := int32(len(m.defs))
		m.defs = append(m.defs, memDef{id: ids[i], start: s.Span.Start, file: file, next: -1, arity: s.Arity, kind: s.Kind, external: external})
		slot := &m.names.slots[m.names.intern(s.Qualified)]
		if slot.first < 0 {
			slot.first = at
		} else {
			m.defs[slot.last].next = at
		}
		slot.last = at
	}
	for _, f := range x.Facts {
		m.addFact(memFactKey{m.names.intern(f.Kind.String()), m.names.intern(f.Subject), m.names.intern(f.Member)}, m.names.intern(store.FactObject(f)))
	}
	for _, r := range x.Relations {
		if m.langs.isSuperEdge(path, r.Kind.String()) {
			from := strings.Clone(r.From)
			m.supers[from] = append(m.supers[from], superEdge{path, r.Span.Start, strings.Clone(r.To)})
		}
	}
	m.sorted, m.spaces = false, false
}

func (m *memIndex) addFact(k memFactKey, object int32) {
	at := int32(len(m.factObjs))
	m.factObjs = append(m.factObjs, factObj{object: object, next: -1})
	chain, ok := m.facts[k]
	if ok {
		m.factObjs[chain.last].next = at
	} else {
		chain.first = at
	}
	chain.last = at
	m.facts[k] = chain
}

func (m *memIndex) Lookup(q string) ([]resolve.Symbol, error) {
	n := m.names.find(q)
	if n < 0 || m.names.slots[n].first < 0 {
		return nil, nil
	}
	first := m.names.slots[n].first
	count := 0
	for i := first; i >= 0; i = m.defs[i].next {
		count++
	}
	out := make([]resolve.Symbol, 0, count)
	for i := first; i >= 0; i = m.defs[i].next {
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
	n := m.names.find(ns)
	return n >= 0 && m.names.slots[n].space, nil
}

// markSpaces marks every name defined by the worktree's own and every
// namespace enclosing one (a dependency's names make no namespace the
// index's own); a namespace that is no name is interned, with no
// definitions, after the names there were.
func (m *memIndex) markSpaces() {
	slots := m.names.slots
	if m.marked {
		for i := range slots {
			slots[i].space = false
		}
	}
	mark := func(q string) { m.names.slots[m.names.intern(q)].space = true }
	for n := range int32(len(slots)) {
		if first := m.names.slots[n].first; first >= 0 && m.ownChain(first) {
			q := m.names.name(n)
			m.names.slots[n].space = true
			for _, p := range resolve.Namespaces(q) {
				mark(p)
			}
		}
	}
	m.spaces, m.marked = true, true
}

// Facts answers as the SQL index does: the key's distinct objects, sorted.
func (m *memIndex) Facts(kind, subject, member string) ([]string, error) {
	k := memFactKey{m.names.find(kind), m.names.find(subject), m.names.find(member)}
	chain, ok := m.facts[k]
	if !ok {
		return nil, nil
	}
	var out []string
	for i := chain.first; i >= 0; i = m.factObjs[i].next {
		out = append(out, m.names.name(m.factObjs[i].object))
	}
	sort.Strings(out)
	return slices.Compact(out), nil
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

// sort puts supertypes in the order the SQL index returns them (by file
// and position).
func (m *memIndex) sort() {
	if m.sorted {
		return
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
