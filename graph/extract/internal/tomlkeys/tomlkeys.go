// Package tomlkeys lists the keys of a TOML document in the order it
// states them, which decoding into a map loses: go-toml's parser gives
// the order, its decoder the values.
package tomlkeys

import (
	"slices"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Keys are the full paths of the document's table headers and key/value
// pairs, in order (a pair's path starts with its table's). Keys inside
// inline tables and arrays are not listed. Nil, with the parser's error,
// for a document that is not valid TOML.
func Keys(b []byte) ([][]string, error) {
	var p unstable.Parser
	p.Reset(b)
	var table []string
	var out [][]string
	for p.NextExpression() {
		e := p.Expression()
		var key []string
		for it := e.Key(); it.Next(); {
			key = append(key, string(it.Node().Data))
		}
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = key
			out = append(out, key)
		case unstable.KeyValue:
			out = append(out, append(slices.Clip(table), key...))
		}
	}
	if err := p.Error(); err != nil {
		return nil, err
	}
	return out, nil
}
