package tsutil

import (
	"regexp"
	"sync"
	"time"
)

// LazyDoor is a door built on its first call, once. A language's door
// holds its grammar's tables (kind and field ids, flags, actions), which
// cost hundreds of thousands of instructions to build: built at package
// init, every process would pay them for every language, even a query
// that parses nothing. An extractor calls its LazyDoor at the top of
// Extract, so every walk runs after the tables are built; sync.Once makes
// the build safe for extractions running in parallel.
type LazyDoor func() *Door

// Lazy returns the door build makes, built on first use.
func Lazy(build func() *Door) LazyDoor { return sync.OnceValue(build) }

// WithTimeout is the door d builds with a parser pool of its own whose
// parses give up after t, built on first use too.
func (d LazyDoor) WithTimeout(t time.Duration) LazyDoor {
	return Lazy(func() *Door { return d().WithTimeout(t) })
}

// LazyRegexp is expr compiled on its first use, once: compiled at package
// init, as regexp.MustCompile in a var is, every process would pay for
// every language's regexps. A bad expr panics at that first use, which the
// language's tests reach.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
