package render

import (
	"bytes"
	"strings"
	"testing"
)

type inner struct {
	List []int `json:"list"`
}

type answer struct {
	Matches  []string `json:"matches"`
	Optional []string `json:"optional,omitempty"`
	Nested   inner    `json:"nested"`
	Ptr      *inner   `json:"ptr"`
	Items    []inner  `json:"items"`
}

func TestJSONPrintsEmptyListsNotNull(t *testing.T) {
	var b bytes.Buffer
	v := answer{Ptr: &inner{}, Items: []inner{{}}}
	if err := JSON(&b, v); err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSpace(b.String())
	want := `{"matches":[],"nested":{"list":[]},"ptr":{"list":[]},"items":[{"list":[]}]}`
	if got != want {
		t.Errorf("JSON = %s\nwant   %s", got, want)
	}
	if v.Matches != nil {
		t.Error("JSON changed the caller's value")
	}
	// Through a pointer, as the CLI passes some answers.
	b.Reset()
	if err := JSON(&b, &answer{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "null") && !strings.Contains(b.String(), `"ptr":null`) {
		t.Errorf("JSON(&answer{}) = %s", b.String())
	}
}

// node is recursive; flat holds no slice, so NonNil need not look inside.
type node struct {
	Name string  `json:"name"`
	Kids []*node `json:"kids"`
	Tags []string
	Skip []string `json:"-"`
	Flat []flat   `json:"flat"`
	Any  any      `json:"any"`
}

type flat struct {
	A string `json:"a"`
	B int    `json:"b,omitempty"`
}

func TestNonNilRecursiveAndInterfaces(t *testing.T) {
	v := node{Kids: []*node{{Name: "k", Flat: []flat{{A: "x"}}}, nil}, Any: node{Name: "in"}}
	var b bytes.Buffer
	if err := JSON(&b, v); err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSpace(b.String())
	want := `{"name":"","kids":[{"name":"k","kids":[],"Tags":[],"flat":[{"a":"x"}],"any":null},null],"Tags":[],"flat":[],"any":{"name":"in","kids":[],"Tags":[],"flat":[],"any":null}}`
	if got != want {
		t.Errorf("JSON = %s\nwant   %s", got, want)
	}
	// Again, with the types' plans cached.
	b.Reset()
	if err := JSON(&b, v); err != nil || strings.TrimSpace(b.String()) != want {
		t.Errorf("second JSON = %s (%v)", b.String(), err)
	}
}

// BenchmarkNonNil: an answer of 200 flat entries, as refs returns.
func BenchmarkNonNil(b *testing.B) {
	v := node{Flat: make([]flat, 200), Kids: []*node{{}}}
	b.ReportAllocs()
	for b.Loop() {
		NonNil(any(v))
	}
}
