package headroom

import "slices"

// Records: text that is a run of blocks separated by blank lines (or a
// rule of dashes), each block opening with the same key — `apt-cache show`
// and `dpkg -s` stanzas (Package:), LDIF entries (dn:), `pip show` of
// several packages (Name:, blocks between `---`), `systemctl show` of
// several units (Id=… or Type=…). A block's opening lines name it; the
// rest are its fields. A reader of such text first asks which records are
// there, so the line planner keeps every record's opening lines breadth
// first (see recordOrder) before what is rare.

// recordsMin is the fewest records that make text record-shaped.
const recordsMin = 4

// recordDepth is how many opening lines of a record the planner keeps.
const recordDepth = 3

// A recordScan notes where blocks start while the line planner reads its
// lines, and the key each opens with.
type recordScan struct {
	starts []int    // the first line of each block, in order
	names  []string // the first line of each block: what names it
	leads  []uint64 // the lead of each block's first line, when it is a key; else 0
	ends   []int    // the line after each block's last non-blank line
	sep    bool     // the line before was blank or a rule (or there was none)
}

func newRecordScan() recordScan { return recordScan{sep: true} }

// add reads k equal lines l from line i, whose lead hashes to lead.
func (r *recordScan) add(l string, i, k int, lead uint64) {
	if isBlank(l) || isRule(l) {
		r.sep = true
		return
	}
	if r.sep {
		r.starts = append(r.starts, i)
		r.names = append(r.names, l)
		key := uint64(0)
		if keyEnd(l) {
			key = lead
		}
		r.leads = append(r.leads, key)
		r.ends = append(r.ends, i+k)
		r.sep = false
		return
	}
	if len(r.ends) > 0 {
		r.ends[len(r.ends)-1] = i + k
	}
}

// isRule reports whether l is a rule between records: three or more of
// one of '-', '=' or '*' and nothing else (pip show's `---`).
func isRule(l string) bool {
	if len(l) < 3 || (l[0] != '-' && l[0] != '=' && l[0] != '*') {
		return false
	}
	for i := 1; i < len(l); i++ {
		if l[i] != l[0] && !(l[i] == '\r' && i == len(l)-1) {
			return false
		}
	}
	return true
}

// keyEnd reports whether l opens with a key: a first field of letters,
// digits, '-', '_' or '.', ended by ':' or '=', after a comment mark and
// a space or not (getfacl's `# file: /etc/shadow`).
func keyEnd(l string) bool {
	if len(l) > 2 && l[0] == '#' && l[1] == ' ' {
		l = l[2:]
	}
	for i := 0; i < len(l) && i < leadMax; i++ {
		switch c := l[i]; {
		case c == ':' || c == '=':
			return i > 0
		case letterTab[c] || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.':
		default:
			return false
		}
	}
	return false
}

// records returns the blocks of the scan that open with the key most of
// them open with, when the text is record-shaped: at least recordsMin
// blocks, a third of them or more opening with that key, the first among
// them, of two lines or more on average. A record may hold blocks of its
// own after a blank line (`pip show -v`'s Project-URLs, a license's
// paragraphs), so the key need not open most blocks, but the text must
// start with a record. Otherwise it returns nil.
func (r *recordScan) records() []record {
	if len(r.starts) < recordsMin {
		return nil
	}
	lines := 0
	count := map[uint64]int{}
	best, key := 0, uint64(0)
	for x, lead := range r.leads {
		lines += r.ends[x] - r.starts[x]
		if lead != 0 {
			count[lead]++
			if c := count[lead]; c > best {
				best, key = c, lead
			}
		}
	}
	if best*3 < len(r.starts) || r.leads[0] != key || lines < 2*len(r.starts) {
		return nil
	}
	// The blocks that open with another line are paragraphs inside a
	// record (a license text in a field), not records.
	recs := make([]record, 0, best)
	seen := make(map[string]bool, best)
	for x, lead := range r.leads {
		if lead == key {
			recs = append(recs, record{start: r.starts[x], end: r.ends[x], again: seen[r.names[x]]})
			seen[r.names[x]] = true
		}
	}
	return recs
}

// A record is lines [start, end) of record-shaped text; again is set when
// an earlier record opens with the same line (another version of one
// package, a second stanza of one name).
type record struct {
	start, end int
	again      bool
}

// recordOrder returns the opening lines of recs in the order the line
// planner keeps them: breadth first, the first two lines of every record
// (its key and what most often tells apart two records of one name: a
// version, a source) — the first record of each name before any record
// again of a name, each group the first record, then the last (where the
// output ends: a clip's tail most often starts inside it), then an even
// spread (see spreadRank) — then the third line of every record in the
// same order. A second line written the same in two records or more
// in most records (`Status: install ok installed` in every dpkg stanza)
// tells none apart: it waits for the third round, so that the room goes
// to more names. The last record's three lines come in its first turn.
func recordOrder(line func(int) string, recs []record) []int {
	m := len(recs)
	order := make([]int, m)
	for x := range order {
		order[x] = x
	}
	rank := func(x int) uint32 {
		switch x {
		case 0:
			return 0
		case m - 1:
			return 1
		}
		return 2 + spreadRank(x, m)
	}
	slices.SortFunc(order, func(a, b int) int {
		switch ra, rb := recs[a].again, recs[b].again; {
		case !ra && rb:
			return -1
		case ra && !rb:
			return 1
		}
		return cmpU32(rank(a), rank(b))
	})
	seconds := make(map[string]int, m)
	for _, r := range recs {
		if r.start+1 < r.end {
			seconds[line(r.start+1)]++
		}
	}
	named := func(r record, d int) bool { return d == 0 || seconds[line(r.start+1)]*2 <= m }
	out := make([]int, 0, recordDepth*m)
	for _, x := range order {
		depth := 2
		if x == m-1 {
			depth = recordDepth // the last record whole to its third line: the tail's
		}
		for d := 0; d < depth && recs[x].start+d < recs[x].end; d++ {
			if named(recs[x], d) {
				out = append(out, recs[x].start+d)
			}
		}
	}
	for d := 1; d < recordDepth; d++ {
		for _, x := range order {
			if recs[x].start+d < recs[x].end && (d > 1 && x != m-1 || d == 1 && !named(recs[x], d)) {
				out = append(out, recs[x].start+d)
			}
		}
	}
	return out
}

// recordPicks returns the record lines the line planner keeps, in the
// order it keeps them, and whether they are the lines that tell records
// apart: when every record opens with the same line (openssl's
// `Certificate:` before each certificate), the opening lines name none
// of them, so the key: value lines whose value differs between records
// are kept instead, key by key (see distinctKeyLines); otherwise the
// opening lines (see recordOrder).
func recordPicks(line func(int) string, recs []record) ([]int, bool) {
	if len(recs) >= recordsMin && !slices.ContainsFunc(recs[1:], func(r record) bool { return !r.again }) {
		spans := make([][2]int, len(recs))
		for x, r := range recs {
			spans[x] = [2]int{r.start + 1, r.end}
		}
		if _, keyLines := distinctKeyLines(line, spans); len(keyLines) > 0 {
			var out []int
			for _, lines := range keyLines {
				out = append(out, lines...)
			}
			return out, true
		}
	}
	return recordOrder(line, recs), false
}
