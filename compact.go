package headroom

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/headroom-go/headroom/internal/txt"
)

// ErrCannotFit is wrapped by the error [Compact] returns when even what the
// protection rules keep does not fit the budget.
var ErrCannotFit = errors.New("headroom: the conversation cannot fit the budget")

// Step is one step of the compaction cascade: masking, summarizing,
// trimming, or a step of the caller's own (provider-native compaction,
// say). [Compact] runs its steps in order, cheapest first, and stops after
// the first one that makes the conversation fit.
type Step interface {
	// Name is a short lowercase name for reports and events: "mask".
	Name() string
	// Apply returns msgs compacted. It must not mutate msgs (share
	// unchanged messages, copy what it changes) and returns msgs itself
	// when it has nothing to do. It need not reach env.Budget: a later
	// step may. It must obey env.Protection and never separate a tool
	// call from its results, drop or change a system message or the
	// latest user message: Compact checks, and rejects an output that
	// does. An error means the step could not apply (its model failed,
	// say): Compact records it and goes on with msgs. When ctx is done,
	// Apply returns promptly with an error wrapping ctx.Err(). A panic
	// is recovered and recorded as an error.
	Apply(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error)
}

// StepEnv is what [Compact] hands each [Step]: the budget, the counter
// and the protection rules shared by all steps.
type StepEnv struct {
	// Budget is the token budget the conversation must fit.
	Budget int
	// Counter counts tokens as every step does; it remembers the counts
	// of large strings for the length of one Compact call.
	Counter TokenCounter
	// Protection is [CompactOptions].Protection.
	Protection Protection

	sink *stepSink // what the running step reports; nil outside Compact
}

// Count returns the tokens of msgs as [CountMessages] counts them with
// e.Counter.
func (e StepEnv) Count(msgs []Message) int { return CountMessages(msgs, e.Counter) }

// ReportUsage adds u to the token usage of the step being run, which
// [Compact] reports in its [StepReport].Usage and, summed, in
// [CompactReport].Usage. A step that calls a model — the summarizer, a
// provider's own compaction — calls it once per model call. It is safe
// for concurrent use; outside Compact it does nothing.
func (e StepEnv) ReportUsage(u Usage) {
	if e.sink != nil {
		e.sink.add(u)
	}
}

// stepSink gathers what one step reports besides its output: the usage
// of its model calls and, for a summarize step, what its fold did.
type stepSink struct {
	mu   sync.Mutex
	u    Usage
	fold foldInfo
}

func (s *stepSink) add(u Usage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.u.InputTokens += u.InputTokens
	s.u.OutputTokens += u.OutputTokens
}

func (s *stepSink) total() Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.u
}

func (e StepEnv) reportFold(f foldInfo) {
	if e.sink != nil {
		e.sink.mu.Lock()
		defer e.sink.mu.Unlock()
		e.sink.fold = f
	}
}

func (s *stepSink) folded() foldInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fold
}

// cascadeConflict reports a step option that a cascade step takes from
// its [StepEnv] instead: setting it would have no effect, and a silent
// overwrite would hide that from the caller.
func cascadeConflict(step string, p Protection, c TokenCounter, budget int) error {
	var set []string
	if p.KeepToolResults != 0 || len(p.Tools) > 0 {
		set = append(set, "Protection")
	}
	if c != nil {
		set = append(set, "Counter")
	}
	if budget != 0 {
		set = append(set, "Budget")
	}
	if len(set) == 0 {
		return nil
	}
	return fmt.Errorf("headroom: %s: its options set %s, which a step of a cascade takes from the cascade (CompactOptions or TierOptions): leave them zero there", step, strings.Join(set, " and "))
}

// NewStep adapts a function to [Step] under name.
func NewStep(name string, apply func(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error)) Step {
	return funcStep{name, apply}
}

type funcStep struct {
	name  string
	apply func(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error)
}

func (s funcStep) Name() string { return s.name }

func (s funcStep) Apply(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error) {
	if s.apply == nil {
		return msgs, nil
	}
	return s.apply(ctx, msgs, env)
}

