package rust

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// renameCommand converts a variant name to a clap command name with the
// rename_all rule of its enum (clap's default is kebab-case).
func renameCommand(ident, rule string) string {
	words := splitWords(ident)
	switch rule {
	case "verbatim", "Verbatim":
		return ident
	case "snake_case", "snake":
		return joinWords(words, "_", strings.ToLower)
	case "SCREAMING_SNAKE_CASE", "screaming_snake", "ScreamingSnake":
		return joinWords(words, "_", strings.ToUpper)
	case "lower", "lowercase", "Lower":
		return joinWords(words, "", strings.ToLower)
	case "upper", "UPPERCASE", "Upper":
		return joinWords(words, "", strings.ToUpper)
	case "camelCase", "camel":
		return lowerFirst(joinWords(words, "", title))
	case "PascalCase", "pascal":
		return joinWords(words, "", title)
	}
	return joinWords(words, "-", strings.ToLower) // kebab-case
}

func joinWords(words []string, sep string, f func(string) string) string {
	for i, w := range words {
		words[i] = f(w)
	}
	return strings.Join(words, sep)
}

func title(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + strings.ToLower(w[n:])
}

func lowerFirst(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToLower(r)) + w[n:]
}

// splitWords splits an identifier into words the way the heck crate (which
// clap uses) does: at non-alphanumeric characters, before an upper-case
// letter that follows a lower-case one (digits keep the case before them),
// and before the last capital of an acronym followed by a lower-case
// letter: "HTTPServer2Go" → HTTP, Server2, Go.
func splitWords(s string) []string {
	var words []string
	for _, field := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		rs := []rune(field)
		start := 0
		const (
			boundary = iota
			lower
			upper
		)
		mode := boundary
		for i, c := range rs {
			if i+1 == len(rs) {
				words = append(words, string(rs[start:]))
				break
			}
			next := rs[i+1]
			nextMode := mode
			switch {
			case unicode.IsLower(c):
				nextMode = lower
			case unicode.IsUpper(c):
				nextMode = upper
			}
			switch {
			case nextMode == lower && unicode.IsUpper(next):
				words = append(words, string(rs[start:i+1]))
				start, mode = i+1, boundary
			case mode == upper && unicode.IsUpper(c) && unicode.IsLower(next):
				words = append(words, string(rs[start:i]))
				start, mode = i, boundary
			default:
				mode = nextMode
			}
		}
	}
	return words
}
