package headroom

// pickOddWhole keeps whole, within a firstBlockShare of limit more, the
// first failure that differs from a run of failures alike but for what
// they name: esbuild's sixty-eight `Could not resolve "fs"` blocks, each
// with the same `built into node` hint, and the one whose hint says to
// mark a dynamic import external; a compiler's forty `cannot find
// module 'x'` errors and the one type error among them. Told in turn,
// every failure keeps its first line and its hint, and the one that
// differs loses its location and its source excerpt, which a blind
// clip of the log's head would have kept. A failure's shape is its first
// line and its last (esbuild's hint, a compiler's closing note) with what
// they name masked (quoted strings, paths, numbers): not the lines
// between, a source excerpt that differs at every place; the alike are
// at least oddLeast blocks and three in four of those read, and the one
// that differs is the only one of its shape. Only the first oddScanMax distinct blocks are read: a log of a
// million failures is told by its own rules.
func pickOddWhole(sel *logSelection, lines logLines, blocks []logBlock, limit int) {
	var shapes []string // of the distinct blocks read, in input order
	var at []int32
	var key []byte
	for k, b := range blocks {
		if len(shapes) == oddScanMax {
			break
		}
		if b.dupOf() >= 0 {
			continue
		}
		key = appendMasked(key[:0], lines.line(int(b.head)))
		if b.last > b.head {
			key = appendMasked(append(key, '\n'), lines.line(int(b.last)))
		}
		shapes = append(shapes, string(key))
		at = append(at, int32(k))
	}
	if len(shapes) < oddLeast {
		return
	}
	count := make(map[string]int, len(shapes))
	most := 0
	for _, h := range shapes {
		count[h]++
		most = max(most, count[h])
	}
	if most < oddLeast || most*4 < len(shapes)*3 {
		return
	}
	bound := sel.cost + limit/firstBlockShare
	for n, h := range shapes {
		if count[h] == 1 {
			b := blocks[at[n]]
			if sel.pickWithin(int(b.head), bound) {
				sel.pickBlock(b, bound)
			}
			return
		}
	}
}

const (
	// oddLeast is the fewest alike failures pickOddWhole tells one apart
	// from.
	oddLeast = 4
	// oddScanMax bounds the distinct blocks pickOddWhole reads.
	oddScanMax = 512
)

// appendMasked appends to dst line l with what it names masked: a quoted
// string becomes its quotes, a word with a '/', a digit or a quote in it
// becomes '#'.
func appendMasked(dst []byte, l string) []byte { return appendMaskedDots(dst, l, false) }

// appendMaskedDots is appendMasked that, with dots, masks a word with a
// dot between two letters too: a dotted name (`java.lang.Object`,
// `library.jansi.path=`), which names a thing as a path does.
func appendMaskedDots(dst []byte, l string, dots bool) []byte {
	l = l[:min(len(l), 200)]
	for i := 0; i < len(l); {
		if q := quoteEnd(l, i); q > i {
			dst = append(dst, l[i], l[q-1])
			i = q
			continue
		}
		if l[i] == ' ' || l[i] == '\t' {
			dst = append(dst, l[i])
			i++
			continue
		}
		j, named := i, false
		for j < len(l) && l[j] != ' ' && l[j] != '\t' {
			named = named || l[j] == '/' || l[j] >= '0' && l[j] <= '9' || l[j] == '"' || l[j] == '\'' || l[j] == '`' ||
				dots && l[j] == '.' && j > i && j+1 < len(l) && isLetter(l[j-1]) && isLetter(l[j+1])
			j++
		}
		if named {
			dst = append(dst, '#')
		} else {
			dst = append(dst, l[i:j]...)
		}
		i = j
	}
	return dst
}

// quoteEnd returns the end of a "…", `…` or '…' string at i, or -1.
func quoteEnd(l string, i int) int {
	if l[i] != '"' && l[i] != '`' && l[i] != '\'' {
		return -1
	}
	return closingQuote(l, i)
}

// pickLastWhole keeps the last failure whole, from its first line down,
// when the failures cannot all be told (see crowded) and it fits in
// share: each is then told by its first line alone, and the last one's
// location and excerpt, which the tail of a blind clip shows, would be
// lost with the others' (esbuild's last `Could not resolve` block above
// its `69 errors`). A longer last failure (a pytest section) is told by
// its telling lines as every other is.
func (s *logSelection) pickLastWhole(share int) {
	for k := len(s.blocks) - 1; k >= 0; k-- {
		b := s.blocks[k]
		if b.dupOf() >= 0 {
			continue
		}
		size := 0
		for i := int(b.head); i <= int(b.last); i++ {
			size += min(len(s.lines.line(i)), s.lineCap) + 1
		}
		if size <= share {
			bound := s.cost + share
			for i := int(b.head); i <= int(b.last) && s.pickWithin(i, bound); i++ {
			}
		}
		return
	}
}

// tailShare is the share of the limit the last failure may take when the
// failures cannot all be told: a blind clip's tail, an eighth.
const tailShare = 8
