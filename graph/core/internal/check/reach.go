package check

// reach marks what the given entries reach through edges ranked at most
// floor (1 exact … 4 fuzzy_name).
func reach(c *Catalog, entries []Entry, floor int8, keep func(Entry) bool) []bool {
	seen := make([]bool, len(c.Callables))
	var stack []int32
	for _, e := range entries {
		if keep != nil && !keep(e) || seen[e.Callable] {
			continue
		}
		seen[e.Callable] = true
		stack = append(stack, e.Callable)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range c.out[n] {
			if e.rank <= floor && !seen[e.to] {
				seen[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
	return seen
}
