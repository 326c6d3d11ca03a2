package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Use is one identifier the compiler resolved to a function or method, or a
// called expression that is no function at all (Note says what it is).
type Use struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"` // 1-based byte column of the identifier
	Key      string `json:"key,omitempty"`
	Call     bool   `json:"call,omitempty"`     // the callee of a call expression
	Iface    bool   `json:"iface,omitempty"`    // an interface method: dynamic dispatch
	Promoted bool   `json:"promoted,omitempty"` // selected through an embedded field
	Selector bool   `json:"selector,omitempty"` // x.M on a value, not pkg.F
	// Outer names a promoted method by the type it was selected from
	// (T.M for a method M of a field embedded in T).
	Outer string `json:"outer,omitempty"`
	Note  string `json:"note,omitempty"` // conversion, builtin, func value
	// Kind is a truth file's site kind (call, import, value); "" for Go.
	Kind string `json:"kind,omitempty"`
	// Def is where a truth file's callee is declared: its calls are
	// matched by the definition an answer names, not by a qualified name.
	Def *truthLoc `json:"def,omitempty"`
}

// Target is a function or method declared in the corpus.
type Target struct {
	Key       string // our qualified name
	Name      string // short name
	Container string // the receiver type's name, for a method
	File      string // repo-relative
	Line      int
	Col       int
	Method    bool
	Selector  string // symbol:<file>#<Recv.Name or Name>
	Stratum   string // ambiguous, unique_method or unique_function
	// ByPlace: the target is the symbol declared at File:Line (a truth
	// file's), not the one whose qualified name is Key (Go's).
	ByPlace bool
	Sites   []Use // every use of the target (calls and values)
	Calls   []Use // the calls of functions its body makes
}

type fileLine struct {
	File string
	Line int
}

// Oracle is compiler truth about one corpus.
type Oracle struct {
	Root    string
	Targets map[string]*Target
	Files   map[string]bool // files the type checker saw (repo-relative)
	ByLine  map[fileLine][]Use
	// Decls is where each function or method used in the corpus is
	// declared, when that is inside the corpus (interface methods too).
	Decls map[string]truthLoc
	// Unseen are line ranges the compiler did not see, by file (a truth
	// file's unseen_lines): answers there are excluded, like answers in
	// files it did not see.
	Unseen     map[string][][2]int
	Packages   int
	TypeErrors int
}

// loadOracle type-checks the packages matching patterns under root (tests
// included; cgo only when asked, since it needs a C toolchain) and records
// the truth. Directories named in skipDirs (vendor/: our default ignore rules
// skip it) are left out.
func loadOracle(root string, patterns []string, skipDirs []string, cgo bool) (*Oracle, error) {
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir:   root,
		Tests: true,
		Env:   append(os.Environ(), "CGO_ENABLED="+map[bool]string{false: "0", true: "1"}[cgo]),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", root, err)
	}
	o := &Oracle{Root: root, Targets: map[string]*Target{}, Files: map[string]bool{}, ByLine: map[fileLine][]Use{}, Decls: map[string]truthLoc{}}
	done := map[string]bool{} // files already walked (p and p [p.test] share them)
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].ID < pkgs[j].ID })
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") || p.TypesInfo == nil {
			continue // the generated test main
		}
		o.Packages++
		o.TypeErrors += len(p.TypeErrors)
		for i, f := range p.Syntax {
			if i >= len(p.CompiledGoFiles) {
				break
			}
			rel, ok := o.relative(p.CompiledGoFiles[i])
			if !ok || skipped(rel, skipDirs) || done[rel] {
				continue
			}
			done[rel] = true
			o.Files[rel] = true
			o.walkFile(p, f, rel)
		}
	}
	o.attachSites()
	return o, nil
}

// relative makes an absolute file name repo-relative; false outside root.
func (o *Oracle) relative(abs string) (string, bool) {
	rel, err := filepath.Rel(o.Root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func skipped(rel string, dirs []string) bool {
	for _, d := range dirs {
		if d != "" && (strings.HasPrefix(rel, d+"/") || strings.Contains(rel, "/"+d+"/")) {
			return true
		}
	}
	return false
}

// walkFile records the file's uses of functions and its declared targets
// with the calls their bodies make.
func (o *Oracle) walkFile(p *packages.Package, f *ast.File, rel string) {
	shape := scanFile(p.TypesInfo, f)
	var uses []Use
	var offsets []token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		pos := p.Fset.Position(id.Pos())
		u := Use{File: rel, Line: pos.Line, Col: pos.Column, Call: shape.callees[id]}
		if fn, ok := p.TypesInfo.Uses[id].(*types.Func); ok {
			u.Key = qualifiedKey(fn)
			if pos := p.Fset.Position(fn.Origin().Pos()); u.Key != "" && pos.IsValid() {
				if rel, ok := o.relative(pos.Filename); ok {
					o.Decls[u.Key] = truthLoc{File: rel, Line: pos.Line}
				}
			}
			u.Iface = isInterfaceMethod(fn)
			u.Selector, u.Promoted = shape.selection(p.TypesInfo, id)
			if u.Promoted {
				u.Outer = shape.outerKey(p.TypesInfo, id)
			}
		} else if note, ok := shape.notes[id]; ok {
			u.Note = note
		} else {
			return true
		}
		if u.Key == "" && u.Note == "" {
			return true
		}
		uses = append(uses, u)
		offsets = append(offsets, id.Pos())
		o.ByLine[fileLine{rel, u.Line}] = append(o.ByLine[fileLine{rel, u.Line}], u)
		return true
	})
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name == "_" || fd.Name.Name == "init" {
			continue
		}
		fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		o.addTarget(p, fd, fn, rel, uses, offsets)
	}
}

func (o *Oracle) addTarget(p *packages.Package, fd *ast.FuncDecl, fn *types.Func, rel string, uses []Use, offsets []token.Pos) {
	key := qualifiedKey(fn)
	if key == "" || o.Targets[key] != nil {
		return
	}
	pos := p.Fset.Position(fd.Name.Pos())
	t := &Target{Key: key, Name: fn.Name(), File: rel, Line: pos.Line, Col: pos.Column, Method: fd.Recv != nil}
	name := fn.Name()
	if t.Method {
		t.Container = receiverTypeName(fn.Signature().Recv().Type())
		name = t.Container + "." + name
	}
	t.Selector = "symbol:" + rel + "#" + name
	if fd.Body != nil {
		for i, u := range uses {
			if offsets[i] >= fd.Body.Pos() && offsets[i] < fd.Body.End() && u.Call && u.Key != "" {
				t.Calls = append(t.Calls, u)
			}
		}
	}
	o.Targets[key] = t
}

// attachSites gives each target the uses that resolve to it.
func (o *Oracle) attachSites() {
	for _, us := range o.ByLine {
		for _, u := range us {
			if t := o.Targets[u.Key]; t != nil {
				t.Sites = append(t.Sites, u)
			}
		}
	}
	for _, t := range o.Targets {
		sortUses(t.Sites)
	}
}

func sortUses(us []Use) {
	sort.Slice(us, func(i, j int) bool {
		a, b := us[i], us[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// sees reports whether the compiler saw a file's line.
func (o *Oracle) sees(file string, line int) bool {
	if !o.Files[file] {
		return false
	}
	for _, r := range o.Unseen[file] {
		if line >= r[0] && line <= r[1] {
			return false
		}
	}
	return true
}
