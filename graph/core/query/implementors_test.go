package query

import (
	"slices"
	"testing"
)

func TestPathSegments(t *testing.T) {
	for in, want := range map[string][]string{
		"std::fmt::Display":          {"std", "fmt", "Display"},
		"io.Writer":                  {"io", "Writer"},
		"ts/src/app:Greeter":         {"ts", "src", "app", "Greeter"},
		"Billing::Invoice#total":     {"Billing", "Invoice", "total"},
		"std::convert::From<u8>":     {"std", "convert", "From"},
		"example.com/p.Iface[T any]": {"example", "com", "p", "Iface"},
		"Display":                    {"Display"},
		"::":                         nil,
	} {
		if got := pathSegments(in); !slices.Equal(got, want) {
			t.Errorf("pathSegments(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTraitMatch(t *testing.T) {
	qualified := traitQuery{Name: "Display", Segments: []string{"fmt", "Display"}}
	bare := traitQuery{Name: "Display"}
	bySelector := traitQuery{Name: "Display", exactQ: "std::fmt::Display"}
	for _, c := range []struct {
		q     traitQuery
		trait string
		want  string
	}{
		{qualified, "std::fmt::Display", MatchExact},
		{qualified, "fmt::Display", MatchExact},
		{qualified, "app::Display", MatchName},
		{qualified, "Display", MatchName}, // shorter than the query
		{qualified, "std::myfmt::Display", MatchName},
		{bare, "std::fmt::Display", MatchName},
		{bySelector, "std::fmt::Display", MatchExact},
		{bySelector, "fmt::Display", MatchName},
	} {
		if got := c.q.match(c.trait, pathSegments(c.trait)); got != c.want {
			t.Errorf("%+v.match(%q) = %s, want %s", c.q, c.trait, got, c.want)
		}
	}
}
