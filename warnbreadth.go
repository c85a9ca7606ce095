package headroom

import (
	"cmp"
	"slices"
	"strings"
)

// A linter's report is hundreds of findings of a few dozen kinds over
// many files, and told rarest kind first, a kind seen seven times gives
// its second to seventh before a kind seen eight times gives its first:
// the report's breadth, what kinds of problem it found and in which
// files, is cut before its depth. So warnings are told in rounds: the
// first of every kind (the rarest severity first, then the rarest kind,
// a syntax error's before all), each with the findings right next to it
// on its spot (one problem several rules tell); then the first of every
// file not yet told, spread over the files (the first, the last, the
// middle, the quarters, …); then the rest, the rarest severity first and
// the rarest kind within it.

// breadthFirst returns the warnings' first lines, reps, in the order they
// are told (see above). A line's file is the path its finding opens with
// (findingFile), or else the line its warningSubject is on; a line with
// neither has no file.
func breadthFirst(lines logLines, reps []int) []int {
	if len(reps) < 3 {
		return reps
	}
	kinds := make([]int32, len(reps))
	order := rareOrderKinds(lines, len(reps), func(k int) int { return reps[k] }, kinds)
	out := make([]int, 0, len(reps))
	told := make([]bool, len(reps))
	// A finding's rule is its check's code when it names one (RuboCop's
	// `Metrics/AbcSize` above messages that name each method), else its
	// kind; the rules' firsts go the rarest rule first.
	rule := make([]int32, len(reps))
	codes := make(map[string]int32)
	var ruleCount []int32
	for k, i := range reps {
		id := int32(-1)
		if c := ruleCode(lines.line(i)); c != "" {
			var ok bool
			if id, ok = codes[c]; !ok {
				id = int32(len(ruleCount))
				codes[c] = id
				ruleCount = append(ruleCount, 0)
			}
		}
		rule[k] = id
		if id >= 0 {
			ruleCount[id]++
		}
	}
	kindFirst := make(map[int32]bool)
	var firstOfRule []int32 // k of each rule's first, in rareFirst order
	for _, k := range order {
		key := -1 - kinds[k] // a kind's key is negative, a code's its number
		if rule[k] >= 0 {
			key = rule[k]
		}
		if !kindFirst[key] {
			kindFirst[key] = true
			firstOfRule = append(firstOfRule, k)
		}
	}
	// A finding's severity, when it states one in a tag of its own: the
	// rarest is told first, in each round.
	sev := make([]int32, len(reps))
	sevIDs := make(map[string]int32)
	var sevCount []int32
	for k, i := range reps {
		tag := severityTag(lines.line(i))
		id, ok := sevIDs[tag]
		if !ok {
			id = int32(len(sevCount))
			sevIDs[tag] = id
			sevCount = append(sevCount, 0)
		}
		sev[k] = id
		sevCount[id]++
	}
	slices.SortStableFunc(firstOfRule, func(a, b int32) int {
		return cmp.Or(cmp.Compare(sevCount[sev[a]], sevCount[sev[b]]), cmp.Compare(ruleRank(rule[a], ruleCount), ruleRank(rule[b], ruleCount)))
	})
	for _, k := range firstOfRule {
		if told[k] {
			continue
		}
		told[k] = true
		out = append(out, reps[k])
		// The findings on the same spot, right before and after it: one
		// problem that several rules tell (perlcritic's bareword and
		// two-argument open at line 523, column 21).
		spot := findingSpot(lines.line(reps[k]))
		for _, step := range [...]int{-1, 1} {
			for j := int(k) + step; spot != "" && j >= 0 && j < len(reps) && reps[j] == reps[j-step]+step && findingSpot(lines.line(reps[j])) == spot; j += step {
				if !told[j] {
					told[j] = true
					out = append(out, reps[j])
				}
			}
		}
	}
	var firsts []int // by file: the first of its findings
	seen := make(map[string]bool)
	for k, i := range reps {
		f := findingFile(lines.line(i))
		if f == "" {
			// A warning that names no file is about what the line below
			// it names (GHC's `‘Data.Primitive.MachDeps’ has been
			// inferred as unsafe!`): that is its file here.
			if s := warningSubject(lines, i); s > 0 {
				f = strings.TrimSpace(lines.line(s))
			}
		}
		if f != "" && !seen[f] {
			seen[f] = true
			firsts = append(firsts, k)
		}
	}
	if len(firsts) > 1 {
		for _, j := range sectionSpread(len(firsts)) {
			if k := firsts[j]; !told[k] {
				told[k] = true
				out = append(out, reps[k])
			}
		}
	}
	// The rest by severity, the rarest first (perlcritic's 115 findings of
	// severity 5 before its 290 of 4 and 745 of 3), rarest kind first
	// within a severity.
	rest := slices.DeleteFunc(slices.Clone(order), func(k int32) bool { return told[k] })
	slices.SortStableFunc(rest, func(a, b int32) int { return cmp.Compare(sevCount[sev[a]], sevCount[sev[b]]) })
	for _, k := range rest {
		out = append(out, reps[k])
	}
	return out
}

