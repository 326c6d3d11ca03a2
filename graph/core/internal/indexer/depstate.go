package indexer

import "github.com/orbitgraph/orbit/graph/extract"

// packagesStatePrefix prefixes the meta keys recording each Dependent
// language's extract.StateKeyer key: what its packages depend on outside
// the scan (a virtualenv, go.work, a local replacement's files).
const packagesStatePrefix = "packages_state:"

// packagesContentPrefix prefixes the meta keys recording an
// extract.StateContenter's content key. A sibling worktree's first sync
// starts from a seed whose state keys are another checkout's (other
// times): equal content keys say its packages are the seed's all the same.
const packagesContentPrefix = "packages_state_content:"

// langState is a language's state keys, computed once per sync.
type langState struct {
	done    bool
	key     string // StateKey, "" for a language without one
	content string // StateContent, "" for a language without one
}

// stateOf computes dl's keys: the content key is read from the meta the
// sync began with when the state key is the one recorded there (reading
// the state's files only when their stamps changed).
func (d *dependencies) stateOf(dl *depLang) langState {
	if dl.state.done {
		return dl.state
	}
	dl.state.done = true
	k, ok := dl.m.(extract.StateKeyer)
	if !ok {
		return dl.state
	}
	dl.state.key = k.StateKey()
	c, ok := dl.m.(extract.StateContenter)
	if !ok {
		return dl.state
	}
	recorded, ok := d.re.meta[packagesContentPrefix+dl.lang]
	if ok && d.re.meta[packagesStatePrefix+dl.lang] == dl.state.key {
		dl.state.content = recorded
	} else {
		dl.state.content = c.StateContent()
	}
	return dl.state
}

// selectionState is the part of dl's selection inputs its state is: the
// content key when it has one, which a sibling worktree shares.
func (d *dependencies) selectionState(dl *depLang) string {
	s := d.stateOf(dl)
	if s.content != "" {
		return "content " + s.content
	}
	return s.key
}

// state is each language's state keys, as meta rows, with the digests of
// the selections this sync made (packages_reselect.go).
func (d *dependencies) state() map[string]string {
	out := d.selectionMeta()
	for _, dl := range d.langs {
		if _, ok := dl.m.(extract.StateKeyer); !ok {
			continue
		}
		s := d.stateOf(dl)
		out[packagesStatePrefix+dl.lang] = s.key
		if _, ok := dl.m.(extract.StateContenter); ok {
			out[packagesContentPrefix+dl.lang] = s.content
		}
	}
	return out
}

// stateChanged: some language's state differs from the one meta recorded,
// so its packages must be read again. A language with a content key
// compares that (its state key may differ in a sibling worktree alone).
func (d *dependencies) stateChanged(meta map[string]string) bool {
	for _, dl := range d.langs {
		if _, ok := dl.m.(extract.StateKeyer); !ok {
			continue
		}
		s := d.stateOf(dl)
		prefix, v := packagesStatePrefix, s.key
		if _, ok := dl.m.(extract.StateContenter); ok {
			prefix, v = packagesContentPrefix, s.content
		}
		if old, ok := meta[prefix+dl.lang]; !ok || old != v {
			return true
		}
	}
	return false
}
