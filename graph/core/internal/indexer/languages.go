package indexer

import (
	"os"
	"path/filepath"

	"github.com/orbitgraph/orbit/graph/extract"
)

// languages is what the indexer knows of the registry's languages: their
// optional abilities (graph/extract/abilities.go), never their names, file
// extensions or marker files — those live in each language's package.
type languages struct {
	reg      *extract.Registry
	aware    []extract.ModuleAware
	traits   map[string]extract.ResolutionTraits // by extractor (Lang()), which may serve several files.lang
	deriving map[string]extract.Deriving         // by language
	produced map[string]bool                     // the relation kinds some language derives
	namers   []extract.GeneratedNamer
}

func newLanguages(reg *extract.Registry) *languages {
	l := &languages{reg: reg, traits: map[string]extract.ResolutionTraits{}, deriving: map[string]extract.Deriving{}, produced: map[string]bool{}}
	for _, e := range reg.Extractors() {
		l.traits[e.Lang()] = extract.Traits(e)
		if a, ok := e.(extract.ModuleAware); ok {
			l.aware = append(l.aware, a)
		}
		if d, ok := e.(extract.Deriving); ok {
			l.deriving[e.Lang()] = d
			l.produced[d.Derivation().Produces.String()] = true
		}
		if g, ok := e.(extract.GeneratedNamer); ok {
			l.namers = append(l.namers, g)
		}
	}
	return l
}

// langOf is the Lang() of the extractor of the file at p, "" when none
// takes it. (files.lang may be finer: the TypeScript extractor's
// "javascript" files.)
func (l *languages) langOf(p string) string {
	if ex := l.reg.For(p); ex != nil {
		return ex.Lang()
	}
	return ""
}

// generated says whether a language names a file of this base name as
// generated, and how.
func (l *languages) generated(base string) extract.Generated {
	for _, g := range l.namers {
		if k := g.Generated(base); k != extract.NotGenerated {
			return k
		}
	}
	return extract.NotGenerated
}

// derivedKind is the relation kind the language of the file at p derives,
// "" when it derives none.
func (l *languages) derivedKind(p string) string {
	if d, ok := l.deriving[l.langOf(p)]; ok {
		return d.Derivation().Produces.String()
	}
	return ""
}

// isSuperEdge reports whether a relation of the file at p is one member
// lookup follows: extends, impl or implements, but not a derived one
// (those come after pass 2 and are no evidence for it).
func (l *languages) isSuperEdge(p, kind string) bool {
	switch kind {
	case extract.RelExtends.String(), extract.RelImpl.String(), extract.RelImplements.String():
		// The file's language matters only for a kind some language derives.
		return !l.produced[kind] || kind != l.derivedKind(p)
	}
	return false
}

// contexts are the languages' Modules for one scan, by language.
type contexts map[string]extract.Modules

// loadContexts hands every module-aware language the markers of a scan.
func loadContexts(root string, langs *languages, files []candidate) contexts {
	markers := map[string][]extract.MarkerFile{}
	for _, f := range files {
		for _, a := range langs.aware {
			marker, content := a.Marker(f.Path)
			if !marker {
				continue
			}
			m := extract.MarkerFile{Path: f.Path}
			if content {
				m.Content = readMarker(root, f.Path)
			}
			markers[a.Lang()] = append(markers[a.Lang()], m)
		}
	}
	c := contexts{}
	for _, a := range langs.aware {
		m := a.Modules(markers[a.Lang()])
		if u, ok := m.(extract.HostUser); ok {
			u.SetHost(host{root: root})
		}
		c[a.Lang()] = m
	}
	return c
}

// readMarker is a marker's content; nil when it cannot be read, never nil
// when it can (an empty go.mod still declares a module).
func readMarker(root, p string) []byte {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
	if err != nil {
		return nil
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

// forFile computes the ModuleContext of a file of the given language.
func (c contexts) forFile(p, lang string) extract.ModuleContext {
	if m := c[lang]; m != nil {
		return m.ForFile(p)
	}
	return extract.ModuleContext{}
}
