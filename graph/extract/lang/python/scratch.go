package python

// scratches keeps the memory a dependency's file needs (blanking it,
// summarizing it) from file to file: a cold build with packages handles
// ~150-200 of them, and each few MB allocated brings the next garbage
// collection closer. A channel rather than a sync.Pool, which a
// collection empties: one comes every few files.
type scratches[T any] struct {
	free  chan *T
	fresh func() *T
}

func newScratches[T any](fresh func() *T) scratches[T] {
	return scratches[T]{free: make(chan *T, 8), fresh: fresh}
}

// get is a scratch not in use, or a fresh one.
func (s scratches[T]) get() *T {
	select {
	case sc := <-s.free:
		return sc
	default:
		return s.fresh()
	}
}

// put gives a scratch back; beyond the eight kept, it is dropped.
func (s scratches[T]) put(sc *T) {
	select {
	case s.free <- sc:
	default:
	}
}
