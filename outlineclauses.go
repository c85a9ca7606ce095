package headroom

import (
	"slices"
	"strings"
)

// In the languages that define a function by clauses (Elixir's def and
// defp, Erlang's name(…) -> at column 0), one function is many declaration
// lines: `def reduce([h | t], fun) do`, `def reduce([], _fun) do`, … Its
// first clause names it (often a bodyless head that carries the defaults:
// `def sort_by(enumerable, mapper, sorter \\ :asc)`); the others are its
// body. And its type signature is a line of its own above it (`@spec
// reduce(t, (element, acc -> acc)) :: acc`, Erlang's `-spec call(…) ->
// …`): the two are one declaration, kept together or not at all.

// clauseKeywords open the clauses of a function, one line each.
var clauseKeywords = []string{"def ", "defp ", "defmacro ", "defmacrop "}

// signatureWords open a function's type signature, a line above its
// first clause that names it again.
var signatureWords = []string{"@spec ", "-spec "}

// clauseName returns what names the function line i of n is a clause of
// (its keyword and name, or an Erlang clause's name), or "" for a line
// that is not a clause (a C function's `main(int argc, char *argv[])`).
func clauseName(content func(int) string, i, n int) string {
	l := content(i)
	ind, _ := indentOf(l)
	t := l[ind:]
	for _, k := range clauseKeywords {
		if rest, ok := strings.CutPrefix(t, k); ok {
			if w := nameEnd(rest); w > 0 {
				return t[:len(k)+w]
			}
			return ""
		}
	}
	if ind == 0 && clauseHead(t) && (clauseArrow(trimBlankRight(t)) || clauseHeadSplit(content, i, n)) {
		return t[:identEnd(t)]
	}
	return ""
}

// nameEnd returns the length of the function name that starts t: an
// identifier, dotted ones after it (Ruby's self.parse), and a trailing
// ?, ! or = (Elixir's member? and fetch!, Ruby's setter options=).
func nameEnd(t string) int {
	w := identEnd(t)
	for w > 0 && w+1 < len(t) && t[w] == '.' && identEnd(t[w+1:]) > 0 {
		w += 1 + identEnd(t[w+1:])
	}
	if w > 0 && w < len(t) && (t[w] == '?' || t[w] == '!' || t[w] == '=') {
		w++
	}
	return w
}

// signatureName returns the function a signature line names, or "".
func signatureName(t string) string {
	for _, k := range signatureWords {
		if rest, ok := strings.CutPrefix(t, k); ok {
			return rest[:nameEnd(rest)]
		}
	}
	return ""
}

// clauseNames holds clauseName of every declaration line, found once for
// foldClauses and signatureLeads: names[k] is that of lines[k], lines in
// input order.
type clauseNames struct {
	lines []int
	names []string
}

// findClauseNames returns the clause names of the lines of ranks.
func findClauseNames(ranks [outlineRanks][]int, content func(int) string, n int) clauseNames {
	c := clauseNames{lines: mergedDecls(ranks)}
	c.names = make([]string, len(c.lines))
	for k, i := range c.lines {
		c.names[k] = clauseName(content, i, n)
	}
	return c
}

// of returns the clause name of line i, "" when it has none or is no
// declaration line.
func (c clauseNames) of(i int) string {
	if k, ok := slices.BinarySearch(c.lines, i); ok {
		return c.names[k]
	}
	return ""
}

// foldClauses drops from ranks every clause that follows a clause of the
// same function at the same indentation with no other declaration
// between: a multi-clause function is one declaration, its first line.
// names are the clause names of ranks' lines.
func foldClauses(ranks [outlineRanks][]int, content func(int) string, names clauseNames) [outlineRanks][]int {
	drop := map[int]bool{}
	prev, prevInd := "", -1
	for k, i := range names.lines {
		name := names.names[k]
		ind, _ := indentOf(content(i))
		if name != "" && name == prev && ind == prevInd {
			drop[i] = true
		}
		prev, prevInd = name, ind
	}
	return withoutLines(ranks, drop)
}

