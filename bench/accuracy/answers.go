package main

import (
	"context"
	"errors"
)

// RefAnswer is one reference our index returns for a target.
type RefAnswer struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"` // 1-based byte column where the ref starts
	Kind       string `json:"kind"`
	Confidence string `json:"confidence"`
	// Via is the supertype member a dispatched call names (query.RefSite).
	Via string `json:"via,omitempty"`
}

// CalleeAnswer is one call our index says a target's body makes.
type CalleeAnswer struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"` // the resolved target's, else the ref's candidate
	// Def is where the resolved target is declared (its span's first line).
	Def        *truthLoc `json:"def,omitempty"`
	Line       int       `json:"line"`
	Column     int       `json:"column"`
	Confidence string    `json:"confidence"`
}

// answerer is the index under test: refs and callees of one target at the
// lowest floor (fuzzy_name), so that every level can be scored.
type answerer interface {
	Refs(ctx context.Context, t *Target) ([]RefAnswer, error)
	Callees(ctx context.Context, t *Target) ([]CalleeAnswer, error)
}

// errUnresolvable: the target's selector names no symbol of the index, or
// several of which none has the target's qualified name.
var errUnresolvable = errors.New("accuracy: selector does not resolve to the target")
