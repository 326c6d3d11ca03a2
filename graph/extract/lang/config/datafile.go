package config

import "fmt"

// Files that look like data rather than configuration are skipped whole
// (an empty result and a diagnostic):
//
//   - JSON whose top-level value is an array: fixtures, dumps and API
//     samples. JSON configuration formats (package.json, tsconfig.json,
//     composer.json, .eslintrc.json, VS Code settings) are objects.
//   - JSON with more than maxJSONKeys keys. Hand-written JSON configuration
//     stays in the hundreds (the largest package.json files of an npm tree
//     have about 250); past a thousand are generated schemas and data:
//     API discovery documents, grammar.json, mime-db, test vectors.
//   - YAML with a document whose root is a sequence of more than
//     maxDataItems mappings. Shorter top-level lists stay: Ansible plays
//     and task files, pre-commit hook manifests and label lists are
//     configuration written as lists. Large YAML mappings stay too (Helm
//     values files run to thousands of keys), bounded by maxKeys.
//
// TOML and .env files are configuration by construction, bounded by maxKeys.
const (
	maxDataItems = 100
	maxJSONKeys  = 1000
)

// jsonData returns why a JSON file looks like data, or "".
func jsonData(t *tree) string {
	reason := ""
	t.children(0, func(c int32) bool {
		if t.Kind(c) == jsonKinds.array {
			reason = "the top-level value is an array"
		}
		return reason == ""
	})
	return reason
}

// yamlData returns why a YAML stream looks like data, or "".
func yamlData(t *tree) string {
	w := yamlWalker{t: t}
	reason := ""
	t.children(0, func(doc int32) bool {
		if t.Kind(doc) != yamlKinds.document {
			return true
		}
		t.children(doc, func(root int32) bool {
			if n := w.mappingItems(root); n > maxDataItems {
				reason = fmt.Sprintf("a top-level list of %d mappings", n)
			}
			return false
		})
		return reason == ""
	})
	return reason
}

// mappingItems counts the items of root that are mappings, when root is
// a sequence.
func (w *yamlWalker) mappingItems(root int32) int {
	seq, _ := w.contentOf(root)
	if seq < 0 || w.t.Kind(seq) != yamlKinds.blockSeq && w.t.Kind(seq) != yamlKinds.flowSeq {
		return 0
	}
	n := 0
	w.items(seq, func(item int32) {
		switch c, _ := w.contentOf(item); {
		case c < 0:
		case w.t.Kind(c) == yamlKinds.blockMapping, w.t.Kind(c) == yamlKinds.flowMapping,
			w.t.Kind(c) == yamlKinds.flowPair:
			n++
		}
	})
	return n
}
