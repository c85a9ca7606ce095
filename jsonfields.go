package headroom

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// A jsonField is one top-level string member of a JSON object.
type jsonField struct {
	key        string // decoded
	start, end int    // the value's string literal, quotes included, in the content
	value      string // decoded
}

// stringFields returns the top-level string members of content, in order,
// when content is a valid JSON object with at least one; ok is false for
// anything else, which is then treated as plain text.
func stringFields(content string) (fields []jsonField, ok bool) {
	i := skipSpace(content, 0)
	if i >= len(content) || content[i] != '{' || !json.Valid([]byte(content)) {
		return nil, false
	}
	i++
	for {
		i = skipSpace(content, i)
		if content[i] == '}' {
			break
		}
		keyEnd := stringEnd(content, i)
		var key string
		if json.Unmarshal([]byte(content[i:keyEnd]), &key) != nil {
			return nil, false
		}
		i = skipSpace(content, keyEnd)
		i = skipSpace(content, i+1) // past ':'
		end := valueEnd(content, i)
		if content[i] == '"' {
			var v string
			if json.Unmarshal([]byte(content[i:end]), &v) != nil {
				return nil, false
			}
			fields = append(fields, jsonField{key: key, start: i, end: end, value: v})
		}
		i = skipSpace(content, end)
		if content[i] == ',' {
			i++
		}
	}
	return fields, len(fields) > 0
}

