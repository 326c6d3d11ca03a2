package history

import (
	"crypto/sha256"
	"encoding/base64"
)

// Stable ids (graph-operations spec §3) name a symbol across commits:
// "node:" and 21 characters of the nanoid alphabet. An operation log may
// claim one for a symbol; the identity matcher carries one forward on an
// unchanged (path, local name, kind); any other symbol gets one at first
// sight.
//
// The spec allocates first-sight ids at random. Here they are derived
// instead, from where the walk first saw the symbol: the commit that
// created it, or the walk's base (the parent of the oldest commit walked)
// for a symbol older than the walk. So the same history gives the same ids
// however often the store is rebuilt, and a symbol the walk never saw
// change needs no stored id at all: its id is a function of its address
// and the base. Ids live only in the history store; the index (same files,
// same graph) never holds them, and no query answer shows them.

// addr is a symbol's address: file, local name, kind.
type addr = [3]string

func addrOf(path string, s Symbol) addr { return addr{path, s.Local, s.Kind} }

// deriveID is the first-sight id of the symbol at a, seen first at rev.
func deriveID(rev string, a addr) string {
	h := sha256.Sum256([]byte(rev + "\x00" + a[0] + "\x00" + a[1] + "\x00" + a[2]))
	return "node:" + base64.RawURLEncoding.EncodeToString(h[:16])[:21]
}
