package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/orbitgraph/orbit/graph/core"
)

// progressAfter is how long a sync runs before its progress shows: a quick
// sync prints nothing.
var progressAfter = 500 * time.Millisecond

// progress shows a bar on stderr during a sync (files done of the total,
// files per second, elapsed and remaining time), only when stderr is a
// terminal: a pipe, a file or a test's buffer get no progress bytes. It
// clears the bar when the sync ends.
func (a *app) progress(g *core.Graph) (stop func()) {
	f, ok := a.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return func() {}
	}
	screen := &gate{w: f}
	bar := progressbar.NewOptions(1,
		progressbar.OptionSetWriter(screen),
		progressbar.OptionSetDescription("orbit: indexing"),
		progressbar.OptionSetWidth(24),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("files"),
		progressbar.OptionSetPredictTime(true),
	)
	bar.StartWithoutRender() // the rate and the time left count from the sync's start
	start := time.Now()
	g.SetProgress(func(done, total int) {
		if bar.GetMax() != total {
			screen.open = false // ChangeMax draws the bar at its old count
			bar.ChangeMax(total)
		}
		// The indexer reports every 256 files: each report is drawn.
		screen.open = screen.shown || time.Since(start) >= progressAfter && done < total
		if screen.open {
			screen.shown = true
			bar.Set(done)
		}
	})
	return func() {
		g.SetProgress(nil)
		if screen.shown {
			screen.open = true
			bar.Clear()
		}
	}
}

// gate passes writes to the terminal once open, and drops them before.
type gate struct {
	w           io.Writer
	open, shown bool
}

func (g *gate) Write(p []byte) (int, error) {
	if !g.open {
		return len(p), nil
	}
	return g.w.Write(p)
}