// The scanners below walk JSON already checked by json.Valid, so they need
// not handle malformed input; they stop at the end of s regardless.

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string literal starting at i.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// valueEnd returns the index just past the JSON value starting at i.
func valueEnd(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	switch s[i] {
	case '"':
		return stringEnd(s, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '"':
				j = stringEnd(s, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(s)
	}
	j := i
	for j < len(s) && !strings.ContainsRune(",}] \t\r\n", rune(s[j])) {
		j++
	}
	return j
}

// quoteJSON encodes s as a JSON string literal without HTML escaping, so
// that <, > and & in tool output stay as they were.
func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// spliceFields returns content with the values of the given fields
// replaced by the JSON encodings of repl (same order); every other byte —
// keys, order, spacing, escapes of untouched values — is kept.
func spliceFields(content string, fields []jsonField, repl []string) string {
	var b strings.Builder
	pos := 0
	for i, f := range fields {
		b.WriteString(content[pos:f.start])
		b.WriteString(quoteJSON(repl[i]))
		pos = f.end
	}
	b.WriteString(content[pos:])
	return b.String()
}

// waterLevel divides room among items of the given sizes by water-filling:
// an item no larger than the level keeps its size, and each larger one is
// cut to the level, which is as high as room allows. When every item fits
// in room the level is the largest size. Negative room gives level 0.
func waterLevel(sizes []int, room int) int {
	sorted := slices.Clone(sizes)
	slices.Sort(sorted)
	room = max(room, 0)
	for k, s := range sorted {
		level := room / (len(sorted) - k)
		if s > level {
			return level
		}
		room -= s
	}
	if len(sorted) == 0 {
		return 0
	}
	return sorted[len(sorted)-1]
}

// minFieldShare is the smallest share, in bytes of a string literal, that
// lets a field be compressed: the smallest budget and its two quotes.
const minFieldShare = MinBudgetBytes + 2

// A fieldShare is how the budget of one structured result is divided
// among its top-level string fields, and what the last round of
// compression made of it.
type fieldShare struct {
	whole   budget       // what the spliced Content must fit
	counter TokenCounter // counts its tokens when whole.tokens > 0
	limits  []budget     // each field's budget; 0 in a dimension leaves the compressor's own
	rounds  int
	grown   []bool // the fields given spare room, once the split fitted; nil before
}

// shareBudget divides whole among the fields of content, or reports that
// content already fits it, in which case nothing is compressed. Room is
// what the bytes (tokens) outside the fields leave; it is water-filled
// over the fields' literal sizes (token counts), so a field within its
// share keeps every byte and the rest is divided among the others. A
// field's byte budget is its share without the quotes and without the
// escaping its text needs, at the rate its whole text needs it; the
// rounds that follow correct the estimate (see adjust).
func shareBudget(content string, fields []jsonField, whole budget, counter TokenCounter) (s *fieldShare, fits bool) {
	fitsBytes := whole.bytes == 0 || len(content) <= whole.bytes
	if fitsBytes && (whole.tokens == 0 || len(content) <= whole.tokens || countTokens(counter, content) <= whole.tokens) {
		return nil, true
	}
	s = &fieldShare{whole: whole, counter: counter, limits: make([]budget, len(fields))}
	if whole.bytes > 0 {
		sizes := make([]int, len(fields))
		outside := len(content)
		for i, f := range fields {
			sizes[i] = f.end - f.start
			outside -= sizes[i]
		}
		level := waterLevel(sizes, whole.bytes-outside)
		for i, f := range fields {
			if sizes[i] <= level {
				continue
			}
			escaped := len(quoteJSON(f.value)) - 2
			n := level - 2
			if escaped > 0 {
				n = int(int64(n) * int64(len(f.value)) / int64(escaped))
			}
			s.limits[i].bytes = max(MinBudgetBytes, n)
		}
	}
	if whole.tokens > 0 {
		counts := make([]int, len(fields))
		outside := countTokens(counter, content)
		for i, f := range fields {
			counts[i] = countTokens(counter, f.value)
			outside -= counts[i]
		}
		level := waterLevel(counts, whole.tokens-max(outside, 0))
		floor := minTokenBudget(counter)
		for i := range fields {
			if counts[i] > level {
				s.limits[i].tokens = max(floor, level)
			}
		}
	}
	return s, false
}

// shareRounds bounds the rounds of compression one structured result gets
// before it is compressed whole.
const shareRounds = 6

// adjust checks the Content spliced from the last round's texts (those of
// the fields in compressed, the others untouched) against the whole
// budget. It returns done when it fits; otherwise it shrinks the budgets
// of the compressed fields, each by its part of the excess in proportion
// to its size, from what its text took, and returns the fields to
// compress again — none when no budget can shrink further or the rounds
// are spent, and the result must be compressed whole.
func (s *fieldShare) adjust(spliced string, texts []string, compressed []bool) (again []int, done bool) {
	s.rounds++
	overBytes := 0
	if s.whole.bytes > 0 {
		overBytes = len(spliced) - s.whole.bytes
	}
	overTokens := 0
	if s.whole.tokens > 0 && len(spliced) > s.whole.tokens {
		overTokens = countTokens(s.counter, spliced) - s.whole.tokens
	}
	if overBytes <= 0 && overTokens <= 0 {
		return nil, true
	}
	if s.rounds >= shareRounds {
		return nil, false
	}
	var sumBytes, sumTokens int
	tokens := make([]int, len(texts))
	// After growing, only the grown fields give the room back.
	cut := slices.Clone(compressed)
	for i := range cut {
		cut[i] = cut[i] && (s.grown == nil || s.grown[i])
	}
	compressed = cut
	for i, t := range texts {
		if !compressed[i] {
			continue
		}
		sumBytes += len(t)
		if overTokens > 0 {
			tokens[i] = countTokens(s.counter, t)
			sumTokens += tokens[i]
		}
	}
	floor := 0
	if overTokens > 0 {
		floor = minTokenBudget(s.counter)
	}
	for i, t := range texts {
		if !compressed[i] {
			continue
		}
		l, changed := s.limits[i], false
		if overBytes > 0 && sumBytes > 0 {
			cut := ceilDiv(overBytes*len(t), sumBytes)
			if n := max(MinBudgetBytes, min(nonzero(l.bytes, len(t)), len(t))-cut); n < nonzero(l.bytes, len(t)+1) {
				l.bytes, changed = n, true
			}
		}
		if overTokens > 0 && sumTokens > 0 {
			cut := ceilDiv(overTokens*tokens[i], sumTokens)
			if n := max(floor, min(nonzero(l.tokens, tokens[i]), tokens[i])-cut); n < nonzero(l.tokens, tokens[i]+1) {
				l.tokens, changed = n, true
			}
		}
		if changed {
			s.limits[i] = l
			again = append(again, i)
		}
	}
	return again, false
}

// grow hands the room a fitting splice leaves over to the fields that
// used most (three quarters) of their byte budgets, in proportion to
// their sizes, and returns them to compress again; it does so once, for a
// byte budget alone. A planner that keeps only what tells, like the log planner, can
// leave much of its share unused, which a clip of a neighbour would
// rather spend. Too little room left, or no field wanting it, returns
// none.
func (s *fieldShare) grow(spliced string, texts []string, compressed []bool) []int {
	if s.grown != nil || s.whole.bytes == 0 || s.whole.tokens > 0 || s.rounds >= shareRounds-1 {
		return nil
	}
	s.grown = make([]bool, len(texts))
	spare := s.whole.bytes - len(spliced)
	if spare < MinBudgetBytes {
		return nil
	}
	var hungry []int
	sum := 0
	for i, t := range texts {
		if compressed[i] && s.limits[i].bytes > 0 && len(t)*4 >= s.limits[i].bytes*3 {
			hungry = append(hungry, i)
			sum += len(t)
		}
	}
	for _, i := range hungry {
		t := texts[i]
		// Spare bytes are literal bytes: grow the text by what they hold
		// at the rate its text is escaped.
		more := int(int64(spare) * int64(len(t)) / int64(sum) * int64(len(t)) / int64(len(quoteJSON(t))))
		s.limits[i].bytes += more
		s.grown[i] = true
	}
	return hungry
}

// nonzero returns n, or or when n is 0 (no limit).
func nonzero(n, or int) int {
	if n == 0 {
		return or
	}
	return n
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }
