package headroom

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// CompressToolResults compresses the tool results of new messages before
// the agent appends them to its history: call it once per tool turn, on
// the new messages only, so each output is compressed exactly once and the
// history stays byte-stable for the provider's prompt cache.
//
// Every ToolResult's Content goes through c, within the budget
// c.Budget(ctx) reports. When Content is a JSON object whose bytes are
// mostly its top-level string values ({"stdout": …, "stderr": …,
// "exit_code": 1}), each such value is compressed on its own and every
// other byte — keys, order, spacing, the other members — is spliced
// through unchanged, so the result is still valid JSON. When most of its
// bytes lie elsewhere — in nested objects and arrays, as in {"cmd":
// "kubectl …", "result": {…}} — compressing the strings could not bring
// it near the budget, so the whole Content goes through c as one string,
// and the budget wins over JSON validity.
//
// The whole Content is held to the budget, marker and escaping included:
// the fields share it, and each field's share reaches c in
// [ToolOutput].MaxBytes and MaxTokens. The room the bytes outside the
// strings leave is water-filled over the fields' sizes — a field within
// its share keeps every byte, the larger ones divide the rest — and each
// share pays for the escaping its text needs once spliced back as a JSON
// string (\n, \", \u00XX). When the splice is still over budget, the
// compressed fields' shares shrink by their parts of the excess and they
// are compressed again, a bounded number of times. Room left once it fits
// goes once to the fields that used most of theirs (none whose digest was
// asked for), and is kept only if the splice still fits. When a field's
// share would fall below [MinBudgetBytes], the bytes outside the strings
// alone are over budget, or the rounds do not make it fit, the whole
// Content goes through as one string instead. A token budget is shared
// and held the same way, as the Budget's Counter counts the spliced
// Content.
//
// Up to [DefaultConcurrency] strings are compressed at once ([Concurrency]
// sets it), the fields of one result among them; results and report come
// back in message order whatever the timing. A panic in c becomes an
// error naming the result; it never kills the process.
//
// The input is never mutated. Messages with nothing over budget are
// returned as they were, sharing their Parts; a changed message gets a new
// Parts slice and a new ToolResult. On error — ctx done, an invalid
// option, c failing — it returns nil messages, and the caller can append
// the originals.
func CompressToolResults(ctx context.Context, c Compressor, msgs []Message, opts ...ResultsOption) (_ []Message, _ Report, err error) {
	// The workers recover their own panics (compressOne); the budget's
	// TokenCounter also runs here, sharing a structured result's budget
	// among its fields, and its panic is an error too.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("headroom: the TokenCounter panicked: %v", r)
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, Report{}, err
	}
	if c == nil {
		return nil, Report{}, errors.New("headroom: CompressToolResults needs a Compressor, got nil")
	}
	cfg, err := newResultsConfig(opts)
	if err != nil {
		return nil, Report{}, err
	}
	if !hasToolResult(msgs) {
		return msgs, Report{}, nil
	}
	b, err := askBudget(ctx, c)
	if err != nil {
		return nil, Report{}, err
	}
	whole := budget{bytes: b.MaxBytes, tokens: b.MaxTokens}
	counter := b.Counter
	if counter == nil {
		counter = Estimate
	}
	results := toolOutputs(msgs, whole.bytes)
	share := whole != (budget{})
	if share {
		for i := range results {
			r := &results[i]
			if r.fields == nil {
				continue
			}
			s, fits := shareBudget(r.content, r.fields, whole, counter)
			if fits {
				r.strs = nil // nothing to compress: the content stays as it is
				continue
			}
			r.share = s
			for k := range r.strs {
				r.strs[k].out.MaxBytes, r.strs[k].out.MaxTokens = s.limits[k].bytes, s.limits[k].tokens
			}
		}
	}
	for {
		if err := compressRound(ctx, c, results, cfg.concurrency); err != nil {
			return nil, Report{}, err
		}
		if !share || !reshare(results) {
			break
		}
	}
	var rep Report
	out := slices.Clone(msgs)
	cloned := make([]bool, len(msgs))
	for _, r := range results {
		var fields []jsonField
		var texts []string
		for k, sj := range r.strs {
			if sj.o.Strategy == StrategyNone {
				continue
			}
			rep.Strings = append(rep.Strings, StringReport{
				Message: r.msg, Part: r.part, Tool: sj.out.Tool, CallID: sj.out.CallID, Field: sj.out.Field, Outcome: sj.o,
			})
			if r.fields != nil {
				fields = append(fields, r.fields[k])
			}
			texts = append(texts, sj.text)
		}
		if len(texts) == 0 {
			continue
		}
		if !cloned[r.msg] {
			out[r.msg].Parts = slices.Clone(out[r.msg].Parts)
			cloned[r.msg] = true
		}
		tr := *out[r.msg].Parts[r.part].ToolResult
		if r.fields == nil {
			tr.Content = texts[0]
		} else {
			tr.Content = spliceFields(tr.Content, fields, texts)
		}
		out[r.msg].Parts[r.part].ToolResult = &tr
	}
	return out, rep, nil
}

