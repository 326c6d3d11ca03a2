package indexer

import "github.com/orbitgraph/orbit/graph/extract"

// packagesStatePrefix prefixes the meta keys recording each Dependent
// language's extract.StateKeyer key: what its packages depend on outside
// the scan (a virtualenv, go.work, a local replacement's files).
const packagesStatePrefix = "packages_state:"

// state is each language's state key, as meta rows, with the digests of
// the selections this sync made (packages_reselect.go).
func (d *dependencies) state() map[string]string {
	out := d.selectionMeta()
	for _, dl := range d.langs {
		if k, ok := dl.m.(extract.StateKeyer); ok {
			out[packagesStatePrefix+dl.lang] = k.StateKey()
		}
	}
	return out
}

// stateChanged: some language's state key differs from the one meta
// recorded, so its packages must be read again.
func (d *dependencies) stateChanged(meta map[string]string) bool {
	for k, v := range d.state() {
		if old, ok := meta[k]; !ok || old != v {
			return true
		}
	}
	return false
}
