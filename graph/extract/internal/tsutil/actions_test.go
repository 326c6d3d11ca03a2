package tsutil

import "testing"

func TestActions(t *testing.T) {
	a := NewActions[uint8](goLang)
	a.SetNamed(goLang, 2, "identifier")
	a.Set(3, goLang.KindID("call_expression"), 0xFFFF) // past the table: ignored
	if got := a.Of(goLang.KindID("identifier")); got != 2 {
		t.Errorf("identifier: %d", got)
	}
	if got := a.Of(goLang.KindID("call_expression")); got != 3 {
		t.Errorf("call_expression: %d", got)
	}
	if got := a.Of(0xFFFF); got != 0 {
		t.Errorf("ERROR: %d, want the default", got)
	}
}
