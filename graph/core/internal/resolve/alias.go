package resolve

import "strings"

// definedOrAlias returns q when something defines it, else the defined
// name an alias chain leads to, else "".
func (c *chooser) definedOrAlias(q string) (string, error) { return c.follow(q, false) }

// follow is definedOrAlias; with variants, a TypeScript module path may
// also name its directory's index file. Extractors already offer that
// alternative for what a file imports itself, so only names reached through
// facts and re-exports need it (keeping external packages' names from
// being looked up twice).
func (c *chooser) follow(q string, variants bool) (string, error) {
	for range maxAliases {
		defs, err := c.lookup(q)
		if err != nil || len(defs) > 0 {
			return q, err
		}
		if v := c.indexVariant(q); variants && v != "" && c.defined(v) {
			return v, nil
		}
		variants = true
		next, err := c.alias(q)
		if err != nil || next == "" {
			return "", err
		}
		q = next
	}
	return "", nil
}

// indexVariant is, for TypeScript/JavaScript, the same name in the
// directory's index file ("src/util:f" → "src/util/index:f"): a module
// path written without a file may name either.
func (c *chooser) indexVariant(q string) string {
	if !c.dirModules {
		return ""
	}
	mod, rest, ok := strings.Cut(q, ":")
	if !ok || mod == "" || strings.HasSuffix(mod, "/index") || mod == "index" {
		return ""
	}
	return mod + "/index:" + rest
}

// alias maps a name through a re-export: an exact alias fact, or a
// wildcard one on the longest module prefix.
func (c *chooser) alias(q string) (string, error) {
	objs, err := c.facts("alias", q, "")
	if err != nil || len(objs) > 0 {
		if len(objs) == 1 {
			return c.firstDefined(objs[0])
		}
		return "", err
	}
	// Wildcard prefixes are not recorded as consulted: a change to a
	// wildcard re-export re-resolves the files whose refs start with its
	// module instead (see sync), which keeps unresolved refs cheap.
	for i := len(q) - 1; i > 0; i-- {
		if !isSeparator(q[i]) || isSeparator(q[i-1]) {
			continue
		}
		prefix := q[:i]
		objs, err := c.idx.Facts("alias", prefix, "*")
		if err != nil {
			return "", err
		}
		if len(objs) == 0 { // a re-exported owner: `pkg.X.run` when `pkg.X` is an alias
			if objs, err = c.idx.Facts("alias", prefix, ""); err != nil {
				return "", err
			}
		}
		if len(objs) == 1 {
			c.consulted[prefix] = true // a hit decides the choice: record it
			return c.firstDefined(withRest(objs[0], q[i:]))
		}
	}
	return "", nil
}

// withRest appends the rest of a name to each candidate of an alias
// object. A candidate ending in a single ":" is a TypeScript module's
// member prefix (a namespace re-export, `export * as ns from "./m"` →
// "src/m:"): the rest's member separator gives way to it ("src/m:" +
// ".f" → "src/m:f"); so does a module's to a namespace's member prefix
// ("m:React." + ":f" → "m:React.f").
func withRest(obj, rest string) string {
	cands := strings.Split(obj, "\n")
	for i, cand := range cands {
		switch {
		case strings.HasSuffix(cand, ":") && !strings.HasSuffix(cand, "::") && strings.HasPrefix(rest, "."):
			cands[i] = cand + rest[1:]
		case strings.HasSuffix(cand, ".") && strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "::"):
			// a module that is a namespace's members (TypeScript's
			// `export = React`: "m:" + "useState" → "m:React.useState")
			cands[i] = cand + rest[1:]
		default:
			cands[i] = cand + rest
		}
	}
	return strings.Join(cands, "\n")
}

// firstDefined picks, among a fact object's candidates, the first one
// something defines or a re-export names (`export {a as b}` in one module
// of a barrel's `export *`), else the first one (an alias chain may go on
// from it).
func (c *chooser) firstDefined(obj string) (string, error) {
	cands := strings.Split(obj, "\n")
	if len(cands) > 1 {
		for _, cand := range cands {
			defs, err := c.lookup(cand)
			if err != nil || len(defs) > 0 {
				return cand, err
			}
			objs, err := c.facts("alias", cand, "")
			if err != nil || len(objs) == 1 {
				return cand, err
			}
		}
	}
	return cands[0], nil
}

func isSeparator(b byte) bool { return b == '.' || b == ':' || b == '#' || b == '/' }

func (c *chooser) lookup(q string) ([]Symbol, error) {
	c.consulted[q] = true
	return c.idx.Lookup(q)
}

func (c *chooser) facts(kind, subject, member string) ([]string, error) {
	c.consulted[subject] = true
	return c.idx.Facts(kind, subject, member)
}

func (c *chooser) isType(q string) (bool, error) {
	defs, err := c.lookup(q)
	if err != nil {
		return false, err
	}
	for _, d := range defs {
		if IsTypeKind(d.Kind) {
			return true, nil
		}
	}
	return false, nil
}

// IsTypeKind reports symbol kinds that name types (members are looked up
// in them; calling them constructs them).
func IsTypeKind(kind string) bool {
	switch kind {
	case "class", "struct", "interface", "trait", "enum", "union", "record", "object", "type", "type_alias":
		return true
	}
	return false
}
