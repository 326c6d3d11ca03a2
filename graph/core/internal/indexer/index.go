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

// memIndex serves a cold build, which holds everything in memory.
type memIndex struct {
	langs  *languages
	syms   map[string][]resolve.Symbol
	spaces map[string]bool // every namespace enclosing a defined name, built on first use
	facts  map[factKey][]string
	supers map[string][]superEdge
	sorted bool
}

func newMemIndex(langs *languages) *memIndex {
	return &memIndex{langs: langs, syms: map[string][]resolve.Symbol{}, facts: map[factKey][]string{}, supers: map[string][]superEdge{}}
}

func (m *memIndex) add(path string, ids []int64, x *extract.ExtractedFile, external bool) {
	for i, s := range x.Symbols {
		m.syms[s.Qualified] = append(m.syms[s.Qualified], resolve.Symbol{ID: ids[i], File: path, Kind: s.Kind.String(), Start: s.Span.Start, Arity: s.Arity, External: external})
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
	m.sorted, m.spaces = false, nil
}

func (m *memIndex) Lookup(q string) ([]resolve.Symbol, error) { return m.syms[q], nil }

// ownDefinition: one of the definitions is the worktree's own.
func ownDefinition(defs []resolve.Symbol) bool {
	for _, d := range defs {
		if !d.External {
			return true
		}
	}
	return false
}

func (m *memIndex) Defines(ns string) (bool, error) {
	if m.spaces == nil {
		m.spaces = map[string]bool{}
		for q, defs := range m.syms {
			if !ownDefinition(defs) {
				continue // a dependency's names make no namespace the index's own
			}
			m.spaces[q] = true
			for _, p := range resolve.Namespaces(q) {
				m.spaces[p] = true
			}
		}
	}
	return m.spaces[ns], nil
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
