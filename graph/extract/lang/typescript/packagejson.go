package typescript

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A package imports itself by its own name: inside zod, `import * as z
// from "zod/v4"` is Node's self-reference, which tsc follows through the
// "exports" of the package.json nearest above the file (the package's
// scope). Only that package.json counts, so a change to it re-extracts
// exactly the files it can affect; a workspace's other packages are
// reached by tsconfig paths, or stay packages.

// parsePackageJSON reads the package.json at the repo-relative path p: its
// "name" and "exports" as path aliases keyed by the specifiers they
// answer ("zod", "zod/v4", "zod/v4/locales/*"), each with its targets in
// the order the conditions are written (a condition tsc would not take
// names a file nothing defines, and pass 2 tries the next). nil when the
// file has no name or no exports (Node allows no self-reference then), or
// does not parse; ok is false when p is no package.json.
func parsePackageJSON(p string, b []byte) (aliases []PathAlias, ok bool) {
	if path.Base(p) != "package.json" {
		return nil, false
	}
	var doc struct {
		Name    string          `json:"name"`
		Exports json.RawMessage `json:"exports"`
	}
	if json.Unmarshal(b, &doc) != nil || doc.Name == "" || len(doc.Exports) == 0 {
		return nil, true
	}
	dir := extract.ParentDir(p)
	add := func(subpath string, v json.RawMessage) {
		if subpath != "." && !strings.HasPrefix(subpath, "./") {
			return
		}
		a := PathAlias{Pattern: doc.Name + strings.TrimPrefix(subpath, ".")}
		for _, t := range exportTargets(v, nil) {
			if rt, ok := repoJoin(dir, t); ok && rt != "" && strings.HasPrefix(t, "./") {
				a.Targets = append(a.Targets, rt)
			}
		}
		if len(a.Targets) > 0 {
			aliases = append(aliases, a)
		}
	}
	keys, values := objectEntries(doc.Exports)
	if keys == nil || len(keys) > 0 && !strings.HasPrefix(keys[0], ".") {
		add(".", doc.Exports) // a string, a list, or conditions of "." alone
		return aliases, true
	}
	for i, k := range keys {
		add(k, values[i])
	}
	return aliases, true
}

// exportTargets appends the target strings of an exports value in the
// order written: a string, a list of fallbacks, or conditions (nested).
func exportTargets(v json.RawMessage, dst []string) []string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		for _, d := range dst {
			if d == s {
				return dst
			}
		}
		return append(dst, s)
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		for _, e := range list {
			dst = exportTargets(e, dst)
		}
		return dst
	}
	_, values := objectEntries(v)
	for _, e := range values {
		dst = exportTargets(e, dst)
	}
	return dst
}

// objectEntries reads a JSON object's keys and values in the order
// written; nil keys when raw is no object.
func objectEntries(raw json.RawMessage) (keys []string, values []json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil
	}
	keys = []string{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return keys, values
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return keys, values
		}
		keys, values = append(keys, key), append(values, v)
	}
	return keys, values
}