// MaskStep returns [MaskObservations] as a step named "mask". The
// protection rules and the counter come from the [StepEnv]; o must leave
// its Protection and Counter zero, or the step fails with an error.
func MaskStep(o MaskOptions) Step {
	return NewStep("mask", func(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error) {
		if err := ctx.Err(); err != nil {
			return msgs, fmt.Errorf("headroom: mask: %w", err)
		}
		if err := cascadeConflict("mask", o.Protection, o.Counter, 0); err != nil {
			return msgs, err
		}
		o.Protection, o.Counter = env.Protection, env.Counter
		return MaskObservations(msgs, o), nil
	})
}

// SummarizeStep returns [Summarize] with s as a step named "summarize".
// The protection rules and the counter come from the [StepEnv]; o must
// leave its Protection and Counter zero, or the step fails with an error.
// The summarizer's usage is reported to the StepEnv (and to o.OnUsage).
//
// Unlike Summarize alone, the step aims at env.Budget. The summary message
// is capped at o.BudgetShare of it ([DefaultSummaryShare] by default): the
// request says so, and a longer answer is cut, which the step's
// [StepReport] records. When folding up to its preferred cut would leave
// the conversation over the budget (counting the summary as long as
// o.MaxWords and the cap allow), it moves the cut later, so that a trim
// step after it does not drop messages that are neither in the summary nor
// kept. The cut never moves into the last [DefaultTrimKeepRecent]
// messages, what a default trim keeps, nor past what the protection rules
// keep; the summarizer is still called once. The cap is lowered to the
// room that fold leaves beside the kept messages when that is less (but
// not under [MinSummaryTokens]), so a long answer is cut rather than
// pushing the kept messages out.
func SummarizeStep(s Summarizer, o SummarizeOptions) Step {
	return summarizeStep(s, o, DefaultTrimKeepRecent)
}

// summarizeStep is SummarizeStep leaving the last minTail messages alone
// when it moves its cut: those the trim step after it keeps.
func summarizeStep(s Summarizer, o SummarizeOptions, minTail int) Step {
	return NewStep("summarize", func(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error) {
		if err := cascadeConflict("summarize", o.Protection, o.Counter, 0); err != nil {
			return msgs, err
		}
		o.Protection, o.Counter = env.Protection, env.Counter
		if own := o.OnUsage; own != nil {
			o.OnUsage = func(u Usage) { env.ReportUsage(u); own(u) }
		} else {
			o.OnUsage = env.ReportUsage
		}
		var fit *fitTarget
		if env.Budget > 0 {
			limit, err := o.summaryCap(env.Budget)
			if err != nil {
				return msgs, err
			}
			fit = &fitTarget{budget: env.Budget, minTail: minTail, limit: limit}
		}
		out, info, err := summarize(ctx, msgs, s, o, fit)
		env.reportFold(info)
		return out, err
	})
}

// TrimStep returns [Trim] as a step named "trim". The budget, the
// protection rules and the counter come from the [StepEnv]; o must leave
// its Budget, Protection and Counter zero, or the step fails with an
// error.
func TrimStep(o TrimOptions) Step {
	return NewStep("trim", func(ctx context.Context, msgs []Message, env StepEnv) ([]Message, error) {
		if err := ctx.Err(); err != nil {
			return msgs, fmt.Errorf("headroom: trim: %w", err)
		}
		if err := cascadeConflict("trim", o.Protection, o.Counter, o.Budget); err != nil {
			return msgs, err
		}
		o.Protection, o.Counter, o.Budget = env.Protection, env.Counter, env.Budget
		return Trim(msgs, o), nil
	})
}

// DefaultSteps returns the cascade [Compact] runs when o.Steps is nil:
// mask, then summarize (only when o.Summarizer is set), then trim, with
// o's options. Callers extend it, e.g. with a provider-native step before
// trim.
func DefaultSteps(o CompactOptions) []Step {
	steps := []Step{MaskStep(o.Mask)}
	if o.Summarizer != nil {
		steps = append(steps, summarizeStep(o.Summarizer, o.Summarize, o.Trim.keepRecent()))
	}
	return append(steps, TrimStep(o.Trim))
}

