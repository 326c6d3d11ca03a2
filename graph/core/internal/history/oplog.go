package history

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// An operation log (graph-operations spec) is a sidecar
// .orbit/operations/<commit sha>.json in which a refactoring tool states
// the symbol-level operations one commit performed, each subject named by a
// stable id. This file reads one strictly; oplogcheck.go checks it against
// the commit's tree diff.

// SupportedSchemaVersion is the newest operation-log schema this consumer
// reads; a log claiming a later one falls back to the matcher whole.
const SupportedSchemaVersion = 1

// OperationsDir holds the operation logs, one per commit, in the worktree.
const OperationsDir = ".orbit/operations"

// Schema is the JSON Schema (draft 2020-12) of a version-1 log: the
// definition of well-formedness Parse applies.
//
//go:embed schema/operations-v1.json
var Schema []byte

// The eight operations, in the spec's canonical order.
const (
	OpCreate          = "create"
	OpDelete          = "delete"
	OpRename          = "rename"
	OpMove            = "move"
	OpChangeSignature = "change_signature"
	OpChangeBody      = "change_body"
	OpSplit           = "split"
	OpMerge           = "merge"
)

// OpLog is one commit's operation log.
type OpLog struct {
	SchemaVersion int         `json:"schemaVersion"`
	CommitSha     string      `json:"commitSha"`
	Producer      Producer    `json:"producer"`
	Operations    []Operation `json:"operations"`
}

// Producer is who wrote the log.
type Producer struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Agent   string `json:"agent,omitempty"`
	Model   string `json:"model,omitempty"`
}

// Address names a symbol: its file, its qualified name within the file
// (the local name selectors use: Type.method) and its kind. A rename's
// addresses need only the name and a move's only the file.
type Address struct {
	File          string `json:"file,omitempty"`
	QualifiedName string `json:"qualified_name,omitempty"`
	Kind          string `json:"kind,omitempty"`
}

// Operation is one entry of a log; which fields are set depends on Op.
type Operation struct {
	Op            string     `json:"op"`
	Note          string     `json:"note,omitempty"`
	StableID      string     `json:"stable_id,omitempty"`
	Pre           *Address   `json:"pre,omitempty"`
	Post          *Address   `json:"post,omitempty"`
	BodyHashPre   string     `json:"body_hash_pre,omitempty"`
	BodyHashPost  string     `json:"body_hash_post,omitempty"`
	SignaturePre  *string    `json:"signature_pre,omitempty"`
	SignaturePost *string    `json:"signature_post,omitempty"`
	Source        *Endpoint  `json:"source,omitempty"`   // split
	Children      []Endpoint `json:"children,omitempty"` // split
	Sources       []Endpoint `json:"sources,omitempty"`  // merge
	Target        *Endpoint  `json:"target,omitempty"`   // merge
}

// Endpoint is one subject of a split or merge.
type Endpoint struct {
	StableID     string   `json:"stable_id"`
	Pre          *Address `json:"pre,omitempty"`
	Post         *Address `json:"post,omitempty"`
	BodyHashPost string   `json:"body_hash_post,omitempty"`
}

// ErrMalformed and ErrFutureVersion classify why Parse refused a log.
var (
	ErrMalformed     = errors.New("malformed operation log")
	ErrFutureVersion = errors.New("operation log of a later schema version")
)

// ValidateSchema reports whether data is UTF-8 JSON that the schema
// accepts. It is the whole of well-formedness but the file-name rule.
func ValidateSchema(data []byte) error {
	doc, err := decodeJSON(data)
	if err != nil {
		return err
	}
	return validateDoc(doc)
}

func decodeJSON(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%w: not UTF-8", ErrMalformed)
	}
	doc, err := decodeJSONValue(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return doc, nil
}

func validateDoc(doc any) error {
	sch, err := compiledSchema()
	if err != nil {
		return fmt.Errorf("operation log schema: %w", err)
	}
	if err := sch.check(doc); err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return nil
}

// Parse reads a log whose file-name stem is stem (a path's base name, with
// or without ".json"). It refuses, wrapping ErrFutureVersion, a log whose
// schemaVersion is an integer above SupportedSchemaVersion, before reading
// anything else of it; and, wrapping ErrMalformed, anything that is not
// UTF-8 JSON the schema accepts or whose commitSha is not the stem.
func Parse(stem string, data []byte) (*OpLog, error) {
	doc, err := decodeJSON(data)
	if err != nil {
		return nil, err
	}
	if obj, ok := doc.(map[string]any); ok {
		if n, ok := obj["schemaVersion"].(json.Number); ok {
			if r, ok := new(big.Rat).SetString(string(n)); ok && r.IsInt() && r.Cmp(big.NewRat(SupportedSchemaVersion, 1)) > 0 {
				return nil, fmt.Errorf("%w: schemaVersion %s, this reader supports %d", ErrFutureVersion, n, SupportedSchemaVersion)
			}
		}
	}
	if err := validateDoc(doc); err != nil {
		return nil, err
	}
	var log OpLog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	stem = strings.TrimSuffix(filepath.Base(stem), ".json")
	if log.CommitSha != stem {
		return nil, fmt.Errorf("%w: commitSha %s is not the file name's %q", ErrMalformed, log.CommitSha, stem)
	}
	return &log, nil
}

// ParseFile is Parse of a file's content under its own name.
func ParseFile(path string, data []byte) (*OpLog, error) {
	return Parse(filepath.Base(path), data)
}

// decodeJSONValue reads one JSON value (numbers kept exact) and nothing
// after it.
func decodeJSONValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid character after top-level value")
	}
	return doc, nil
}
