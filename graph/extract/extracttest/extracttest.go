// Package extracttest is the golden harness every language extractor uses:
// one txtar case per file under testdata/, holding a source file and its
// annotated extraction ("want"), regenerated with -update; and the fuzz,
// corpus and benchmark scaffolding the extractors' tests share.
//
// Layer: extract (test support). It imports extract, tsutil (for parse-only
// benchmarks) and the standard library plus txtar and go-cmp.
package extracttest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
)

var update = flag.Bool("update", false, "rewrite the want sections of golden cases")

// Case options are written as "key: value" lines in the txtar comment:
//
//	module-root: sub        (extract.ModuleContext.Root)
//	module-path: example.com/m  (extract.ModuleContext.Path)

// Run checks every testdata/*.txtar case against ex. It fails when there are
// no cases, so a misplaced testdata directory cannot pass silently.
func Run(t *testing.T, ex extract.Extractor) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("extracttest: no testdata/*.txtar cases found")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runCase(t, ex, file)
		})
	}
}

func runCase(t *testing.T, ex extract.Extractor, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in, wantIdx, err := caseInput(ar)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if !ex.Supports(in.Path) {
		t.Fatalf("%s: extractor %s does not support %s", file, ex.Lang(), in.Path)
	}
	got := ex.Extract(in)
	if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
		t.Errorf("extraction is not deterministic (-first +second):\n%s", cmp.Diff(got, again))
	}
	annotated := Annotate(in.Content, got)
	if *update {
		if wantIdx < 0 {
			ar.Files = append(ar.Files, txtar.File{Name: "want"})
			wantIdx = len(ar.Files) - 1
		}
		ar.Files[wantIdx].Data = []byte(annotated)
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if wantIdx < 0 {
		t.Fatalf("%s: no want section; run with -update", file)
	}
	if diff := cmp.Diff(string(ar.Files[wantIdx].Data), annotated); diff != "" {
		t.Errorf("%s: annotated extraction differs (-want +got):\n%s", file, diff)
	}
}

func caseInput(ar *txtar.Archive) (extract.Input, int, error) {
	in := extract.Input{}
	wantIdx := -1
	for i, f := range ar.Files {
		if f.Name == "want" {
			wantIdx = i
			continue
		}
		if in.Path != "" {
			return in, 0, fmt.Errorf("more than one source file (%s, %s)", in.Path, f.Name)
		}
		in.Path, in.Content = f.Name, f.Data
	}
	if in.Path == "" {
		return in, 0, fmt.Errorf("no source file")
	}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "module-root":
			in.Module.Root = strings.TrimSpace(val)
		case "module-path":
			in.Module.Path = strings.TrimSpace(val)
		}
	}
	return in, wantIdx, nil
}

// note is one annotation anchored at a byte span.
type note struct {
	span  extract.Span
	order int
	text  string
}

