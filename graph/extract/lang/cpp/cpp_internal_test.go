package cpp

import "testing"

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"int  add( int a,\n\tint b )":                 "int add(int a, int b)",
		"void f(int a /* first */, // rest\n int b);": "void f(int a, int b)",
		"#define MAX(a, \\\n  b)":                     "#define MAX(a, b)",
		"f(const char *s = \"a  ;b\")":                "f(const char *s = \"a  ;b\")",
		"char c = ' '":                                "char c = ' '",
		"  template <typename T>\n class V  ":         "template <typename T> class V",
	} {
		if got := normalize([]byte(in)); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOperatorName(t *testing.T) {
	for in, want := range map[string]string{
		"operator==": "operator==", "operator ()": "operator()", "operator new [ ]": "operator new[]",
		"operator delete": "operator delete", "operator<<=": "operator<<=", "operator\"\"_km": "operator\"\"_km",
	} {
		if got := operatorName([]byte(in)); got != want {
			t.Errorf("operatorName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{
		`plain`: "plain", `a\nb\tc`: "a\nb\tc", `\"q\" \\ \'`: `"q" \ '`, `\x41\102\0`: "AB\x00",
		`\u00e9t\U0001F600`: "ét😀", `\q`: `\q`, `end\`: `end\`, `\x`: "\x00",
	} {
		if got := unescape([]byte(in)); got != want {
			t.Errorf("unescape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsScopedEnum(t *testing.T) {
	for head, want := range map[string]bool{
		"enum class E ": true, "enum struct E : int ": true, "enum  class\tE": true,
		"enum E ": false, "enum classification ": false, "enum ": false, "enum E : class_t ": false,
	} {
		if got := isScopedEnum([]byte(head)); got != want {
			t.Errorf("isScopedEnum(%q) = %v, want %v", head, got, want)
		}
	}
}

func TestFirstNamespace(t *testing.T) {
	for src, want := range map[string]string{
		"namespace a { namespace b {} }":                    "a",
		"using namespace std;\nnamespace x::y {":            "x::y",
		"namespace fs = std::filesystem;\nnamespace z {}":   "z",
		"namespace { int x; }\ninline namespace v1 { }":     "v1",
		"// namespace c {\n#define N namespace d {\nint x;": "",
		"const char *s = \"namespace e {\";":                "",
		"auto r = R\"(namespace f {)\"; namespace g {}":     "g",
	} {
		if got := firstNamespace([]byte(src)); got != want {
			t.Errorf("firstNamespace(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestCPPGuard(t *testing.T) {
	for cond, want := range map[string]cond{
		"ifdef __cplusplus":                       {cur: true},
		"ifndef __cplusplus":                      {alt: true},
		"if defined(__cplusplus) && __GNUC__ > 3": {cur: true},
		"if !defined (__cplusplus)":               {alt: true},
		"if __cplusplus >= 201103L":               {cur: true},
		"if U_SHOW_CPLUSPLUS_API":                 {cur: true},
		"ifdef __CORRECT_ISO_CPP_STRING_H_PROTO":  {cur: true},
		"if defined(_WIN32)":                      {},
		"ifdef HAVE_CPPFLAGS":                     {},
	} {
		name, rest, _ := cutWord(cond)
		if got := cppCondition(name, []byte(rest)); got != want {
			t.Errorf("cppCondition(%q) = %+v, want %+v", cond, got, want)
		}
	}
}

func cutWord(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ' ' {
			return s[:i], s[i:], true
		}
	}
	return s, "", false
}
