package rust

// cfg_if!'s branches in a dependency crate (DESIGN.md, Rust dependencies:
// what a dependent can reach). `cfg_if! { if #[cfg(a)] { … } else if
// #[cfg(b)] { … } else { … } }` compiles the first branch whose cfg
// holds: a branch is dead here when its cfg cannot hold, or when one
// before it surely holds. A branch whose cfg is undecided (a feature, a
// build script's cfg) stays, and so does every branch after it that is
// not dead for its own cfg. libc's other platforms' modules, and most
// of its platform files' definitions, sit in dead branches.

// cfgIfBranch is one branch of a cfg_if! call: its cfg predicate's
// tokens (inside cfg(…); nil for else) and the token indices of its
// body's braces.
type cfgIfBranch struct {
	cond        []token
	open, close int
}

// isCfgIf: toks[i] starts a cfg_if! call's body (`cfg_if! {`,
// `cfg_if::cfg_if! {`): the index of its {, or -1.
func isCfgIf(toks []token, i int) int {
	if i+2 < len(toks) && !toks[i].str && toks[i].text == "cfg_if" && toks[i+1].text == "!" && toks[i+2].text == "{" {
		return i + 2
	}
	return -1
}

// cfgIfBranches reads the branches of the cfg_if! call whose body opens
// at toks[open]; nil when the body is not chains of `if #[cfg(…)] {…}`
// joined by else.
func cfgIfBranches(toks []token, open int) []cfgIfBranch {
	end := matching(toks, open, "{", "}")
	var out []cfgIfBranch
	for i := open + 1; i < end; {
		if toks[i].str || toks[i].text != "if" {
			return nil
		}
		b, next, ok := cfgIfBranchAt(toks, i+1, end)
		if !ok {
			return nil
		}
		out = append(out, b)
		i = next
		for i < end && !toks[i].str && toks[i].text == "else" {
			if i+1 < end && toks[i+1].text == "{" && !toks[i+1].str {
				close := matching(toks, i+1, "{", "}")
				out = append(out, cfgIfBranch{open: i + 1, close: close})
				i = close + 1
				break
			}
			if i+1 >= end || toks[i+1].str || toks[i+1].text != "if" {
				return nil
			}
			if b, next, ok = cfgIfBranchAt(toks, i+2, end); !ok {
				return nil
			}
			out = append(out, b)
			i = next
		}
		out = append(out, cfgIfBranch{open: -1}) // a chain ends: the next is decided afresh
	}
	return out
}

// cfgIfBranchAt reads `#[cfg(…)] { … }` at toks[i]: the branch and the
// index after its }.
func cfgIfBranchAt(toks []token, i, end int) (cfgIfBranch, int, bool) {
	if i+4 >= end || toks[i].text != "#" || toks[i+1].text != "[" || toks[i+2].text != "cfg" || toks[i+3].text != "(" {
		return cfgIfBranch{}, 0, false
	}
	attrEnd := matching(toks, i+1, "[", "]")
	condEnd := matching(toks, i+3, "(", ")")
	open := attrEnd + 1
	if attrEnd >= end || condEnd >= attrEnd || open >= end || toks[open].str || toks[open].text != "{" {
		return cfgIfBranch{}, 0, false
	}
	close := matching(toks, open, "{", "}")
	return cfgIfBranch{cond: toks[i+4 : condEnd], open: open, close: close}, close + 1, true
}

// deadBranches lists the branches of a cfg_if! call (cfgIfBranches)
// that cannot be compiled here.
func (e cfgEnv) deadBranches(bs []cfgIfBranch) []cfgIfBranch {
	var dead []cfgIfBranch
	taken := false // a branch before, in this chain, surely holds
	for _, b := range bs {
		if b.open < 0 {
			taken = false
			continue
		}
		v := cfgTrue
		if b.cond != nil {
			v, _ = e.eval(b.cond)
		}
		switch {
		case taken || v == cfgFalse:
			dead = append(dead, b)
		case v == cfgTrue:
			taken = true
		}
	}
	return dead
}
