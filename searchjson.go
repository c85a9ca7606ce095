package headroom

import (
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// rgEvent is one line of rg --json: begin, match, context, end, summary.
type rgEvent struct {
	Type string `json:"type"`
	Data struct {
		Path       rgText `json:"path"`
		Lines      rgText `json:"lines"`
		LineNumber *int   `json:"line_number"`
	} `json:"data"`
}

// rgText is rg's text-or-bytes: `{"text": …}`, or `{"bytes": base64}` for
// what is not UTF-8.
type rgText struct {
	Text  *string `json:"text"`
	Bytes string  `json:"bytes"`
}

func (t rgText) String() string {
	if t.Text != nil {
		return *t.Text
	}
	b, err := base64.StdEncoding.DecodeString(t.Bytes)
	if err != nil {
		return ""
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// rgSource is where the events behind a plain line are in the input: the
// event's own line, and the begin event of its file.
type rgSource struct {
	event, begin searchLine
}

// rgJSONEvents renders rg --json events as the plain lines rg would have
// printed: `path:NN:text` for a match, `path-NN-text` for context; and
// returns, by the start of each plain line, where its events are in
// text, the summary event under the key -1. It returns ok only when the
// text is such a stream: at least 20 match events making, with the other
// events, 90 % of the non-empty lines. An event is a line that opens with
// its type, as rg writes every one (`{"type":"match","data":…}`) but the
// summary, which closes with it: a one-line JSON document of megabytes is
// not decoded to learn it is none.
func rgJSONEvents(text string) (string, map[int]rgSource, int, bool) {
	if !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{") {
		return "", nil, 0, false
	}
	src := map[int]rgSource{}
	var begin searchLine
	var b strings.Builder
	matches, events, other := 0, 0, 0
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		at := searchLine{start: start, end: start + len(strings.TrimRight(text[start:end], "\r"))}
		line := strings.TrimSpace(text[start:end])
		start = next
		if line == "" {
			continue
		}
		var ev rgEvent
		if !strings.HasPrefix(line, `{"type":"`) && !strings.HasSuffix(line, `,"type":"summary"}`) || json.Unmarshal([]byte(line), &ev) != nil {
			other++
			if other > 16 && 10*other > events+other {
				return "", nil, 0, false
			}
			continue
		}
		sep := byte(0)
		switch ev.Type {
		case "match":
			sep = ':'
			matches++
		case "context":
			sep = '-'
		case "begin":
			begin = at
		case "summary":
			src[-1] = rgSource{event: at}
		case "end":
		default:
			other++
			continue
		}
		events++
		if sep == 0 {
			continue
		}
		path := strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f {
				return '?'
			}
			return r
		}, ev.Data.Path.String())
		body := strings.TrimRight(ev.Data.Lines.String(), "\r\n")
		body = strings.NewReplacer("\r\n", " ⏎ ", "\n", " ⏎ ", "\r", " ").Replace(body)
		src[b.Len()] = rgSource{event: at, begin: begin}
		b.WriteString(path)
		b.WriteByte(sep)
		if ev.Data.LineNumber != nil {
			b.WriteString(itoa(*ev.Data.LineNumber))
		} else {
			b.WriteByte('0')
		}
		b.WriteByte(sep)
		b.WriteString(body)
		b.WriteByte('\n')
	}
	if matches < searchMinMatches || 10*other > events+other {
		return "", nil, 0, false
	}
	return b.String(), src, matches, true
}

// rgEventCap is the most of one event line a plan keeps.
const rgEventCap = 1024

// planSearchJSON plans an rg --json stream as the search output it stands
// for: planSearch's plan over the plain `path:NN:text` lines, kept as the
// events themselves — each shown match's event line, after its file's
// begin event — so that what is kept is the input's bytes; the summary
// event last. The plain plan is made for a smaller limit, as large as
// the events it keeps allow.
func planSearchJSON(text string, limit int, o searchOptions) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	plain, src, _, ok := rgJSONEvents(text)
	if !ok {
		return plan{}, false
	}
	var tail []item
	if s, ok := src[-1]; ok {
		tail = append(tail, headItem(text, s.event, rgEventCap))
	}
	room := limit - itemsSize(tail)
	var best plan
	lo, hi := 64, max(64, room)
	for range 8 {
		if lo > hi {
			break
		}
		mid := (lo + hi) / 2
		p, ok := planSearch(plain, mid, o)
		if !ok {
			lo = mid + 1
			continue
		}
		p.items = asEvents(text, plain, src, p.items)
		if itemsSize(p.items) <= room {
			best = p
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	if best.items == nil {
		return plan{}, false
	}
	best.items = append(best.items, tail...)
	best.markerAt = len(best.items)
	best.what = "rg --json: " + best.what
	return best, true
}

// asEvents turns a plan's items over the plain lines into items over the
// events: a kept line becomes its event line (cut to rgEventCap), after
// its file's begin event the first time; notes stay notes.
func asEvents(text, plain string, src map[int]rgSource, items []item) []item {
	var out []item
	begun := map[int]bool{}
	for i, it := range items {
		if it.end == it.start {
			out = append(out, item{note: it.note})
			continue
		}
		if i > 0 && items[i-1].glue {
			continue
		}
		s, ok := src[it.start]
		if !ok {
			// A heading or separator: the events carry the path.
			continue
		}
		if s.begin != (searchLine{}) && !begun[s.begin.start] {
			begun[s.begin.start] = true
			out = append(out, headItem(text, s.begin, rgEventCap))
		}
		out = append(out, headItem(text, s.event, rgEventCap))
	}
	return out
}
