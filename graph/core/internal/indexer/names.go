package indexer

import (
	"hash/maphash"
	"unsafe"
)

// nameTable interns the names of a cold build's definition index without a
// pointer per name: their bytes in one slice, each name a fixed-size slot,
// found through an open-addressing table of slot numbers. The collector
// scans none of it, and a name costs its bytes and about 30 more, where a
// map keyed by string cost a string allocation and about 60.
type nameTable struct {
	text  []byte     // the names' bytes, each once, never rewritten
	slots []nameSlot // by name number
	table []int32    // name number + 1 (0: empty), at a hash's position and onward
	seed  maphash.Seed
}

// nameSlot is a name (its bytes in text), its chain of definitions (first
// and last index into memIndex.defs, -1 when none: a namespace or a fact's
// word only) and whether the name is a namespace of the worktree's own
// (valid while memIndex.spaces holds).
type nameSlot struct {
	off, n      uint32
	hash        uint32
	first, last int32
	space       bool
}

func newNameTable() *nameTable {
	return &nameTable{table: make([]int32, 1024), seed: maphash.MakeSeed()}
}

// find returns the number of name q, or -1 when it was never interned.
func (t *nameTable) find(q string) int32 {
	h := uint32(maphash.String(t.seed, q))
	mask := uint32(len(t.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		n := t.table[i] - 1
		if n < 0 {
			return -1
		}
		if s := &t.slots[n]; s.hash == h && t.name(n) == q {
			return n
		}
	}
}

// intern returns the number of name q, adding it (with no definitions)
// when new.
func (t *nameTable) intern(q string) int32 {
	if n := t.find(q); n >= 0 {
		return n
	}
	if 2*(len(t.slots)+1) > len(t.table) {
		t.grow()
	}
	n := int32(len(t.slots))
	h := uint32(maphash.String(t.seed, q))
	t.slots = append(t.slots, nameSlot{off: uint32(len(t.text)), n: uint32(len(q)), hash: h, first: -1, last: -1})
	t.text = append(t.text, q...)
	t.place(n)
	return n
}

// place puts name n in the first free position from its hash's.
func (t *nameTable) place(n int32) {
	mask := uint32(len(t.table) - 1)
	i := t.slots[n].hash & mask
	for t.table[i] != 0 {
		i = (i + 1) & mask
	}
	t.table[i] = n + 1
}

// grow doubles the table, which stays at most half full so that probes
// stay short.
func (t *nameTable) grow() {
	t.table = make([]int32, 2*len(t.table))
	for n := range t.slots {
		t.place(int32(n))
	}
}

// name is name n's string. It shares text's bytes, which are never
// rewritten (a later append may move text, the old bytes stay as they were).
func (t *nameTable) name(n int32) string {
	s := &t.slots[n]
	if s.n == 0 {
		return ""
	}
	return unsafe.String(&t.text[s.off], int(s.n))
}
