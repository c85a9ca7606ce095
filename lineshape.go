package headroom

import "math/bits"

// The shape of a line, for telling its rare lines from its common ones
// without knowing the format: two keys per line, each a 64-bit hash.
//
//   - The skeleton: the line with every word written 'a' when it starts
//     with a letter or '_' (identifiers, words) and '0' when it starts
//     with a digit (numbers, 0x hex), every run of multi-byte runes 'u',
//     every double-quoted string '"', every run of white space one ' ',
//     and punctuation as it is. `openat(AT_FDCWD, "/x", O_RDONLY) = 3` and
//     `access(AT_FDCWD, "/y", F_OK) = 0` share one; a line whose
//     punctuation or word count differs — a program's output spliced into
//     a trace, a row whose value is a sentence — has its own.
//   - The lead: the first field as written, digits folded to one 0, after
//     a leading `[tag]` (`[pid 4949]`): a blame's commit, a trace's call
//     name, a listing's mode, a table's status column. A field that opens
//     with punctuation before a word keeps both (gpg's `:user ID packet:`
//     among its `:signature packet:` lines, `<section`).
//
// Only the first shapeWindow bytes of a line are read, as the log rules
// read the first 400.

// shapeWindow bounds the bytes of a line its shape reads.
const shapeWindow = 400

// leadMax bounds a lead field.
const leadMax = 64

// FNV-1a over the skeleton's symbols.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Byte tables of the skeleton's scan: runClass groups the bytes a run of
// which is one token (word bytes, white space, multi-byte runes; 0 for
// punctuation, a token of its own), and shapeSym is the symbol a token
// that starts with the byte writes.
const (
	runPunct = iota
	runWord  // ASCII letters, digits and '_'
	runSpace
	runHigh // the bytes of multi-byte runes
)

var runClass, shapeSym = func() (r, sym [256]uint8) {
	for c := range r {
		sym[c] = uint8(c)
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			r[c], sym[c] = runSpace, ' '
		case letterTab[c] || c == '_':
			r[c], sym[c] = runWord, 'a'
		case c >= '0' && c <= '9':
			r[c], sym[c] = runWord, '0'
		case c >= 0x80:
			r[c], sym[c] = runHigh, 'u'
		}
	}
	return r, sym
}()

// A lineShape is what one read of a line tells: the hashes of its
// skeleton and lead, whether a word of it is an errno name (ENOENT,
// EACCES: a failed system call in a trace, or a program's report of
// one), and whether it may carry one of the log planner's failure
// signals (see mayFail).
type lineShape struct {
	skel, lead     uint64
	errno, mayFail bool
}

// shapeOf reads line once. A word is 'a' when it starts with a letter
// or '_', '0' when it starts with a digit (a number, 0x hex). Words
// inside a double-quoted string are read for errno names and failure
// words, but the string is one '"' in the skeleton.
func shapeOf(line string) lineShape {
	s := line[:min(len(line), shapeWindow)]
	st := scanShape(s, 0, shapeState{h: fnvOffset}, nil)
	return lineShape{skel: st.h, lead: leadHash(s), errno: st.errno, mayFail: st.mayFail}
}

// A shapeState is where a read of a line stands at the start of a token:
// the skeleton's hash so far, and what the words so far told.
type shapeState struct {
	h                      uint64
	quoted, mayFail, errno bool
	// restRead is set once a word was read together with the text after
	// it (a failure word's test reads on: `not ok`): from then on the
	// state depends on more than the bytes before it.
	restRead bool
}

// A shapeReader reads the lines of a text in order, each as shapeOf
// would, but starts a line where the line before stops sharing its bytes:
// the commit, author and date of a blame, the timestamp and host of a
// log, the `[pid N]` of a trace are read once per run of lines that
// repeat them. It remembers the state at the first white space runs of
// the line it read last (a space ends a token in any line, so the state
// there depends only on the bytes before it and on the space itself).
type shapeReader struct {
	prev   string
	n      int // checkpoints held
	misses int // lines read in a row that shared no checkpoint
	at     [shapeCheckpoints]int32
	st     [shapeCheckpoints]shapeState
	// lead is prev's lead, which its first leadFar bytes decide: a line
	// that shares them has it too (a blame's commit, a trace's call).
	lead    uint64
	leadFar int
	// noteTo is where the line being read stops sharing the line before
	// it: checkpoints are noted up to the first white space from there.
	// The next line most often shares about as much (a blame's commit,
	// author and date, up to its line number), so a checkpoint further on
	// would be a store a space never read (see read).
	noteTo int
}