// CompactOptions configures [Compact]. Only Budget is required.
type CompactOptions struct {
	// Budget is the token budget the conversation must fit; it must be
	// positive.
	Budget int
	// Counter counts tokens; nil means [Estimate].
	Counter TokenCounter
	// Summarizer writes the conversation summary; nil skips that step.
	Summarizer Summarizer
	// Mask, Summarize and Trim configure the default steps. Their
	// Protection, Counter and Budget fields must be left zero — every step
	// obeys this struct's Protection, Counter and Budget — or Compact
	// returns an error before it starts.
	Mask      MaskOptions
	Summarize SummarizeOptions
	Trim      TrimOptions
	// Protection holds the rules every step obeys.
	Protection Protection
	// Steps replaces the default cascade ([DefaultSteps]) when not nil.
	Steps []Step
	// Observer, when set, is told when compaction starts and ends.
	Observer Observer
}

// CompactReport says what [Compact] did.
type CompactReport struct {
	// MessagesBefore and TokensBefore describe the input;
	// MessagesAfter and TokensAfter what Compact returned (the input
	// itself on an error).
	MessagesBefore, MessagesAfter int
	TokensBefore, TokensAfter     int
	// Budget is [CompactOptions].Budget.
	Budget int
	// Steps lists the steps that ran, in order. When the default cascade
	// had to relax its protections, the last is named "relax".
	Steps []StepReport
	// Relaxed names the protections the default cascade relaxed to fit,
	// in the order it relaxes them — [RelaxRecentResults],
	// [RelaxSkipBoundary], [RelaxTrimFloor] — or is nil when none was.
	// With [ErrCannotFit] it names all three: even the core did not fit.
	Relaxed []string
	// DroppedUserMessages counts the user messages of the input that are
	// neither in the output nor folded into a summary in it. With a
	// summarizer that answers, the default cascade folds what it would
	// drop, so this stays 0 unless the core leaves no room for a summary
	// ([MinSummaryTokens]); without one, dropping the oldest is the only
	// way to fit. A summary a custom step writes by its own means is not
	// seen: what it folded counts as dropped.
	DroppedUserMessages int
	// Usage is the token usage the steps' models reported (the
	// summarizer's), summed over Steps.
	Usage Usage
	// FirstChanged is the index of the first message that differs from
	// the input — where the provider's prompt cache breaks — or -1 when
	// the output is the input.
	FirstChanged int
	// Duration is the time the whole call took.
	Duration time.Duration
}

// StepReport says what one step did.
type StepReport struct {
	Name string // the step's Name()
	// The messages and tokens the step was given and those it left (its
	// input again when its output was rejected).
	MessagesBefore, MessagesAfter int
	TokensBefore, TokensAfter     int
	Duration                      time.Duration
	// Changed says the step's output was kept and differs from its input.
	Changed bool
	// Usage is the token usage the step's model calls reported through
	// [StepEnv.ReportUsage], whether or not its output was kept.
	Usage Usage
	// SummaryCap is the most tokens the summary message this step asked
	// for could take — its share of the budget
	// ([SummarizeOptions].BudgetShare), or the room the core leaves once
	// protections relax — and 0 when it asked for no capped summary.
	// SummaryCut says the summarizer's answer ran over the cap and was cut
	// to it.
	SummaryCap int
	SummaryCut bool
	// Err is why the step's output was not used: its own error, a panic,
	// or an output that broke the protection rules.
	Err error
}

