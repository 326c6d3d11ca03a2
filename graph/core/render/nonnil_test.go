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
