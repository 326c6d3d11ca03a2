package render

import "strings"

// minFold is the shortest prefix worth folding.
const minFold = 8

// commonPrefix is the longest prefix, ending in '/', that every non-empty
// name shares: the module path Go qualified names repeat
// ("github.com/org/repo/"). "" when there is none worth folding.
func commonPrefix(names ...string) string {
	prefix, seen := "", 0
	for _, n := range names {
		if n == "" {
			continue
		}
		seen++
		if seen == 1 {
			prefix = n
			continue
		}
		i := 0
		for i < len(prefix) && i < len(n) && prefix[i] == n[i] {
			i++
		}
		prefix = prefix[:i]
	}
	prefix = prefix[:strings.LastIndexByte(prefix, '/')+1]
	if seen < 3 || len(prefix) < minFold {
		return ""
	}
	return prefix
}

// folded drops prefix from a name that has it.
func folded(name, prefix string) string {
	if prefix == "" {
		return name
	}
	return strings.TrimPrefix(name, prefix)
}
