package signature

import "testing"

func TestNormalize(t *testing.T) {
	c := New(Style{Space: " \t\r\\", Comments: "//", Quotes: `"'`, LineQuotes: `"'`, Open: "([", Close: ")],;"})
	goStyle := New(Style{Space: " \t\r", Comments: "//", Quotes: "\"'`", RawQuotes: "`", Open: "([{", Close: ")]},", CommaClose: ")]}"})
	kotlin := New(Style{Space: " \t\r\f", Comments: "//", Nested: true, Quotes: `"'`, Open: "([<", Close: ")]>,", CommaClose: ")]>"})
	python := New(Style{Space: " \t\r\f\\", Comments: "#", Quotes: `"'`, LineQuotes: `"'`, Triple: true,
		Open: "([{", Close: ")]}", CommaClose: ")]}", CommaOnNewline: true})
	csharp := New(Style{Space: " \t\r", Comments: "//", Hashes: true, Quotes: `"'`, Verbatim: true, Open: "([", Close: ")],"})
	rust := New(Style{Space: " \t\r\f", Comments: "//", Quotes: `"`, Open: "([{<", Close: ")]}", CommaClose: ")]}",
		NewlineClose: ">", CommaOnNewline: true})
	for _, tc := range []struct {
		n        *Normalizer
		in, want string
	}{
		{c, "int  f( int a ,\n\tchar *b ) /* c */ ;", "int f(int a, char *b);"},
		{c, "#define X \\\n  1", "#define X 1"},
		{c, `f("a  b", 'c`, `f("a  b", 'c`},
		{goStyle, "func f(\n\ta int, // x\n\tb string,\n) error", "func f(a int, b string) error"},
		{goStyle, "var x = `a\\` + \"b\\\"c\"", "var x = `a\\` + \"b\\\"c\""},
		{kotlin, "fun f(/* a /* b */ c */ x: Map< K , V >,)", "fun f(x: Map<K, V>)"},
		{python, "def f(\n    a,  # first\n    b='''x\n  y''',\n):", "def f(a, b='''x\n  y'''):"},
		{python, "def f(a, b,)", "def f(a, b,)"},
		{csharp, "#if DEBUG\n[X] void F(string s = @\"a\"\"b\")\n#endif", "[X] void F(string s = @\"a\"\"b\")"},
		{rust, "fn f<\n    T,\n>(x: T) -> Option<T>", "fn f<T>(x: T) -> Option<T>"},
	} {
		if got := tc.n.NormalizeString(tc.in); got != tc.want {
			t.Errorf("NormalizeString(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := tc.n.Normalize([]byte(tc.in)); got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCap(t *testing.T) {
	for _, tc := range []struct {
		s    string
		max  int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc..."},
		{"aéb", 2, "a..."}, // é is two bytes: no cut inside it
	} {
		if got := Cap(tc.s, tc.max, "..."); got != tc.want {
			t.Errorf("Cap(%q, %d) = %q, want %q", tc.s, tc.max, got, tc.want)
		}
	}
}
