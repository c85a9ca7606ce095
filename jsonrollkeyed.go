package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A map's member is named by its key. Where its naming members hold that
// key again — npm outdated's `"location":
// "/home/dev/app/node_modules/typescript"` under `"typescript"` — they
// tell a reader nothing the key line does not, yet they were what a roll
// showed of each member, while the values sought beside the name (its
// `current`, `wanted` and `latest` versions) were left out. When they do
// so for most of a sample of the map's members, every member is rolled
// by its key line and its leading members instead: its own one-line
// members from the first, in order, up to the first that is not one line
// or that repeats the key — what a reader of the map sees of it first, at
// about the cost of the naming lines they replace (a member with no such
// leading member keeps its naming lines).

// keysRepeated reports whether more than half of the map members sample
// (indices into members), named by digest (their naming lines, the key
// line first; false for none), have a naming line whose value repeats
// the member's key.
func keysRepeated(text string, members [][2]int, sample []int, digest func(j int) ([]item, bool)) bool {
	n := 0
	for _, j := range sample {
		its, ok := digest(j)
		if !ok || text[members[j][0]] != '"' {
			continue
		}
		key := memberKey(text, members[j])
		for _, it := range its[1:] {
			if lineRepeatsKey(lineValue(text[it.start:it.end]), key) {
				n++
				break
			}
		}
	}
	return 2*n > len(sample)
}

// leadingLines returns the roll lines of the map member m (its key's
// start, its value's end): its key line, the first of its (its naming
// lines), then the lines of its leading one-line members; its when it has
// none.
func leadingLines(text string, m [2]int, its []item) []item {
	if len(its) == 0 || text[m[0]] != '"' {
		return its
	}
	key := memberKey(text, m)
	v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
	if v >= len(text) || text[v] != '{' {
		return its
	}
	out := []item{its[0]}
	for _, c := range sequence(text, v, '}') {
		cv := skipSpace(text, skipSpace(text, stringEnd(text, c[0]))+1)
		if (text[cv] == '{' || text[cv] == '[') && c[1]-cv > 2 {
			break
		}
		ls, le := blankLineStart(text, c[0]), pieceEnd(text, c[1])
		line := text[ls:le]
		if ls == c[0] || le-ls > memberLineMax || strings.Count(line, "\n") != 1 ||
			!strings.HasSuffix(line, "\n") || lineRepeatsKey(text[cv:c[1]], key) {
			break
		}
		out = append(out, keepRange(ls, le))
	}
	if len(out) == 1 {
		return its
	}
	return out
}

// memberKey returns the text of the key of the member m, unquoted, its
// escapes as written.
func memberKey(text string, m [2]int) string {
	return text[m[0]+1 : stringEnd(text, m[0])-1]
}

// lineValue returns what follows the key of a member's line: the line
// from its first string's end on.
func lineValue(line string) string {
	q := strings.IndexByte(line, '"')
	if q < 0 {
		return ""
	}
	return line[q+stringEnd(line[q:], 0):]
}

// lineRepeatsKey reports whether s holds key as a whole name: bounded on
// each side by the string's edge or by a byte that is no letter, digit,
// '-' or '_' ("/node_modules/ms" repeats "ms"; "items" does not). Keys
// shorter than two bytes repeat nothing.
func lineRepeatsKey(s, key string) bool {
	if len(key) < 2 {
		return false
	}
	for from := 0; ; {
		i := strings.Index(s[from:], key)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(key)
		if (i == 0 || !nameByte(s[i-1])) && (j == len(s) || !nameByte(s[j])) {
			return true
		}
		from = i + 1
	}
}

// nameByte reports whether b can continue a package-like name: a word
// byte or '-'.
func nameByte(b byte) bool { return b == '-' || isWordByte(b) }

// A map's member that no member of its own names (lintian's host
// architectures, each eleven DEB_HOST_* strings of 434 bytes) is named
// by its key, and a roll of key lines alone would be jq keys: the values
// lost. Its first line under the key is what a reader of the member sees
// first, as a clip shows it (`"DEB_HOST_ARCH": "freebsd-nios2",`, a
// setting's `"global_value": "files",`): the roll shows the key line and
// that line, a value with every name, for about a tenth of the member.

// keyFirstLine returns the roll lines of the map member m (its key's
// start, its value's end) that no member names: its key line and, when
// its value is an object or array whose first member or element is one
// line of its own, that line; false when there is no such line.
func keyFirstLine(text string, m [2]int) ([]item, bool) {
	if text[m[0]] != '"' {
		return nil, false
	}
	key := keepRange(txt.LineStart(text, m[0]), lineEnd(text, m[0], len(text)))
	v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
	if v >= m[1] || text[v] != '{' && text[v] != '[' {
		return nil, false
	}
	closing := byte('}')
	if text[v] == '[' {
		closing = ']'
	}
	kids := sequence(text, v, closing)
	if len(kids) == 0 {
		return nil, false
	}
	c := kids[0]
	ls, le := blankLineStart(text, c[0]), pieceEnd(text, c[1])
	line := text[ls:le]
	if ls == c[0] || ls != key.end || le-ls > memberLineMax || strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
		return nil, false
	}
	return []item{key, keepRange(ls, le)}, true
}

// mostUnnamed reports whether more than half of the map members sample
// (indices) have no naming lines (digest returns false for them).
func mostUnnamed(sample []int, digest func(j int) ([]item, bool)) bool {
	n := 0
	for _, j := range sample {
		if _, ok := digest(j); !ok {
			n++
		}
	}
	return 2*n > len(sample)
}
