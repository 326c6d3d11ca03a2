package cpp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, cpp.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, cpp.New(), "cpp", map[string]bool{
		"a.cc": true, "a.cpp": true, "a.cxx": true, "a.c++": true, "A.CPP": true, "a.hpp": true,
		"a.hh": true, "a.hxx": true, "a.h++": true, "a.h": false, "a.c": false, "vector": false,
	})
}

func TestLooksLikeCPP(t *testing.T) {
	for src, want := range map[string]bool{
		"int f(void);\n":                                            false,
		"namespace geo { int x; }\n":                                true,
		"using namespace std;\n":                                    true,
		"template <typename T> T id(T v);\n":                        true,
		"class Point { int x; };\n":                                 true,
		"class Point;\n":                                            true,
		"struct S { public: int x; };\n":                            true,
		"int x = std::max(1, 2);\n":                                 true,
		"extern \"C++\" int f(int);\n":                              true,
		"void f() noexcept;\n":                                      true,
		"const char *s = R\"(raw)\";\n":                             true,
		"int y = static_cast<int>(x);\n":                            true,
		"// namespace geo { class X {}; }\nint f(void);\n":          false,
		"/* template <class T> */ int f(void);\n":                   false,
		"const char *s = \"std::string namespace x {\";\n":          false,
		"#define NS namespace x {\nint f(void);\n":                  false,
		"char c = ':'; int a = b ? c : d;\n":                        false,
		"[[gnu::always_inline]] static int f(void);\n":              false,
		"void f(void) { __asm__ volatile(\"\" ::: \"memory\"); }\n": false,
		"int class_count; char *namespace;\n":                       false,
		"struct private_data { int x; };\nint n = 1'000;\n":         false,
		"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n": false,
		"int f(void);\n#ifdef __cplusplus\ntemplate <class T> T g(T);\n#endif\nint h(void);\nint i(void);\n" +
			"int j(void);\nint k(void);\n": false,
		"#ifdef __cplusplus\nnamespace geo {\nclass Point { public: int x, y; };\n}\n#endif\n":                                                                  true,
		"#if !defined(__cplusplus)\nint f(void);\n#else\nnamespace geo { int f(); }\n#endif\n":                                                                  false,
		"#ifndef __cplusplus\n#error C++ only\n#else\nnamespace geo {\ntemplate <class T> class Box { public: T get() const { return v; } T v; };\n}\n#endif\n": true,
	} {
		if got := cpp.LooksLikeCPP([]byte(src)); got != want {
			t.Errorf("LooksLikeCPP(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result with Lang and Namespace set.
func TestParseTimeout(t *testing.T) {
	ex := cpp.New().WithTimeout(time.Nanosecond)
	src := "namespace slow::io {\n" + strings.Repeat("int f(int a) { return g(a) + h(a) * 2; }\n", 20000) + "}\n"
	f := ex.Extract(extract.Input{Path: "src/slow.cc", Content: []byte(src)})
	extracttest.TimedOut(t, f, "cpp", "slow::io")
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, cpp.New(), extracttest.GoldenInputs(t))
}

// TestDeclMacros checks that an export macro between `class` and the name
// (leveldb's `class LEVELDB_EXPORT Env`) does not hide the class, its
// members and what follows it, and that the text of strings is kept.
func TestDeclMacros(t *testing.T) {
	src := `namespace leveldb {
class LEVELDB_EXPORT Env {
 public:
  Status Foo(int x) { return x; }
};
class LEVELDB_EXPORT EnvWrapper final : public Env {
 public:
  Status Bar() override { return Foo(1); }
};
struct LEVELDB_EXPORT Options {
  int x;
};
const char* kDoc = "class FOO_API Bar {";
}  // namespace leveldb
`
	f := cpp.New().Extract(extract.Input{Path: "include/env.h", Content: []byte(src)})
	got := map[string]string{}
	for _, s := range f.Symbols {
		got[s.Qualified] = s.Kind.String()
	}
	for q, kind := range map[string]string{
		"leveldb::Env": "class", "leveldb::Env::Foo": "method", "leveldb::EnvWrapper": "class",
		"leveldb::EnvWrapper::Bar": "method", "leveldb::Options": "struct",
	} {
		if got[q] != kind {
			t.Errorf("%s: kind %q, want %q; symbols %v", q, got[q], kind, got)
		}
	}
	if _, ok := got["leveldb::LEVELDB_EXPORT"]; ok {
		t.Errorf("the macro became a symbol: %v", got)
	}
	found := false
	for _, s := range f.Strings {
		found = found || strings.Contains(s.Value, "FOO_API")
	}
	if !found {
		t.Errorf("string literal changed: %+v", f.Strings)
	}
}