// shapeCheckpoints bounds the checkpoints a shapeReader keeps per line.
const shapeCheckpoints = 16

// read returns shapeOf(line).
func (r *shapeReader) read(line string) lineShape {
	s := line[:min(len(line), shapeWindow)]
	st := shapeState{h: fnvOffset}
	from := 0
	// The last checkpoint whose bytes, its own included, both lines share:
	// the prefix both share is measured once, eight bytes a step, not
	// compared again from the start for each checkpoint a search probes.
	// It tells too whether the lead is prev's: a run of one call in a
	// trace shares it, and no checkpoint.
	common := commonPrefix(s, r.prev)
	// Checkpoints stop near where the line before stopped sharing its
	// own: the last of them is most often shared, so they are searched
	// from the last.
	for r.n > 0 && int(r.at[r.n-1]) >= common {
		r.n--
	}
	if r.n > 0 {
		r.n-- // read again below, as this line's own
		from, st = int(r.at[r.n]), r.st[r.n]
	}
	r.prev = s
	if r.leadFar == 0 || r.leadFar > common { // 0: no line read yet
		r.lead, r.leadFar = leadRead(s)
	}
	// Checkpoints cost a store per space: a text whose lines share no
	// prefix (a trace of varied calls) notes them on one line in eight,
	// to find out whether its next lines share one; a line notes them up
	// to the first white space past what it shares with the line before.
	// A line that shares more with the next than with the one before (the
	// second of a run) resumes it from an earlier checkpoint: a few bytes
	// read again, once a run.
	r.noteTo = common
	if from > 0 {
		r.misses = 0
	} else {
		r.misses++
	}
	note := r
	if r.misses > 1 && r.misses%8 != 0 {
		note = nil
	}
	st = scanShape(s, from, st, note)
	return lineShape{skel: st.h, lead: r.lead, errno: st.errno, mayFail: st.mayFail}
}

// commonPrefix returns how many bytes a and b share from their start.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := load64(a, i) ^ load64(b, i); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// scanShape reads s from i, a token's start, in state st, and returns
// the state at its end. With r set, it notes a checkpoint in r at each
// run of white space outside a string, up to the first at or past
// r.noteTo and until the state depends on more than its prefix. The state lives in locals while it reads, what the
// words told in one byte: the compiler keeps them in registers, not a
// struct of five fields. Each class of token has its own case and its own
// loop over its run, a string is read apart (see readString), and a word
// is tested, out of line, only when its first two bytes can open what is
// tested for (wordOpens): the line planner reads every byte of a trace
// here.
func scanShape(s string, i int, st shapeState, r *shapeReader) shapeState {
	h := st.h
	// The word tests' results change on few words: they live in one
	// byte, so that the loop's state fits in registers.
	var seen uint8
	if st.mayFail {
		seen |= seenMayFail
	}
	if st.errno {
		seen |= seenErrno
	}
	if st.restRead {
		seen |= seenRestRead
	}
	// A string still open returns at once: the loop's head tests only
	// the end of s.
	if st.quoted {
		var open bool
		if i, seen, open = readString(s, i, seen); open {
			return shapeState{h, true, seen&seenMayFail != 0, seen&seenErrno != 0, seen&seenRestRead != 0}
		}
	}
	for i < len(s) {
		c := s[i]
		switch runClass[c] {
		case runPunct:
			i++
			h = h*33 ^ uint64(c)
			if c == '"' { // the string is written as its opening quote
				var open bool
				if i, seen, open = readString(s, i, seen); open {
					return shapeState{h, true, seen&seenMayFail != 0, seen&seenErrno != 0, seen&seenRestRead != 0}
				}
			}
		case runWord:
			// A word of three bytes or more is tested, out of line, when
			// its first two can open what is tested for; its second byte
			// is read once, as the run's.
			start := i
			if i++; i < len(s) && runClass[s[i]] == runWord {
				open := wordOpens[c][s[i]] &^ seen
				for i++; i < len(s) && runClass[s[i]] == runWord; i++ {
				}
				if open != 0 && i-start >= 3 {
					seen = readWordSignals(s, start, i, seen)
				}
			}
			h = h*33 ^ uint64(shapeSym[c])
		case runSpace:
			if r != nil {
				if r.n < shapeCheckpoints && seen&seenRestRead == 0 {
					r.at[r.n], r.st[r.n] = int32(i), shapeState{h, false, seen&seenMayFail != 0, seen&seenErrno != 0, false}
					r.n++
				}
				if i >= r.noteTo {
					r = nil // no checkpoint further on
				}
			}
			for i++; i < len(s) && runClass[s[i]] == runSpace; i++ {
			}
			h = h*33 ^ ' '
		default: // runHigh
			for i++; i < len(s) && runClass[s[i]] == runHigh; i++ {
			}
			seen |= seenMayFail // a mark (✗ ✖ ×) counts as a failure word
			h = h*33 ^ 'u'
		}
	}
	return shapeState{h, false, seen&seenMayFail != 0, seen&seenErrno != 0, seen&seenRestRead != 0}
}

