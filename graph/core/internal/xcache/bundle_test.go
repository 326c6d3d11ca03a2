package xcache

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestBundles: a bundle returns its files' extractions deep-equal and in
// order; one read for another number of files, damaged or truncated is
// corrupt and deleted; a plain entry is not a bundle.
func TestBundles(t *testing.T) {
	c := testCache(t, 0)
	var xs []*extract.ExtractedFile
	var encoded [][]byte
	for _, f := range fixtures(t) {
		if len(f.in.Content) < 1500 && len(xs) < 5 {
			xs = append(xs, f.x)
			e, err := Encode(f.x)
			if err != nil {
				t.Fatal(err)
			}
			encoded = append(encoded, e)
		}
	}
	k, _ := c.Key([]byte("names and hashes"), "bundle", "@go/x", extract.ModuleContext{Root: "@go"})
	if got, err := c.GetBundle(k, len(xs)); got != nil || err != nil {
		t.Fatalf("empty cache: %v, %v", got != nil, err)
	}
	if err := c.PutBundle(k, encoded); err != nil {
		t.Fatal(err)
	}
	got, err := c.GetBundle(k, len(xs))
	if err != nil || !reflect.DeepEqual(got, xs) {
		t.Fatalf("round trip: %v, equal %v", err, reflect.DeepEqual(got, xs))
	}
	good, err := os.ReadFile(c.path(k))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBundle(k, len(xs)-1); !errors.Is(err, ErrCorrupt) {
		t.Errorf("read for %d files: %v, want ErrCorrupt", len(xs)-1, err)
	}
	damaged := map[string][]byte{"empty": {}, "appended": append(bytes.Clone(good), 0)}
	for n := 1; n < len(good); n += 7 {
		damaged[fmt.Sprintf("truncated to %d", n)] = good[:n]
	}
	for i := 0; i < len(good); i += 3 {
		b := bytes.Clone(good)
		b[i] ^= 0x10
		damaged[fmt.Sprintf("byte %d flipped", i)] = b
	}
	if x := xs[0]; true {
		if err := c.Put(k, x); err != nil {
			t.Fatal(err)
		}
		plain, _ := os.ReadFile(c.path(k))
		damaged["a plain entry"] = plain
	}
	for name, b := range damaged {
		if err := os.WriteFile(c.path(k), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := c.GetBundle(k, len(xs)); got != nil || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s: got %v, %v; want ErrCorrupt", name, got != nil, err)
		}
		if _, err := os.Stat(c.path(k)); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s: corrupt bundle kept", name)
		}
	}
}