// hasToolResult reports whether any message carries a tool result.
func hasToolResult(msgs []Message) bool {
	for _, m := range msgs {
		for _, p := range m.Parts {
			if p.ToolResult != nil {
				return true
			}
		}
	}
	return false
}

// askBudget calls c.Budget, turning a panic into an error.
func askBudget(ctx context.Context, c Compressor) (b Budget, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = Budget{}, fmt.Errorf("headroom: the Compressor's Budget panicked: %v", r)
		}
	}()
	b, err = c.Budget(ctx)
	if err != nil {
		return Budget{}, fmt.Errorf("headroom: the Compressor's budget: %w", err)
	}
	if b.MaxBytes < 0 || b.MaxTokens < 0 {
		return Budget{}, fmt.Errorf("headroom: the Compressor reports a negative budget (%d bytes, %d tokens)", b.MaxBytes, b.MaxTokens)
	}
	return b, nil
}

// A ResultsOption configures [CompressToolResults].
type ResultsOption interface {
	applyResults(*resultsConfig)
}

type resultsOptionFunc func(*resultsConfig)

func (f resultsOptionFunc) applyResults(c *resultsConfig) { f(c) }

// resultsConfig is what the ResultsOptions set.
type resultsConfig struct {
	concurrency int
}

// Concurrency bounds how many strings of one [CompressToolResults] call
// are compressed at once — and so how many summaries are in flight. The
// default is [DefaultConcurrency]; a value below 1 is refused with an
// error.
func Concurrency(n int) ResultsOption {
	return resultsOptionFunc(func(c *resultsConfig) { c.concurrency = n })
}

func newResultsConfig(opts []ResultsOption) (resultsConfig, error) {
	c := resultsConfig{concurrency: DefaultConcurrency}
	for _, o := range opts {
		if o != nil {
			o.applyResults(&c)
		}
	}
	if c.concurrency < 1 {
		return c, fmt.Errorf("headroom: concurrency %d must be at least 1", c.concurrency)
	}
	return c, nil
}

// A resultJob is the compression of one tool result: its whole Content,
// or each of its top-level string fields.
type resultJob struct {
	msg, part int
	content   string
	fields    []jsonField // nil when the whole Content is one string
	strs      []stringJob // one per field, or one for the whole Content
	share     *fieldShare // the fields' shares of the result's budget; nil when each has the whole budget
	fitted    []stringJob // the strings of a splice that fitted, while grown shares are tried
}

// A stringJob is one string of a tool result, and what became of it. Its
// out carries the field's share of the result's budget, when it has one.
type stringJob struct {
	out  ToolOutput
	text string
	o    Outcome
	err  error
	done bool // compressed under the current limit
}

