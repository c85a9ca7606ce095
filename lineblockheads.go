package headroom

import (
	"slices"

	"github.com/headroom-go/headroom/internal/txt"
)

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

// Records with no blank line between them are blocks too: V8's
// `  --stack-size (…)` over its indented `type: int  default: …` line,
// perl -MO=Xref's `File …` over its `  Subroutine …` lines over their
// rows, ldd's `path:` over its tab-indented libraries. Each record opens
// with a line at a lesser indentation than the lines under it; nothing
// else marks where one ends and the next begins.

// recordLevelsMax is how many levels of such records blockLevels names
// (files over their subroutines); recordIndentMax, the deepest
// indentation it reads, a tab counting to the next multiple of eight.
const (
	recordLevelsMax = 2
	recordIndentMax = 64
)

// blockLevels returns the openers of the blocks of s, the outer level
// first: a text of blocks between blank lines is one level (see
// blockHeads); otherwise records, the levels of records with no blank
// line between them that recordLevels found in s. Nil when neither
// holds.
func blockLevels(s *lineSel, records [][]int) [][]int {
	if heads := blockHeads(s); heads != nil {
		return [][]int{heads}
	}
	return records
}

// recordLevels returns, outer level first, the openers of records with
// no blank line between them: at an indentation, a line whose next line
// not blank is indented deeper opens a record. An indentation is a level
// of records when blockHeadsMin lines or more open one there, three in
// four of its lines at least (or, in a definition list among paragraphs
// of prose, three in four of the lines after a blank line there: see
// definitionList), one line in two of the text at most (a
// record holds a line under its opener), and the first level holds at
// least as many openers as there are lines less indented than it (a
// title, a banner: the records are the text); a row whose indentation
// pads a right-aligned number opens none (see alignedRow), and a line
// that closes a block (see closesBlock) is its block's last, counted at
// no indentation. An opener alike to the one
// before it at its level, to the byte, names nothing new and is left, as
// in blockHeads. Levels are the shallowest that qualify, in order, up to
// recordLevelsMax. Where lines start is all it reads: two passes, a
// count per indentation.
func recordLevels(s *lineSel) [][]int {
	n := s.n()
	var opens, at, paras, paraOpens [recordIndentMax + 1]int
	prev := -1         // the indentation of the last line not blank; -1 before one, or after a row
	blank := false     // the line right above is blank
	prevBlank := false // a blank line stands right above the last line not blank
	for i, start := 0, s.at(0); i < n; i++ {
		end := s.at(i + 1)
		l := s.text[start:end]
		start = end
		w := indentWidth(l)
		if w < 0 {
			blank = true
			continue
		}
		if closesBlock(l, w) {
			blank = false
			continue
		}
		if prev >= 0 && w > prev {
			opens[prev]++
			if prevBlank && !blank && w > prev+hangingIndent {
				paraOpens[prev]++
			}
		}
		at[w]++
		if blank {
			paras[w]++
		}
		prev, prevBlank, blank = w, blank, false
		if alignedRow(l, w) {
			prev = -1
		}
	}
	var levels []int
	shallower := 0
	for w := range at {
		if len(levels) < recordLevelsMax && opens[w] >= blockHeadsMin && (opens[w]*4 >= at[w]*3 || definitionList(paraOpens[w], paras[w])) && opens[w]*2 <= n &&
			(len(levels) > 0 || shallower <= opens[w]) {
			levels = append(levels, w)
		}
		shallower += at[w]
	}
	if len(levels) == 0 {
		return nil
	}
	out := make([][]int, len(levels))
	last := make([]string, len(levels))
	prevLine, prevW := -1, -1
	for i := range n {
		l := s.line(i)
		w := indentWidth(l)
		if w < 0 || closesBlock(l, w) {
			continue
		}
		if prevW >= 0 && w > prevW && !alignedRow(s.line(prevLine), prevW) {
			if x := slices.Index(levels, prevW); x >= 0 {
				if h := trimBlankRight(s.line(prevLine)); namesBlock(afterIndent(h)) && (len(out[x]) == 0 || h != last[x]) {
					out[x] = append(out[x], prevLine)
					last[x] = h
				}
			}
		}
		prevLine, prevW = i, w
	}
	if len(out[0]) < blockHeadsMin {
		return nil
	}
	if len(out) > 1 && len(out[1]) < blockHeadsMin {
		out = out[:1]
	}
	return out
}

// hangingIndent is how many columns deeper than its term a definition
// is set, at the least, past the two- to four-column step of nested
// code (javap's `    Code:` under its method): lynx -dump's ten under
// three, man's fourteen under seven.
const hangingIndent = 4

