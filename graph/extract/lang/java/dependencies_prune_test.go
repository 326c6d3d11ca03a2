package java

import (
	"slices"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestPruneUnreachable: a dependency's file keeps its public and
// protected members, an interface's members but the private ones, enum
// constants and a package-private type with its public members (a public
// type may extend it); private and package-private members, private
// types with what they hold, and the facts about them go.
func TestPruneUnreachable(t *testing.T) {
	src := `package p;

public class Pub extends Base {
    public int a;
    protected String b() { return null; }
    private String c;
    int d() { return 0; }
    Pub() {}
    public Pub(int x) {}
    private static class Hidden { public void h() {} }
    public enum E { X, Y; private int z; }
}

abstract class Base {
    public int length() { return 0; }
    void internal() {}
}

interface I {
    void m();
    private void helper() {}
}
`
	x := New().Extract(extract.Input{Path: "@java/p/Pub.java", Content: []byte(src), DeclarationsOnly: true})
	var got []string
	for _, s := range x.Symbols {
		got = append(got, s.Qualified)
		if s.Parent >= 0 && x.Symbols[s.Parent].Qualified+"."+s.Name != s.Qualified && s.Kind != extract.KindPackage && s.Kind != extract.KindConstructor {
			t.Errorf("%s: parent %s", s.Qualified, x.Symbols[s.Parent].Qualified)
		}
	}
	want := []string{"p", "p.Pub", "p.Pub.a", "p.Pub.b", "p.Pub.<init>", "p.Pub.E", "p.Pub.E.X", "p.Pub.E.Y", "p.Base", "p.Base.length", "p.I", "p.I.m"}
	if !slices.Equal(got, want) {
		t.Errorf("symbols %q\nwant    %q", got, want)
	}
	for _, f := range x.Facts {
		if f.Subject == "p.Pub.d" || f.Subject == "p.Pub" && f.Member == "c" || f.Subject == "p.Pub.Hidden" {
			t.Errorf("fact about a dropped symbol kept: %+v", f)
		}
	}
}

// TestPruneOverloadOnly: a file whose only unreachable member shares its
// name with a kept one (a package-private constructor beside a public
// one) drops it too; what it states stays, as the kept one's.
func TestPruneOverloadOnly(t *testing.T) {
	src := "package p;\npublic class C {\n    public C() {}\n    C(int x) {}\n}\n"
	x := New().Extract(extract.Input{Path: "@java/p/C.java", Content: []byte(src), DeclarationsOnly: true})
	var got []string
	for _, s := range x.Symbols {
		got = append(got, s.Signature)
	}
	if want := []string{"package p", "public class C", "public C()"}; !slices.Equal(got, want) {
		t.Errorf("symbols %q, want %q", got, want)
	}
}
