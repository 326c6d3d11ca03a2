package dbpath

import "testing"

func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"main":         "main",
		"feat/foo":     "feat_foo",
		"user/x/y.z-1": "user_x_y.z-1",
		".hidden":      "_.hidden",
		"weird name:ü": "weird_name__",
	} {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}
