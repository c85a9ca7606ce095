package headroom

import "github.com/headroom-go/headroom/internal/txt"

// A text of blocks, each opened by a line at the margin that names it
// and holding lines indented under it, is a table of declarations: BEAM
// assembly's `{function, add_edge, 4, 73}.` over its `{label,72}.` and
// `{line,…}.` rows. The blocks look alike line by line, so the lines
// that name them are lost among them, and what a reader looks up is one
// of them by name: the opener and its first lines (its label, its
// source line) say which. blockHeads finds the openers by where lines
// start, no word of any tool.

// blockHeadsMin is the fewest openers that make a text of blocks;
// blockHeadsShare bounds them to one line in that many (a block holds
// lines); blockHeadLines is how many lines of its block, blank ones not
// counted, each opener is kept with.
const (
	blockHeadsMin   = 4
	blockHeadsShare = 3
	blockHeadLines  = 2
)

// blockHeads returns the lines of s that open a block, in input order: a
// line at the margin after a blank line (or opening the text) that names
// something and whose next line is indented under it. An opener alike
// to the one before it, to the byte (openssl's `Certificate:` over each
// record), names nothing new and is left. Nil when they are fewer than
// blockHeadsMin or more than one in blockHeadsShare lines. It holds no
// table: eight bytes an opener, at most a third of the lines.
func blockHeads(s *lineSel) []int {
	n := s.n()
	var heads []int
	last := ""    // the opener before
	blank := true // the line before is blank, or there is none
	// Each line's bounds are read from the index here, each start the
	// end of the line before, not through a call a line (see
	// sectionHeads).
	for i, start := 0, s.at(0); i < n; i++ {
		end := s.at(i + 1)
		l := s.text[start:end]
		start = end
		// Most lines of a text of no blocks (a trace, a blame) start at
		// the margin right after another: no opener and not blank, told
		// by their first byte.
		if len(l) > 0 && !blank && l[0] != ' ' && l[0] != '\t' && l[0] != '\r' && l[0] != '\n' {
			continue
		}
		l = trimBlankRight(trimNL(l))
		if l == "" {
			blank = true
			continue
		}
		if blank && l[0] != ' ' && l[0] != '\t' && namesBlock(l) && i+1 < n && (len(heads) == 0 || l != last) {
			if next := trimBlankRight(s.line(i + 1)); next != "" && (next[0] == ' ' || next[0] == '\t') {
				if len(heads)*blockHeadsShare >= n {
					return nil
				}
				heads = append(heads, i)
				last = l
			}
		}
		blank = false
	}
	if len(heads) < blockHeadsMin || len(heads)*blockHeadsShare > n {
		return nil
	}
	return heads
}

// namesBlock reports whether l, an opener, names something: a letter or
// a digit in it (a bare bracket names nothing), and no comment mark
// opening it.
func namesBlock(l string) bool {
	if l == "" || l[0] == '#' || l[0] == ';' || l[0] == '/' || l[0] == '*' {
		return false
	}
	for k := 0; k < len(l); k++ {
		if c := l[k]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			return true
		}
	}
	return false
}

// blockLines returns the lines an opener at i is kept with: itself and
// its block's next lines up to blockHeadLines of them not blank, as
// [i, end).
func blockLines(s *lineSel, i int) (end int) {
	end = i + 1
	for k := 0; end < s.n() && k < blockHeadLines; end++ {
		if trimBlankRight(s.line(end)) != "" {
			k++
		}
	}
	return end
}

// pickBlockHeads keeps the openers of heads, each with its block's first
// lines (see blockLines), while the output stays within to bytes: all of
// them when they fit, else as many as fit spread evenly over them, each
// priced at its lines and a gap note. pick keeps one line. It returns how
// many openers it kept.
func pickBlockHeads(s *lineSel, heads []int, pick func(i int) bool, to int) int {
	cost := 0
	for _, i := range heads {
		cost += s.gapCost
		for j, end := i, blockLines(s, i); j < end; j++ {
			cost += min(s.cost(j), sectionHeadCost)
		}
	}
	if len(heads) == 0 || to <= s.used {
		return 0
	}
	k := len(heads)
	if cost > to-s.used {
		k = len(heads) * (to - s.used) / cost
	}
	kept := 0
	for _, h := range spread(0, len(heads), k) {
		i := heads[h]
		if s.used >= to || !s.isKept(i) && !pick(i) {
			continue
		}
		kept++
		for j, end := i+1, blockLines(s, i); j < end; j++ {
			if !s.isKept(j) && !pick(j) {
				break
			}
		}
	}
	return kept
}

// blockHeadsKept words the block openers kept, of m; nothing for a text
// that is not one of blocks.
func blockHeadsKept(kept, m int) string {
	if m == 0 {
		return ""
	}
	return txt.Commas(kept) + " of " + txt.Plural(m, "block opener") + " with their first lines, "
}
