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

// rgJSONLines renders rg --json events as the plain lines rg would have
// printed: `path:NN:text` for a match, `path-NN-text` for context. It
// returns ok only when the text is such a stream: at least 20 match
// events making, with the other events, 90 % of the non-empty lines.
func rgJSONLines(text string) (string, int, bool) {
	if !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{") {
		return "", 0, false
	}
	var b strings.Builder
	matches, events, other := 0, 0, 0
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		line := strings.TrimSpace(text[start:end])
		start = next
		if line == "" {
			continue
		}
		var ev rgEvent
		if line[0] != '{' || !strings.Contains(line, `"type":"`) || json.Unmarshal([]byte(line), &ev) != nil {
			other++
			if other > 16 && 10*other > events+other {
				return "", 0, false
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
		case "begin", "end", "summary":
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
		return "", 0, false
	}
	return b.String(), matches, true
}

// planSearchJSON plans an rg --json stream as the plain search output it
// stands for: the same plan as planSearch's over `path:NN:text` lines,
// written as headroom's own lines since they are not the input's bytes.
func planSearchJSON(text string, limit int, o searchOptions) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	plain, _, ok := rgJSONLines(text)
	if !ok {
		return plan{}, false
	}
	// A kept line costs a byte more as a line of headroom's own: plan
	// for less, and less again when that was not enough.
	for inner := limit - limit/16; inner >= 64; inner -= limit / 8 {
		p, ok := planSearch(plain, inner, o)
		if !ok {
			return plan{}, false
		}
		items := asNotes(plain, p.items)
		if itemsSize(items) <= limit {
			p.items, p.markerAt = items, len(items)
			p.what = "rg --json events shown as path:line:text; " + p.what
			return p, true
		}
	}
	return plan{}, false
}

// asNotes turns a plan's items over text into lines of headroom's own:
// kept ranges, cut notes and glued pieces joined into one line each.
func asNotes(text string, items []item) []item {
	var out []item
	var line strings.Builder
	for _, it := range items {
		line.WriteString(strings.TrimRight(text[it.start:it.end], "\r\n"))
		line.WriteString(it.note)
		if it.glue {
			continue
		}
		out = append(out, noteLine(line.String()))
		line.Reset()
	}
	if line.Len() > 0 {
		out = append(out, noteLine(line.String()))
	}
	return out
}
