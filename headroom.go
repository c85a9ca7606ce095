package headroom

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Strategy names how a string was compressed.
type Strategy string

// The strategies of the default [Compressor]. A string under budget is
// reported with StrategyNone.
const (
	StrategyNone   Strategy = "none"
	StrategyClip   Strategy = "clip"
	StrategySearch Strategy = "search"
	StrategyJSON   Strategy = "json"
	StrategyLog    Strategy = "log"
)

// ToolOutput is one string a [Compressor] is asked to compress: a whole
// tool result, or one top-level string field of a structured (JSON) result.
type ToolOutput struct {
	Tool     string // the tool's name, e.g. "Bash" or "Grep"
	CallID   string // the tool call's id, for reports
	Field    string // the JSON field name for a structured result; "" for the whole content
	Text     string
	IsError  bool
	ExitCode *int
}

// Outcome describes what a [Compressor] did to one string.
type Outcome struct {
	Strategy      Strategy // StrategyNone when the string was under budget and returned as it was
	BytesBefore   int
	BytesAfter    int
	TokensOmitted int // tokens of the input not shown verbatim, as the configured TokenCounter counts them
	Summary       SummaryUse
}

// Compressor compresses one tool output at append time.
//
// Compress must be deterministic for a given input and configuration (prompt
// caches depend on it), safe for concurrent use, and must never panic on any
// input. It returns the input text unchanged, with [StrategyNone], when the
// text is within budget. An error means the configuration cannot be applied
// (a budget that the context carries is invalid, say) or ctx was cancelled;
// it is never used for odd input.
type Compressor interface {
	Compress(ctx context.Context, out ToolOutput) (string, Outcome, error)
}

// Report lists what [CompressToolResults] compressed: one entry per string
// that was over budget, in message order. Strings left as they were have
// no entry.
type Report struct {
	Strings []StringReport
}

// StringReport describes one compressed string.
type StringReport struct {
	Message, Part int    // where the tool result sits in the messages
	Tool, CallID  string // from the ToolResult
	Field         string // the JSON field for a structured result; "" for the whole content
	Outcome
}

// BytesSaved returns the bytes the compressed strings lost in all.
func (r Report) BytesSaved() int {
	n := 0
	for _, s := range r.Strings {
		n += s.BytesBefore - s.BytesAfter
	}
	return n
}

// TokensOmitted returns the tokens omitted from all strings.
func (r Report) TokensOmitted() int {
	n := 0
	for _, s := range r.Strings {
		n += s.TokensOmitted
	}
	return n
}

// CompressToolResults compresses the tool results of new messages before
// the agent appends them to its history: call it once per tool turn, on
// the new messages only, so each output is compressed exactly once and the
// history stays byte-stable for the provider's prompt cache.
//
// Every ToolResult's Content goes through c. When Content is a JSON object
// whose bytes are mostly its top-level string values ({"stdout": …,
// "stderr": …, "exit_code": 1}), each such value is compressed on its own
// and every other byte — keys, order, spacing, the other members — is
// spliced through unchanged, so the result is still valid JSON. When most
// of its bytes lie elsewhere — in nested objects and arrays, as in
// {"cmd": "kubectl …", "result": {…}} — compressing the strings could not
// bring it near the budget, so the whole Content goes through c as one
// string, and the budget wins over JSON validity.
//
// A [Headroom] holds the whole Content to its budget, marker and escaping
// included: the fields share it. The room the bytes outside the strings
// leave is water-filled over the fields' sizes — a field within its share
// keeps every byte, the larger ones divide the rest — and each share pays
// for the escaping its text needs once spliced back as a JSON string (\n,
// \", \u00XX). When the splice is still over budget, the compressed fields'
// budgets shrink by their parts of the excess and they are compressed
// again, a bounded number of times. Room left once it fits goes once to
// the fields that used most of theirs (none whose digest was asked for),
// and is kept only if the splice still fits. When a field's share would
// fall below [MinBudgetBytes], the bytes outside the strings alone are over
// budget, or the rounds do not make it fit, the whole Content goes through
// as one string instead. A token budget ([WithMaxTokens]) is shared and
// held the same way, as the configured [TokenCounter] counts the spliced
// Content. Any other Compressor gets each field with its own whole budget,
// so its spliced Content may exceed that budget.
//
// Up to [DefaultConcurrency] strings are compressed at once
// ([WithConcurrency] sets it for a [Headroom]), the fields of one result
// among them; results and report come back in message order whatever the
// timing.
//
// The input is never mutated. Messages with nothing over budget are
// returned as they were, sharing their Parts; a changed message gets a new
// Parts slice and a new ToolResult. On error — ctx done, or c failing — it
// returns nil messages, and the caller can append the originals.
func CompressToolResults(ctx context.Context, c Compressor, msgs []Message) ([]Message, Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, Report{}, err
	}
	if c == nil {
		return nil, Report{}, errors.New("headroom: CompressToolResults needs a Compressor, got nil")
	}
	var whole budget
	var counter TokenCounter
	share := false
	if s, ok := c.(interface {
		resultBudget(context.Context) (budget, TokenCounter, bool)
	}); ok {
		whole, counter, share = s.resultBudget(ctx)
	}
	results := toolOutputs(msgs, whole.bytes)
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
				r.strs[k].limit = s.limits[k]
			}
		}
	}
	limit := DefaultConcurrency
	if l, ok := c.(interface{ maxConcurrency() int }); ok {
		limit = l.maxConcurrency()
	}
	for {
		if err := compressRound(ctx, c, results, limit); err != nil {
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

// A stringJob is one string of a tool result, and what became of it.
type stringJob struct {
	out   ToolOutput
	limit budget // the field's share; zero leaves the compressor's own budget
	text  string
	o     Outcome
	err   error
	done  bool // compressed under the current limit
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
			cctx := ctx
			if sj.limit != (budget{}) {
				cctx = withFieldShare(ctx, sj.limit)
			}
			sj.text, sj.o, sj.err = c.Compress(cctx, sj.out)
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
			out.Field, out.Text = "", r.content
			r.fields, r.share, r.strs = nil, nil, []stringJob{{out: out}}
			again = true
		default:
			for _, k := range redo {
				r.strs[k].limit, r.strs[k].done = r.share.limits[k], false
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
