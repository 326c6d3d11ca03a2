package store

import (
	"fmt"
	"strings"
)

// NameCommands gives every command its full path: the path its file states,
// under the full path of the command another file adds its tree to
// (command_edges name both sides by what holds them). The first edge and
// the first holder, by file and position, win, so the names do not depend
// on the order files were synced in; a cycle of edges is cut where it
// closes. Commands are few, so all of them are named again on every sync.
func (t *Tx) NameCommands() error {
	if err := t.Flush(); err != nil {
		return err
	}
	type command struct {
		id                     int64
		name, local, top, hold string
	}
	rows, err := t.tx.Query(`SELECT id, name, local_name, top, bindings FROM commands ORDER BY file_path, span_start, id`)
	cmds, err := scanAll(rows, err, "name commands", func(c *command) []any {
		return []any{&c.id, &c.name, &c.local, &c.top, &c.hold}
	})
	if err != nil {
		return err
	}
	held := map[string]int{} // binding → the first command held by it
	for i, c := range cmds {
		for _, b := range lines(c.hold) {
			if _, ok := held[b]; !ok {
				held[b] = i
			}
		}
	}
	type edge struct{ parent, child string }
	rows, err = t.tx.Query(`SELECT parent, child FROM command_edges ORDER BY file_path, span_start, parent, child`)
	edges, err := scanAll(rows, err, "name commands", func(e *edge) []any { return []any{&e.parent, &e.child} })
	if err != nil {
		return err
	}
	parentOf := map[string]int{} // a top's binding → the command adding it
	for _, e := range edges {
		if p, ok := held[e.parent]; ok {
			if _, seen := parentOf[e.child]; !seen {
				parentOf[e.child] = p
			}
		}
	}
	full := make([]string, len(cmds))
	visiting := make([]bool, len(cmds))
	var name func(i int) string
	name = func(i int) string {
		if full[i] != "" {
			return full[i]
		}
		n := cmds[i].local
		visiting[i] = true
		for _, top := range lines(cmds[i].top) {
			if p, ok := parentOf[top]; ok && !visiting[p] {
				n = name(p) + " " + n
				break
			}
		}
		visiting[i] = false
		full[i] = n
		return n
	}
	for i, c := range cmds {
		if n := name(i); n != c.name {
			if _, err := t.tx.Exec(`UPDATE commands SET name = ? WHERE id = ?`, n, c.id); err != nil {
				return fmt.Errorf("name commands: %w", err)
			}
		}
	}
	return nil
}

// lines splits a newline-separated column; "" has none.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