// readString reads a string of s from i, after its opening quote, and
// returns where it stops, seen with what its words told, and whether the
// string is still open there (s ended in it). Its bytes add nothing to
// the skeleton: only its words are read, for their signals, and its end.
// An escaped quote or backslash is skipped; a letter after a backslash
// starts a word, as the log planner reads `"\error` (and `\nerror` holds
// no failure word).
func readString(s string, i int, seen uint8) (int, uint8, bool) {
	for i < len(s) {
		c := s[i]
		switch runClass[c] {
		case runWord: // as scanShape reads a word
			start := i
			if i++; i < len(s) && runClass[s[i]] == runWord {
				open := wordOpens[c][s[i]] &^ seen
				for i++; i < len(s) && runClass[s[i]] == runWord; i++ {
				}
				if open != 0 && i-start >= 3 {
					seen = readWordSignals(s, start, i, seen)
				}
			}
		case runPunct:
			i++
			switch c {
			case '"':
				return i, seen, false
			case '\\':
				if i < len(s) && runClass[s[i]] == runPunct {
					i++
				}
			}
		case runHigh:
			i++
			seen |= seenMayFail // a mark (✗ ✖ ×) counts as a failure word
		default: // runSpace
			i++
		}
	}
	return i, seen, true
}

// The bits of what a line's words told so far, as scanShape holds them.
const (
	seenMayFail = 1 << iota
	seenErrno
	seenRestRead
)

// wordOpens holds, for the first two bytes of a word of three or more,
// the tests of readWordSignals it may pass (seenMayFail, seenErrno): one
// table read turns most words away.
var wordOpens = func() (t [256][256]uint8) {
	for c := range 256 {
		for d := range 256 {
			if letterTab[c] && (wordPair[lowerTab[c]][lowerTab[d]] || c == 'S' || c == 'C') {
				t[c][d] |= seenMayFail
			}
			if c == 'E' {
				t[c][d] |= seenErrno
			}
		}
	}
	return t
}()

// readWordSignals reads the word s[start:i], of three bytes or more that
// starts with a letter, for a failure word and an errno name, and returns
// seen with what it found.
func readWordSignals(s string, start, i int, seen uint8) uint8 {
	c := s[start]
	if seen&seenMayFail == 0 && (wordPair[lowerTab[c]][lowerTab[s[start+1]]] || c == 'S' || c == 'C') {
		k := start + 2
		for k < i && letterTab[s[k]] {
			k++
		}
		w := s[start:k]
		if len(w) >= 3 && signalTrigram[trigram(w)] {
			seen |= seenRestRead
		}
		if mayFailWord(w, s[k:]) {
			seen |= seenMayFail
		}
	}
	if c == 'E' && seen&seenErrno == 0 && isErrnoName(s[start:i]) {
		seen |= seenErrno
	}
	return seen
}

