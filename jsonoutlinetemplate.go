package headroom

import (
	"slices"
	"strings"
)

// A member whose values all differ (a diagnostic's message naming its
// own argument and type) says nothing by its value's rarity, but its
// wording does: 213 `fmt.Printf format %s has arg x of wrong type int`
// messages and three that say `… does not support error-wrapping
// directive %w`. rareTemplateElements finds such elements by the
// messages' templates, no word list: a message's words that recur, the
// rest (names, verbs, quoted values, numbers) masked.

// templateWordMin is how many values of one key a word needs to be part
// of their template rather than a masked slot.
const templateWordMin = 3

// rareTemplateElements returns the indices of elems, the elements of a
// pretty-printed array, whose own member (a line at the indentation of
// the element's first member, not a nested child's) of a key that
// rareElements passes over (a `"key": "value"` line met at least
// rareElementsMin times,
// more than a quarter of its values distinct) has a rare template: the
// template is carried by at most one in twenty of the key's members (one
// at least, rareCarriersMax at most), the key's values fall into at most
// a quarter as many templates, two at least, and the template holds a
// word. The first carrier of each rare template before the second of
// any, each round the rarest template first, then in element order.
func rareTemplateElements(text string, elems [][2]int) []int {
	if len(elems) < rareElementsMin {
		return nil
	}
	type member struct {
		j   int
		val string
	}
	byKey := map[string][]member{}
	var keys []string
	for j, e := range elems {
		// The element's own members, at the indentation of its second
		// line, not a nested child's (a SARIF result's snippet of source
		// under its location, whose wording is code, not the finding's).
		own := -1
		for i := lineEnd(text, e[0], e[1]); i < e[1]; { // past the opening line
			le := lineEnd(text, i, e[1])
			line := text[i:le]
			i = le
			ind := len(line) - len(strings.TrimLeft(line, " \t"))
			if own < 0 {
				own = ind
			}
			if ind != own {
				continue
			}
			k, v, ok := memberLine(line)
			if !ok {
				continue
			}
			if byKey[k] == nil {
				keys = append(keys, k)
			}
			byKey[k] = append(byKey[k], member{j, v})
		}
	}
	// An element's place: its rank among its template's carriers (one
	// of each wording before a second of any), then its template's share
	// of its key's members, count over total, the rarest first.
	type place struct{ rank, count, total int }
	best := map[int]place{}
	better := func(a, b place) bool {
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.count*b.total < b.count*a.total
	}
	for _, k := range keys {
		ms := byKey[k]
		total := len(ms)
		distinct := map[string]bool{}
		for _, m := range ms {
			distinct[m.val] = true
		}
		if total < rareElementsMin || len(distinct) <= total/4 {
			continue // too few to judge, or few values: rareElements reads those
		}
		df := map[string]int{}
		for _, m := range ms {
			for _, w := range uniqueWords(m.val) {
				df[w]++
			}
		}
		tmpls := make([]string, total)
		count := map[string]int{}
		for i, m := range ms {
			tmpls[i] = valueTemplate(m.val, df)
			count[tmpls[i]]++
		}
		if len(count) < 2 || len(count) > total/4 {
			continue // one wording, or as many as there are values: no template
		}
		seen := map[string]int{}
		for i, m := range ms {
			c := count[tmpls[i]]
			if c > min(rareCarriersMax, max(1, total/20)) || !strings.ContainsFunc(tmpls[i], isTemplateLetter) {
				continue
			}
			p := place{seen[tmpls[i]], c, total}
			seen[tmpls[i]]++
			if b, ok := best[m.j]; !ok || better(p, b) {
				best[m.j] = p
			}
		}
	}
	var out []int
	for j := range best {
		out = append(out, j)
	}
	slices.SortFunc(out, func(a, b int) int {
		switch {
		case better(best[a], best[b]):
			return -1
		case better(best[b], best[a]):
			return 1
		}
		return a - b
	})
	return out
}

// isTemplateLetter reports whether r is a letter of a template word.
func isTemplateLetter(r rune) bool { return 'a' <= r && r <= 'z' }

// templateWord returns a token of a value, split at white space, as a
// template word: lower-case ASCII letters with hyphens inside, two bytes
// at least, once a closing comma, period, colon or semicolon is trimmed
// ("value," is "value"); ok is false for anything else (a name with
// capitals or digits, `%w`, `fmt.Printf`, a quoted value).
func templateWord(tok string) (string, bool) {
	w := strings.TrimRight(tok, ",.:;")
	if len(w) < 2 || w[0] == '-' || w[len(w)-1] == '-' {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || c == '-') {
			return "", false
		}
	}
	return w, true
}

// uniqueWords returns the template words of val (a JSON string with its
// quotes), each once.
func uniqueWords(val string) []string {
	var out []string
	for _, tok := range strings.Fields(strings.Trim(val, `"`)) {
		if w, ok := templateWord(tok); ok && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// valueTemplate returns val's template: its words that templateWordMin
// values or more hold (df counts them), in order, every run of other
// tokens one "*".
func valueTemplate(val string, df map[string]int) string {
	var b strings.Builder
	masked := false
	for _, tok := range strings.Fields(strings.Trim(val, `"`)) {
		if w, ok := templateWord(tok); ok && df[w] >= templateWordMin {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			masked = false
			continue
		}
		if !masked {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte('*')
			masked = true
		}
	}
	return b.String()
}
