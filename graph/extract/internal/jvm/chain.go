package jvm

// Chain is what an expression evaluates to, as a Receiver chain
// (RESOLUTION.md) and the alternatives of its first element; Recv is nil
// when the file gives no evidence.
type Chain struct {
	Recv, Alts []string
}

// Then is c followed by steps, in a new slice: chains are shared by
// variables and frames, so they are never appended to in place.
func (c Chain) Then(steps ...string) Chain {
	if c.Recv == nil {
		return Chain{}
	}
	r := make([]string, 0, len(c.Recv)+len(steps))
	return Chain{Recv: append(append(r, c.Recv...), steps...), Alts: c.Alts}
}

// Target is where a ref points: a candidate Q and its alternatives, or a
// receiver chain whose member the ref's Name is (then Alts belong to
// Recv[0]).
type Target struct {
	Q          string
	Alts, Recv []string
}
