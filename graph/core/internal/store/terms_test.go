package store

import "testing"

func TestSearchTerms(t *testing.T) {
	for in, want := range map[string]string{
		"HandlerFunc":          "HandlerFunc Handler Func",
		"handle_request":       "handle_request",
		"HTTPServerError2":     "HTTPServerError2 HTTP Server Error2",
		"net/http.HandlerFunc": "net/http.HandlerFunc Handler Func",
		"pkg.mod.Class.method": "pkg.mod.Class.method",
		"":                     "",
	} {
		if got := SearchTerms(in); got != want {
			t.Errorf("SearchTerms(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMatchWeight: a dependency symbol matches a search as its full-text
// row would, each word weighed by the best column it is found in.
func TestMatchWeight(t *testing.T) {
	for _, c := range []struct {
		words                      []SearchWord
		name, qualified, signature string
		want                       int
	}{
		{[]SearchWord{{"handler", "handl"}}, "HandlerFunc", "net/http.HandlerFunc", "", 10},
		{[]SearchWord{{"handl"}}, "ServeHTTP", "net/http.HandlerFunc.ServeHTTP", "", 3},
		{[]SearchWord{{"writer"}}, "Hello", "w.Hello", "func Hello(w io.Writer)", 1},
		{[]SearchWord{{"serve"}, {"http"}}, "ServeHTTP", "x.ServeHTTP", "", 20},
		{[]SearchWord{{"serve"}, {"mux"}}, "ServeHTTP", "x.ServeHTTP", "", 0},
		{[]SearchWord{{"erve"}}, "ServeHTTP", "x.ServeHTTP", "", 0}, // prefixes of terms only
		{[]SearchWord{{"error2"}}, "HTTPServerError2", "x.HTTPServerError2", "", 10},
	} {
		if got := matchWeight(c.words, c.name, c.qualified, c.signature); got != c.want {
			t.Errorf("matchWeight(%v, %q, %q, %q) = %d, want %d", c.words, c.name, c.qualified, c.signature, got, c.want)
		}
	}
}
