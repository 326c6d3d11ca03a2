package bench

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// slice200k are the GOROOT/src directories of the ~200k-line corpus: a fixed
// list, so a baseline keeps meaning the same files.
var slice200k = []string{"go", "encoding", "text", "fmt", "strings", "bytes", "io", "bufio", "errors", "sort", "strconv"}

// slice1700 is a ~1,700-file, ~30 MB repository (1,732 .go files): the
// 200k slice plus crypto, net and os.
var slice1700 = append(append([]string{}, slice200k...), "crypto", "net", "os")

// Corpus is a copy of part of the Go standard library in a fresh directory
// (the index is written under the corpus, never into GOROOT).
type Corpus struct {
	Root  string
	Files int   // .go files
	Lines int   // lines of .go files
	Bytes int64 // bytes of .go files
}

// NewCorpus copies "gostd" (all of GOROOT/src), "gostd200k",
// "gostd200k+gomod" (the same slice with src/go.mod at its root) or
// "gostd1700" into dir.
func NewCorpus(name, dir string) (*Corpus, error) {
	src := filepath.Join(runtime.GOROOT(), "src")
	var dirs []string
	switch name {
	case "gostd":
		dirs = []string{"."}
	case "gostd200k", "gostd200k+gomod":
		dirs = slice200k
	case "gostd1700":
		dirs = slice1700
	default:
		return nil, fmt.Errorf("unknown corpus %q", name)
	}
	c := &Corpus{Root: filepath.Join(dir, name)}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(c.Root, d), 0o755); err != nil {
			return nil, err
		}
		cmd := exec.Command("cp", "-a", filepath.Join(src, d)+"/.", filepath.Join(c.Root, d))
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("copy %s: %v: %s", d, err, out)
		}
	}
	if name == "gostd200k+gomod" {
		// The standard library's own go.mod ("module std"), a module marker.
		cmd := exec.Command("cp", "-a", filepath.Join(src, "go.mod"), c.Root)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("copy go.mod: %v: %s", err, out)
		}
	}
	return c, c.count()
}

func (c *Corpus) count() error {
	return filepath.WalkDir(c.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		n, lines, err := countLines(f)
		c.Files++
		c.Lines += lines
		c.Bytes += n
		return err
	})
}

func countLines(r io.Reader) (int64, int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var n int64
	lines := 0
	for {
		b, err := br.ReadSlice('\n')
		n += int64(len(b))
		if len(b) > 0 && b[len(b)-1] == '\n' {
			lines++
		}
		if err == io.EOF {
			return n, lines, nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			return n, lines, err
		}
	}
}