// Applied returns the names of the steps that changed the conversation,
// joined by "+": "mask+trim".
func (r CompactReport) Applied() string {
	var names []string
	for _, s := range r.Steps {
		if s.Changed {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, "+")
}

// String returns the report on one line:
//
//	60 → 50 messages, 53,366 → 29,979 tokens (budget 30,000) · mask+trim · cache breaks at message 1
func (r CompactReport) String() string {
	var b strings.Builder
	b.WriteString(txt.Commas(r.MessagesBefore) + " → " + txt.Commas(r.MessagesAfter) + " messages, " +
		txt.Commas(r.TokensBefore) + " → " + txt.Commas(r.TokensAfter) + " tokens (budget " + txt.Commas(r.Budget) + ")")
	if a := r.Applied(); a != "" {
		b.WriteString(" · " + a)
	}
	for _, s := range r.Steps {
		if s.Err != nil {
			b.WriteString(" · " + s.Name + " failed")
		}
	}
	for _, s := range r.Steps {
		if s.Changed && s.SummaryCut {
			b.WriteString(" · " + s.Name + "'s summary cut to " + txt.Commas(s.SummaryCap) + " tokens")
		}
	}
	if len(r.Relaxed) > 0 {
		b.WriteString(" · relaxed " + strings.Join(r.Relaxed, ", "))
	}
	if n := r.DroppedUserMessages; n > 0 {
		b.WriteString(" · " + txt.Plural(n, "user message") + " dropped unsummarized")
	}
	if r.FirstChanged >= 0 {
		b.WriteString(" · cache breaks at message " + itoa(r.FirstChanged))
	} else {
		b.WriteString(" · unchanged")
	}
	return b.String()
}

// String returns the step's line of a report:
//
//	mask: 56 → 56 messages, 95,840 → 12,918 tokens, 104µs
func (s StepReport) String() string {
	line := s.Name + ": " + txt.Commas(s.MessagesBefore) + " → " + txt.Commas(s.MessagesAfter) + " messages, " +
		txt.Commas(s.TokensBefore) + " → " + txt.Commas(s.TokensAfter) + " tokens, " + s.Duration.Round(time.Microsecond).String()
	if s.SummaryCut {
		line += ", summary cut to " + txt.Commas(s.SummaryCap) + " tokens"
	}
	if s.Err != nil {
		line += ", failed: " + s.Err.Error()
	}
	return line
}

// EventKind says which moment of a compaction an [Event] reports.
type EventKind string

// The events of one [Compact] call that has work to do.
const (
	EventCompacting EventKind = "compacting" // before the first step; the report has only the "before" fields
	EventCompacted  EventKind = "compacted"  // after the last step, with the full report and error
)

// Event is what an [Observer] receives.
type Event struct {
	Kind   EventKind
	Report CompactReport
	Err    error // the error Compact returns, on EventCompacted
}

// String returns the event as a UI would show it:
//
//	Compacting context · 142 messages, 95,840 tokens
//	Context compacted · 142 → 38 messages, 95,840 → 12,918 tokens · mask+summarize
//	Context not compacted · 9,369 tokens remain, over the budget of 3,000
//
// The last is for any error: the tokens are those left after the last
// step that ran (the input's when none did). Programs should look at Err.
func (e Event) String() string {
	r := e.Report
	if e.Kind == EventCompacting {
		return "Compacting context · " + txt.Commas(r.MessagesBefore) + " messages, " + txt.Commas(r.TokensBefore) + " tokens"
	}
	if e.Err != nil {
		remain := r.TokensBefore
		if n := len(r.Steps); n > 0 {
			remain = r.Steps[n-1].TokensAfter
		}
		return "Context not compacted · " + txt.Commas(remain) + " tokens remain, over the budget of " + txt.Commas(r.Budget)
	}
	s := "Context compacted · " + txt.Commas(r.MessagesBefore) + " → " + txt.Commas(r.MessagesAfter) + " messages, " +
		txt.Commas(r.TokensBefore) + " → " + txt.Commas(r.TokensAfter) + " tokens"
	if a := r.Applied(); a != "" {
		s += " · " + a
	}
	return s
}

// Observer is told when a [Compact] call that has work to do starts and
// ends. It is called synchronously, on the caller's goroutine; a panic in
// it is recovered and ignored.
type Observer func(Event)

func (f Observer) notify(e Event) {
	if f == nil {
		return
	}
	defer func() { _ = recover() }()
	f(e)
}

// Compact makes msgs fit o.Budget tokens by running the cascade — by
// default mask, summarize, trim: cheapest first — and stopping after the
// first step after which the conversation fits. Each step's output is
// checked: one that separates a tool call from its results (pairs the
// input already broke, such as a call still awaiting its results, are not
// counted), or drops or changes a system message or the latest user
// message, is rejected and recorded in the report, and the cascade goes on
// with the messages it had.
//
// msgs under budget is returned as it is, with no step run. A summary the
// summarize step makes is capped at its share of the budget
// ([SummarizeOptions].BudgetShare, a quarter by default).
//
// When the default cascade (o.Steps nil) does not fit, its protections
// relax in a documented order before Compact gives up: the recent tool
// results are masked ([RelaxRecentResults]), then the skip boundary is
// turned off ([RelaxSkipBoundary]), then trim's floor drops to the
// irreducible core ([RelaxTrimFloor]); when a summary was made, the same
// is tried on msgs without it ([RelaxSummary]). Relaxing starts again from
// the input (or the summarized conversation), not from what a trim that
// could not reach the budget left, so trim drops no more than the relaxed
// budget needs. With a summarizer, a relaxation that would drop user
// messages folds them into the summary instead (see [RelaxTrimFloor]), and
// an output of the cascade that fits only by dropping user messages
// unsummarized is the last resort, after the relaxations. The report's
// Relaxed names what was relaxed, and DroppedUserMessages how many user
// messages went unsummarized. Only when even the core — the system
// messages, the latest user message, the last assistant message with its
// tool results, conversation summaries and the protected tools' messages
// — cannot fit does Compact return msgs untouched and an error wrapping
// [ErrCannotFit] that says how many tokens remain. When ctx is done it
// returns msgs and an error wrapping ctx.Err(). The input is never
// mutated; unchanged messages are shared with the output. The report is
// filled in every case.
func Compact(ctx context.Context, msgs []Message, o CompactOptions) ([]Message, CompactReport, error) {
	start := time.Now()
	rep := CompactReport{MessagesBefore: len(msgs), MessagesAfter: len(msgs), Budget: o.Budget, FirstChanged: -1}
	if o.Budget <= 0 {
		return msgs, rep, fmt.Errorf("headroom: Compact needs a positive token budget, got %d", o.Budget)
	}
	if o.Steps == nil {
		if err := errors.Join(
			cascadeConflict("CompactOptions.Mask", o.Mask.Protection, o.Mask.Counter, 0),
			cascadeConflict("CompactOptions.Summarize", o.Summarize.Protection, o.Summarize.Counter, 0),
			cascadeConflict("CompactOptions.Trim", o.Trim.Protection, o.Trim.Counter, o.Trim.Budget),
		); err != nil {
			return msgs, rep, err
		}
		if _, err := o.Summarize.summaryCap(o.Budget); err != nil {
			return msgs, rep, err
		}
	}
	mc := newMemoCounter(o.Counter, len(msgs))
	rep.TokensBefore = CountMessages(msgs, mc)
	rep.TokensAfter = rep.TokensBefore
	if rep.TokensBefore <= o.Budget {
		return msgs, rep, nil
	}
	o.Observer.notify(Event{Kind: EventCompacting, Report: rep})
	// dropped is how many of msgs's user messages out lost unsummarized
	// ([droppedInstructions]).
	finish := func(out []Message, dropped int, err error) ([]Message, CompactReport, error) {
		if err == nil {
			rep.MessagesAfter, rep.TokensAfter = len(out), CountMessages(out, mc)
			rep.FirstChanged = firstChanged(msgs, out)
			rep.DroppedUserMessages = dropped
		}
		rep.Duration = time.Since(start)
		o.Observer.notify(Event{Kind: EventCompacted, Report: rep, Err: err})
		return out, rep, err
	}
	steps := o.Steps
	if steps == nil {
		steps = DefaultSteps(o)
	}
	env := StepEnv{Budget: o.Budget, Counter: mc, Protection: o.Protection}
	cur, tokens := msgs, rep.TokensBefore
	orphans := orphanIDs(msgs) // of cur, carried from step to step
	var folded []Message       // the user messages folded into summaries of cur
	var summarized []Message   // the conversation after a summary was made
	var summarizedFolded []Message
	var fitted []Message      // the steps' output, once it fits
	summarizerFailed := false // a summarizer call failed: no second try
	for _, s := range steps {
		if err := ctx.Err(); err != nil {
			return finish(msgs, 0, fmt.Errorf("headroom: compact: %w", err))
		}
		if s == nil {
			continue
		}
		sr := StepReport{Name: stepName(s), MessagesBefore: len(cur), TokensBefore: tokens}
		t0 := time.Now()
		env.sink = &stepSink{}
		out, err := applyStep(ctx, s, cur, env)
		sr.Usage = env.sink.total()
		rep.Usage.InputTokens += sr.Usage.InputTokens
		rep.Usage.OutputTokens += sr.Usage.OutputTokens
		fi := env.sink.folded()
		sr.SummaryCap, sr.SummaryCut = fi.limit, fi.cut
		summarizerFailed = summarizerFailed || fi.failed
		var outOrphans map[string]bool
		if err == nil {
			outOrphans, err = checkStep(cur, out, orphans)
		}
		if err != nil {
			sr.Err, out = err, cur
		}
		sr.Duration = time.Since(t0)
		sr.MessagesAfter, sr.TokensAfter = len(out), CountMessages(out, mc)
		sr.Changed = err == nil && firstChanged(cur, out) >= 0
		rep.Steps = append(rep.Steps, sr)
		if err == nil {
			orphans = outOrphans
		}
		if sr.Changed {
			folded = append(folded, fi.folded...)
			if sr.Name == "summarize" {
				summarized, summarizedFolded = out, slices.Clone(folded)
			}
		}
		cur, tokens = out, sr.TokensAfter
		if tokens <= o.Budget {
			fitted = cur
			break
		}
	}
	// A fitting output that dropped user messages unsummarized, with a
	// summarizer that answers, is the last resort: the relaxations below
	// may fold them into the summary instead.
	foldable := func() bool { return o.Steps == nil && o.Summarizer != nil && !summarizerFailed }
	fittedDropped := 0
	if fitted != nil {
		fittedDropped = droppedInstructions(msgs, fitted, folded)
	}
	if fitted != nil && (!foldable() || fittedDropped == 0 || ctx.Err() != nil) {
		return finish(fitted, fittedDropped, nil)
	}
	if err := ctx.Err(); err != nil {
		return finish(msgs, 0, fmt.Errorf("headroom: compact: %w", err))
	}
	relaxedTokens := 0
	if o.Steps == nil {
		// The default cascade kept its protections and did not fit (or
		// fitted only by dropping user messages a summary could hold):
		// relax them in order. Relax from the summary when one was made,
		// else from the input: not from what a hopeless trim left; and
		// when the summary does not fit beside the core, from the input.
		type base struct {
			msgs, folded []Message
		}
		bases := []base{{msgs, nil}}
		if summarized != nil {
			bases = []base{{summarized, summarizedFolded}, {msgs, nil}}
		}
		for k, b := range bases {
			t0 := time.Now()
			r, ok := relax(b.msgs, o, mc)
			if !ok {
				rep.Relaxed, relaxedTokens = r.steps, r.tokens
				continue
			}
			if _, err := checkStep(msgs, r.out, orphanIDs(msgs)); err != nil {
				continue // never expected: relax obeys the same rules
			}
			out, outFolded := r.out, b.folded
			if foldable() && instructions(r.out) < instructions(b.msgs) {
				// Summarize before the floor drops user messages.
				sr, f, fi := foldStep(ctx, b.msgs, r, o, env)
				rep.Steps = append(rep.Steps, sr)
				rep.Usage.InputTokens += sr.Usage.InputTokens
				rep.Usage.OutputTokens += sr.Usage.OutputTokens
				summarizerFailed = summarizerFailed || fi.failed
				switch {
				case sr.Changed:
					out, outFolded = f, append(slices.Clone(b.folded), fi.folded...)
				case fitted != nil:
					// No summary: the cascade's own output relaxes nothing.
					rep.Relaxed = nil
					return finish(fitted, fittedDropped, nil)
				}
			}
			rep.Relaxed = r.steps
			if k > 0 {
				rep.Relaxed = append([]string{RelaxSummary}, r.steps...)
			}
			rep.Steps = append(rep.Steps, StepReport{Name: "relax", MessagesBefore: len(b.msgs), TokensBefore: CountMessages(b.msgs, mc),
				MessagesAfter: len(out), TokensAfter: CountMessages(out, mc), Duration: time.Since(t0), Changed: firstChanged(b.msgs, out) >= 0})
			return finish(out, droppedInstructions(msgs, out, outFolded), nil)
		}
	}
	if fitted != nil {
		rep.Relaxed = nil
		return finish(fitted, fittedDropped, nil)
	}
	if rep.Relaxed != nil && relaxedTokens < tokens {
		return finish(msgs, 0, fmt.Errorf("%w: %s tokens remain after every step, over the budget of %s (%s with every protection relaxed)",
			ErrCannotFit, txt.Commas(tokens), txt.Commas(o.Budget), txt.Commas(relaxedTokens)))
	}
	return finish(msgs, 0, fmt.Errorf("%w: %s tokens remain after every step, over the budget of %s",
		ErrCannotFit, txt.Commas(tokens), txt.Commas(o.Budget)))
}

// foldStep runs [foldDropped] as a step of its own, named "summarize",
// and reports it: its output is used only when it obeys the rules and
// fits the budget; otherwise Err says why and the relaxation's output
// stands.
func foldStep(ctx context.Context, base []Message, r relaxed, o CompactOptions, env StepEnv) (StepReport, []Message, foldInfo) {
	t0 := time.Now()
	sr := StepReport{Name: "summarize", MessagesBefore: len(base), TokensBefore: CountMessages(base, env.Counter)}
	env.sink = &stepSink{}
	out, fi, err := foldDropped(ctx, base, r, o, env)
	sr.Usage = env.sink.total()
	sr.SummaryCap, sr.SummaryCut = fi.limit, fi.cut
	if err == nil {
		_, err = checkStep(base, out, orphanIDs(base))
	}
	if n := CountMessages(out, env.Counter); err == nil && n > o.Budget {
		err = fmt.Errorf("headroom: the summary of what the relaxed trim drops leaves %s tokens, over the budget of %s", txt.Commas(n), txt.Commas(o.Budget))
	}
	if err != nil {
		sr.Err, out = err, base
	}
	sr.Duration = time.Since(t0)
	sr.MessagesAfter, sr.TokensAfter = len(out), CountMessages(out, env.Counter)
	sr.Changed = err == nil && firstChanged(base, out) >= 0
	return sr, out, fi
}

// droppedInstructions counts the user messages of in that are neither in
// out nor among folded, matching each message once by its role and its
// parts' texts: masking may have cleared a tool result a user message
// carries, and the message is still there.
func droppedInstructions(in, out, folded []Message) int {
	key := func(m *Message) string {
		var b strings.Builder
		b.WriteString(itoa(len(m.Parts)))
		for _, p := range m.Parts {
			b.WriteByte(0)
			b.WriteString(p.Text)
		}
		return b.String()
	}
	left := map[string]int{}
	for _, list := range [][]Message{out, folded} {
		for i := range list {
			if isInstruction(&list[i]) {
				left[key(&list[i])]++
			}
		}
	}
	n := 0
	for i := range in {
		if !isInstruction(&in[i]) {
			continue
		}
		if k := key(&in[i]); left[k] > 0 {
			left[k]--
		} else {
			n++
		}
	}
	return n
}

// stepName asks s for its name, surviving a panic.
func stepName(s Step) (name string) {
	defer func() {
		if recover() != nil {
			name = "step"
		}
	}()
	return s.Name()
}

// applyStep runs s, turning a panic into an error.
func applyStep(ctx context.Context, s Step, msgs []Message, env StepEnv) (out []Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("headroom: step %s panicked: %v", stepName(s), r)
		}
	}()
	return s.Apply(ctx, msgs, env)
}

