package headroom

import (
	"slices"
	"strconv"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Defaults of [MaskOptions].
const (
	// DefaultSkipTurns is how many of the last user turns masking leaves
	// alone.
	DefaultSkipTurns = 2
	// DefaultMinTokensFreed is the least a masking pass must free to be
	// worth breaking the prompt cache for.
	DefaultMinTokensFreed = 1000
)

// MaskOptions configures [MaskObservations]. The zero value means the
// documented defaults, as with slog.HandlerOptions.
type MaskOptions struct {
	// Protection says which tool results are never masked: the most
	// recent ones and the protected tools'. In a cascade ([MaskStep],
	// [Compact], [Tiers]) every step obeys the cascade's one Protection,
	// so there it must be left zero: a step whose options set it reports
	// an error rather than have it overwritten.
	Protection Protection
	// SkipTurns is how many of the last user turns are left alone: no
	// tool result at or after the SkipTurns-th latest user message is
	// masked (all of them when there are fewer turns). 0 means
	// [DefaultSkipTurns]; a negative value turns the boundary off.
	// (A zero value that masked the current turn would be a trap.)
	// However many turns it spans, the boundary shelters at most the
	// last 10 tool results (twice [DefaultKeepToolResults]): one
	// instruction followed by 200 tool calls is one turn, and its old
	// results must still be masked.
	SkipTurns int
	// MinTokensFreed: a pass that would free fewer tokens than this
	// changes nothing, since rewriting history breaks the prompt cache.
	// 0 means [DefaultMinTokensFreed]; a negative value means any gain.
	MinTokensFreed int
	// Excerpt keeps the first and last three lines of each masked output
	// under its one-line header, instead of the header alone.
	Excerpt bool
	// Counter counts tokens; nil means [Estimate]. In a cascade it must be
	// left nil, as Protection: the cascade's counter is used.
	Counter TokenCounter
	// Stored, when set, reports whether a store holds the text whose
	// [StoreID] is id; a masked result whose content it holds names the
	// id in its placeholder, so the model can get it back with the
	// retrieve tool. (A result Compress shortened with a store names the
	// id its marker names, without asking.) It must be fast and
	// deterministic: masking stays a pure function of its input.
	Stored func(id string) bool
}

func (o MaskOptions) skipTurns() int { return optionInt(o.SkipTurns, DefaultSkipTurns, 0) }

func (o MaskOptions) minFreed() int { return optionInt(o.MinTokensFreed, DefaultMinTokensFreed, 1) }

// skipCapResults is the most tool results the skip boundary shelters.
const skipCapResults = 2 * DefaultKeepToolResults

// excerptLines is how many lines an excerpt keeps at each end, and
// excerptLineBytes how long each may be.
const (
	excerptLines     = 3
	excerptLineBytes = 200
)

// MaskObservations replaces old tool results with one line that keeps what
// the model needs to know the call happened and what it returned:
//
//	[grep → 2,000 lines, 80,412 bytes; output cleared]
//
// or, with Excerpt, that line followed by the output's first and last three
// lines. Every message, every call id and every IsError and ExitCode stays;
// only Content changes. The most recent tool results, the protected tools'
// results and everything in the last SkipTurns user turns are left as they
// are, and so is any result whose placeholder would not be shorter.
//
// A pass that would free fewer than MinTokensFreed tokens returns msgs
// itself. Masking is idempotent: an already-masked result is recognised
// and never masked again or re-worded. The input is never mutated: changed
// messages get new Parts and new ToolResults; the others are shared.
func MaskObservations(msgs []Message, o MaskOptions) []Message {
	out, _ := maskObservations(msgs, o, 0)
	return out
}

// maskObservations masks as MaskObservations does, also leaving the last
// hot messages alone, and returns the tokens freed.
func maskObservations(msgs []Message, o MaskOptions, hot int) ([]Message, int) {
	c := o.Counter
	if c == nil {
		c = Estimate
	}
	boundary := len(msgs)
	if n := o.skipTurns(); n > 0 {
		var turns []int
		for i := range msgs {
			if isInstruction(&msgs[i]) {
				turns = append(turns, i)
			}
		}
		if len(turns) > 0 {
			boundary = turns[max(0, len(turns)-n)]
		}
		// A long autonomous run sits inside one turn: the boundary never
		// shelters more than skipCapResults results.
		for i, seen := len(msgs)-1, 0; i > boundary; i-- {
			for _, p := range msgs[i].Parts {
				if p.ToolResult != nil {
					seen++
				}
			}
			if seen >= skipCapResults {
				boundary = i
				break
			}
		}
	}
	boundary = min(boundary, len(msgs)-hot)
	// Results counted from the end: the last keep of them stay.
	keep := o.Protection.keepResults()
	results := 0
	for i := range msgs {
		for _, p := range msgs[i].Parts {
			if p.ToolResult != nil {
				results++
			}
		}
	}
	// A result without a name is named after its call; the map is built
	// only when one is met.
	var callNames map[string]string
	toolName := func(r *ToolResult) string {
		if r.Name != "" {
			return r.Name
		}
		if callNames == nil {
			callNames = map[string]string{}
			for _, m := range msgs {
				for _, p := range m.Parts {
					if c := p.ToolCall; c != nil {
						if _, ok := callNames[c.ID]; !ok {
							callNames[c.ID] = c.Name
						}
					}
				}
			}
		}
		return callNames[r.CallID]
	}
	type change struct {
		msg, part int
		content   string
	}
	var changes []change
	freed, ordinal := 0, 0
	for i := range msgs {
		for j, p := range msgs[i].Parts {
			r := p.ToolResult
			if r == nil {
				continue
			}
			ordinal++
			if i >= boundary || ordinal > results-keep || isMasked(r.Content) {
				continue
			}
			name := toolName(r)
			if o.Protection.protectsTool(name) {
				continue
			}
			masked := withOriginal(maskContent(name, r.Content, o.Excerpt), o.originalID(r.Content))
			gain := stringTokens(c, r.Content) - stringTokens(c, masked)
			if gain <= 0 {
				continue
			}
			freed += gain
			changes = append(changes, change{i, j, masked})
		}
	}
	if len(changes) == 0 || freed < o.minFreed() {
		return msgs, 0
	}
	out := slices.Clone(msgs)
	last := -1
	for _, ch := range changes {
		if ch.msg != last {
			out[ch.msg].Parts = slices.Clone(out[ch.msg].Parts)
			last = ch.msg
		}
		r := *out[ch.msg].Parts[ch.part].ToolResult
		r.Content = ch.content
		out[ch.msg].Parts[ch.part].ToolResult = &r
	}
	return out, freed
}

// Placeholder endings: what follows the counts in a masked result's header.
const (
	maskCleared = "output cleared"
	maskExcerpt = "first and last 3 lines kept"
)

// maskContent returns what a masked result's Content becomes.
func maskContent(name, content string, excerpt bool) string {
	name = txt.SanitizeLine(name)
	if name == "" {
		name = "tool"
	}
	lines := lineCount(content)
	if !excerpt || lines <= 2*excerptLines {
		return maskHeader(name, lines, len(content), maskCleared)
	}
	var b strings.Builder
	b.WriteString(maskHeader(name, lines, len(content), maskExcerpt))
	all := strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	for _, l := range all[:excerptLines] {
		b.WriteByte('\n')
		b.WriteString(excerptLine(l))
	}
	b.WriteString("\n…")
	for _, l := range all[len(all)-excerptLines:] {
		b.WriteByte('\n')
		b.WriteString(excerptLine(l))
	}
	return b.String()
}

func excerptLine(l string) string {
	l = strings.ToValidUTF8(strings.TrimSuffix(l, "\r"), "\uFFFD")
	if len(l) > excerptLineBytes {
		return txt.TruncateRunes(l, excerptLineBytes) + "…"
	}
	return l
}

func maskHeader(name string, lines, bytes int, ending string) string {
	b := make([]byte, 0, len(name)+len(ending)+40)
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, " → "...)
	b = appendCount(b, lines, " line")
	b = append(b, ", "...)
	b = appendCount(b, bytes, " byte")
	b = append(b, "; "...)
	b = append(b, ending...)
	b = append(b, ']')
	return string(b)
}

