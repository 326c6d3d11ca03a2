package golang

// scope tracks the names declared inside functions, simply and
// conservatively: parameters, receivers, named results, type parameters,
// := and var/const/type declarations, range and type-switch variables and
// select receives, each visible until the end of the block (or function,
// if, for, switch, case) that declared it. A name in scope is never a
// package-level candidate. Package-level declarations are not tracked.
type scope struct {
	count map[string]int32    // declarations of a name currently visible
	names []string            // declaration log, undone by pop
	marks []int               // len(names) at each push
	typed map[string][]string // receiver chain of a visible name with a known type
	saved []savedChain        // what each logged declaration hid, parallel to names
}

type savedChain struct {
	chain []string
	had   bool
}

func newScope() scope { return scope{count: make(map[string]int32), typed: make(map[string][]string)} }

func (s *scope) push() { s.marks = append(s.marks, len(s.names)) }

func (s *scope) pop() {
	m := s.marks[len(s.marks)-1]
	s.marks = s.marks[:len(s.marks)-1]
	for i := len(s.names) - 1; i >= m; i-- {
		n := s.names[i]
		if s.count[n]--; s.count[n] == 0 {
			delete(s.count, n)
		}
		if sv := s.saved[i]; sv.had {
			s.typed[n] = sv.chain
		} else {
			delete(s.typed, n)
		}
	}
	s.names, s.saved = s.names[:m], s.saved[:m]
}

// declare makes name visible until the innermost scope is popped. Outside
// every scope (package level) it does nothing.
func (s *scope) declare(name string) { s.declareTyped(name, nil) }

// declareTyped declares a name whose type the file states (a receiver
// chain, see graph/extract/RESOLUTION.md); nil means unknown, which hides
// any outer typed name.
func (s *scope) declareTyped(name string, chain []string) {
	if name == "" || name == "_" || len(s.marks) == 0 {
		return
	}
	s.count[name]++
	prev, had := s.typed[name]
	s.names = append(s.names, name)
	s.saved = append(s.saved, savedChain{prev, had})
	if chain != nil {
		s.typed[name] = chain
	} else {
		delete(s.typed, name)
	}
}

// chain is the receiver chain of a visible local, or nil.
func (s *scope) chain(name string) []string { return s.typed[name] }

func (s *scope) has(name string) bool {
	if len(s.count) == 0 {
		return false
	}
	return s.count[name] > 0
}

// declareNames declares the identifiers among i's children (an
// expression_list, or a spec's name fields when fid is set).
func (x *fileExtractor) declareNames(i int32, fid uint16) {
	for c := x.t.FirstKid(i); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) == kinds.ident && (fid == 0 || x.t.Nodes[c].Field == fid) {
			x.scope.declare(x.t.Text(c))
		}
	}
}

// declareTypeParams declares the names of a type parameter list.
func (x *fileExtractor) declareTypeParams(list int32) {
	for c := x.t.FirstKid(list); c >= 0; c = x.t.Next(c) {
		x.declareNames(c, fields.name)
	}
}

// declareReceiverTypeParams declares T and K of a receiver `(m *Map[K, T])`.
func (x *fileExtractor) declareReceiverTypeParams(method int32) {
	recv := x.t.Child(method, fields.receiver)
	for p := x.t.FirstKid(recv); p >= 0; p = x.t.Next(p) {
		typ := x.t.unwrap(x.t.Child(p, fields.typ))
		if x.t.Kind(typ) == kinds.pointerType {
			typ = x.t.unwrap(x.t.FirstKid(typ))
		}
		args := x.t.Child(typ, fields.typArgs)
		for e := x.t.FirstKid(args); e >= 0; e = x.t.Next(e) {
			if id := x.t.onlyChild(e); x.t.Kind(id) == kinds.typeIdent {
				x.scope.declare(x.t.Text(id))
			}
		}
	}
}