// checkStep rejects a step's output that breaks the rules every step
// obeys, compared with the step's input, whose orphan call ids are given.
// It returns the output's orphan call ids.
func checkStep(in, out []Message, inOrphans map[string]bool) (map[string]bool, error) {
	var sysIn, sysOut []int
	for i := range in {
		if in[i].Role == RoleSystem {
			sysIn = append(sysIn, i)
		}
	}
	for i := range out {
		if out[i].Role == RoleSystem {
			sysOut = append(sysOut, i)
		}
	}
	if len(sysIn) != len(sysOut) {
		return nil, fmt.Errorf("headroom: the step's output has %d system messages, its input %d", len(sysOut), len(sysIn))
	}
	for k := range sysIn {
		if !sameMessage(&in[sysIn[k]], &out[sysOut[k]]) {
			return nil, fmt.Errorf("headroom: the step changed system message %d", sysIn[k])
		}
		if sysIn[k] == k && sysOut[k] != k {
			return nil, errors.New("headroom: the step moved a system message from the start")
		}
	}
	if li := latestInstruction(in); li >= 0 {
		lo := latestInstruction(out)
		if lo < 0 || !sameMessage(&in[li], &out[lo]) {
			return nil, errors.New("headroom: the step dropped or changed the latest user message")
		}
	}
	before := inOrphans
	after := orphanIDs(out)
	var broken []string
	for id := range after {
		if !before[id] {
			broken = append(broken, id)
		}
	}
	if len(broken) > 0 {
		// The smallest id, so the message is deterministic.
		first := broken[0]
		for _, id := range broken {
			first = min(first, id)
		}
		return nil, fmt.Errorf("headroom: the step separated tool call %q from its results", first)
	}
	return after, nil
}
