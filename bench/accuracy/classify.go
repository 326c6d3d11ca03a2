package main

// Cheap categories for what limits each level; they read the oracle's own
// record of the site, never our index.

// classifyMiss names why a true use was not returned at the default floor.
func classifyMiss(u Use, level string, src *sourceLines) string {
	switch {
	case level != "":
		return "returned only at " + level
	case u.Kind != "" && u.Note != "":
		return u.Kind + " (" + u.Note + ")"
	case u.Kind == "import":
		return "import or export specifier"
	case !u.Call:
		return "function value, not a call"
	case u.Promoted:
		return "method promoted via embedding"
	case u.Selector:
		return "method call x.M (receiver type needed)"
	case src != nil && precededByDot(src.line(u.File, u.Line), u.Col):
		return "qualified call pkg.F"
	}
	return "unqualified call F"
}

// classifyFalseRef names what the type checker says is at a returned ref
// that is no use of the target.
func classifyFalseRef(o *Oracle, t *Target, a RefAnswer, src *sourceLines) string {
	for _, u := range o.ByLine[fileLine{a.File, a.Line}] {
		if u.Col != a.Column && !(a.Column < u.Col && isQualifier(src.line(a.File, a.Line), a.Column, u.Col)) {
			continue
		}
		return describeOther(t.Key, t.Name, u)
	}
	return "no function use there (field, variable or local func value)"
}

// classifyFalseCallee names what is truly called where a returned callee
// is: at its column or after its qualifier, else by its name on its line.
func classifyFalseCallee(o *Oracle, t *Target, a CalleeAnswer, src *sourceLines) string {
	uses := o.ByLine[fileLine{t.File, a.Line}]
	if a.Qualified == "" {
		for _, u := range uses {
			if u.Call && u.Key != "" && shortName(u.Key) == a.Name {
				return "name only; a true call of that name is there"
			}
		}
		return "name only; no true call of that name there"
	}
	line := src.line(t.File, a.Line)
	for _, u := range uses {
		if u.Call && (u.Col == a.Column || a.Column < u.Col && isQualifier(line, a.Column, u.Col)) {
			return describeOther(a.Qualified, a.Name, u)
		}
	}
	for _, u := range uses {
		if u.Call && u.Key != "" && shortName(u.Key) == a.Name {
			return describeOther(a.Qualified, a.Name, u)
		}
	}
	for _, u := range uses {
		if !u.Call && u.Key == a.Qualified {
			return "function used as a value, not called"
		}
	}
	return "no such call on that line"
}

// describeOther says what u is instead of the answer's function (key, name).
func describeOther(key, name string, u Use) string {
	switch {
	case u.Note != "":
		return "called " + u.Note
	case u.Key == key:
		return "duplicate answer for one site"
	case u.Key == "vendor/"+key:
		return "vendored package named by its import path (truth has vendor/)"
	case u.Outer != "" && u.Outer == key:
		return "promoted method named by the outer type (T.M for embedded E.M)"
	case u.Iface:
		return "interface method (dynamic dispatch)"
	case shortName(u.Key) == name:
		return "same name, other function"
	}
	return "other function"
}

// shortName is the last segment of a qualified key.
func shortName(key string) string {
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '.' || key[i] == '/' {
			return key[i+1:]
		}
	}
	return key
}

func precededByDot(line string, col int) bool {
	return col > 1 && col-2 < len(line) && line[col-2] == '.'
}
