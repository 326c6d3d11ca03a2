package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
)

// A truth file is another language's oracle output (TRUTH.md): targets found
// by where their name is declared, with the sites the compiler resolves to
// them. It becomes an Oracle whose targets are identified by location rather
// than by a Go qualified name.

type truthFile struct {
	Language   string   `json:"language"`
	Oracle     string   `json:"oracle"`
	Corpus     string   `json:"corpus"`
	Seed       uint64   `json:"seed"`
	AllTargets int      `json:"all_targets"`
	Files      []string `json:"files"`
	// Unseen are line ranges of files the compiler did not see (a C
	// preprocessor's branches not taken), by file.
	Unseen  map[string][][2]int `json:"unseen_lines,omitempty"`
	Targets []truthTarget       `json:"targets"`
}

type truthTarget struct {
	Name      string      `json:"name"`
	Container string      `json:"container,omitempty"`
	File      string      `json:"file"`
	Line      int         `json:"line"`
	Col       int         `json:"col"`
	Method    bool        `json:"method,omitempty"`
	Stratum   string      `json:"stratum"`
	Sites     []truthSite `json:"sites"`
	Calls     []truthCall `json:"calls,omitempty"`
}

type truthSite struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Kind string `json:"kind"` // call, import or value
	Note string `json:"note,omitempty"`
}

type truthCall struct {
	Line int      `json:"line"`
	Col  int      `json:"col"`
	Name string   `json:"name"`
	Def  truthLoc `json:"def"`
}

type truthLoc struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

var siteKinds = map[string]bool{"call": true, "import": true, "value": true}

// loadTruth reads a truth file into an Oracle over root. The sample is the
// file's: every target is scored.
func loadTruth(path, root string) (*Oracle, *truthFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var tf truthFile
	if err := json.Unmarshal(b, &tf); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	o := &Oracle{Root: root, Targets: map[string]*Target{}, Files: map[string]bool{}, ByLine: map[fileLine][]Use{}}
	for _, f := range tf.Files {
		o.Files[f] = true
	}
	o.Unseen = tf.Unseen
	src := newSourceLines(root)
	for i, tt := range tf.Targets {
		if err := tt.check(o.Files); err != nil {
			return nil, nil, fmt.Errorf("%s: target %d (%s): %w", path, i, tt.Name, err)
		}
		t := tt.target()
		if o.Targets[t.Key] != nil {
			return nil, nil, fmt.Errorf("%s: target %s appears twice", path, t.Key)
		}
		for _, s := range tt.Sites {
			u := Use{File: s.File, Line: s.Line, Col: s.Col, Key: t.Key, Call: s.Kind == "call", Kind: s.Kind, Note: s.Note}
			u.Selector = t.Method && precededByDot(src.line(s.File, s.Line), s.Col)
			t.Sites = append(t.Sites, u)
			o.ByLine[fileLine{u.File, u.Line}] = append(o.ByLine[fileLine{u.File, u.Line}], u)
		}
		for _, c := range tt.Calls {
			t.Calls = append(t.Calls, Use{File: t.File, Line: c.Line, Col: c.Col, Key: c.Name, Call: true,
				Def: &truthLoc{File: c.Def.File, Line: c.Def.Line}})
		}
		sortUses(t.Sites)
		o.Targets[t.Key] = t
	}
	return o, &tf, nil
}

func (tt truthTarget) check(files map[string]bool) error {
	switch {
	case tt.Name == "" || tt.File == "" || tt.Line < 1 || tt.Col < 1:
		return fmt.Errorf("needs name, file, line and col")
	case !files[tt.File]:
		return fmt.Errorf("file %s is not among the files the oracle saw", tt.File)
	case tt.Stratum != "ambiguous" && tt.Stratum != "unique_function" && tt.Stratum != "unique_method":
		return fmt.Errorf("stratum %q: want ambiguous, unique_function or unique_method", tt.Stratum)
	}
	for _, s := range tt.Sites {
		if !siteKinds[s.Kind] || s.File == "" || s.Line < 1 || s.Col < 1 {
			return fmt.Errorf("site %s:%d:%d kind %q: needs file, line, col and a kind of call, import or value", s.File, s.Line, s.Col, s.Kind)
		}
	}
	return nil
}

// target is the Oracle's view of tt: a readable key (the selector's name at
// its declaration), found by location.
func (tt truthTarget) target() *Target {
	name := tt.Name
	if tt.Container != "" {
		name = tt.Container + "." + tt.Name
	}
	return &Target{
		Key:      fmt.Sprintf("%s@%s:%d", name, tt.File, tt.Line),
		Name:     tt.Name,
		File:     tt.File,
		Line:     tt.Line,
		Method:   tt.Method,
		Stratum:  tt.Stratum,
		Selector: "symbol:" + tt.File + "#" + name,
		ByPlace:  true,
	}
}

// sampleAll is a truth file's sample: all of its targets, in key order.
func sampleAll(o *Oracle) []*Target {
	out := make([]*Target, 0, len(o.Targets))
	for _, t := range o.Targets {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// saveTruth writes the Go oracle's sample as a truth file, so that a Go
// corpus can be gated like the others without the type checker in CI.
func saveTruth(path, corpus string, o *Oracle, sample []*Target, seed uint64) error {
	tf := truthFile{Language: "go", Oracle: "go/types via golang.org/x/tools/go/packages", Corpus: corpus,
		Seed: seed, AllTargets: len(o.Targets), Files: []string{}}
	for f := range o.Files {
		tf.Files = append(tf.Files, f)
	}
	sort.Strings(tf.Files)
	dup, _ := splitByNameCount(o.Targets)
	dupNames := map[string]bool{}
	for _, t := range dup {
		dupNames[t.Name] = true
	}
	for _, t := range sample {
		tt := truthTarget{Name: t.Name, Container: t.Container, File: t.File, Line: t.Line, Col: t.Col,
			Method: t.Method, Stratum: stratumOf(t, dupNames[t.Name]), Sites: []truthSite{}}
		for _, u := range t.Sites {
			tt.Sites = append(tt.Sites, truthSite{File: u.File, Line: u.Line, Col: u.Col, Kind: siteKind(u)})
		}
		for _, c := range t.Calls {
			if d, ok := o.Decls[c.Key]; ok {
				tt.Calls = append(tt.Calls, truthCall{Line: c.Line, Col: c.Col, Name: shortName(c.Key), Def: d})
			}
		}
		tf.Targets = append(tf.Targets, tt)
	}
	sort.Slice(tf.Targets, func(i, j int) bool {
		a, b := tf.Targets[i], tf.Targets[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	b, err := json.MarshalIndent(tf, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
