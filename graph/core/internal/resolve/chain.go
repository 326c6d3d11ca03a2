package resolve

import "strings"

// evalChain turns a receiver chain into the qualified name of a type, or "".
func (c *chooser) evalChain(root string, steps []string) (string, error) {
	if len(steps) > maxSteps {
		return "", nil
	}
	cur, err := c.resolveName(root)
	for err == nil && cur == "" && len(steps) > 0 && steps[0] != extractCallResult {
		// A root that names nothing may be a namespace object another
		// module re-exports (`import * as z from "./all"; export {z}`):
		// its member is reached by the joined name, through that alias.
		root, steps = root+c.sep+steps[0], steps[1:]
		cur, err = c.resolveName(root)
	}
	if err != nil || cur == "" {
		return "", err
	}
	for i := 0; i < len(steps); i++ {
		step := steps[i]
		if step == extractCallResult && i+1 < len(steps) && steps[i+1] == elementStep {
			if cur, err = c.elementResult(cur); err != nil || cur == "" {
				return "", err
			}
			i++
			continue
		}
		if step == extractCallResult {
			if cur, err = c.callResult(cur); err != nil || cur == "" {
				return "", err
			}
			continue
		}
		if step == elementStep {
			return "", nil // elements of a value other than a call's result
		}
		typ, err := c.typeOf(cur)
		if err != nil {
			return "", err
		}
		if typ == "" {
			// A value no type describes may be an object whose members
			// facts name (`export const coerce = { string: ... }`).
			if cur, err = c.resolveName(cur + c.sep + step); err != nil || cur == "" {
				return "", err
			}
			continue
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

// elementStep, after a call result in a receiver chain, is an element of
// what the call returns (a loop over `self.get_params(ctx)`): its type is
// the object of the function's returns fact with member "[]".
const elementStep = "[]"

// resolveName follows aliases until a defined name (or the name itself
// when nothing defines it but facts mention it).
func (c *chooser) resolveName(q string) (string, error) {
	t, err := c.follow(q, true)
	if err != nil || t != "" {
		return t, err
	}
	// Undefined but possibly typed by a fact, or a function of an object
	// literal whose result a fact states (a variable of a file the index
	// skipped is still undefined: nothing to say).
	for _, kind := range []string{"type", "returns"} {
		objs, err := c.facts(kind, q, "")
		if err != nil || len(objs) > 0 {
			return q, err
		}
	}
	return "", nil
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

// elementResult: the declared type of the elements of what function q
// returns (`-> List[T]`, `-> Iterator[T]`).
func (c *chooser) elementResult(q string) (string, error) {
	objs, err := c.facts("returns", q, elementStep)
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
	if c.depth >= maxSteps { // facts that type each other in a cycle
		return "", nil
	}
	c.depth++
	defer func() { c.depth-- }()
	if f, ok := strings.CutSuffix(obj, extractCallResult); ok {
		name, err := c.resolveName(f)
		if err == nil && name == "" {
			name, err = c.memberOfValue(f)
		}
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

// memberOfValue reads q, which names nothing itself, as member m of a
// typed owner ("owner.m"): the fact object "x.m()" is what calling method
// m of variable x's type (or of type x, or a supertype) returns, and the
// owner may itself be a call ("f().m()", "x.m().n()").
func (c *chooser) memberOfValue(q string) (string, error) {
	i := strings.LastIndex(q, c.sep)
	if i <= 0 {
		return "", nil
	}
	typ, err := c.evalCandidate(q[:i])
	if err != nil || typ == "" {
		return "", err
	}
	return c.member(typ, q[i+len(c.sep):])
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