// mayFailWord reports whether the letters w, standing at the start of a
// word and followed by rest, are one that the log planner's lineSignals
// could take for a failure: a failure or count word (by its own tables
// and tests), or an error level (ERROR, FATAL, SEVERE, CRITICAL). A line
// with no such word and no multi-byte rune has no failure signal, so
// lineSignals need not read it; TestMayFailAdmitsEveryFailureLine holds
// this to lineSignals.
func mayFailWord(w, rest string) bool {
	n := len(w)
	if n < 3 || n > 12 {
		return false
	}
	if wordPair[lowerTab[w[0]]][lowerTab[w[1]]] && wordEnd[n][lowerTab[w[n-1]]] && signalTrigram[trigram(w)] {
		return isFailureWord(w, rest) || isCountWord(w)
	}
	return w == "SEVERE" || w == "CRITICAL"
}

// leadHash hashes line's lead field: after any indent and one leading
// `[tag]`, the bytes up to a space or one of `(=:,;"{<`, a run of digits
// folded to one '0'; a field that opens with one of those bytes before a
// letter or '_' keeps it and reads on (`:user`, `<div`).
func leadHash(s string) uint64 {
	h, _ := leadRead(s)
	return h
}

// leadRead returns leadHash(s) and how many of the first bytes of s
// decide it, or more: any line that starts with them has the same lead.
// When the read ran into the end of s, that is len(s)+1: a longer line
// may not.
func leadRead(s string) (h uint64, far int) {
	i := 0
	for i < len(s) && runClass[s[i]] == runSpace {
		i++
	}
	far = i + 1
	if i < len(s) && s[i] == '[' {
		j := i + 1
		for j < len(s) && j < i+48 && s[j] != ']' {
			j++
		}
		far = j + 1
		if j < len(s) && j < i+48 {
			for i = j + 1; i < len(s) && runClass[s[i]] == runSpace; i++ {
			}
			far = i + 1
		}
	}
	h = fnvOffset
	end := min(len(s), i+leadMax)
	// A field that opens with a byte that would end it, before a word,
	// is that byte and the word: read as empty, every `:name packet:`
	// of gpg's (its one `:user ID packet:` a key among many signature
	// packets) or `<tag>` of a dump would share one lead.
	// The byte after it decides, so a line that shares it shares the lead.
	if i < end && leadEnd[s[i]] && runClass[s[i]] != runSpace {
		far = max(far, i+2)
		if i+1 < end && (letterTab[s[i+1]] || s[i+1] == '_') {
			h = h*33 ^ uint64(s[i])
			i++
		}
	}
	for ; i < end && !leadEnd[s[i]]; i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			for i+1 < end && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			}
			c = '0'
		}
		h = h*33 ^ uint64(c)
	}
	return h, max(far, i+1)
}

// leadEnd marks the bytes that end a lead field.
var leadEnd = func() (t [256]bool) {
	for _, c := range []byte(" \t\r(=:,;\"{<") {
		t[c] = true
	}
	return t
}()

// errnoNames are the POSIX and Linux error names a failed call reports
// (strace's `= -1 ENOENT (No such file or directory)`, Ruby's
// `Errno::EACCES`, Node's `Error: EACCES`). Words of no other use: a
// name such as EOF or EXIT is not here.
var errnoNames = [...]string{ // sorted
	"E2BIG", "EACCES", "EADDRINUSE", "EADDRNOTAVAIL", "EAFNOSUPPORT", "EAGAIN", "EBADF", "EBUSY",
	"ECANCELED", "ECHILD", "ECONNABORTED", "ECONNREFUSED", "ECONNRESET", "EDEADLK", "EDOM", "EDQUOT",
	"EEXIST", "EFAULT", "EFBIG", "EHOSTDOWN", "EHOSTUNREACH", "EILSEQ", "EINTR", "EINVAL", "EIO",
	"EISDIR", "ELOOP", "EMFILE", "EMLINK", "EMSGSIZE", "ENAMETOOLONG", "ENETDOWN", "ENETUNREACH",
	"ENFILE", "ENOBUFS", "ENODATA", "ENODEV", "ENOENT", "ENOEXEC", "ENOKEY", "ENOLCK", "ENOMEDIUM",
	"ENOMEM", "ENOMSG", "ENOPROTOOPT", "ENOSPC", "ENOSYS", "ENOTCONN", "ENOTDIR", "ENOTEMPTY",
	"ENOTRECOVERABLE", "ENOTSOCK", "ENOTSUP", "ENOTTY", "ENXIO", "EOPNOTSUPP", "EOVERFLOW",
	"EOWNERDEAD", "EPERM", "EPIPE", "EPROTO", "EPROTONOSUPPORT", "ERANGE", "EROFS", "ESPIPE", "ESRCH",
	"ESTALE", "ETIMEDOUT", "ETXTBSY", "EWOULDBLOCK", "EXDEV",
}