// appendCount appends n with thousands separators and unit, plural
// unless n is 1: "2,000 lines".
func appendCount(b []byte, n int, unit string) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 && d[0] != '-' {
			b = append(b, ',')
		}
		b = append(b, c)
	}
	b = append(b, unit...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}

// lineCount counts the lines of s; a last line without '\n' counts.
func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && s[len(s)-1] != '\n' {
		n++
	}
	return n
}

// isMasked recognises a masked result exactly: its first line must be a
// header that maskHeader writes, byte for byte.
func isMasked(s string) bool {
	header, _, multi := strings.Cut(s, "\n")
	if !strings.HasPrefix(header, "[") || !strings.HasSuffix(header, "]") {
		return false
	}
	arrow := strings.LastIndex(header, " → ")
	if arrow < 0 {
		return false
	}
	name, counts := header[1:arrow], header[arrow+len(" → "):len(header)-1]
	counts, ending, ok := strings.Cut(counts, "; ")
	ending, id := splitOriginal(ending)
	if !ok || (ending != maskCleared && ending != maskExcerpt) || (ending == maskCleared) == multi {
		return false
	}
	linesPart, bytesPart, ok := strings.Cut(counts, ", ")
	if !ok {
		return false
	}
	lines, ok1 := txt.ParseCommas(strings.TrimSuffix(strings.TrimSuffix(linesPart, " lines"), " line"))
	bytes, ok2 := txt.ParseCommas(strings.TrimSuffix(strings.TrimSuffix(bytesPart, " bytes"), " byte"))
	return ok1 && ok2 && withOriginal(maskHeader(name, lines, bytes, ending), id) == header
}
