package headroom

import "math/bits"

// The shape of a line, for telling its rare lines from its common ones
// without knowing the format: two keys per line, each a 64-bit hash.
//
//   - The skeleton: the line with every word written 'a' (identifiers,
//     hex and words alike; a word of digits alone, or 0x hex, '0'), every
//     double-quoted string '"', every run of white space one ' ', and
//     punctuation as it is. `openat(AT_FDCWD, "/x", O_RDONLY) = 3` and
//     `access(AT_FDCWD, "/y", F_OK) = 0` share one; a line whose
//     punctuation or word count differs — a program's output spliced into
//     a trace, a row whose value is a sentence — has its own.
//   - The lead: the first field as written, digits folded to one 0, after
//     a leading `[tag]` (`[pid 4949]`): a blame's commit, a trace's call
//     name, a listing's mode, a table's status column.
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

// Byte classes of the skeleton's scan.
const (
	shapePunct = iota
	shapeSpace
	shapeWord  // an ASCII letter, '_', or a byte of a multi-byte rune
	shapeDigit // a digit: a word of digits alone is a number
	shapeQuote
)

var shapeClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			t[c] = shapeSpace
		case c >= '0' && c <= '9':
			t[c] = shapeDigit
		case c == '_' || c >= 0x80 || letterTab[c]:
			t[c] = shapeWord
		case c == '"':
			t[c] = shapeQuote
		}
	}
	return t
}()

// lineShape returns the hashes of line's skeleton and lead, and whether
// a word of it is an errno name (ENOENT, EACCES): a failed system call
// in a trace, or a program's report of one.
func lineShape(line string) (skel, lead uint64, errno bool) {
	s := line[:min(len(line), shapeWindow)]
	h := uint64(fnvOffset)
	for i := 0; i < len(s); {
		c := s[i]
		switch shapeClass[c] {
		case shapeSpace:
			for i++; i < len(s) && shapeClass[s[i]] == shapeSpace; i++ {
			}
			h = (h ^ ' ') * fnvPrime
		case shapeWord, shapeDigit:
			j, word := i, false
			for ; j < len(s) && shapeClass[s[j]] >= shapeWord && shapeClass[s[j]] <= shapeDigit; j++ {
				word = word || shapeClass[s[j]] == shapeWord
			}
			sym := byte('0')
			if word && !(c == '0' && j-i > 2 && (s[i+1] == 'x' || s[i+1] == 'X')) {
				sym = 'a'
				if c == 'E' && !errno {
					errno = isErrnoName(s[i:j])
				}
			}
			h = (h ^ uint64(sym)) * fnvPrime
			i = j
		case shapeQuote:
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			h = (h ^ '"') * fnvPrime
			i = j + 1
		default:
			h = (h ^ uint64(c)) * fnvPrime
			i++
		}
	}
	return h, leadHash(s), errno
}