// severityTag returns the severity a finding states in a tag of its own,
// or "": a closing `(Severity: N)` (perlcritic), or the capital letter of
// a lettered finding (RuboCop's `C:`, `W:`; see letteredFinding).
func severityTag(l string) string {
	l = strings.TrimRight(l, " \r")
	if strings.HasSuffix(l, ")") {
		if k := strings.LastIndex(l, "(Severity: "); k >= 0 {
			return l[k:]
		}
	}
	if f := findingFile(l); f != "" {
		if _, ok := letteredFinding(l[len(f)+1:]); ok {
			k := strings.Index(l[len(f)+1:], ": ")
			return l[len(f)+1+k+2 : len(f)+1+k+3]
		}
	}
	return ""
}

// ruleRank orders the first findings of rules: a code's by how many
// findings name it; a kind's, already in rareFirst order, as 0.
func ruleRank(id int32, count []int32) int32 {
	if id < 0 {
		return 0
	}
	return count[id]
}

// ruleCode returns the code of the check a finding names after its
// position, past a severity (`C:`, `warning:`) and a `[Correctable]` tag:
// a word of letters and digits with a '/' inside (RuboCop's
// `Lint/MissingSuper`, markdownlint's `MD013/line-length`) or capitals
// then digits (`E501`, `SC2086`); or "".
func ruleCode(l string) string {
	f := findingFile(l)
	if f == "" {
		return ""
	}
	rest := l[len(f)+1 : min(len(l), 300)]
	i := 0
	for i < len(rest) && strings.IndexByte("0123456789:,.-() ", rest[i]) >= 0 {
		i++
	}
	for range 2 { // a severity, then a tag
		w := i
		for w < len(rest) && rest[w] != ' ' {
			w++
		}
		if word := rest[i:w]; w < len(rest) && (strings.HasSuffix(word, ":") && w-i <= 9 && isLetter(word[0]) && strings.IndexByte(word[:len(word)-1], ':') < 0 && !strings.Contains(word, "/") ||
			strings.HasPrefix(word, "[") && strings.HasSuffix(word, "]")) {
			i = w + 1
		}
	}
	w := i
	for w < len(rest) && rest[w] != ' ' && rest[w] != ':' {
		w++
	}
	word := rest[i:w]
	if len(word) < 3 || !isLetter(word[0]) {
		return ""
	}
	if slash := strings.IndexByte(word, '/'); slash > 0 && slash < len(word)-1 && isLetter(word[slash+1]) {
		return word
	}
	caps := 0
	for caps < len(word) && word[caps] >= 'A' && word[caps] <= 'Z' {
		caps++
	}
	if caps > 0 && caps <= 4 && caps < len(word) && digitRun(word, caps) == len(word)-caps {
		return word
	}
	return ""
}

// findingFile returns the path a finding opens with, `path:…`, a path
// with an extension or a directory, or "".
func findingFile(l string) string {
	head := l[:min(len(l), 300)]
	colon := pathEnd(head)
	if colon < 1 || colon == len(head) || head[colon] != ':' {
		return ""
	}
	if p := head[:colon]; hasExtension(p) || strings.IndexByte(p, '/') >= 0 {
		return p
	}
	return ""
}

// findingSpot returns the file and position a finding names, or "": the
// `path:L:C` it opens with, or its path and `at line N, column M` (see
// locatedFinding).
func findingSpot(l string) string {
	f := findingFile(l)
	if f == "" {
		return ""
	}
	rest := l[len(f)+1 : min(len(l), 300)]
	if n := digitRun(rest, 0); n > 0 {
		end := n
		if end < len(rest) && rest[end] == ':' {
			end += 1 + digitRun(rest, end+1)
		}
		return l[:len(f)+1+end]
	}
	if k := strings.Index(rest, " at line "); k >= 0 {
		if c := strings.IndexByte(rest[k:], '.'); c > 0 {
			return f + rest[k:k+c]
		}
	}
	return ""
}
