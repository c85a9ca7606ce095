package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// In record-shaped text most records are alike: getfacl -R's 426 entries
// owned by root:root with rw-/r--/r--. The few that are not (polkitd's
// rules.d, /etc/shadow of group shadow) are what a reader looks for, and
// what tells them apart is a rare value of a field whose values are a
// few categories (`# owner:`, `group::`), not the record's name. Such a
// record is kept whole, its name with the field that makes it rare.

// Shape limits of a rare record: recordsRareMin records at least, each of
// at most recordRareLines lines; a field of categories holds at most one
// distinct value in recordCategoryShare records, and a rare value is held
// by at most one record in recordRareShare.
const (
	recordsRareMin      = 32
	recordRareLines     = 12
	recordCategoryShare = 16
	recordRareShare     = 32
)

// rareRecords returns the records of recs, by index, that hold a rare
// value of a field of categories, the rarest first (the record whose
// rarest value fewest records hold), in input order when as rare. A
// field is a line's key (see recordField) that half the records or more
// hold, with few distinct values; a record's opening line, which names
// it, is no field. Nil when the records are fewer than recordsRareMin.
func rareRecords(line func(int) string, recs []record) []int {
	m := len(recs)
	if m < recordsRareMin {
		return nil
	}
	type fieldCount struct {
		records int
		values  map[string]int
	}
	fields := map[string]*fieldCount{}
	for _, r := range recs {
		eachRecordField(line, r, func(k, v string) {
			f := fields[k]
			if f == nil {
				f = &fieldCount{values: map[string]int{}}
				fields[k] = f
			}
			f.records++
			f.values[v]++
		})
	}
	rarity := make([]int, m)
	var out []int
	for x, r := range recs {
		eachRecordField(line, r, func(k, v string) {
			f := fields[k]
			if f.records*2 < m || len(f.values)*recordCategoryShare > m {
				return
			}
			if c := f.values[v]; c*recordRareShare <= m && (rarity[x] == 0 || c < rarity[x]) {
				rarity[x] = c
			}
		})
		if rarity[x] > 0 {
			out = append(out, x)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return rarity[a] - rarity[b] })
	return out
}

// eachRecordField calls fn with the key and value of each field of r
// (its lines after the one that names it: see recordField), none of a
// record longer than recordRareLines.
func eachRecordField(line func(int) string, r record, fn func(key, value string)) {
	if r.end-r.start > recordRareLines {
		return
	}
	for j := r.start + 1; j < r.end; j++ {
		if k, v, ok := recordField(line(j)); ok {
			fn(k, v)
		}
	}
}

// recordField splits a record's line into its key, up to and with the
// first ':' or '=' (after a comment mark and a space or not: getfacl's
// `# owner:`), and its value, trailing white space trimmed; ok is false
// for a line with no key (see keyEnd).
func recordField(l string) (key, value string, ok bool) {
	if !keyEnd(l) {
		return "", "", false
	}
	at := strings.IndexAny(l, ":=")
	return l[:at+1], strings.TrimRight(l[at+1:], " \t\r"), true
}

// pickRareRecords keeps whole, rarest first, the records of recs that
// rareRecords finds, while the output stays within to bytes; a record
// that does not fit is left for the next. It returns how many it kept.
func pickRareRecords(s *lineSel, recs []record, pick func(i int) bool, to int) int {
	kept := 0
	for _, x := range rareRecords(s.line, recs) {
		if s.used >= to {
			break
		}
		r := recs[x]
		if s.used+s.runCost(r.start, r.end) > to {
			continue
		}
		whole := true
		for j := r.start; j < r.end; j++ {
			whole = pick(j) && whole
		}
		if whole {
			kept++
		}
	}
	return kept
}

// rareRecordsKept words the records kept whole for a rare value.
func rareRecordsKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Plural(k, "whole record") + " of a rare field value, "
}
