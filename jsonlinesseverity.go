package headroom

import (
	"strconv"
	"strings"
)

// Severities of an event, as eventSeverity ranks them.
const (
	severityNone    int8 = iota
	severityWarning      // pino's and bunyan's 40, "warn", ESLint's severity 1
	severityFailure      // the failure table's levels: pino's 50 and up, "error", "fatal"
)

// eventSeverity ranks the event on line l by its first level or
// severity member: a failure as the failure table reads that member
// (jsonFailures: pino's 50 and up, "error", "fatal"), a warning one step
// below it (pino's and bunyan's 40, "warn", "warning", ESLint's severity
// 1), or neither. A member named so inside a string (an escaped quote
// before it) is no member.
func eventSeverity(l string) int8 {
	for _, sk := range severityKeys {
		v, ok := memberValue(l, sk.key)
		if !ok {
			continue
		}
		switch {
		case sk.failure(v):
			return severityFailure
		case sk.warning(v):
			return severityWarning
		}
		return severityNone
	}
	return severityNone
}

// severityKeys are the members eventSeverity reads, in order (quoted,
// with their colon), each with its failure test, the failure table's
// (failureTest), and its warning test.
var severityKeys = [...]struct {
	key              string
	failure, warning jsonValueTest
}{
	{`"level":`, failureTest("level"), anyOf(numberAtLeast(40), wordIn(jsonWarningWords))},
	{`"severity":`, failureTest("severity"), anyOf(numberIs(1), wordIn(jsonWarningWords))},
}

// numberIs holds for a number equal to n.
func numberIs(n float64) jsonValueTest {
	return func(v string) bool {
		if v == "" || v[0] == '"' {
			return false
		}
		f, err := strconv.ParseFloat(v, 64)
		return err == nil && f == n
	}
}

// jsonWarningWords are the level words one step below jsonFailureWords.
var jsonWarningWords = []string{"warn", "warning"}

// memberValue returns the text of the value of the first member key
// (quoted, with its colon) in l: a string with its quotes, when it holds
// no escape, or a number or word up to the next delimiter.
func memberValue(l, key string) (string, bool) {
	from := 0
	for {
		i := strings.Index(l[from:], key)
		if i < 0 {
			return "", false
		}
		i += from
		from = i + len(key)
		if i > 0 && l[i-1] == '\\' {
			continue
		}
		j := skipSpace(l, from)
		if j >= len(l) {
			return "", false
		}
		if l[j] == '"' {
			end := strings.IndexAny(l[j+1:], `"\`)
			if end < 0 || l[j+1+end] != '"' {
				return "", false
			}
			return l[j : j+end+2], true
		}
		end := j
		for end < len(l) && !strings.ContainsRune(",}] \t", rune(l[end])) {
			end++
		}
		return l[j:end], true
	}
}

// rareSeverities returns each rare event's severity (eventSeverity),
// rare being indices into events.
func rareSeverities(s *lineSel, events, rare []int) []int8 {
	sev := make([]int8, len(rare))
	for j, k := range rare {
		sev[j] = eventSeverity(s.line(events[k]))
	}
	return sev
}

// keepWarningsFirst keeps, before rare events are picked by rarity
// alone, the first warning (eventSeverity) of each group of rare events
// (rare: indices into events, the rarest first; groups alike in rarity)
// at its ends, while s.used is below to: a stream's 23 warn-level
// install checks among a thousand debug events show the first of them,
// whatever rarer debug stages come first. A group whose first warning is
// kept already is shown. Failures are left to withJSONSignals, which
// keeps them before any event a plan picks.
func keepWarningsFirst(s *lineSel, events, rare, rar []int, sev []int8, to, headBytes, tailBytes int) {
	for lo := 0; lo < len(rare) && s.used < to; {
		hi := lo
		for hi < len(rare) && rar[rare[hi]] == rar[rare[lo]] {
			hi++
		}
		for j := lo; j < hi; j++ {
			if sev[j] == severityWarning {
				if i := events[rare[j]]; !s.isKept(i) {
					s.pickEnds(i, headBytes, tailBytes)
				}
				break
			}
		}
		lo = hi
	}
}
