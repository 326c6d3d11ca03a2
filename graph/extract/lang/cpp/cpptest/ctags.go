package cpptest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// comparison pairs our symbol kinds with universal-ctags' kinds
// (--kinds-C=+px --kinds-C++=+px: prototypes and extern variables on).
var comparison = []struct {
	row         string
	ours, ctags []string
}{
	{"functions", []string{"function"}, []string{"function"}},
	{"prototypes", []string{"function_declaration"}, []string{"prototype"}},
	{"methods, constructors", []string{"method", "constructor"}, []string{"method"}},
	{"classes", []string{"class"}, []string{"class"}},
	{"structs", []string{"struct"}, []string{"struct"}},
	{"unions", []string{"union"}, []string{"union"}},
	{"enums", []string{"enum"}, []string{"enum"}},
	{"enumerators", []string{"enumerator"}, []string{"enumerator"}},
	{"typedefs, using aliases", []string{"type_alias"}, []string{"typedef"}},
	{"macros", []string{"macro"}, []string{"macro"}},
	{"globals", []string{"var", "const"}, []string{"variable", "externvar"}},
	{"namespaces", []string{"namespace"}, []string{"namespace"}},
	{"members (fields)", nil, []string{"member"}},
}

// CompareCtags runs universal-ctags over the files each language extracted,
// forcing that language, and logs its tag counts next to ours. It logs
// and returns when ctags is not installed.
func CompareCtags(t *testing.T, s *Stats) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Log("universal-ctags not installed: no comparison")
		return
	}
	theirs, anon := map[string]int{}, map[string]int{}
	for lang, files := range s.ByLang {
		if err := ctagsCounts(lang, files, theirs, anon); err != nil {
			t.Logf("ctags on %d %s files: %v", len(files), lang, err)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %9s %9s %14s\n", "kind", "ours", "ctags", "ctags __anon*")
	for _, c := range comparison {
		fmt.Fprintf(&b, "%-24s %9d %9d %14d\n", c.row, sum(s.Symbols, c.ours), sum(theirs, c.ctags), sum(anon, c.ctags))
	}
	t.Logf("symbols compared with universal-ctags:\n%s", b.String())
}

// ctagsCounts adds the tags ctags finds in files, by kind, into counts,
// and those it names __anon (anonymous types, lambdas) into anon too;
// functions and prototypes scoped in a class, struct or union count as
// "method".
func ctagsCounts(lang string, files []File, counts, anon map[string]int) error {
	force := map[string]string{"c": "C", "cpp": "C++"}[lang]
	if force == "" {
		return fmt.Errorf("unknown language %q", lang)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Abs
	}
	cmd := exec.Command("ctags", "--language-force="+force, "--output-format=json", "--fields=+K",
		"--kinds-C=+px", "--kinds-C++=+px", "-L", "-", "-f", "-")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\n"))
	out, err := cmd.Output()
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var tag struct{ Name, Kind, ScopeKind string }
		if json.Unmarshal(sc.Bytes(), &tag) != nil {
			continue
		}
		kind := tag.Kind
		if (kind == "function" || kind == "prototype") && slices.Contains([]string{"class", "struct", "union"}, tag.ScopeKind) {
			kind = "method"
		}
		counts[kind]++
		if strings.HasPrefix(tag.Name, "__anon") {
			anon[kind]++
		}
	}
	return sc.Err()
}

func sum(m map[string]int, keys []string) int {
	n := 0
	for _, k := range keys {
		n += m[k]
	}
	return n
}
