package main

import (
	"os"
	"path/filepath"
	"strings"
)

// sourceLines reads corpus files line by line on demand, for matching rules
// that look at the text between a ref's start and an identifier.
type sourceLines struct {
	root  string
	files map[string][]string
}

func newSourceLines(root string) *sourceLines {
	return &sourceLines{root: root, files: map[string][]string{}}
}

// line returns line n (1-based) of file, or "" when there is none.
func (s *sourceLines) line(file string, n int) string {
	lines, ok := s.files[file]
	if !ok {
		b, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(file)))
		if err == nil {
			lines = strings.Split(string(b), "\n")
		}
		s.files[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}
