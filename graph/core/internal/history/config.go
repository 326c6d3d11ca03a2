package history

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ConfigFile holds a worktree's settings for history, meant to be
// committed so a team shares them. One "key = value" a line; blank lines
// and lines starting with # are skipped; the value is the rest of the
// line, trimmed, taken as written (no quoting or escapes, so a regular
// expression is written as Go reads it). Keys:
//
//	history.task-pattern   the task-id pattern (a Go regular expression)
const ConfigFile = ".orbit/config"

const keyTaskPattern = "history.task-pattern"

// readConfig reads ConfigFile's keys; a missing file has none.
func readConfig(root string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(ConfigFile)))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok:
			return nil, fmt.Errorf("%s:%d: want key = value", ConfigFile, i+1)
		case k != keyTaskPattern:
			return nil, fmt.Errorf("%s:%d: unknown key %q (known: %s)", ConfigFile, i+1, k, keyTaskPattern)
		}
		out[k] = v
	}
	return out, nil
}

// TaskPattern is the task-id pattern in force: flag when not "", else
// ConfigFile's history.task-pattern, else DefaultTaskPattern; and where it
// came from ("flag", the config file's name, "default").
func TaskPattern(root, flag string) (*regexp.Regexp, string, error) {
	src, expr := "flag", flag
	if expr == "" {
		cfg, err := readConfig(root)
		if err != nil {
			return nil, "", err
		}
		src, expr = ConfigFile, cfg[keyTaskPattern]
	}
	if expr == "" {
		return DefaultTaskPattern, "default", nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, "", fmt.Errorf("task pattern from %s: %w", src, err)
	}
	return re, src, nil
}
