// Package history attributes commits to the symbols they changed (DESIGN.md,
// History): each commit's hunks against the symbols of the changed files in
// that commit's tree and its parent's, by line-range overlap. It shells out
// to git and extracts the two versions of each changed file with the
// index's own extractors.
package history

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Commit is one commit of the walked history.
type Commit struct {
	Hash    string
	Parent  string // first parent, "" for a root commit
	Author  string
	Date    time.Time
	Subject string
	Files   []FileDiff
}

// FileDiff is one file's hunks in a commit (against its first parent).
type FileDiff struct {
	Path    string // in the commit; the old path when the file was deleted
	Added   bool   // the parent did not have it
	Deleted bool   // the commit does not have it
	Hunks   []Hunk
}

// Hunk is a changed line range: old lines [OldStart, OldStart+OldLen) became
// new lines [NewStart, NewStart+NewLen). A zero length is a pure insertion
// or deletion after the given line.
type Hunk struct {
	OldStart, OldLen, NewStart, NewLen int
}

const fieldSep = "\x1f"

// readLog runs git log on the first-parent history of rev (newest first, at
// most limit commits, only those touching paths when given) with zero-context
// patches, renames off.
func readLog(root, rev string, limit int, paths []string) ([]Commit, error) {
	args := []string{"-C", root, "log", "--first-parent", "-m", "--no-renames", "--no-color", "--no-ext-diff",
		"-p", "-U0", "--format=commit" + fieldSep + "%H" + fieldSep + "%P" + fieldSep + "%an" + fieldSep + "%aI" + fieldSep + "%s"}
	if limit > 0 {
		args = append(args, "-n", strconv.Itoa(limit))
	}
	args = append(args, rev, "--")
	args = append(args, paths...)
	cmd := exec.Command("git", args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	commits, perr := parseLog(out)
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("git log: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return commits, perr
}

// parseLog reads the output of readLog's git log.
func parseLog(r io.Reader) ([]Commit, error) {
	var commits []Commit
	var file *FileDiff
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	flush := func() {
		if file != nil && len(commits) > 0 {
			c := &commits[len(commits)-1]
			c.Files = append(c.Files, *file)
		}
		file = nil
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "commit"+fieldSep):
			flush()
			f := strings.SplitN(line, fieldSep, 6)
			if len(f) != 6 {
				return nil, fmt.Errorf("git log: bad header %q", line)
			}
			date, _ := time.Parse(time.RFC3339, f[4])
			parent := ""
			if ps := strings.Fields(f[2]); len(ps) > 0 {
				parent = ps[0]
			}
			commits = append(commits, Commit{Hash: f[1], Parent: parent, Author: f[3], Date: date, Subject: f[5]})
		case strings.HasPrefix(line, "diff --git "):
			flush()
			if len(commits) == 0 { // git diff: one unnamed change
				commits = append(commits, Commit{})
			}
			file = &FileDiff{}
		case file == nil:
		case strings.HasPrefix(line, "new file mode"):
			file.Added = true
		case strings.HasPrefix(line, "deleted file mode"):
			file.Deleted = true
		case strings.HasPrefix(line, "--- "):
			if p, ok := strings.CutPrefix(line[4:], "a/"); ok {
				file.Path = unquote(p)
			}
		case strings.HasPrefix(line, "+++ "):
			if p, ok := strings.CutPrefix(line[4:], "b/"); ok {
				file.Path = unquote(p)
			}
		case strings.HasPrefix(line, "@@ "):
			h, err := parseHunk(line)
			if err != nil {
				return nil, err
			}
			file.Hunks = append(file.Hunks, h)
		}
	}
	flush()
	return commits, sc.Err()
}

// parseHunk reads "@@ -a,b +c,d @@".
func parseHunk(line string) (Hunk, error) {
	f := strings.Fields(line)
	if len(f) < 3 {
		return Hunk{}, fmt.Errorf("git log: bad hunk %q", line)
	}
	os, ol, err1 := rangeOf(strings.TrimPrefix(f[1], "-"))
	ns, nl, err2 := rangeOf(strings.TrimPrefix(f[2], "+"))
	if err1 != nil || err2 != nil {
		return Hunk{}, fmt.Errorf("git log: bad hunk %q", line)
	}
	return Hunk{OldStart: os, OldLen: ol, NewStart: ns, NewLen: nl}, nil
}

func rangeOf(s string) (start, n int, err error) {
	a, b, found := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil {
		return
	}
	n = 1
	if found {
		n, err = strconv.Atoi(b)
	}
	return
}

// unquote undoes git's C-style quoting of unusual paths.
func unquote(p string) string {
	if strings.HasPrefix(p, `"`) {
		if u, err := strconv.Unquote(p); err == nil {
			return u
		}
	}
	return p
}

// blobs reads files at revisions through one git cat-file process.
type blobs struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func newBlobs(root string) (*blobs, error) {
	cmd := exec.Command("git", "-C", root, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &blobs{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16)}, nil
}

// read returns the file at rev:path; ok is false when it does not exist.
func (b *blobs) read(rev, path string) (content []byte, ok bool, err error) {
	if _, err := fmt.Fprintf(b.in, "%s:%s\n", rev, path); err != nil {
		return nil, false, err
	}
	header, err := b.out.ReadString('\n')
	if err != nil {
		return nil, false, err
	}
	f := strings.Fields(header)
	if len(f) == 2 && f[1] == "missing" {
		return nil, false, nil
	}
	if len(f) != 3 {
		return nil, false, fmt.Errorf("git cat-file: %q", header)
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, false, err
	}
	content = make([]byte, n+1) // and the newline after it
	if _, err := io.ReadFull(b.out, content); err != nil {
		return nil, false, err
	}
	return content[:n], f[1] == "blob", nil
}

func (b *blobs) close() {
	b.in.Close()
	b.cmd.Wait()
}

func gitCmd(root string, args ...string) *exec.Cmd {
	return exec.Command("git", append([]string{"-C", root}, args...)...)
}

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }

// dateLayout is how commit dates are written: RFC 3339 in the author's zone.
const dateLayout = "2006-01-02T15:04:05Z07:00"
