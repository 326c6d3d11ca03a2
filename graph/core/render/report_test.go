package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
)

// TestReportTextNamesPackages: with packages on, the text report says
// what was read and names the dependencies that are missing or read at
// another version than the lock pins, as the JSON report does.
func TestReportTextNamesPackages(t *testing.T) {
	var b bytes.Buffer
	err := ReportText(&b, indexer.Report{Mode: "cold", Packages: &indexer.PackagesReport{
		Packages: 4, Indexed: 2, Files: 31,
		Missing: []string{"go example.com/gone@v1.0.0: not in the module cache"}, MissingCount: 3,
		Notes: []string{"typescript evlib@2.0.0: node_modules holds 2.0.0, the lock file pins 1.2.1"}, NoteCount: 1,
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  dependency packages: 4 known, 2 indexed, 31 external files\n",
		"  missing go example.com/gone@v1.0.0: not in the module cache\n",
		"  … and 2 more missing\n",
		"  note: typescript evlib@2.0.0: node_modules holds 2.0.0, the lock file pins 1.2.1\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	ReportText(&b, indexer.Report{Mode: "cold"})
	if strings.Contains(b.String(), "dependency packages") {
		t.Errorf("packages off, yet the report names them:\n%s", b.String())
	}
}
