package tomlkeys

import (
	"reflect"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func TestKeys(t *testing.T) {
	doc := `top = 1
[a] # comment
"b.c" = { x = 1,
  y = 2 }
d.e = 'f'
[[g."h\u0041"]]
i = [1,
  2]
`
	got, err := Keys([]byte(doc))
	want := [][]string{{"top"}, {"a"}, {"a", "b.c"}, {"a", "d", "e"}, {"g", "hA"}, {"g", "hA", "i"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Keys = %q, %v; want %q", got, err, want)
	}
	var m map[string]any
	if err := toml.Unmarshal([]byte(doc), &m); err != nil {
		t.Errorf("the decoder rejects a TOML 1.1 document: %v", err)
	}
	if got, err := Keys([]byte("[a\nb = 1\n")); got != nil || err == nil {
		t.Errorf("malformed: %q, %v", got, err)
	}
}
