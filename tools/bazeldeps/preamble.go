package main

import (
	"regexp"
	"strings"
)

// preamble is the cgo preamble of a Go file: the comment right above
// `import "C"`, as C text, and where it sits in the file.
type preamble struct {
	Start, End int      // lines [Start, End) of the file hold the comment
	C          []string // its text with the comment markers removed
	Block      bool     // written as /* ... */ rather than // lines
}

// parsePreamble finds the preamble of src, split into lines.
func parsePreamble(lines []string) (preamble, bool) {
	for i, l := range lines {
		if strings.TrimSpace(l) != `import "C"` {
			continue
		}
		end := i
		if end > 0 && strings.TrimSpace(lines[end-1]) == "*/" {
			start := end - 1
			for start > 0 && !strings.HasPrefix(strings.TrimSpace(lines[start]), "/*") {
				start--
			}
			c := append([]string(nil), lines[start+1:end-1]...)
			if first := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[start]), "/*")); first != "" {
				c = append([]string{first}, c...)
			}
			return preamble{Start: start, End: end, C: c, Block: true}, true
		}
		start := end
		for start > 0 && strings.HasPrefix(strings.TrimSpace(lines[start-1]), "//") {
			start--
		}
		var c []string
		for _, l := range lines[start:end] {
			l = strings.TrimPrefix(strings.TrimSpace(l), "//")
			c = append(c, strings.TrimPrefix(l, " "))
		}
		return preamble{Start: start, End: end, C: c}, true
	}
	return preamble{}, false
}

var (
	includeRe    = regexp.MustCompile(`^\s*#\s*include\s+([<"])([^>"]+)[>"]`)
	hasIncludeRe = regexp.MustCompile(`^\s*#\s*if\s+__has_include\(\s*"([^"]+)"\s*\)`)
	endifRe      = regexp.MustCompile(`^\s*#\s*endif\b`)
	cgoFlagsRe   = regexp.MustCompile(`^\s*#cgo\s+(?:[\w,! ]+\s+)?(CFLAGS|CPPFLAGS):\s*(.*)$`)
	languageRe   = regexp.MustCompile(`\bC\.(tree_sitter_\w+)\(`)
)

// include is one #include line.
type include struct {
	Name     string
	Quoted   bool
	Optional bool // inside #if __has_include(Name)
}

// includes lists the #include lines of C text.
func includes(c []string) []include {
	var out []include
	guard := ""
	for _, l := range c {
		if m := hasIncludeRe.FindStringSubmatch(l); m != nil {
			guard = m[1]
			continue
		}
		if endifRe.MatchString(l) {
			guard = ""
			continue
		}
		if m := includeRe.FindStringSubmatch(l); m != nil {
			out = append(out, include{Name: m[2], Quoted: m[1] == `"`, Optional: guard == m[2]})
		}
	}
	return out
}

// preambleIncludes are the quoted includes of a Go file's preamble whose
// names end in suffix.
func preambleIncludes(src, suffix string) []include {
	p, ok := parsePreamble(strings.Split(src, "\n"))
	if !ok {
		return nil
	}
	var out []include
	for _, in := range includes(p.C) {
		if in.Quoted && strings.HasSuffix(in.Name, suffix) {
			out = append(out, in)
		}
	}
	return out
}

// cgoFlags splits a preamble's CFLAGS and CPPFLAGS into include
// directories and the other compiler options.
func cgoFlags(c []string) (incDirs, copts []string) {
	for _, l := range c {
		m := cgoFlagsRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for _, f := range strings.Fields(m[2]) {
			switch {
			case strings.HasPrefix(f, "-I"):
				incDirs = append(incDirs, strings.TrimPrefix(f, "-I"))
			case f == "-fPIC": // Bazel decides position independence itself
			default:
				copts = append(copts, f)
			}
		}
	}
	return incDirs, copts
}
