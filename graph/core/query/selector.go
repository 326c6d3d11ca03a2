package query

import (
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// SelectorKind is the form of a selector (DESIGN.md, A query).
type SelectorKind string

const (
	SelSymbol  SelectorKind = "symbol"  // symbol:<path>#<name>[@<line>][:<kind>]
	SelFile    SelectorKind = "file"    // file:<path>
	SelModule  SelectorKind = "module"  // module:<qualified>
	SelCommand SelectorKind = "command" // command:<name>
	// ext:<package>#<name>[@<line>][:<kind>] names a symbol of a
	// dependency package by its import path (ext:net/http#ListenAndServe):
	// a symbol selector whose file is any of the package's.
	SelExternal SelectorKind = "ext"
)

// Selector addresses one thing in the graph.
type Selector struct {
	Kind SelectorKind
	Path string // symbol, file
	Name string // symbol name or dotted suffix; module qualified; command name
	Sym  string // optional symbol kind filter
	// Line picks, among overloads of one name, the one declared there
	// (symbol:<path>#<name>@<line>); 0 for any.
	Line int
	Raw  string
	// Package is the import path of an ext: selector (its Kind is then
	// SelSymbol and Path empty).
	Package string
}

// ErrBadSelector is wrapped by every selector syntax error.
var ErrBadSelector = errors.New("graph: bad selector")

// ParseSelector parses the four forms of DESIGN.md, A query. Paths are repo-relative
// and may not leave the worktree.
func ParseSelector(s string) (Selector, error) {
	sel := Selector{Raw: s}
	form, rest, ok := strings.Cut(s, ":")
	if !ok || rest == "" {
		return sel, fmt.Errorf("%w %q: want symbol:<path>#<name>[:<kind>], file:<path>, module:<qualified>, command:<name> or ext:<package>#<name>", ErrBadSelector, s)
	}
	sel.Kind = SelectorKind(form)
	switch sel.Kind {
	case SelSymbol:
		p, name, ok := strings.Cut(rest, "#")
		if !ok || p == "" || name == "" {
			return sel, fmt.Errorf("%w %q: want symbol:<path>#<name>[:<kind>]", ErrBadSelector, s)
		}
		name, sel.Sym = splitKind(name)
		name, sel.Line = splitLine(name)
		if name == "" { // "symbol:a.go#:method"
			return sel, fmt.Errorf("%w %q: want symbol:<path>#<name>[:<kind>]", ErrBadSelector, s)
		}
		sel.Path, sel.Name = p, name
	case SelExternal:
		p, name, ok := strings.Cut(rest, "#")
		name, sel.Sym = splitKind(name)
		name, sel.Line = splitLine(name)
		if !ok || p == "" || name == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "..") {
			return sel, fmt.Errorf("%w %q: want ext:<package>#<name>[:<kind>]", ErrBadSelector, s)
		}
		sel.Kind, sel.Package, sel.Name = SelSymbol, strings.TrimSuffix(p, "/"), name
		return sel, nil
	case SelFile:
		sel.Path = rest
	case SelModule, SelCommand:
		sel.Name = rest
	default:
		return sel, fmt.Errorf("%w %q: unknown form %q (want symbol, file, module, command or ext)", ErrBadSelector, s, form)
	}
	if sel.Path != "" {
		clean, err := cleanRepoPath(sel.Path)
		if err != nil {
			return sel, fmt.Errorf("%w %q: %v", ErrBadSelector, s, err)
		}
		sel.Path = clean
	}
	return sel, nil
}

// cleanRepoPath normalizes a repo-relative path and rejects ones that leave
// the worktree.
func cleanRepoPath(p string) (string, error) {
	p = strings.TrimPrefix(strings.ReplaceAll(p, "\\", "/"), "./")
	if path.IsAbs(p) {
		return "", fmt.Errorf("path %s is absolute; use a path relative to the worktree root", p)
	}
	c := path.Clean(p)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("path %s is outside the worktree", p)
	}
	return c, nil
}

// LookupError says a selector matched nothing or more than one thing. It is
// never answered by guessing: the caller sees the suggestions or candidates.
type LookupError struct {
	Selector    string      `json:"selector"`
	Reason      string      `json:"reason"` // "not_found" or "ambiguous"
	Suggestions []string    `json:"suggestions,omitempty"`
	Candidates  []Candidate `json:"candidates,omitempty"`
	// Note says why an ext: selector may match nothing though the
	// dependency declares it (DESIGN.md, Dependency packages: selection).
	Note string `json:"note,omitempty"`
}

// Candidate is one of several symbols an ambiguous selector matched.
type Candidate struct {
	Selector  string `json:"selector"`
	Qualified string `json:"qualified"`
	Kind      string `json:"kind"`
	Line      int    `json:"line"`
}

// ErrNotFound and ErrAmbiguous classify LookupErrors for errors.Is.
var (
	ErrNotFound  = errors.New("graph: not found")
	ErrAmbiguous = errors.New("graph: ambiguous selector")
)

func (e *LookupError) Error() string {
	var b strings.Builder
	if e.Reason == "ambiguous" {
		fmt.Fprintf(&b, "selector %s is ambiguous; pick one of:", e.Selector)
		for _, c := range e.Candidates {
			fmt.Fprintf(&b, "\n  %s  (%s %s, line %d)", c.Selector, c.Kind, c.Qualified, c.Line)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "selector %s matches nothing", e.Selector)
	if e.Note != "" {
		b.WriteString(" (" + e.Note + ")")
	}
	if len(e.Suggestions) > 0 {
		b.WriteString("; did you mean:")
		for _, s := range e.Suggestions {
			b.WriteString("\n  " + s)
		}
	}
	return b.String()
}

// Is lets errors.Is(err, ErrNotFound) and ErrAmbiguous work.
func (e *LookupError) Is(target error) bool {
	return target == ErrNotFound && e.Reason == "not_found" || target == ErrAmbiguous && e.Reason == "ambiguous"
}

// splitKind cuts a ":<kind>" suffix off a selector's name: what follows
// the last single colon, when it is a symbol kind. So a Rust or C++ path
// keeps its "::" (Context::new) and a TypeScript module its ":"
// (util:parse); a word that is no kind stays in the name, which then
// matches nothing.
// splitLine reads an "@<line>" suffix: which of several overloads.
func splitLine(name string) (string, int) {
	i := strings.LastIndexByte(name, '@')
	if i <= 0 {
		return name, 0
	}
	n, err := strconv.Atoi(name[i+1:])
	if err != nil || n < 1 {
		return name, 0
	}
	return name[:i], n
}

func splitKind(name string) (string, string) {
	i := strings.LastIndexByte(name, ':')
	if i < 0 || i > 0 && name[i-1] == ':' {
		return name, ""
	}
	if _, ok := extract.ParseSymbolKind(name[i+1:]); !ok {
		return name, ""
	}
	return name[:i], name[i+1:]
}