// leadHash hashes line's lead field: after any indent and one leading
// `[tag]`, the bytes up to a space or one of `(=:,;"{<`, a run of digits
// folded to one '0'.
func leadHash(s string) uint64 {
	i := 0
	for i < len(s) && shapeClass[s[i]] == shapeSpace {
		i++
	}
	if i < len(s) && s[i] == '[' {
		for j := i + 1; j < len(s) && j < i+48; j++ {
			if s[j] == ']' {
				i = j + 1
				for i < len(s) && shapeClass[s[i]] == shapeSpace {
					i++
				}
				break
			}
		}
	}
	h := uint64(fnvOffset)
	for end := min(len(s), i+leadMax); i < end && !leadEnd[s[i]]; i++ {
		c := s[i]
		if shapeClass[c] == shapeDigit {
			for i+1 < end && shapeClass[s[i+1]] == shapeDigit {
				i++
			}
			c = '0'
		}
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
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
var errnoNames = map[string]bool{
	"EPERM": true, "ENOENT": true, "ESRCH": true, "EINTR": true, "EIO": true, "ENXIO": true, "E2BIG": true,
	"ENOEXEC": true, "EBADF": true, "ECHILD": true, "EAGAIN": true, "ENOMEM": true, "EACCES": true,
	"EFAULT": true, "EBUSY": true, "EEXIST": true, "EXDEV": true, "ENODEV": true, "ENOTDIR": true,
	"EISDIR": true, "EINVAL": true, "ENFILE": true, "EMFILE": true, "ENOTTY": true, "ETXTBSY": true,
	"EFBIG": true, "ENOSPC": true, "ESPIPE": true, "EROFS": true, "EMLINK": true, "EPIPE": true,
	"EDOM": true, "ERANGE": true, "EDEADLK": true, "ENAMETOOLONG": true, "ENOLCK": true, "ENOSYS": true,
	"ENOTEMPTY": true, "ELOOP": true, "EWOULDBLOCK": true, "ENOMSG": true, "ENODATA": true,
	"EPROTO": true, "EOVERFLOW": true, "EILSEQ": true, "ENOTSOCK": true, "EMSGSIZE": true,
	"ENOPROTOOPT": true, "EPROTONOSUPPORT": true, "EOPNOTSUPP": true, "ENOTSUP": true,
	"EAFNOSUPPORT": true, "EADDRINUSE": true, "EADDRNOTAVAIL": true, "ENETDOWN": true,
	"ENETUNREACH": true, "ECONNABORTED": true, "ECONNRESET": true, "ENOBUFS": true, "ENOTCONN": true,
	"ETIMEDOUT": true, "ECONNREFUSED": true, "EHOSTDOWN": true, "EHOSTUNREACH": true, "ESTALE": true,
	"EDQUOT": true, "ECANCELED": true, "ENOMEDIUM": true, "ENOKEY": true, "ENOTRECOVERABLE": true,
	"EOWNERDEAD": true,
}

// isErrnoName reports whether w is an errno name. Most words that start
// with 'E' are turned away by their length or a lower-case letter.
func isErrnoName(w string) bool {
	if len(w) < 3 || len(w) > 15 {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return errnoNames[w]
}

// A shapeCount counts the lines of each value of one key.
type shapeCount struct {
	ids    map[uint64]uint32 // a value's hash → its index in counts
	counts []uint32
	// last caches the previous line's value: runs of one shape (a flood
	// of munmap calls, `yes` output) skip the map.
	last, lastID uint64
	lastSet      bool
}

func newShapeCount() *shapeCount { return &shapeCount{ids: map[uint64]uint32{}} }

// add counts one line of value h and returns the value's id.
func (sc *shapeCount) add(h uint64) uint32 {
	if sc.lastSet && h == sc.last {
		sc.counts[sc.lastID]++
		return uint32(sc.lastID)
	}
	id, ok := sc.ids[h]
	if !ok {
		id = uint32(len(sc.counts))
		sc.ids[h] = id
		sc.counts = append(sc.counts, 0)
	}
	sc.counts[id]++
	sc.last, sc.lastID, sc.lastSet = h, uint64(id), true
	return id
}

// id returns the id of value h, which add has counted.
func (sc *shapeCount) id(h uint64) uint32 {
	if sc.lastSet && h == sc.last {
		return uint32(sc.lastID)
	}
	id := sc.ids[h]
	sc.last, sc.lastID = h, uint64(id)
	return id
}

// typical returns 16·log2 of the size of the group a line drawn at
// random belongs to (Σ count² / lines): what "common" means for this key.
// A key whose values are all distinct has 0; one value for every line,
// 16·log2(lines).
func (sc *shapeCount) typical(lines int) int {
	var sq uint64
	for _, c := range sc.counts {
		p := uint64(c) * uint64(c)
		if sq+p < sq {
			sq = ^uint64(0)
			break
		}
		sq += p
	}
	return log2x16(sq) - log2x16(uint64(lines))
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
