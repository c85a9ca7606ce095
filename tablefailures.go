package headroom

import "strings"

// tableFailureContext is how many rows above a failure row a table plan
// keeps with it: the rows that say what failed (patch's `|diff -ruN
// a/x.go b/x.go` and `patching file x.go` above its `Hunk #5 FAILED`, up
// to ten rows up).
const tableFailureContext = 12

// tableFailureRows returns the rows among [first, n) in s that say a
// failure in words (see failsInProse), when they are rare: at most one
// row in ten. A table whose rows fail more often than that (a status column of
// kubectl's Error) is sampled as any other; none when there are none.
func tableFailureRows(s *lineSel, first, n int) []int {
	var fails []int
	for i := first; i < n; i++ {
		if failsInProse(s.line(i)) {
			if fails = append(fails, i); len(fails)*10 > n-first {
				return nil
			}
		}
	}
	return fails
}

// pickTableFailures keeps the rare failure rows of a table's rows [first,
// n) in s (see tableFailureRows), each cut at lineCap bytes, then the row
// their run goes on with, then the rows above each, nearest first, up to
// tableFailureContext of them: in up to a quarter of the room, the
// failures spread evenly when not all fit. A sample of the rows would
// keep one in a few of them, and a run's one failure is what it says. It
// returns how many failure rows it kept.
func pickTableFailures(s *lineSel, first, n, lineCap int) int {
	fails := tableFailureRows(s, first, n)
	if len(fails) == 0 {
		return 0
	}
	to := s.used + s.room()/4
	pick := func(i int) bool {
		if i < first || i >= n || s.isKept(i) {
			return i >= first && i < n
		}
		if s.used+min(s.size(i), lineCap+cutNoteMax)+s.gapCost > to {
			return false
		}
		return s.pickCapped(i, lineCap)
	}
	total := 0
	for _, i := range fails {
		total += min(s.size(i), lineCap+cutNoteMax) + s.gapCost
	}
	k := len(fails)
	if share := to - s.used; total > share {
		k = share * len(fails) / total
	}
	kept := 0
	var keptRows []int
	for _, j := range spread(0, len(fails), k) {
		if pick(fails[j]) {
			kept++
			keptRows = append(keptRows, fails[j])
		}
	}
	for _, i := range keptRows {
		pick(failureRunEnd(s, i))
	}
	for d := 1; d <= tableFailureContext; d++ {
		for _, i := range keptRows {
			pick(i - d)
		}
	}
	return kept
}

// failsInProse reports whether line says a failure in words: a failure
// word or count (see failureWordAt) in its first 400 bytes that a phrase
// goes on from, one space after it and then more words, or that ends a
// sentence or opens a message (`.`, `!`, `:`), or that ends the line one
// space after a word (`Hunk #2 FAILED at 244.`, `1 out of 6 hunks FAILED
// -- saving rejects`). A failure word that is a cell of its own, padded
// to its column (go tool cover's `Error\t\t100.0%`), or a name in
// brackets (cProfile's `shutil.py:61(Error)`) names a function, not a
// failure.
func failsInProse(line string) bool {
	if !hasFailureSignal(line) {
		return false
	}
	l := line[:min(len(line), 400)]
	for i := 0; i < len(l); {
		if !isWordByte(l[i]) {
			i++
			continue
		}
		j := i
		for j < len(l) && isWordByte(l[j]) {
			j++
		}
		if failureWordAt(l, i, j) != sigNone && inPhrase(l, i, j) {
			return true
		}
		i = j
	}
	return false
}

// inPhrase reports whether the word l[i:j] stands in a phrase: not
// after an opening bracket, and followed by one space and a word, by a
// sentence's or a message's mark, or by the end of the line one space
// after another word.
func inPhrase(l string, i, j int) bool {
	if i > 0 && (l[i-1] == '(' || l[i-1] == '[' || l[i-1] == '\t') {
		return false
	}
	rest := strings.TrimRight(l[j:], "\r")
	switch {
	case rest == "":
		return i >= 2 && l[i-1] == ' ' && l[i-2] != ' '
	case rest[0] == ' ':
		return len(rest) > 1 && rest[1] != ' ' && rest[1] != '\t'
	case rest[0] == '.' || rest[0] == '!' || rest[0] == ':':
		return len(rest) == 1 || rest[1] == ' '
	}
	return false
}