// compressRound compresses every string of results not yet done, up to
// limit at once, and returns the first error in message order.
func compressRound(ctx context.Context, c Compressor, results []resultJob, limit int) error {
	var todo []*stringJob
	for i := range results {
		for k := range results[i].strs {
			if sj := &results[i].strs[k]; !sj.done {
				todo = append(todo, sj)
			}
		}
	}
	if len(todo) == 0 {
		return nil
	}
	sem := make(chan struct{}, max(1, min(limit, len(todo))))
	var wg sync.WaitGroup
	for _, sj := range todo {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			sj.text, sj.o, sj.err = compressOne(ctx, c, sj.out)
			sj.done = true
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for i := range results {
		r := &results[i]
		for _, sj := range r.strs {
			if sj.err != nil {
				return fmt.Errorf("headroom: message %d, part %d (%s): %w", r.msg, r.part, sj.out.Tool, sj.err)
			}
		}
	}
	return nil
}

// compressOne runs c.Compress on one string, turning a panic into an
// error: a worker goroutine's panic would otherwise kill the process, out
// of the caller's reach.
func compressOne(ctx context.Context, c Compressor, out ToolOutput) (s string, o Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, o, err = "", Outcome{}, fmt.Errorf("the Compressor panicked: %v", r)
		}
	}()
	return c.Compress(ctx, out)
}

// reshare checks every structured result whose fields share its budget
// against that budget once spliced. A field whose share was too generous
// — its text grew when escaped, or the planners' estimate of the marker
// was short — gets a smaller one for another round; a result that cannot
// fit that way goes whole through the compressor instead. It reports
// whether another round is needed.
func reshare(results []resultJob) bool {
	again := false
	for i := range results {
		r := &results[i]
		if r.share == nil {
			continue
		}
		var fields []jsonField
		var texts, all []string
		compressed := make([]bool, len(r.strs))
		for k, sj := range r.strs {
			all = append(all, sj.text)
			if sj.o.Strategy != StrategyNone {
				compressed[k] = true
				fields = append(fields, r.fields[k])
				texts = append(texts, sj.text)
			}
		}
		spliced := spliceFields(r.content, fields, texts)
		redo, done := r.share.adjust(spliced, all, compressed)
		if done {
			// A field whose digest was asked for is not grown: a second
			// summary would cost a model call for a few hundred bytes.
			growable := slices.Clone(compressed)
			for k, sj := range r.strs {
				growable[k] = growable[k] && !sj.o.Summary.Called
			}
			redo = r.share.grow(spliced, all, growable)
			if len(redo) == 0 {
				r.share, r.fitted = nil, nil
				continue
			}
			r.fitted = slices.Clone(r.strs)
		}
		switch {
		case len(redo) == 0 && r.fitted != nil:
			// The grown shares do not fit: keep the splice that did.
			r.strs, r.share, r.fitted = r.fitted, nil, nil
		case len(redo) == 0:
			// No share can shrink further: the budget wins over validity,
			// as it does for a result whose bulk is not in its strings.
			out := r.strs[0].out
			out.Field, out.Text, out.MaxBytes, out.MaxTokens = "", r.content, 0, 0
			r.fields, r.share, r.strs = nil, nil, []stringJob{{out: out}}
			again = true
		default:
			for _, k := range redo {
				sj := &r.strs[k]
				sj.out.MaxBytes, sj.out.MaxTokens, sj.done = r.share.limits[k].bytes, r.share.limits[k].tokens, false
			}
			again = true
		}
	}
	return again
}

