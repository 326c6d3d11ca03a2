package resolve

import (
	"sort"
	"strings"
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
}

// Ref is what pass 2 needs of an extracted reference.
type Ref struct {
	Name         string
	Qualified    string
	Alternatives []string
	Receiver     []string
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
	// supertypes), or the type is outside the index (an imported library's,
	// whose embedded types may be the real owner). The target is named, but
	// graded fuzzy_name: measured against the compiler, such names are wrong
	// too often (promoted methods) to rank with verified ones.
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
	tsLike     bool // TypeScript/JavaScript: module paths may name index files
}

// Choose picks the target of a reference written in a file of language
// lang (see graph/extract/RESOLUTION.md).
func Choose(idx Index, lang string, r Ref) (Choice, error) {
	c := &chooser{idx: idx, sep: MemberSeparator(lang), consulted: map[string]bool{}, tsLike: isTSLike(lang)}
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

func isTSLike(lang string) bool {
	return lang == "typescript" || lang == "tsx" || lang == "javascript"
}

// MemberSeparator is how a language joins a type's qualified name and a
// member's name.
func MemberSeparator(lang string) string {
	switch lang {
	case "rust", "cpp", "c":
		return "::"
	case "ruby":
		return "#"
	}
	return "."
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
		c.unverified = true
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

// evalChain turns a receiver chain into the qualified name of a type, or "".
func (c *chooser) evalChain(root string, steps []string) (string, error) {
	if len(steps) > maxSteps {
		return "", nil
	}
	cur, err := c.resolveName(root)
	if err != nil || cur == "" {
		return "", err
	}
	for i, step := range steps {
		if step == extractCallResult {
			if cur, err = c.callResult(cur); err != nil || cur == "" {
				return "", err
			}
			continue
		}
		typ, err := c.typeOf(cur)
		if err != nil || typ == "" {
			return "", err
		}
		if i+1 < len(steps) && steps[i+1] == extractCallResult {
			cur, err = c.member(typ, step) // a method, called next
		} else {
			cur, err = c.fieldType(typ, step)
		}
		if err != nil || cur == "" {
			return "", err
		}
	}
	return c.typeOf(cur)
}

// extractCallResult mirrors extract.CallResult (resolve does not import
// extract's tree-sitter-free vocabulary to keep this package standalone).
const extractCallResult = "()"

// resolveName follows aliases until a defined name (or the name itself
// when nothing defines it but facts mention it).
func (c *chooser) resolveName(q string) (string, error) {
	t, err := c.follow(q, true)
	if err != nil || t != "" {
		return t, err
	}
	// Undefined but possibly typed by a fact (a variable of a file the
	// index skipped is still undefined: nothing to say).
	objs, err := c.facts("type", q, "")
	if err != nil || len(objs) == 0 {
		return "", err
	}
	return q, nil
}

// typeOf: a type names itself; a variable or field has its type fact's
// object (evaluated when it is a call result).
func (c *chooser) typeOf(q string) (string, error) {
	isType, err := c.isType(q)
	if err != nil || isType {
		return q, err
	}
	objs, err := c.facts("type", q, "")
	if err != nil || len(objs) != 1 {
		return "", err
	}
	return c.evalObject(objs[0])
}

// callResult: calling a type constructs it; calling a function yields its
// declared result.
func (c *chooser) callResult(q string) (string, error) {
	isType, err := c.isType(q)
	if err != nil || isType {
		return q, err
	}
	objs, err := c.facts("returns", q, "")
	if err != nil || len(objs) != 1 {
		return "", err
	}
	return c.evalObject(objs[0])
}

// evalObject resolves a fact's object — a type name, or "f()" — trying
// its stored alternatives in order (see store.FactObject).
func (c *chooser) evalObject(obj string) (string, error) {
	for cand := range strings.SplitSeq(obj, "\n") {
		t, err := c.evalCandidate(cand)
		if err != nil || t != "" {
			return t, err
		}
	}
	return "", nil
}

func (c *chooser) evalCandidate(obj string) (string, error) {
	if f, ok := strings.CutSuffix(obj, extractCallResult); ok {
		name, err := c.resolveName(f)
		if err != nil || name == "" {
			return "", err
		}
		return c.callResult(name)
	}
	name, err := c.resolveName(obj)
	if err != nil || name == "" {
		return "", err
	}
	return c.typeOf(name)
}

// fieldType is the declared type of a field of typ or of a supertype.
func (c *chooser) fieldType(typ, field string) (string, error) {
	var found string
	err := c.walkSupers(typ, func(t string) (bool, error) {
		objs, err := c.facts("type", t, field)
		if err != nil || len(objs) == 0 {
			return false, err
		}
		if len(objs) == 1 {
			found, err = c.evalObject(objs[0])
		}
		return true, err // several declarations disagree: no answer
	})
	return found, err
}

// member finds the definition of a member of typ or of its nearest
// supertype that has one.
func (c *chooser) member(typ, name string) (string, error) {
	var found string
	err := c.walkSupers(typ, func(t string) (bool, error) {
		q := t + c.sep + name
		defs, err := c.lookup(q)
		if err != nil || len(defs) == 0 {
			return false, err
		}
		found = q
		return true, nil
	})
	return found, err
}

// walkSupers visits typ and then its supertypes breadth first, until visit
// says stop.
func (c *chooser) walkSupers(typ string, visit func(string) (bool, error)) error {
	seen := map[string]bool{typ: true}
	queue := []string{typ}
	for len(queue) > 0 && len(seen) <= maxSupers {
		t := queue[0]
		queue = queue[1:]
		stop, err := visit(t)
		if err != nil || stop {
			return err
		}
		c.consulted[t] = true
		sups, err := c.idx.Supers(t)
		if err != nil {
			return err
		}
		for _, s := range sups {
			if s, err = c.definedOrAlias(s); err != nil {
				return err
			}
			if s != "" && !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return nil
}

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
	if !c.tsLike {
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
			return c.firstDefined(strings.ReplaceAll(objs[0], "\n", q[i:]+"\n") + q[i:])
		}
	}
	return "", nil
}

// firstDefined picks, among a fact object's candidates, the first one
// something defines, else the first one (an alias chain may go on from it).
func (c *chooser) firstDefined(obj string) (string, error) {
	cands := strings.Split(obj, "\n")
	if len(cands) > 1 {
		for _, cand := range cands {
			defs, err := c.lookup(cand)
			if err != nil || len(defs) > 0 {
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
