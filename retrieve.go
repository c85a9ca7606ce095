package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// RetrieveToolName is the name of the retrieve tool, as markers name it.
const RetrieveToolName = "headroom_retrieve"

// retrieveHint is the marker's hint when the store holds the original:
// the call that gets it back. At most maxHint bytes, so the planners'
// reserve holds it.
func retrieveHint(id string) string {
	return `The original is stored: call ` + RetrieveToolName + ` with {"id":"` + id + `"}, adding "lines":"A:B" or "grep" for a part.`
}

// ToolDefinition describes a tool to a model: its name, what it is for,
// and the JSON Schema of its arguments. Each SDK has its own type for it;
// the fields map one to one.
type ToolDefinition struct {
	Name        string
	Description string
	InputSchema json.RawMessage
}

// RetrieveTool returns the definition of the retrieve tool a [Retriever]
// answers. Register it with the model when the compressor has a store.
func RetrieveTool() ToolDefinition {
	return ToolDefinition{
		Name: RetrieveToolName,
		Description: "Get back the original of a tool output that headroom shortened. A shortened output ends or breaks with a " +
			"[…headroom: …] marker naming an id; pass that id. The whole original may be long: ask for a line range or grep " +
			"for a pattern to get only the part you need.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"id":{"type":"string","description":"The id the marker names.","pattern":"^[0-9a-f]{` + strconv.Itoa(StoreIDLen) + `}$"},` +
			`"lines":{"type":"string","description":"Lines A to B of the original, 1-based and inclusive: \"120:340\"; \"120:\" runs to the end, \":40\" starts at the first line.","pattern":"^[0-9]*[:-][0-9]*$"},` +
			`"grep":{"type":"string","description":"A regular expression (RE2 syntax); only matching lines come back, each after its line number and a colon (within lines, when both are given)."},` +
			`"max_bytes":{"type":"integer","minimum":0,"description":"The most bytes to return; a longer answer is shortened."}` +
			`},"required":["id"],"additionalProperties":false}`),
	}
}

// RetrieveRequest is the retrieve tool's arguments.
type RetrieveRequest struct {
	ID string `json:"id"`
	// Lines is a line range, "A:B" (see [ParseLineRange]); "" is all.
	Lines string `json:"lines,omitempty"`
	// Grep is an RE2 regular expression; only the lines that match come
	// back, each prefixed with its line number and ':' as grep -n does.
	Grep string `json:"grep,omitempty"`
	// MaxBytes bounds the answer, below the retriever's own budget; 0
	// leaves that budget. A value below [MinBudgetBytes] is raised to it.
	MaxBytes int `json:"max_bytes,omitempty"`
}

// ErrInvalidRange is wrapped by the errors of [ParseLineRange] and of a
// range past the end of the original.
var ErrInvalidRange = errors.New("headroom: invalid range")

// A LineRange selects lines First to Last of a text, 1-based and
// inclusive; Last 0 runs to the end.
type LineRange struct {
	First, Last int
}

// maxLine bounds a line number in a range; no text has more lines.
const maxLine = 1 << 40

// ParseLineRange parses "A:B" (or "A-B", as markers word ranges): lines A
// to B, 1-based and inclusive. "A:" runs to the end, ":B" starts at line
// 1, and "A" alone is one line. An error wraps [ErrInvalidRange].
func ParseLineRange(s string) (LineRange, error) {
	bad := func(why string) (LineRange, error) {
		return LineRange{}, fmt.Errorf("%w %q: %s", ErrInvalidRange, clipForError(s), why)
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return bad("want A:B, 1-based line numbers")
	}
	a, b, two := strings.Cut(t, ":")
	if !two {
		a, b, two = strings.Cut(t, "-")
	}
	num := func(f string, empty int) (int, bool) {
		f = strings.TrimSpace(f)
		if f == "" {
			return empty, true
		}
		for i := 0; i < len(f); i++ {
			if f[i] < '0' || f[i] > '9' {
				return 0, false
			}
		}
		if len(f) > 13 {
			return 0, false
		}
		n, err := strconv.Atoi(f)
		return n, err == nil && n <= maxLine
	}
	first, ok := num(a, 1)
	if !ok || (!two && a == "") {
		return bad("want A:B, 1-based line numbers")
	}
	last := first
	if two {
		if last, ok = num(b, 0); !ok {
			return bad("want A:B, 1-based line numbers")
		}
	}
	switch {
	case first < 1:
		return bad("lines count from 1")
	case last != 0 && last < first:
		return bad("the range ends before it starts")
	}
	return LineRange{First: first, Last: last}, nil
}

// String formats r as ParseLineRange reads it.
func (r LineRange) String() string {
	if r.Last == 0 {
		return strconv.Itoa(r.First) + ":"
	}
	return strconv.Itoa(r.First) + ":" + strconv.Itoa(r.Last)
}

// Select returns the lines r names of text, each with its own '\n' (the
// last line of text may have none). A range that starts past the last
// line is an error wrapping [ErrInvalidRange]; one that ends past it runs
// to the end.
func (r LineRange) Select(text string) (string, error) {
	if r.First < 1 || (r.Last != 0 && r.Last < r.First) {
		return "", fmt.Errorf("%w %s", ErrInvalidRange, r)
	}
	start, n := lineStart(text, r.First)
	if start < 0 {
		return "", fmt.Errorf("%w %s: the text has %s lines", ErrInvalidRange, r, txt.Commas(n))
	}
	if r.Last == 0 {
		return text[start:], nil
	}
	end, _ := lineStart(text[start:], r.Last-r.First+2)
	if end < 0 {
		return text[start:], nil
	}
	return text[start : start+end], nil
}