// Annotate renders an extraction as the source with a marker line under each
// record's first line: "^^^ def function pkg.Foo".
func Annotate(content []byte, f *extract.ExtractedFile) string {
	var notes []note
	add := func(s extract.Span, order int, format string, args ...any) {
		notes = append(notes, note{s, order, fmt.Sprintf(format, args...)})
	}
	lines := extract.NewLineIndex(content)
	for _, s := range f.Symbols {
		text := fmt.Sprintf("def %s %s", s.Kind, s.Qualified)
		if s.Name != lastSegment(s.Qualified) {
			text += " name=" + s.Name
		}
		if s.Parent != extract.NoParent {
			text += " parent=" + f.Symbols[s.Parent].Qualified
		}
		if end := lines.Line(s.Span.End); end != lines.Line(s.Span.Start) {
			text += fmt.Sprintf(" end=L%d", end)
		}
		if s.Signature != "" {
			text += fmt.Sprintf(" sig=%q", s.Signature)
		}
		if s.Arity.Known {
			text += " arity=" + arity(s.Arity)
		}
		add(s.Span, 0, "%s", text)
	}
	for _, r := range f.Refs {
		target := r.Qualified
		if target == "" {
			target = "?"
		}
		text := fmt.Sprintf("ref %s %s -> %s", r.Kind, r.Name, target)
		if len(r.Receiver) > 0 {
			text = fmt.Sprintf("ref %s %s recv=%s", r.Kind, r.Name, strings.Join(r.Receiver, " "))
			if r.Qualified != "" {
				text += " else " + r.Qualified
			}
		}
		for _, a := range r.Alternatives {
			text += " | " + a
		}
		if r.Args.Known {
			text += " args=" + arity(r.Args)
		}
		add(r.Span, 1, "%s", text)
	}
	for _, r := range f.Relations {
		add(r.Span, 2, "rel %s %s -> %s", r.Kind, r.From, r.To)
	}
	for _, im := range f.Imports {
		text := "import " + im.Path
		if im.Symbol != "" {
			text += " symbol=" + im.Symbol
		}
		if im.Alias != "" {
			text += " as=" + im.Alias
		}
		if im.Resolved != "" {
			text += " resolved=" + im.Resolved
		}
		add(im.Span, 3, "%s", text)
	}
	for _, s := range f.Strings {
		add(s.Span, 4, "string %q L%d", s.Value, s.Line)
	}
	for _, c := range f.Configs {
		add(c.Span, 5, "config %s %s L%d", c.Kind, c.Key, c.Line)
	}
	for _, ft := range f.Facts {
		subject := ft.Subject
		if ft.Member != "" {
			subject += " " + ft.Member
		}
		object := ft.Object
		for _, a := range ft.Alternatives {
			object += " | " + a
		}
		add(ft.Span, 7, "fact %s %s -> %s", ft.Kind, subject, object)
	}
	for _, c := range f.Commands {
		text := fmt.Sprintf("command %q", c.Name)
		if c.Handler != extract.NoHandler {
			h := f.Refs[c.Handler]
			text += " handler=" + h.Qualified
		}
		if c.Body != (extract.Span{}) {
			text += fmt.Sprintf(" body=%d-%d", c.Body.Start, c.Body.End)
		}
		if len(c.Bindings) > 0 {
			text += " binding=" + strings.Join(c.Bindings, ",")
		}
		if len(c.Top) > 0 && !slices.Equal(c.Top, c.Bindings) {
			text += " top=" + strings.Join(c.Top, ",")
		}
		add(c.Span, 6, "%s", text)
	}
	for _, e := range f.CommandEdges {
		add(e.Span, 6, "command edge %s -> %s", e.Parent, e.Child)
	}
	sort.SliceStable(notes, func(i, j int) bool {
		a, b := notes[i], notes[j]
		if a.span.Start != b.span.Start {
			return a.span.Start < b.span.Start
		}
		if a.order != b.order {
			return a.order < b.order
		}
		return a.text < b.text
	})
	return render(content, f, notes)
}

func render(content []byte, f *extract.ExtractedFile, notes []note) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# lang: %s\n# namespace: %s\n", f.Lang, f.Namespace)
	for _, d := range f.Diagnostics {
		fmt.Fprintf(&b, "# diag L%d: %s\n", d.Line, d.Message)
	}
	lineStart := 0
	n := 0
	for lineStart <= len(content) {
		lineEnd := bytes.IndexByte(content[lineStart:], '\n')
		if lineEnd < 0 {
			lineEnd = len(content)
		} else {
			lineEnd += lineStart
		}
		if lineStart == len(content) && lineEnd == lineStart {
			break
		}
		line := content[lineStart:lineEnd]
		b.Write(line)
		b.WriteByte('\n')
		for n < len(notes) && int(notes[n].span.Start) <= lineEnd {
			b.WriteString(marker(line, int(notes[n].span.Start)-lineStart, int(notes[n].span.End)-lineStart))
			b.WriteString(notes[n].text)
			b.WriteByte('\n')
			n++
		}
		lineStart = lineEnd + 1
	}
	for ; n < len(notes); n++ { // spans past the end: an extractor bug worth seeing
		fmt.Fprintf(&b, "<past end> %s\n", notes[n].text)
	}
	return b.String()
}

// marker draws carets under [start, end) clipped to the line, keeping tabs so
// the carets line up with the source.
func marker(line []byte, start, end int) string {
	if start < 0 {
		start = 0
	}
	if start > len(line) {
		start = len(line)
	}
	if end > len(line) {
		end = len(line)
	}
	var b strings.Builder
	for _, c := range line[:start] {
		if c == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	width := end - start
	if width < 1 {
		width = 1
	}
	b.WriteString(strings.Repeat("^", width))
	b.WriteByte(' ')
	return b.String()
}

func lastSegment(q string) string {
	i := strings.LastIndexAny(q, "./:#")
	return q[i+1:]
}

// GoldenInputs returns the source file of every testdata/*.txtar case, with
// its module context, for tests that need real inputs (fuzz seeds,
// concurrency checks).
func GoldenInputs(tb testing.TB) []extract.Input {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("extracttest: no testdata/*.txtar cases found (%v)", err)
	}
	inputs := make([]extract.Input, 0, len(files))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		in, _, err := caseInput(ar)
		if err != nil {
			tb.Fatalf("%s: %v", file, err)
		}
		inputs = append(inputs, in)
	}
	return inputs
}

// arity is "2", "1..3" or "1..": a count, a range, or variadic.
func arity(a extract.Arity) string {
	switch {
	case a.Max < 0:
		return fmt.Sprintf("%d..", a.Min)
	case a.Min == a.Max:
		return fmt.Sprint(a.Min)
	}
	return fmt.Sprintf("%d..%d", a.Min, a.Max)
}