// definitionList reports whether an indentation where opens of the
// paras lines that follow a blank line open a definition — the next
// line, with no blank line between, indented more than hangingIndent
// columns deeper — holds a definition list among paragraphs of prose: a
// rendered document's (lynx -dump's `   www-data` over its description
// indented ten columns, between the GPL's paragraphs indented three). A
// paragraph's lines after its first say nothing of the level, so only
// its first is counted: three in four of them, blockHeadsMin or more,
// open a definition.
func definitionList(opens, paras int) bool {
	return opens >= blockHeadsMin && opens*4 >= paras*3
}

// recordsInCut reports whether an opener of records with no blank line
// between them (records, the levels recordLevels found in s) lies where
// a clip of s would cut, between byte headEnd and byte tailStart: what
// names a record there is a reason to plan.
func recordsInCut(s *lineSel, records [][]int, headEnd, tailStart int) bool {
	for _, level := range records {
		if peaksInCut(s, level, headEnd, tailStart) {
			return true
		}
	}
	return false
}

// alignedRow reports whether l, indented w columns, is a row whose
// indentation is the padding of a right-aligned number (jar tvf's sizes,
// openssl asn1parse's offsets): indented and opening with a digit. Such
// a row opens no record.
func alignedRow(l string, w int) bool {
	k := 0
	for k < len(l) && (l[k] == ' ' || l[k] == '\t') {
		k++
	}
	return w > 0 && k < len(l) && l[k] >= '0' && l[k] <= '9'
}

// closesBlock reports whether l, indented w columns, closes a block: its
// first byte after the indentation a closing bracket (pahole's `};`
// under each struct, a brace language's `}`). A closer belongs to the
// block above it, as its last line: it opens no record and is no line
// standing at its indentation of its own, so the openers there, one a
// block, are not outnumbered by their blocks' closers.
func closesBlock(l string, w int) bool {
	t := afterIndent(l)
	return w >= 0 && t != "" && (t[0] == '}' || t[0] == ')' || t[0] == ']')
}

// afterIndent returns l from its first byte that is not a space or a
// tab: an indentation's columns (a tab is up to eight) are no count of
// its bytes.
func afterIndent(l string) string {
	k := 0
	for k < len(l) && (l[k] == ' ' || l[k] == '\t') {
		k++
	}
	return l[k:]
}

// indentWidth returns the indentation of line l, a space counting one
// column and a tab to the next multiple of eight, capped at
// recordIndentMax; -1 for a blank line.
func indentWidth(l string) int {
	w := 0
	for k := 0; k < len(l); k++ {
		switch l[k] {
		case ' ':
			w++
		case '\t':
			w = w/8*8 + 8
		case '\r', '\n':
			return -1
		default:
			return min(w, recordIndentMax)
		}
	}
	return -1
}

// namesBlock reports whether l, an opener, names something: a letter or
// a digit in it (a bare bracket names nothing), and no comment mark
// opening it (a '/' is one only before '/' or '*': a path is a name).
func namesBlock(l string) bool {
	if l == "" || l[0] == '#' || l[0] == ';' || l[0] == '*' || l[0] == '/' && (len(l) == 1 || l[1] == '/' || l[1] == '*') {
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
// [i, end); the block ends before a line not blank indented no deeper
// than the opener (the next record's opener, with no blank line
// between).
func blockLines(s *lineSel, i int) (end int) {
	w := indentWidth(s.line(i))
	end = i + 1
	for k := 0; end < s.n() && k < blockHeadLines; end++ {
		if v := indentWidth(s.line(end)); v >= 0 {
			if v <= w {
				break
			}
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
			if !s.isKept(j) {
				cost += min(s.size(j), sectionHeadCost)
			}
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

// withBlockLines returns pick, which keeps one line of s, made to keep
// an opener of blocks (in input order or not) with its block's first
// lines (see blockLines) once it keeps it: the stages that pick a line
// for its shape, not for the block it opens, keep what it names with
// it, as pickBlockHeads does; a name alone says which block, not what
// it holds.
func withBlockLines(s *lineSel, blocks []int, pick func(i int) bool) func(i int) bool {
	if len(blocks) == 0 {
		return pick
	}
	sorted := slices.Clone(blocks)
	slices.Sort(sorted)
	return func(i int) bool {
		if !pick(i) {
			return false
		}
		if _, ok := slices.BinarySearch(sorted, i); ok {
			for j, end := i+1, blockLines(s, i); j < end; j++ {
				if !s.isKept(j) && !pick(j) {
					break
				}
			}
		}
		return true
	}
}

// blockHeadsKept words the block openers kept, of m; nothing for a text
// that is not one of blocks.
func blockHeadsKept(kept, m int) string {
	if m == 0 {
		return ""
	}
	return txt.Commas(kept) + " of " + txt.Plural(m, "block opener") + " with their first lines, "
}
