package golang

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestTokensAsGoScanner: goTokens reads every Go file of GOROOT/src
// (testdata's malformed ones too) as go/scanner does: the same tokens
// at the same offsets, the same identifiers and strings, the same
// semicolons inserted (a number is INT whatever its kind).
func TestTokensAsGoScanner(t *testing.T) {
	root := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("GOROOT sources unavailable: %v", err)
	}
	files := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		if testing.Short() && strings.Contains(p, "testdata") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		if diff := tokensDiffer(src); diff != "" {
			t.Errorf("%s: %s", p, diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 1000 {
		t.Fatalf("only %d Go files under %s", files, root)
	}
}

// TestTokensAsGoScannerCorners: what GOROOT may not hold.
func TestTokensAsGoScannerCorners(t *testing.T) {
	for _, src := range []string{
		"", "\uFEFFpackage p", "\xFF\xFEp\x00a", "x\uFEFFy", "a /* b\n c */ d", "a /* b */ d\n", "a // c", "a /* c",
		"\"abc", "\"a\\\nb\"", "'\\", "`a\r\nb`", "x\x00y", "0x1p-2i 1e+5 .5 0b101 0o17 08 1_000 0x_1 1..2 x.y...",
		"a &^= b &^ c <<= d >>= e <- f <= g << h >= i >> j ++ k -- l := m", "é ½ π2 a\u0300", "'\n'", "return\n}",
		"a\xC0b", "\"\\x\"", "\"\\u00\n", "a\r\n b", "@#$?\\",
	} {
		if diff := tokensDiffer([]byte(src)); diff != "" {
			t.Errorf("%q: %s", src, diff)
		}
	}
}

// tokensDiffer says where goTokens and go/scanner first part over src.
func tokensDiffer(src []byte) string {
	var s scanner.Scanner
	file := token.NewFileSet().AddFile("", -1, len(src))
	s.Init(file, src, func(token.Position, string) {}, 0)
	z := newGoTokens(string(src))
	for n := 0; ; n++ {
		pos, tok, lit := s.Scan()
		at, ztok, zlit := z.scan()
		switch tok {
		case token.FLOAT, token.IMAG:
			tok = token.INT
		}
		if tok != token.IDENT && tok != token.STRING && tok != token.SEMICOLON {
			lit = ""
		}
		if off := file.Offset(pos); off != at || tok != ztok || lit != zlit {
			return fmt.Sprintf("token %d: at %d %s %q, read as at %d %s %q", n, off, tok, lit, at, ztok, zlit)
		}
		if tok == token.EOF {
			return ""
		}
	}
}

// TestKeywordsAsLookup: keyword knows go/token's keywords.
func TestKeywordsAsLookup(t *testing.T) {
	for tok := token.Token(0); tok < 200; tok++ {
		if s := tok.String(); token.IsKeyword(s) && keyword(s) != tok {
			t.Errorf("keyword(%q) = %v", s, keyword(s))
		}
	}
	if keyword("any") != token.IDENT || keyword("iota") != token.IDENT {
		t.Error("not keywords read as keywords")
	}
}
