package headroom

import "strings"

// yamlOutline returns the outline of a YAML document read whole: its keys
// at the first column (rank 1), the keys one indent in that open a block
// (`name:` alone, or with an anchor or a tag), rank 2, those two
// indents in, rank 3, and the other keys one indent in, rank 4. A key
// after a sequence's dash (`- name: x`) stands where its text starts.
//
// ok is false unless the text is YAML by its shape: three keys or more
// at the first column, two or more that open a block of keys indented
// under them, and nine in ten of the lines that are neither
// blank, nor comments, nor inside a value (deeper than the key above
// them) are keys, sequence items or document markers. Code fails it at
// its first column (`import os`, `def f(x):`, `}`), prose everywhere.
func yamlOutline(s *lineSel, content func(int) string) (ranks [outlineRanks][]int, ok bool) {
	top, shaped, other, step, blocks := 0, 0, 0, 0, 0
	n := s.n()
	yamlLines(s, content, func(i, at int, key, opens bool) bool {
		switch {
		case !key:
			if at >= 0 {
				shaped++
			} else {
				other++
			}
		case at == 0:
			shaped++
			top++
		default:
			shaped++
			if step == 0 || at < step {
				step = at // the document's indent: the least of its keys' above the first column
			}
		}
		if key && opens {
			blocks++
		}
		// Each line after i adds one shaped line at most: once they
		// cannot outweigh the others, the text is no YAML (code's
		// indented lines are others from its first function on), and
		// the rest of a 10 MB read need not be read.
		return other*10 <= shaped+n-1-i
	})
	// A flat list of `word: text` lines (a log's `error: …`) nests
	// nothing: YAML's keys open blocks of keys one indent in.
	if top < 3 || step == 0 || blocks < 2 || other*10 > shaped {
		return ranks, false
	}
	yamlLines(s, content, func(i, at int, key, opens bool) bool {
		switch {
		case !key:
		case at == 0:
			ranks[0] = append(ranks[0], i)
		case at == step && opens:
			ranks[1] = append(ranks[1], i)
		case at == 2*step && opens:
			ranks[2] = append(ranks[2], i)
		case at == step:
			ranks[3] = append(ranks[3], i)
		}
		return true
	})
	return ranks, true
}

// yamlLines calls f on each line of s that is neither blank nor a
// comment, nor inside a value (deeper than the key above it): with the
// column its text starts at and whether it is a key (and opens a block)
// when it is a key, a sequence item or a document marker, with at -1
// when it is none of these. It stops when f returns false.
func yamlLines(s *lineSel, content func(int) string, f func(i, at int, key, opens bool) bool) {
	last := -1 // the indent of the last key, while the lines after it are its value's
	for i := 0; i < s.n(); i++ {
		l := strings.TrimRight(content(i), "\r")
		ind := 0
		for ind < len(l) && l[ind] == ' ' {
			ind++
		}
		t := l[ind:]
		if t == "" || t[0] == '#' {
			continue
		}
		at, key, opens := -1, false, false
		switch {
		case t[0] == '\t':
			last = -1 // YAML indents with spaces only
		case ind == 0 && (t == "---" || t == "..." || strings.HasPrefix(t, "--- ") || strings.HasPrefix(t, "%YAML") || strings.HasPrefix(t, "%TAG")):
			at, last = 0, -1
		default:
			at = ind
			for strings.HasPrefix(t, "- ") || t == "-" {
				n := 2
				for n < len(t) && t[n] == ' ' {
					n++
				}
				t, at = t[min(n, len(t)):], at+n
			}
			key, opens = yamlKey(t)
			switch {
			case key:
				last = at
			case at > ind: // a sequence item with a scalar
			case last >= 0 && ind > last: // a value that goes on over lines
				continue
			default:
				at, last = -1, -1
			}
		}
		if !f(i, at, key, opens) {
			return
		}
	}
}

// yamlKey reports whether t, a line's text after its indent, is a
// mapping key (`name:`, `name: value`, `"a b": value`), and whether its
// value opens a mapping or a sequence below it: nothing after the colon
// but an anchor, a tag or a comment.
func yamlKey(t string) (isKey, opens bool) {
	if t == "" {
		return false, false
	}
	end := -1
	switch {
	case t[0] == '"' || t[0] == '\'':
		q := strings.IndexByte(t[1:], t[0])
		if q < 0 || 2+q >= len(t) || t[2+q] != ':' {
			return false, false
		}
		end = 2 + q
	case t[0] == '{' || t[0] == '[' || t[0] == '&' || t[0] == '*' || t[0] == '!' || t[0] == '|' || t[0] == '>' || t[0] == '%' || t[0] == '@' || t[0] == '`':
		return false, false
	default:
		for i := 0; i < len(t); i++ {
			c := t[i]
			if c == ':' && (i+1 == len(t) || t[i+1] == ' ') {
				end = i
				break
			}
			if c == ' ' || c == '\t' || c == ',' || c == '(' || c == '=' || c == ';' {
				return false, false // a key is one word; code's `def f(x):` and prose's `Note: …` are not
			}
		}
	}
	if end <= 0 {
		return false, false
	}
	v := strings.TrimSpace(t[end+1:])
	for v != "" && (v[0] == '&' || v[0] == '!') { // an anchor or a tag, then the value
		sp := strings.IndexByte(v, ' ')
		if sp < 0 {
			v = ""
			break
		}
		v = strings.TrimSpace(v[sp:])
	}
	return true, v == "" || v[0] == '#'
}
