package extract

import "testing"

func TestBlankOutside(t *testing.T) {
	src := []byte("keep\ndrop\r\nkeep too\ndrop")
	got := string(BlankOutside(src, []Span{{Start: 0, End: 4}, {Start: 11, End: 19}, {Start: 30, End: 40}}))
	if want := "keep\n    \r\nkeep too\n    "; got != want {
		t.Errorf("BlankOutside = %q, want %q", got, want)
	}
	if string(src) != "keep\ndrop\r\nkeep too\ndrop" {
		t.Error("BlankOutside changed its input")
	}
	if got := BlankOutside(src, nil); &got[0] != &src[0] {
		t.Error("BlankOutside(nil keep) copied")
	}
}
