package headroom

import (
	"slices"
	"strings"
)

// recordNameWords name the keys that identify a record in a dump of
// look-alike records (openssl x509 -text's Subject, kubectl describe's
// Name, systemctl's Unit): a key whose last word is one of them ranks
// before keys that merely differ between records.
var recordNameWords = []string{"name", "subject", "id", "uuid", "package", "unit", "title", "host", "hostname", "device", "interface", "pod", "node", "path", "file"}

// recordKeyLines finds, when every section opens with the same header
// line (records that look alike: `Certificate:` thirty times), the lines
// that tell the records apart (see distinctKeyLines). It returns nil
// when the headers differ: they name the records then.
func recordKeyLines(s *lineSel, secs []listingSection) ([]string, [][]int) {
	if len(secs) < 3 {
		return nil, nil
	}
	head := s.line(secs[0].header)
	spans := make([][2]int, len(secs))
	for x, sec := range secs {
		if s.line(sec.header) != head {
			return nil, nil
		}
		spans[x] = [2]int{sec.header + 1, sec.end}
	}
	return distinctKeyLines(s.line, spans)
}

// distinctKeyLines finds the lines that tell records apart, each record
// lines [from, to) of line: `key: value` or `key=value` lines whose key
// appears once in every record while its value differs between records.
// It returns their line numbers key by key, best key first — naming keys
// (recordNameWords), then the keys with the most distinct values, then
// the first written, and last a key whose value is another's in every
// record — each key's lines in the records' spread order
// (first, last, middle, …), so what fits is spread over all of them;
// and the keys.
func distinctKeyLines(line func(int) string, spans [][2]int) ([]string, [][]int) {
	type keyStat struct {
		lines  []int // per record, -1 where absent or repeated
		values map[string]bool
		seen   int // the records it appears once in
	}
	stats := map[string]*keyStat{}
	var order []string
	for si, sp := range spans {
		count := map[string]int{}
		for i := sp[0]; i < sp[1]; i++ {
			k, v, ok := recordKeyValue(line(i))
			if !ok {
				continue
			}
			st := stats[k]
			if st == nil {
				st = &keyStat{lines: slices.Repeat([]int{-1}, len(spans)), values: map[string]bool{}}
				stats[k] = st
				order = append(order, k)
			}
			count[k]++
			if count[k] == 1 {
				st.lines[si] = i
				st.values[v] = true
				st.seen++
			} else if count[k] == 2 {
				st.lines[si] = -1
				st.seen--
			}
		}
	}
	var keys []string
	for _, k := range order {
		if st := stats[k]; st.seen == len(spans) && len(st.values) >= 2 {
			keys = append(keys, k)
		}
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		if na, nb := recordNameKey(a), recordNameKey(b); na != nb {
			if na {
				return -1
			}
			return 1
		}
		return len(stats[b].values) - len(stats[a].values)
	})
	// A key that says, record by record, what a better key says (a
	// self-signed certificate's Issuer, its Subject) tells none apart
	// that the other does not: it goes last.
	value := func(k string, si int) string {
		_, v, _ := recordKeyValue(line(stats[k].lines[si]))
		return v
	}
	echoes := func(k, of string) bool {
		for si := range spans {
			if value(k, si) != value(of, si) {
				return false
			}
		}
		return true
	}
	var fresh, echo []string
	for x, k := range keys {
		if slices.ContainsFunc(keys[:x], func(of string) bool { return echoes(k, of) }) {
			echo = append(echo, k)
		} else {
			fresh = append(fresh, k)
		}
	}
	keys = append(fresh, echo...)
	spreadOrder := sectionSpread(len(spans))
	out := make([][]int, 0, len(keys))
	for _, k := range keys {
		lines := make([]int, 0, len(spans))
		for _, si := range spreadOrder {
			lines = append(lines, stats[k].lines[si])
		}
		out = append(out, lines)
	}
	return keys, out
}

// recordKeyValue splits a `key: value` or `key=value` line, the key with
// its indentation (a nested key is another key), and reports whether it
// is one: the key short, not a run of hex digits (a key dump's
// `04:c6:cb:`), the value not empty.
func recordKeyValue(l string) (key, value string, ok bool) {
	j := strings.IndexAny(l, ":=")
	if j <= 0 || j > 64 {
		return "", "", false
	}
	key, value = strings.TrimRight(l[:j], " \t"), strings.TrimSpace(l[j+1:])
	name := strings.TrimLeft(key, " \t")
	if value == "" || name == "" || strings.Trim(name, "0123456789abcdefABCDEF") == "" {
		return "", "", false
	}
	return key, value, true
}

// recordNameKey reports whether key's last word is a recordNameWords word.
func recordNameKey(key string) bool {
	f := strings.Fields(strings.ToLower(key))
	return len(f) > 0 && slices.Contains(recordNameWords, f[len(f)-1])
}

// sectionSpread orders n sections first, last, middle, then the
// quarters, …: every prefix is spread over all of them.
func sectionSpread(n int) []int {
	order := make([]int, 0, n)
	seen := make([]bool, n)
	for k := 1; len(order) < n; k *= 2 {
		for _, j := range spread(0, n, min(n, k+1)) {
			if !seen[j] {
				seen[j] = true
				order = append(order, j)
			}
		}
	}
	return order
}
