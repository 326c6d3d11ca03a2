package check

import (
	"context"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// ModuleInit is the kind of a file's synthetic callable that owns its
// top-level code (package-level initialisers, a script's statements).
const ModuleInit = "module-init"

// Closure is the kind of an anonymous function's callable, named
// <closure:path:line:col>. The callable around it reaches it: whoever
// runs the code that makes a closure may run the closure.
const Closure = "closure"

// Callable is one entry of the catalog: a function, method, constructor,
// test, or the module-init of a file.
type Callable struct {
	Name       string   `json:"name"`
	Qualified  string   `json:"qualified"`
	Kind       string   `json:"kind"`
	File       string   `json:"file"`
	Package    string   `json:"package"` // the directory of its file
	Lang       string   `json:"lang"`
	BodyHash   uint64   `json:"body_hash,omitempty,string"` // quoted: past 2^53
	BodySize   int      `json:"body_size,omitempty"`
	Decorators []string `json:"decorators,omitempty"`
	Access     string   `json:"access"`
	TestFile   bool     `json:"test_file,omitempty"`
	Generated  bool     `json:"generated,omitempty"`

	start, end int64
	id         int64  // symbols.id; 0 for a module-init
	langEntry  string // the language's entry reason
	implicit   bool   // may implement an interface the index lacks
	abstract   bool   // a member of an interface or trait: a declaration, reached through its implementations
	top        bool
	owner      string // a method's type, "" otherwise
	sep        string // between owner and name
}

// edge is a call (or use) from one callable to another, graded by the
// reference's confidence rank (1 exact … 4 fuzzy_name); dispatch marks a
// fan-out from an interface or virtual member to an implementation.
type edge struct {
	to       int32
	rank     int8
	dispatch bool
	implied  bool // no call: a use of the method's type (see builder.implicit)
}

// Catalog is the frozen input of every rule.
type Catalog struct {
	Callables []Callable
	out       [][]edge
	commands  []store.Command
	files     map[string]store.CatalogFile
	nEdges    int
	nDispatch int
}

// callableKinds are the symbol kinds that hold code that runs.
var callableKinds = map[string]bool{"function": true, "method": true, "constructor": true, "test": true}

// typeKinds are the kinds whose instantiation runs their constructors.
var typeKinds = map[string]bool{"class": true, "struct": true, "record": true, "object": true, "enum": true}

// Load reads the catalog from the index; facts asks a file's language
// what its kind does not say (nil: nothing), embeds whether it embeds the
// structs its types extend (nil: none does).
func Load(ctx context.Context, r *store.Reader, facts func(lang string) extract.Cataloguing, embeds func(lang string) bool) (*Catalog, error) {
	files, err := r.CatalogFiles(ctx)
	if err != nil {
		return nil, err
	}
	syms, err := r.CatalogSymbols(ctx)
	if err != nil {
		return nil, err
	}
	refs, err := r.CatalogRefs(ctx)
	if err != nil {
		return nil, err
	}
	rels, err := r.AllRelations(ctx)
	if err != nil {
		return nil, err
	}
	cmds, err := r.CommandHandlers(ctx)
	if err != nil {
		return nil, err
	}
	closures, err := r.CatalogClosures(ctx)
	if err != nil {
		return nil, err
	}
	c := &Catalog{files: make(map[string]store.CatalogFile, len(files)), commands: cmds}
	for _, f := range files {
		c.files[f.Path] = f
	}
	b := newBuilder(c, syms, rels, facts, embeds)
	b.closures(closures)
	b.edges(refs)
	return c, nil
}

// builder holds the lookups of one Load.
type builder struct {
	c           *Catalog
	byID        map[int64]int32
	byQualified map[string][]int32
	byName      map[string][]int32
	ctors       map[string][]int32 // a type's qualified name → its constructors
	subtypes    map[string][]store.Relation
	structs     map[string]bool    // structs another extends by embedding (extract.Embedding)
	perFile     map[string][]int32 // callables by file, by start
	inits       map[string]int32   // a file's module-init
	fanout      map[int32][]edge   // memo of dispatch fan-outs, rank = ceiling
	implicit    map[string][]int32 // a type's qualified name → its methods reached when it is
	byOwner     map[string][]int32 // a type's qualified name → its methods
	facts       func(string) extract.Cataloguing
	abstract    map[string]bool
	testFiles   map[string]bool // memo of testFile
}

func newBuilder(c *Catalog, syms []store.CatalogSymbol, rels []store.Relation, facts func(string) extract.Cataloguing,
	embeds func(lang string) bool) *builder {
	b := &builder{c: c, facts: facts, byID: map[int64]int32{}, byQualified: map[string][]int32{}, byName: map[string][]int32{},
		ctors: map[string][]int32{}, subtypes: map[string][]store.Relation{}, structs: map[string]bool{},
		perFile: map[string][]int32{}, inits: map[string]int32{}, fanout: map[int32][]edge{},
		implicit: map[string][]int32{}, byOwner: map[string][]int32{}}
	pkgSig := map[string]string{}
	kindOf := map[int64]store.CatalogSymbol{}
	abstract := map[string]bool{} // interfaces and traits
	types := map[string]bool{}    // every type the index defines
	for _, s := range syms {
		if typeKinds[s.Kind] || s.Kind == "interface" || s.Kind == "trait" || s.Kind == "type" || s.Kind == "type_alias" {
			types[s.Qualified] = true
		}
		if s.Kind == "interface" || s.Kind == "trait" {
			abstract[s.Qualified] = true
		}
		if s.Kind == "package" && pkgSig[s.Path] == "" {
			pkgSig[s.Path] = s.Signature
		}
		if typeKinds[s.Kind] || s.Kind == "interface" || s.Kind == "trait" {
			kindOf[s.ID] = s
		}
		if s.Kind == "struct" && embeds != nil && embeds(c.files[s.Path].Lang) {
			b.structs[s.Qualified] = true
		}
	}
	for _, s := range syms {
		if !callableKinds[s.Kind] {
			continue
		}
		f := c.files[s.Path]
		cl := Callable{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, File: s.Path, Package: packageOf(s.Path),
			Lang: f.Lang, BodyHash: uint64(s.BodyHash), BodySize: int(s.BodySize), Generated: f.Generated,
			start: s.Start, end: s.End, id: s.ID, top: s.Parent == 0}
		if s.Decorators != "" {
			cl.Decorators = strings.Split(s.Decorators, "\n")
		}
		cl.owner, cl.sep = ownerOf(s.Kind, s.Qualified, s.Name)
		cl.abstract = abstract[cl.owner] && s.BodyHash == 0
		if p, ok := kindOf[s.Parent]; ok && s.Kind == "constructor" {
			b.ctors[p.Qualified] = append(b.ctors[p.Qualified], int32(len(c.Callables)))
		}
		var fx extract.CallableFacts
		if facts != nil {
			if cat := facts(f.Lang); cat != nil {
				fx = cat.Catalog(extract.Callable{Path: s.Path, Name: s.Name, Qualified: s.Qualified, Signature: s.Signature,
					Kind: kindNamed(s.Kind), Decorators: cl.Decorators, TopLevel: s.Parent == 0, Package: pkgSig[s.Path]})
			}
		}
		cl.Access, cl.TestFile, cl.langEntry, cl.implicit = fx.Access.String(), fx.TestFile, fx.Entry, fx.Implicit
		i := int32(len(c.Callables))
		c.Callables = append(c.Callables, cl)
		b.byID[s.ID] = i
		b.byQualified[s.Qualified] = append(b.byQualified[s.Qualified], i)
		b.byName[s.Name] = append(b.byName[s.Name], i)
		b.perFile[s.Path] = append(b.perFile[s.Path], i)
		if cl.owner != "" {
			b.byOwner[cl.owner] = append(b.byOwner[cl.owner], i)
		}
		if cl.implicit && cl.owner != "" && !cl.abstract {
			b.implicit[cl.owner] = append(b.implicit[cl.owner], i)
		}
	}
	for _, r := range rels {
		b.subtypes[r.To] = append(b.subtypes[r.To], r)
	}
	b.abstract = abstract
	// A method implementing a member of an interface or trait the index
	// holds runs wherever a value of its type reaches that interface: it
	// is reached when its type is, as for Implicit methods (and so are
	// marker methods no call names). So is a method of a type whose
	// supertype the index does not hold.
	for _, r := range rels {
		if !types[r.To] {
			// A supertype outside the index (Comparable, Runnable, Display):
			// any method but a private one may implement one of its members.
			for _, m := range b.byOwner[r.From] {
				if cl := c.Callables[m]; !cl.implicit && cl.Access != extract.AccessPrivate.String() {
					b.implicit[r.From] = append(b.implicit[r.From], m)
				}
			}
			continue
		}
		if !abstract[r.To] {
			continue
		}
		for _, m := range b.byOwner[r.From] {
			cl := c.Callables[m]
			if !cl.implicit && len(b.byQualified[r.To+cl.sep+cl.Name]) > 0 {
				b.implicit[r.From] = append(b.implicit[r.From], m)
			}
		}
	}
	return b
}

// testFile asks a file's language whether it holds tests.
func (b *builder) testFile(file string) bool {
	if t, ok := b.testFiles[file]; ok {
		return t
	}
	t := false
	if b.facts != nil {
		if cat := b.facts(b.c.files[file].Lang); cat != nil {
			t = cat.Catalog(extract.Callable{Path: file, Name: "<module-init>", TopLevel: true}).TestFile
		}
	}
	if b.testFiles == nil {
		b.testFiles = map[string]bool{}
	}
	b.testFiles[file] = t
	return t
}

// closures adds the anonymous functions to the catalog, each reached from
// the callable around it (or its file's module-init), and puts every
// file's callables in nesting order.
func (b *builder) closures(closures []store.CatalogClosure) {
	c := b.c
	first := int32(len(c.Callables))
	for _, k := range closures {
		f := c.files[k.Path]
		i := int32(len(c.Callables))
		c.Callables = append(c.Callables, Callable{Name: "<closure>", Qualified: fmt.Sprintf("<closure:%s:%d:%d>", k.Path, k.Line, k.Col),
			Kind: Closure, File: k.Path, Package: packageOf(k.Path), Lang: f.Lang, BodyHash: uint64(k.BodyHash),
			BodySize: int(k.BodySize), Access: extract.AccessPrivate.String(), TestFile: b.testFile(k.Path),
			Generated: f.Generated, start: k.Start, end: k.End})
		b.perFile[k.Path] = append(b.perFile[k.Path], i)
	}
	cs := c.Callables
	for _, list := range b.perFile {
		sort.SliceStable(list, func(x, y int) bool {
			a, z := cs[list[x]], cs[list[y]]
			return a.start < z.start || a.start == z.start && a.end > z.end
		})
	}
	c.out = make([][]edge, len(c.Callables))
	for i := first; i < int32(len(c.Callables)); i++ {
		b.add(b.around(i), edge{to: i, rank: int8(resolve.Rank(resolve.Exact))})
	}
}

// around is the innermost callable whose span holds callable i's, or its
// file's module-init.
func (b *builder) around(i int32) int32 {
	cs := b.c.Callables
	me := cs[i]
	list := b.perFile[me.File]
	at := slices.Index(list, i)
	for j := at - 1; j >= 0; j-- {
		if o := cs[list[j]]; o.start <= me.start && me.end <= o.end {
			return list[j]
		}
	}
	return b.moduleInit(me.File)
}

// kindNamed maps a stored kind back to its constant.
func kindNamed(s string) extract.SymbolKind {
	for k := extract.SymbolKind(0); k.String() != "unknown" || k == 0; k++ {
		if k.String() == s {
			return k
		}
	}
	return extract.KindUnknown
}

// packageOf is the directory of a file: the package it belongs to.
func packageOf(file string) string {
	d := path.Dir(file)
	if d == "." {
		return "."
	}
	return d
}

// ownerOf splits a method's qualified name into its type's and the
// separator between them, as query.dispatch does.
func ownerOf(kind, qualified, name string) (owner, sep string) {
	if kind != "method" || !strings.HasSuffix(qualified, name) {
		return "", ""
	}
	head := strings.TrimSuffix(qualified, name)
	owner = strings.TrimRight(head, ".:#/")
	if owner == "" || owner == head {
		return "", ""
	}
	return owner, head[len(owner):]
}

// enclosing is the innermost callable of file around offset at, or the
// file's module-init.
func (b *builder) enclosing(file string, at int64) int32 {
	list := b.perFile[file]
	cs := b.c.Callables
	i := sort.Search(len(list), func(i int) bool { return cs[list[i]].start > at }) - 1
	for ; i >= 0; i-- {
		if c := cs[list[i]]; c.start <= at && at < c.end {
			return list[i]
		}
	}
	return b.moduleInit(file)
}

// moduleInit is file's module-init, made when first needed.
func (b *builder) moduleInit(file string) int32 {
	if i, ok := b.inits[file]; ok {
		return i
	}
	f := b.c.files[file]
	i := int32(len(b.c.Callables))
	test := b.testFile(file)
	b.c.Callables = append(b.c.Callables, Callable{Name: "<module-init>", Qualified: "<module-init:" + file + ">",
		Kind: ModuleInit, File: file, Package: packageOf(file), Lang: f.Lang, Generated: f.Generated,
		Access: extract.AccessPrivate.String(), TestFile: test, langEntry: ModuleInit, top: true})
	b.c.out = append(b.c.out, nil)
	b.inits[file] = i
	return i
}

// maxFuzzyTargets bounds the callables one name-only reference fans out
// to: a name defined that often says nothing about which one runs.
const maxFuzzyTargets = 64

// edges turns references into call edges, with dispatch fan-outs.
func (b *builder) edges(refs []store.CatalogRef) {
	fuzzy := int8(resolve.Rank(resolve.FuzzyName))
	for _, r := range refs {
		rank := int8(resolve.Rank(r.Confidence))
		if rank == 0 {
			continue
		}
		from := b.enclosing(r.File, r.Start)
		var targets []int32
		switch {
		case r.Hint != 0 && r.Kind != "type":
			if t, ok := b.byID[r.Hint]; ok {
				targets = []int32{t}
			}
		case r.TargetQualified != "":
			targets = b.byQualified[r.TargetQualified]
		}
		if len(targets) == 0 && r.TargetQualified == "" && rank == fuzzy && len(b.byName[r.TargetName]) <= maxFuzzyTargets {
			targets = b.byName[r.TargetName]
		}
		if r.Kind != "type" {
			for _, t := range targets {
				b.add(from, edge{to: t, rank: rank})
				for _, d := range b.dispatch(t) {
					b.add(from, edge{to: d.to, rank: max(rank, d.rank), dispatch: true})
				}
			}
			if len(targets) == 0 && r.TargetQualified != "" {
				for _, d := range b.dispatchMember(r.TargetQualified) {
					b.add(from, edge{to: d.to, rank: max(rank, d.rank), dispatch: true})
				}
			}
		}
		for _, t := range b.ctors[r.TargetQualified] {
			b.add(from, edge{to: t, rank: rank})
		}
		// A use of a type may hand its values to an interface the index
		// does not hold (rapid type analysis, coarsely: any use counts).
		if b.c.Callables[from].owner != r.TargetQualified { // a method's own receiver hands nothing on
			for _, m := range b.implicit[r.TargetQualified] {
				b.add(from, edge{to: m, rank: rank, dispatch: true, implied: true})
			}
		}
	}
}

func (b *builder) add(from int32, e edge) {
	if from == e.to {
		return
	}
	b.c.out[from] = append(b.c.out[from], e)
	b.c.nEdges++
	if e.dispatch {
		b.c.nDispatch++
	}
}

// dispatch lists the implementations a call of method t may run: the
// methods of the same name of every subtype of its type (implements,
// impl, and extends unless the supertype is a struct, which Go embeds
// rather than subclasses), each graded no stronger than the relations
// that make it a subtype nor than same_module: the call names the
// supertype, not the implementation. Unlike refs, a second
// implementation does not weaken the grade: each one may run.
func (b *builder) dispatch(t int32) []edge {
	if d, ok := b.fanout[t]; ok {
		return d
	}
	c := b.c.Callables[t]
	var out []edge
	if c.owner != "" {
		out = b.implementations(c.owner, c.sep, c.Name)
	}
	b.fanout[t] = out
	return out
}

// dispatchMember is dispatch for a member the index does not define
// (io.Writer.Write): its type's subtypes in the index may define it.
func (b *builder) dispatchMember(qualified string) []edge {
	i := strings.LastIndexAny(qualified, ".:#")
	if i <= 0 {
		return nil
	}
	owner, name := strings.TrimRight(qualified[:i], ".:#"), qualified[i+1:]
	if len(b.subtypes[owner]) == 0 {
		return nil
	}
	return b.implementations(owner, qualified[len(owner):i+1], name)
}

// maxSuperDepth bounds the walk down a type's subtypes.
const maxSuperDepth = 6

func (b *builder) implementations(owner, sep, name string) []edge {
	floor := int8(resolve.Rank(resolve.SameModule))
	seen := map[string]bool{owner: true}
	frontier := map[string]int8{owner: floor}
	var out []edge
	for depth := 0; depth < maxSuperDepth && len(frontier) > 0; depth++ {
		next := map[string]int8{}
		for super, ceil := range frontier {
			if b.structs[super] && super != owner {
				continue
			}
			for _, r := range b.subtypes[super] {
				if seen[r.From] || r.Kind == "extends" && b.structs[super] {
					continue
				}
				seen[r.From] = true
				c := max(ceil, int8(resolve.Rank(r.Confidence)))
				next[r.From] = c
				for _, m := range b.byQualified[r.From+sep+name] {
					out = append(out, edge{to: m, rank: c, dispatch: true})
				}
			}
		}
		frontier = next
	}
	return out
}
