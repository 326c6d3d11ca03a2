package xcache

import (
	"sync"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Writer stores entries in the background: Put encodes in the caller
// (a sync's extraction workers, in parallel) and queues the bytes; one
// goroutine writes the files, so a worker goes back to parsing instead of
// waiting on the file system. The queue holds at most maxQueued bytes (a
// Put waits for room beyond that); Close writes what is left.
type Writer struct {
	c    *Cache
	q    chan pending
	done chan struct{}

	mu     sync.Mutex
	room   *sync.Cond
	queued int // bytes queued, not yet written
	max    int // bytes that may be queued (maxQueued)
	err    error
}

// maxQueued bounds the bytes of entries waiting to be written.
const maxQueued = 4 << 20

type pending struct {
	k   Key
	buf *[]byte // pooled (bufs)
}

// NewWriter starts a writer of c's entries; the caller must Close it.
func (c *Cache) NewWriter() *Writer { return c.newWriter(maxQueued) }

func (c *Cache) newWriter(max int) *Writer {
	w := &Writer{c: c, q: make(chan pending, 64), done: make(chan struct{}), max: max}
	w.room = sync.NewCond(&w.mu)
	go w.loop()
	return w
}

// Put queues x for storing under k (Cache.Put), waiting while the queue
// is full. An error is an encoding's; a write's is Close's.
func (w *Writer) Put(k Key, x *extract.ExtractedFile) error {
	bp := bufs.Get().(*[]byte)
	buf, err := encodeEntry((*bp)[:0], k, x)
	if err != nil {
		bufs.Put(bp)
		return err
	}
	*bp = buf
	w.mu.Lock()
	for w.queued > 0 && w.queued+len(buf) > w.max {
		w.room.Wait()
	}
	w.queued += len(buf)
	w.mu.Unlock()
	w.q <- pending{k, bp}
	return nil
}

func (w *Writer) loop() {
	defer close(w.done)
	for p := range w.q {
		buf := *p.buf
		err := w.c.write(p.k, buf)
		if cap(buf) <= maxPooled {
			*p.buf = buf[:0]
			bufs.Put(p.buf)
		}
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.queued -= len(buf)
		w.room.Broadcast()
		w.mu.Unlock()
	}
}

// Close writes the entries still queued and returns the first write
// error. No Put may follow.
func (w *Writer) Close() error {
	close(w.q)
	<-w.done
	return w.err
}