// signalTrigram marks the first three letters, folded to lower case, of
// the log planner's failure and count words: a word that shares the first
// two and the length of one (Example, failure) is turned away before its
// letters are folded.
var signalTrigram = func() (t [1 << 15]bool) {
	for _, w := range failureWords {
		t[trigram(w)] = true
	}
	for _, w := range countWords {
		t[trigram(w)] = true
	}
	return t
}()

// trigram packs the first three letters of w, folded to lower case, in
// 15 bits; w has at least three bytes.
func trigram(w string) int {
	return int(lowerTab[w[0]]&31)<<10 | int(lowerTab[w[1]]&31)<<5 | int(lowerTab[w[2]]&31)
}

// isErrnoName reports whether w is an errno name. Most words that start
// with 'E' are turned away by their length or a lower-case letter; the
// rest are looked up in errnoTable, one compare most often (a trace says
// ENOENT on thousands of lines: a binary search of the names cost a
// tenth of reading its shapes).
func isErrnoName(w string) bool {
	if len(w) < 3 || len(w) > 15 {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return errnoTable.find(w, errnoSlot(w)) >= 0
}

// errnoTable holds errnoNames open-addressed by errnoSlot.
var errnoTable = func() (t wordSlots) {
	for _, w := range errnoNames {
		t.place(w, errnoSlot(w))
	}
	return t
}()

// wordSlots holds up to 255 words open-addressed: each at the slot its
// hash names or, when that is taken, the next free one after it, so that a
// word is found with a hash of a few of its bytes and a compare or two,
// not a map lookup hashing the whole word (errnoTable, declWordTable).
type wordSlots [256]string

// place puts w in the first free slot from h and returns that slot.
func (t *wordSlots) place(w string, h int) int {
	for t[h] != "" {
		h = (h + 1) % len(t)
	}
	t[h] = w
	return h
}

// find returns the slot that holds w, searched for from h, or -1.
func (t *wordSlots) find(w string, h int) int {
	for ; t[h] != ""; h = (h + 1) % len(t) {
		if t[h] == w {
			return h
		}
	}
	return -1
}

// errnoSlot is where errnoTable's search for w, of three bytes or more,
// starts: its length and second, third and last bytes mixed.
func errnoSlot(w string) int {
	return int((uint(len(w))*61 + uint(w[1])*37 + uint(w[2])*11 + uint(w[len(w)-1])) % 256)
}

// A shapeCount counts the lines of each value of one key. It counts
// exactly, in tables as large as the values are many (about 23 bytes a
// value), while they are at most exactMax; past that it turns sparse (see
// sparseCount), and a second pass, recount, counts exactly only the values
// met twice or more. Either way every count it gives is exact: on one
// short random word a line (1.2 million distinct among 1.5 million lines)
// the exact tables alone took 2.8 times the input.
type shapeCount struct {
	ids     hashIDs // a value's hash → its index in counts
	counts  chunked[uint32]
	firstAt chunked[uint32] // the line each value is first met on (planLines declines 2³² lines)
	// last caches the previous line's value: runs of one shape (a flood
	// of munmap calls, `yes` output) skip the map.
	last, lastID uint64
	lastSet      bool
	// exactMax bounds the values counted exactly in the first pass (0:
	// no bound); lines is how many lines the text has.
	exactMax, lines int
	// sparse is set from when the first pass passes exactMax until
	// recount; partial, from recount on: counts then hold the values met
	// twice or more (and a few the filter took for such), and every value
	// not there was met once.
	sparse  *sparseCount
	partial bool
	held    bloomFilter // once partial: the values counts may hold
}

// newShapeCount counts the values of one key over a text of lines lines,
// exactly while they are at most exactMax (0: always).
func newShapeCount(exactMax, lines int) *shapeCount {
	return &shapeCount{exactMax: exactMax, lines: lines}
}

// add counts k lines of value h from line i and returns the value's id,
// and whether it has one: not once the count is sparse.
func (sc *shapeCount) add(h uint64, k, i int) (uint32, bool) {
	if sc.sparse != nil {
		sc.sparse.add(h, k)
		return 0, false
	}
	if sc.lastSet && h == sc.last {
		*sc.counts.at(int(sc.lastID)) += uint32(k)
		return uint32(sc.lastID), true
	}
	id, isNew := sc.ids.id(h)
	if isNew {
		sc.counts.push(0)
		sc.firstAt.push(uint32(i))
	}
	*sc.counts.at(int(id)) += uint32(k)
	sc.last, sc.lastID, sc.lastSet = h, uint64(id), true
	if isNew && sc.exactMax > 0 && sc.counts.len() > sc.exactMax {
		sc.goSparse()
		return 0, false
	}
	return id, true
}

// addKnown counts k more lines of value h, whose id add has given, while
// the count is not sparse.
func (sc *shapeCount) addKnown(h uint64, id uint32, k int) {
	*sc.counts.at(int(id)) += uint32(k)
	sc.last, sc.lastID, sc.lastSet = h, uint64(id), true
}

// id returns the id of value h, which add has counted and given an id.
func (sc *shapeCount) id(h uint64) uint32 {
	if sc.lastSet && h == sc.last {
		return uint32(sc.lastID)
	}
	id, _ := sc.ids.lookup(h)
	sc.last, sc.lastID = h, uint64(id)
	return id
}

// countOf returns how many lines have value h, which add has counted.
func (sc *shapeCount) countOf(h uint64) uint32 {
	if sc.lastSet && h == sc.last {
		return sc.counts.get(int(sc.lastID))
	}
	if sc.partial && !sc.held.has(h) {
		return 1 // a value not held was met once
	}
	id, ok := sc.ids.lookup(h)
	if !ok {
		return 1 // partial: a value not held was met once
	}
	sc.last, sc.lastID, sc.lastSet = h, uint64(id), true
	return sc.counts.get(int(id))
}

// typical returns 16·log2 of the size of the group a line drawn at
// random belongs to (Σ count² / lines): what "common" means for this key.
// A key whose values are all distinct has 0; one value for every line,
// 16·log2(lines).
func (sc *shapeCount) typical(lines int) int {
	var sq, sum uint64
	for id := range sc.counts.len() {
		c := sc.counts.get(id)
		sum += uint64(c)
		p := uint64(c) * uint64(c)
		if sq+p < sq {
			sq = ^uint64(0)
			break
		}
		sq += p
	}
	if p := uint64(lines) - sum; sc.partial && sq+p >= sq {
		sq += p // the values met once, one line each
	} else if sc.partial {
		sq = ^uint64(0)
	}
	return log2x16(sq) - log2x16(uint64(lines))
}

// rarest returns the surprise of the value counted least, of lines lines.
func (sc *shapeCount) rarest(typical, lines int) int {
	least, sum := ^uint32(0), uint64(0)
	for id := range sc.counts.len() {
		c := sc.counts.get(id)
		least = min(least, c)
		sum += uint64(c)
	}
	if sc.partial && uint64(lines) > sum {
		least = 1
	}
	return surprise(typical, least)
}

// surprises returns surprise(typical, count) of every value counted, by
// id. A surprise is at most typical, below 16·64: it fits 16 bits.
func (sc *shapeCount) surprises(typical int) []uint16 {
	out := make([]uint16, sc.counts.len())
	for id := range out {
		out[id] = uint16(surprise(typical, sc.counts.get(id)))
	}
	return out
}

// surprise returns how many times rarer than typical a value counted
// count times is, as 16·log2 of the ratio, or 0 when it is not rarer.
func surprise(typical int, count uint32) int {
	return max(0, typical-log2x16(uint64(count)))
}

// log2x16 returns 16·log2(x), its fraction read from the four bits after
// the leading one: integers, so an order built on it is the same on every
// machine. log2x16(0) is 0.
func log2x16(x uint64) int {
	if x == 0 {
		return 0
	}
	b := bits.Len64(x) - 1
	var frac uint64
	if b >= 4 {
		frac = x >> (b - 4) & 15
	} else {
		frac = x << (4 - b) & 15
	}
	return b*16 + int(frac)
}
