package orbit_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// doc is what a Markdown file shows: the shell commands a reader would
// type, every code span (to find `orbit graph …` mentions), the relative
// links and the paths of a layout block.
type doc struct {
	commands []shown // lines of ```sh blocks; the "command" column of tables
	spans    []shown // inline code spans, and the commands again
	paths    []shown // relative link targets; first fields of a layout block
}

// shown is one thing a doc shows, with where it shows it.
type shown struct {
	where string // README.md:24
	text  string
}

var (
	codeSpan = regexp.MustCompile("`([^`\n]+)`")
	link     = regexp.MustCompile(`\]\(([^)#\s]+)`)
)

// readDoc parses a Markdown file. It understands only what our docs use:
// fenced blocks (```sh holds commands; an unlabelled block whose lines start
// with a path is a layout), tables with a "command" column, and links.
func readDoc(t *testing.T, name string) doc {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var d doc
	var fence string // the open block's label; "" outside one
	inFence := false
	commandCol := -1 // the "command" column of the current table
	for i, line := range strings.Split(string(b), "\n") {
		at := func(s string) shown { return shown{where: name + ":" + strconv.Itoa(i+1), text: s} }
		if strings.HasPrefix(line, "```") {
			inFence, fence = !inFence, strings.TrimPrefix(line, "```")
			continue
		}
		if inFence {
			switch f := strings.Fields(line); {
			case fence == "sh" && len(f) > 0 && !strings.HasPrefix(f[0], "#"):
				d.commands = append(d.commands, at(line))
				d.spans = append(d.spans, at(line))
			case fence == "" && len(f) > 0 && strings.HasSuffix(f[0], "/") && !strings.ContainsAny(f[0], ":<"):
				d.paths = append(d.paths, at(f[0]))
			}
			continue
		}
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			if !strings.Contains(m[1], "://") {
				d.paths = append(d.paths, at(m[1]))
			}
		}
		cells := tableCells(line)
		switch {
		case cells == nil:
			commandCol = -1
		case commandCol < 0:
			commandCol = indexOf(cells, "command")
		case commandCol < len(cells) && !strings.HasPrefix(cells[commandCol], "---"):
			// A synopsis (`orbit graph sync [--full]`) is checked as a
			// mention, not run.
			if m := codeSpan.FindStringSubmatch(cells[commandCol]); m != nil && !strings.HasPrefix(m[1], "orbit ") {
				d.commands = append(d.commands, at(m[1]))
			}
		}
		for _, m := range codeSpan.FindAllStringSubmatch(strings.ReplaceAll(line, `\|`, "|"), -1) {
			d.spans = append(d.spans, at(m[1]))
		}
	}
	return d
}

// tableCells splits a table row on its unescaped pipes ("\|" is a pipe
// inside a cell); nil when the line is not a row.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") {
		return nil
	}
	var cells []string
	var cell strings.Builder
	for i := 1; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cell.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(line[i])
		}
	}
	return cells
}

func indexOf(xs []string, x string) int {
	for i, s := range xs {
		if s == x {
			return i
		}
	}
	return -1
}