// toolOutputs lists the strings of every tool result in msgs, in order.
// A structured result is split into its top-level string fields when
// splitFields allows it for byteBudget; otherwise it is one string.
func toolOutputs(msgs []Message, byteBudget int) []resultJob {
	var results []resultJob
	for i, m := range msgs {
		for j, p := range m.Parts {
			r := p.ToolResult
			if r == nil {
				continue
			}
			base := ToolOutput{Tool: r.Name, CallID: r.CallID, IsError: r.IsError, ExitCode: r.ExitCode}
			job := resultJob{msg: i, part: j, content: r.Content}
			if fields, ok := stringFields(r.Content); ok && splitFields(r.Content, fields, byteBudget) {
				job.fields = fields
				for _, f := range fields {
					out := base
					out.Field, out.Text = f.key, f.value
					job.strs = append(job.strs, stringJob{out: out})
				}
			} else {
				base.Text = r.Content
				job.strs = []stringJob{{out: base}}
			}
			results = append(results, job)
		}
	}
	return results
}

// splitFields reports whether a JSON object's top-level string fields are
// compressed one by one. They are when the string values (their literals,
// quotes included) hold at least half of the content's bytes: that is the
// shape of an exec wrapper ({"stdout": …, "stderr": …, "exit_code": 1}),
// whose strings deserve the log and search planners and whose JSON stays
// valid. When the bulk is elsewhere, compressing the strings leaves the
// bulk over budget, so the object goes whole to the JSON planner.
//
// A positive byteBudget, which the fields then share, also sends the
// object whole when no split can fit it: when the bytes outside the
// strings alone exceed it, or when the fields that must shrink would get
// shares below [MinBudgetBytes].
func splitFields(content string, fields []jsonField, byteBudget int) bool {
	inStrings := 0
	sizes := make([]int, len(fields))
	for i, f := range fields {
		sizes[i] = f.end - f.start
		inStrings += sizes[i]
	}
	outside := len(content) - inStrings
	if outside > inStrings {
		return false
	}
	if byteBudget <= 0 || len(content) <= byteBudget {
		return true
	}
	if outside > byteBudget {
		return false
	}
	level := waterLevel(sizes, byteBudget-outside)
	return level >= minFieldShare || slices.Max(sizes) <= level
}

// A jsonField is one top-level string member of a JSON object.
type jsonField struct {
	key        string // decoded
	start, end int    // the value's string literal, quotes included, in the content
	value      string // decoded
}

// stringFields returns the top-level string members of content, in order,
// when content is a valid JSON object with at least one; ok is false for
// anything else, which is then treated as plain text.
func stringFields(content string) (fields []jsonField, ok bool) {
	i := skipSpace(content, 0)
	if i >= len(content) || content[i] != '{' || !json.Valid([]byte(content)) {
		return nil, false
	}
	i++
	for {
		i = skipSpace(content, i)
		if content[i] == '}' {
			break
		}
		keyEnd := stringEnd(content, i)
		var key string
		if json.Unmarshal([]byte(content[i:keyEnd]), &key) != nil {
			return nil, false
		}
		i = skipSpace(content, keyEnd)
		i = skipSpace(content, i+1) // past ':'
		end := valueEnd(content, i)
		if content[i] == '"' {
			var v string
			if json.Unmarshal([]byte(content[i:end]), &v) != nil {
				return nil, false
			}
			fields = append(fields, jsonField{key: key, start: i, end: end, value: v})
		}
		i = skipSpace(content, end)
		if content[i] == ',' {
			i++
		}
	}
	return fields, len(fields) > 0
}

