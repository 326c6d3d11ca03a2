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
