package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ConfigPath is where a worktree states its own entry points and
// thresholds, relative to its root (DESIGN.md, Checks).
const ConfigPath = ".orbitcheck.json"

// Config is the content of ConfigPath. Every field is optional.
type Config struct {
	// Roots are entry points the code does not show (called by reflection,
	// from another language, by a plug-in host): qualified names, or
	// path.Match patterns over qualified names ("pkg.Handle*").
	Roots []string `json:"roots,omitempty"`
	// Annotations are further decorator or annotation names that make a
	// callable an entry point (a framework's @Scheduled), matched as
	// written or by their last segment.
	Annotations []string `json:"annotations,omitempty"`
	// ExportedAPI, when false, stops a library's exported callables from
	// counting as entry points (a module whose only users are its mains).
	ExportedAPI *bool `json:"exported_api,omitempty"`
	// DuplicateMinSize is the smallest normalised body, in bytes, the
	// duplicates rule reports; 0 means DefaultDuplicateMinSize.
	DuplicateMinSize int `json:"duplicate_min_size,omitempty"`
	// CouplingMaxFanOut is how many other packages one package may call
	// before the coupling rule reports it; 0 means DefaultCouplingMaxFanOut.
	CouplingMaxFanOut int `json:"coupling_max_fan_out,omitempty"`
}

const (
	DefaultDuplicateMinSize  = 120
	DefaultCouplingMaxFanOut = 12
)

// ReadConfig reads root's ConfigPath; a missing file is the zero Config.
func ReadConfig(root string) (Config, error) {
	var c Config
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(ConfigPath)))
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read check config: %w", err)
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("read check config %s: %w", ConfigPath, err)
	}
	return c, nil
}
