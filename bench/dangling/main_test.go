package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestOwnNamespace(t *testing.T) {
	defined := map[string]bool{"github.com/x/app": true, "github.com/x/app.T": true, "pkg": true, "pkg.request": true}
	spaces := map[string]bool{"github.com": true, "github.com/x": true, "github.com/x/app": true, "github.com/x/app.T": true,
		"pkg": true, "pkg.request": true}
	for _, tc := range []struct {
		target  string
		imports []string
		want    bool
	}{
		{"github.com/x/app.T.Missing", nil, true},                     // a type without that member
		{"github.com/x/lib.F", []string{"github.com/x/lib"}, false},   // a library beside the app
		{"github.com/x/lib", []string{"github.com/x/lib"}, false},     // the library's import itself
		{"pkg.request.form.get", []string{"pkg"}, true},               // a chain below an imported own module
		{"pkg.request.form.get", []string{"pkg.request.form"}, false}, // nothing of pkg.request.form is defined
		{"requests.get", []string{"requests"}, false},
	} {
		if got := ownNamespace(tc.target, tc.imports, defined, spaces); got != tc.want {
			t.Errorf("ownNamespace(%q, %v) = %v, want %v", tc.target, tc.imports, got, tc.want)
		}
	}
}

// On a real index: a library's name is undefined but not dangling, and a
// name invented below the repository's own module is graded below
// same_module, so nothing dangles.
func TestDanglingOnARepository(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	files := map[string]string{
		"pkg/__init__.py": "",
		"pkg/helpers.py":  "def real():\n    return 1\n",
		"app.py":          "import requests\nfrom pkg import helpers\n\n\ndef main():\n    requests.get('u')\n    helpers.real()\n    helpers.gone()\n",
	}
	for p, c := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "x"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	var out, errs strings.Builder
	if err := run(&out, &errs, []string{"-corpus", root, "-format", "json", "-max", "0"}); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out.String(), errs.String())
	}
	var rep Report
	if err := json.Unmarshal([]byte(out.String()), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Languages) != 1 || rep.Languages[0].Undefined["import_resolved"] == 0 {
		t.Errorf("want requests.get undefined at import_resolved: %s", out.String())
	}
}
