package kotlin

import (
	"bytes"
	"testing"
)

func TestPrepare(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fun a() { x.apply { override(1, 2) } }\n", "fun a() { x.apply { _verride(1, 2) } }\n"},
		{"override fun f() = x.override(1)\n", "override fun f() = x.override(1)\n"},
		{"val j = suspend { 1 }\nval k = suspend(b)\n", "val j = _uspend { 1 }\nval k = _uspend(b)\n"},
		{"val f: suspend (Int) -> Unit = {}\nsuspend fun g() {}\n", "val f: suspend (Int) -> Unit = {}\nsuspend fun g() {}\n"},
		{"class A\n@JvmOverloads\npublic constructor(val x: Int)\n", "class A @JvmOverloads public constructor(val x: Int)\n"},
		{"class A<T>\n@Deprecated(message = \"m\", replaceWith =\n  ReplaceWith(\"B()\"))\nconstructor()\n", "class A<T> @Deprecated(message = \"m\", replaceWith =   ReplaceWith(\"B()\")) constructor()\n"},
		{"class A\nconstructor(val x: Int)\n", "class A\nconstructor(val x: Int)\n"},
		{"class A {\n  @Inject\n  constructor(x: Int)\n}\n", "class A {\n  @Inject\n  constructor(x: Int)\n}\n"},
		{"overrides(1)", "overrides(1)\n"},
	} {
		in := []byte(c.in)
		orig := bytes.Clone(in)
		got := prepare(in)
		if string(got) != c.want {
			t.Errorf("prepare(%q) = %q, want %q", c.in, got, c.want)
		}
		if !bytes.Equal(in, orig) {
			t.Errorf("prepare(%q) changed its input", c.in)
		}
		if len(got) != len(newlineEnded(in)) {
			t.Errorf("prepare(%q): length %d, want %d", c.in, len(got), len(newlineEnded(in)))
		}
	}
}