// lineStart returns the offset where line n (1-based) of text starts, or
// -1 and the number of lines when text has fewer.
func lineStart(text string, n int) (int, int) {
	pos := 0
	for line := 1; line < n; line++ {
		i := strings.IndexByte(text[pos:], '\n')
		if i < 0 || pos+i+1 == len(text) {
			return -1, line
		}
		pos += i + 1
	}
	if pos >= len(text) && n > 1 {
		return -1, n - 1
	}
	return pos, 0
}

// grepNumbered returns the lines of text (which starts at line first) that
// re matches, each as "N:line\n".
func grepNumbered(text string, first int, re *regexp.Regexp) string {
	var b strings.Builder
	n := first
	for len(text) > 0 {
		line, rest, found := strings.Cut(text, "\n")
		if re.MatchString(line) {
			b.WriteString(strconv.Itoa(n))
			b.WriteByte(':')
			b.WriteString(line)
			b.WriteByte('\n')
		}
		if !found {
			break
		}
		text, n = rest, n+1
	}
	return b.String()
}

// Retriever answers the retrieve tool ([RetrieveTool]) from a [Store],
// holding each answer to a budget: an answer over it is compressed like
// any tool output, behind a marker that says how to ask for less. It is
// safe for concurrent use.
type Retriever struct {
	store Store
	h     *Headroom
}

// NewRetriever returns a Retriever reading s. opts are [New]'s: the
// budget options bound every answer ([DefaultMaxBytes] when none is
// given), a [WithStore] among them is ignored (an answer is never stored
// again).
func NewRetriever(s Store, opts ...Option) (*Retriever, error) {
	if s == nil {
		return nil, errors.New("headroom: NewRetriever needs a Store, got nil")
	}
	h, err := New(opts...)
	if err != nil {
		return nil, err
	}
	h.cfg.store = nil
	return &Retriever{store: s, h: h}, nil
}

// Call answers one call of the retrieve tool, its arguments as the model
// sent them (a JSON object, [RetrieveRequest]). An error is for the model:
// its text says what was wrong ("unknown id", "invalid range"), and the
// agent sends it back as the tool's result, marked as an error.
func (r *Retriever) Call(ctx context.Context, args json.RawMessage) (string, error) {
	var req RetrieveRequest
	dec := json.NewDecoder(strings.NewReader(string(args)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return "", fmt.Errorf("headroom: %s arguments: %w", RetrieveToolName, err)
	}
	return r.Retrieve(ctx, req)
}

// Retrieve answers req: the original stored under req.ID, or the part of
// it req asks for, within the budget. It never panics, whatever the store
// does.
func (r *Retriever) Retrieve(ctx context.Context, req RetrieveRequest) (answer string, err error) {
	defer func() {
		if p := recover(); p != nil {
			answer, err = "", fmt.Errorf("headroom: %s failed: %v", RetrieveToolName, p)
		}
	}()
	part, first, err := r.part(ctx, req)
	if err != nil {
		return "", err
	}
	out := ToolOutput{Tool: RetrieveToolName, Text: part}
	if req.MaxBytes > 0 {
		out.MaxBytes = max(req.MaxBytes, MinBudgetBytes)
	}
	text, _, err := r.h.compress(ctx, out, askLessHint(req.ID, first))
	return text, err
}

// part returns the part of the original req asks for, before any
// compression, and the line it starts at.
func (r *Retriever) part(ctx context.Context, req RetrieveRequest) (string, int, error) {
	if req.MaxBytes < 0 {
		return "", 0, fmt.Errorf("headroom: max_bytes %d is negative", req.MaxBytes)
	}
	rng := LineRange{First: 1}
	if req.Lines != "" {
		var err error
		if rng, err = ParseLineRange(req.Lines); err != nil {
			return "", 0, err
		}
	}
	var re *regexp.Regexp
	if req.Grep != "" {
		var err error
		if re, err = regexp.Compile(req.Grep); err != nil {
			return "", 0, fmt.Errorf("headroom: invalid grep pattern: %w", err)
		}
	}
	if err := CheckStoreID(req.ID); err != nil {
		return "", 0, err
	}
	text, err := getOriginal(ctx, r.store, req.ID)
	if err != nil {
		return "", 0, err
	}
	part, err := rng.Select(text)
	if err != nil {
		return "", 0, err
	}
	if re == nil {
		return part, rng.First, nil
	}
	found := grepNumbered(part, rng.First, re)
	if found == "" {
		where := "the original"
		if req.Lines != "" {
			where = "lines " + rng.String() + " of the original"
		}
		return "no line of " + where + " matches " + strconv.Quote(req.Grep) + "\n", rng.First, nil
	}
	return found, rng.First, nil
}

// askLessHint is the marker's hint on an answer over budget.
func askLessHint(id string, first int) string {
	h := `Ask for less: call ` + RetrieveToolName + ` with {"id":"` + id + `"} and narrower "lines":"A:B" or a "grep".`
	if first > 1 {
		h += " Line 1 here is line " + strconv.Itoa(first) + " of the original."
	}
	return txt.TruncateRunes(h, maxHint)
}
