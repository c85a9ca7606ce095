package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// cleanTerminalText returns text as a terminal showed it, line by line
// (txt.CleanTerminal: escapes stripped, carriage-return redraws collapsed
// to their last non-blank segment, a CRLF end kept), and whether that
// changed anything. Text with no escape and no '\r' before a line's end
// comes back as it is, without a copy.
func cleanTerminalText(text string) (string, bool) {
	if strings.IndexByte(text, 0x1b) < 0 && !hasInnerCR(text) {
		return text, false
	}
	var b strings.Builder
	b.Grow(len(text))
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		b.WriteString(txt.CleanTerminal(text[start:end]))
		b.WriteString(text[end:next]) // the line break, if any
		start = next
	}
	out := b.String()
	return out, out != text
}

// hasInnerCR reports whether a '\r' stands anywhere but right before a
// '\n' or at the very end.
func hasInnerCR(text string) bool {
	for i := strings.IndexByte(text, '\r'); i >= 0; {
		if i+1 < len(text) && text[i+1] != '\n' {
			return true
		}
		j := strings.IndexByte(text[i+1:], '\r')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
