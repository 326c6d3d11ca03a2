package main

import (
	"math/rand/v2"
	"sort"
)

// sampleTargets draws n targets with a fixed seed, half of them (when there
// are enough) among short names declared more than once in the corpus
// (String, Close, New...), which is where name-based resolution is tested;
// the rest among the others. The order is stable for a seed.
func sampleTargets(targets map[string]*Target, n int, seed uint64) []*Target {
	dup, uniq := splitByNameCount(targets)
	rng := rand.New(rand.NewPCG(seed, 0x6f72626974)) // "orbit"
	rng.Shuffle(len(dup), func(i, j int) { dup[i], dup[j] = dup[j], dup[i] })
	rng.Shuffle(len(uniq), func(i, j int) { uniq[i], uniq[j] = uniq[j], uniq[i] })
	nd := min(n/2, len(dup))
	nu := min(n-nd, len(uniq))
	nd = min(n-nu, len(dup)) // take more duplicates when unique names run out
	out := append(append([]*Target{}, dup[:nd]...), uniq[:nu]...)
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// splitByNameCount separates targets whose short name is declared more than
// once from the rest, each sorted by key so that shuffling is reproducible.
func splitByNameCount(targets map[string]*Target) (dup, uniq []*Target) {
	count := map[string]int{}
	for _, t := range targets {
		count[t.Name]++
	}
	keys := make([]string, 0, len(targets))
	for k := range targets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if t := targets[k]; count[t.Name] > 1 {
			dup = append(dup, t)
		} else {
			uniq = append(uniq, t)
		}
	}
	return dup, uniq
}