// signatureLeads finds the signature line of each first clause left in
// ranks — the nearest line above it at its indentation (blank lines,
// comments and the signature's own deeper-indented lines skipped) when
// that line is a signature naming the same function — and returns ranks
// without those lines, which lead their declarations in. names hold the
// clause names of ranks' lines (or of more lines: those foldClauses
// dropped).
func signatureLeads(ranks [outlineRanks][]int, content func(int) string, names clauseNames) ([outlineRanks][]int, declLeads) {
	leads := declLeads{}
	drop := map[int]bool{}
	for _, i := range mergedDecls(ranks) {
		name := names.of(i)
		if name == "" {
			continue
		}
		ind, _ := indentOf(content(i))
		name = name[strings.LastIndexByte(name, ' ')+1:]
		for j := i - 1; j >= 0 && i-j <= 40; j-- {
			u := content(j)
			w, _ := indentOf(u)
			if w == len(u) || w > ind {
				continue // blank, or the signature's continuation
			}
			if c, _ := commentLine(u, false); c {
				continue
			}
			if w == ind && signatureName(u[w:]) == name {
				leads[i] = []int{j}
				drop[j] = true
			}
			break
		}
	}
	return withoutLines(ranks, drop), leads
}

// lispDocLeads adds to leads, for each Lisp definition of ranks (see
// lispDefinitionRank), its docstring's first line when the docstring opens
// the line right below it: `(defun erlang-indent-line ()` says which
// function, `  "Indent current line as Erlang code.` what it is for, as a
// docstring's first line is written to.
func lispDocLeads(ranks [outlineRanks][]int, content func(int) string, leads declLeads) declLeads {
	for _, r := range ranks {
		for _, i := range r {
			t := content(i)
			if !strings.HasPrefix(t, "(") || lispDefinitionRank(t) == 0 {
				continue
			}
			d := content(i + 1)
			if w, _ := indentOf(d); w > 0 && w < len(d) && d[w] == '"' {
				leads[i] = append(leads[i], i+1)
			}
		}
	}
	return leads
}

// mergedDecls returns the lines of ranks in input order. Each rank's
// lines are most often in input order already (outlineLines appends them
// as it meets them), and then they are merged, not sorted: a 10 MB file
// has 100,000 declarations, and the sort cost a tenth of the planner.
func mergedDecls(ranks [outlineRanks][]int) []int {
	total := 0
	sorted := true
	for _, r := range ranks {
		total += len(r)
		sorted = sorted && slices.IsSorted(r)
	}
	all := make([]int, 0, total)
	if !sorted {
		for _, r := range ranks {
			all = append(all, r...)
		}
		slices.Sort(all)
		return all
	}
	var at [outlineRanks]int
	for len(all) < total {
		best, line := -1, 0
		for r := range ranks {
			if at[r] < len(ranks[r]) && (best < 0 || ranks[r][at[r]] < line) {
				best, line = r, ranks[r][at[r]]
			}
		}
		all = append(all, line)
		at[best]++
	}
	return all
}

// withoutLines returns ranks without the lines of drop.
func withoutLines(ranks [outlineRanks][]int, drop map[int]bool) [outlineRanks][]int {
	if len(drop) == 0 {
		return ranks
	}
	for r, idx := range ranks {
		kept := idx[:0:0]
		for _, i := range idx {
			if !drop[i] {
				kept = append(kept, i)
			}
		}
		ranks[r] = kept
	}
	return ranks
}

// declLeads maps a declaration line to the other lines it is kept with,
// in input order: its signature above it; a heading's underline and the
// node line over it; a term's first line of prose. Picking the
// declaration picks them all or none.
type declLeads map[int][]int

// cost is what keeping declaration i (and its other lines) may add, each
// line cut at lineCap.
func (d declLeads) cost(s *lineSel, i, lineCap int) int {
	c := 0
	if !s.isKept(i) {
		c = min(s.size(i), lineCap+cutNoteMax) + s.gapCost
	}
	for _, j := range d[i] {
		if !s.isKept(j) {
			c += min(s.size(j), lineCap+cutNoteMax) + s.gapCost
		}
	}
	return c
}

// pick keeps declaration i with its other lines when they all fit, each
// cut at lineCap, and reports whether i is kept.
func (d declLeads) pick(s *lineSel, i, lineCap int) bool {
	js := d[i]
	if len(js) == 0 || s.isKept(i) {
		return s.pickCapped(i, lineCap)
	}
	if !s.fits(d.cost(s, i, lineCap)) {
		return false
	}
	for _, j := range js {
		if !s.pickCapped(j, lineCap) {
			return false
		}
	}
	return s.pickCapped(i, lineCap)
}