// The scanners below walk JSON already checked by json.Valid, so they need
// not handle malformed input; they stop at the end of s regardless.

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string literal starting at i.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// valueEnd returns the index just past the JSON value starting at i.
func valueEnd(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	switch s[i] {
	case '"':
		return stringEnd(s, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '"':
				j = stringEnd(s, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(s)
	}
	j := i
	for j < len(s) && !strings.ContainsRune(",}] \t\r\n", rune(s[j])) {
		j++
	}
	return j
}

// quoteJSON encodes s as a JSON string literal without HTML escaping, so
// that <, > and & in tool output stay as they were.
func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// spliceFields returns content with the values of the given fields
// replaced by the JSON encodings of repl (same order); every other byte —
// keys, order, spacing, escapes of untouched values — is kept.
func spliceFields(content string, fields []jsonField, repl []string) string {
	var b strings.Builder
	pos := 0
	for i, f := range fields {
		b.WriteString(content[pos:f.start])
		b.WriteString(quoteJSON(repl[i]))
		pos = f.end
	}
	b.WriteString(content[pos:])
	return b.String()
}

// waterLevel divides room among items of the given sizes by water-filling:
// an item no larger than the level keeps its size, and each larger one is
// cut to the level, which is as high as room allows. When every item fits
// in room the level is the largest size. Negative room gives level 0.
func waterLevel(sizes []int, room int) int {
	sorted := slices.Clone(sizes)
	slices.Sort(sorted)
	room = max(room, 0)
	for k, s := range sorted {
		level := room / (len(sorted) - k)
		if s > level {
			return level
		}
		room -= s
	}
	if len(sorted) == 0 {
		return 0
	}
	return sorted[len(sorted)-1]
}

// minFieldShare is the smallest share, in bytes of a string literal, that
// lets a field be compressed: the smallest budget and its two quotes.
const minFieldShare = MinBudgetBytes + 2

// A fieldShare is how the budget of one structured result is divided
// among its top-level string fields, and what the last round of
// compression made of it.
type fieldShare struct {
	whole   budget       // what the spliced Content must fit
	counter TokenCounter // counts its tokens when whole.tokens > 0
	limits  []budget     // each field's budget; 0 in a dimension leaves the compressor's own
	rounds  int
	grown   []bool // the fields given spare room, once the split fitted; nil before
}

// shareBudget divides whole among the fields of content, or reports that
// content already fits it, in which case nothing is compressed. Room is
// what the bytes (tokens) outside the fields leave; it is water-filled
// over the fields' literal sizes (token counts), so a field within its
// share keeps every byte and the rest is divided among the others. A
// field's byte budget is its share without the quotes and without the
// escaping its text needs, at the rate its whole text needs it; the
// rounds that follow correct the estimate (see adjust).
func shareBudget(content string, fields []jsonField, whole budget, counter TokenCounter) (s *fieldShare, fits bool) {
	fitsBytes := whole.bytes == 0 || len(content) <= whole.bytes
	if fitsBytes && (whole.tokens == 0 || len(content) <= whole.tokens || countTokens(counter, content) <= whole.tokens) {
		return nil, true
	}
	s = &fieldShare{whole: whole, counter: counter, limits: make([]budget, len(fields))}
	if whole.bytes > 0 {
		sizes := make([]int, len(fields))
		outside := len(content)
		for i, f := range fields {
			sizes[i] = f.end - f.start
			outside -= sizes[i]
		}
		level := waterLevel(sizes, whole.bytes-outside)
		for i, f := range fields {
			if sizes[i] <= level {
				continue
			}
			escaped := len(quoteJSON(f.value)) - 2
			n := level - 2
			if escaped > 0 {
				n = int(int64(n) * int64(len(f.value)) / int64(escaped))
			}
			s.limits[i].bytes = max(MinBudgetBytes, n)
		}
	}
	if whole.tokens > 0 {
		counts := make([]int, len(fields))
		outside := countTokens(counter, content)
		for i, f := range fields {
			counts[i] = countTokens(counter, f.value)
			outside -= counts[i]
		}
		level := waterLevel(counts, whole.tokens-max(outside, 0))
		floor := minTokenBudget(counter)
		for i := range fields {
			if counts[i] > level {
				s.limits[i].tokens = max(floor, level)
			}
		}
	}
	return s, false
}

// shareRounds bounds the rounds of compression one structured result gets
// before it is compressed whole.
const shareRounds = 6

// adjust checks the Content spliced from the last round's texts (those of
// the fields in compressed, the others untouched) against the whole
// budget. It returns done when it fits; otherwise it shrinks the budgets
// of the compressed fields, each by its part of the excess in proportion
// to its size, from what its text took, and returns the fields to
// compress again — none when no budget can shrink further or the rounds
// are spent, and the result must be compressed whole.
func (s *fieldShare) adjust(spliced string, texts []string, compressed []bool) (again []int, done bool) {
	s.rounds++
	overBytes := 0
	if s.whole.bytes > 0 {
		overBytes = len(spliced) - s.whole.bytes
	}
	overTokens := 0
	if s.whole.tokens > 0 && len(spliced) > s.whole.tokens {
		overTokens = countTokens(s.counter, spliced) - s.whole.tokens
	}
	if overBytes <= 0 && overTokens <= 0 {
		return nil, true
	}
	if s.rounds >= shareRounds {
		return nil, false
	}
	var sumBytes, sumTokens int
	tokens := make([]int, len(texts))
	// After growing, only the grown fields give the room back.
	cut := slices.Clone(compressed)
	for i := range cut {
		cut[i] = cut[i] && (s.grown == nil || s.grown[i])
	}
	compressed = cut
	for i, t := range texts {
		if !compressed[i] {
			continue
		}
		sumBytes += len(t)
		if overTokens > 0 {
			tokens[i] = countTokens(s.counter, t)
			sumTokens += tokens[i]
		}
	}
	floor := 0
	if overTokens > 0 {
		floor = minTokenBudget(s.counter)
	}
	for i, t := range texts {
		if !compressed[i] {
			continue
		}
		l, changed := s.limits[i], false
		if overBytes > 0 && sumBytes > 0 {
			cut := ceilDiv(overBytes*len(t), sumBytes)
			if n := max(MinBudgetBytes, min(nonzero(l.bytes, len(t)), len(t))-cut); n < nonzero(l.bytes, len(t)+1) {
				l.bytes, changed = n, true
			}
		}
		if overTokens > 0 && sumTokens > 0 {
			cut := ceilDiv(overTokens*tokens[i], sumTokens)
			if n := max(floor, min(nonzero(l.tokens, tokens[i]), tokens[i])-cut); n < nonzero(l.tokens, tokens[i]+1) {
				l.tokens, changed = n, true
			}
		}
		if changed {
			s.limits[i] = l
			again = append(again, i)
		}
	}
	return again, false
}

// grow hands the room a fitting splice leaves over to the fields that
// used most (three quarters) of their byte budgets, in proportion to
// their sizes, and returns them to compress again; it does so once, for a
// byte budget alone. A planner that keeps only what tells, like the log planner, can
// leave much of its share unused, which a clip of a neighbour would
// rather spend. Too little room left, or no field wanting it, returns
// none.
func (s *fieldShare) grow(spliced string, texts []string, compressed []bool) []int {
	if s.grown != nil || s.whole.bytes == 0 || s.whole.tokens > 0 || s.rounds >= shareRounds-1 {
		return nil
	}
	s.grown = make([]bool, len(texts))
	spare := s.whole.bytes - len(spliced)
	if spare < MinBudgetBytes {
		return nil
	}
	var hungry []int
	sum := 0
	for i, t := range texts {
		if compressed[i] && s.limits[i].bytes > 0 && len(t)*4 >= s.limits[i].bytes*3 {
			hungry = append(hungry, i)
			sum += len(t)
		}
	}
	for _, i := range hungry {
		t := texts[i]
		// Spare bytes are literal bytes: grow the text by what they hold
		// at the rate its text is escaped.
		more := int(int64(spare) * int64(len(t)) / int64(sum) * int64(len(t)) / int64(len(quoteJSON(t))))
		s.limits[i].bytes += more
		s.grown[i] = true
	}
	return hungry
}

// nonzero returns n, or or when n is 0 (no limit).
func nonzero(n, or int) int {
	if n == 0 {
		return or
	}
	return n
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }
