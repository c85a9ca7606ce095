package headroom

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Headroom is the default [Compressor]. It routes each string through the
// ordered planners of its routing table (route.go) — search output, JSON
// documents, logs of exec tools — each of which may decline, falls back to
// clipping the middle, and asks the optional [Summarizer] for a digest of
// what was cut. Build it with [New]; it is safe for concurrent use and
// holds no per-call state.
type Headroom struct {
	cfg      config
	planners []planner
}

// New returns a Headroom configured by opts. It refuses options that cannot
// work — a budget too small to hold a marker, a negative timeout, a nil
// counter — with an error naming each problem.
func New(opts ...Option) (*Headroom, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	return &Headroom{cfg: cfg, planners: routes(cfg, defaultSampling)}, nil
}

// Budget implements [Compressor]: the budget of the options, or, when
// New was given no budget option, the one ctx carries ([WithBudget]),
// else [DefaultMaxBytes]; and the configured [TokenCounter]. An invalid
// budget in ctx is an error.
func (h *Headroom) Budget(ctx context.Context) (Budget, error) {
	b, err := h.ownBudget(ctx)
	if err != nil {
		return Budget{}, err
	}
	return Budget{MaxBytes: b.bytes, MaxTokens: b.tokens, Counter: h.cfg.counter}, nil
}

// budget is what one Compress call must fit: bytes and tokens, 0 = no limit.
type budget struct{ bytes, tokens int }

// ownBudget returns the budget of the options, or the context's when no
// budget option was given.
func (h *Headroom) ownBudget(ctx context.Context) (budget, error) {
	b := budget{bytes: h.cfg.maxBytes, tokens: h.cfg.maxTokens}
	if !h.cfg.bytesSet && !h.cfg.tokensSet {
		if n, ok := BudgetFromContext(ctx); ok {
			if err := checkByteBudget(n); err != nil {
				return budget{}, fmt.Errorf("headroom: the context's budget: %w", err)
			}
			b.bytes = n
		}
	}
	return b, nil
}

// budgetFor returns the budget of one Compress call: the compressor's own,
// tightened by out's MaxBytes and MaxTokens where they are set.
func (h *Headroom) budgetFor(ctx context.Context, out ToolOutput) (budget, error) {
	b, err := h.ownBudget(ctx)
	if err != nil {
		return budget{}, err
	}
	if out.MaxBytes != 0 {
		if err := checkByteBudget(out.MaxBytes); err != nil {
			return budget{}, fmt.Errorf("headroom: ToolOutput.MaxBytes: %w", err)
		}
		b.bytes = tighter(b.bytes, out.MaxBytes)
	}
	if out.MaxTokens < 0 {
		return budget{}, fmt.Errorf("headroom: ToolOutput.MaxTokens %d is negative (0 leaves the compressor's budget)", out.MaxTokens)
	}
	b.tokens = tighter(b.tokens, out.MaxTokens)
	if _, ok := h.cfg.counter.(estimator); ok {
		b.tokens = estimateAim(b.tokens)
	}
	return b, nil
}

// estimateAim is the token budget Compress aims at when the default
// [Estimate] counts: a twenty-fifth under the budget asked for. The
// estimate is fitted never to count under either exact encoding on every
// class of text and every sample it was fitted on, but text it was not
// fitted on has read as low as 0.97 of exact o200k (a Fortran build log
// whose long rare words split into more tokens than their letters say),
// and a budget must hold on the exact count, not only on the estimate.
func estimateAim(tokens int) int { return tokens - tokens/25 }

// tighter returns the smaller of two limits, where 0 means none.
func tighter(a, b int) int {
	if a == 0 || (b > 0 && b < a) {
		return b
	}
	return a
}

// fitsBytes reports whether text is within the byte budget, and whether
// it is so short that no token count is needed: no tokenizer spends more
// than a token per byte.
func (b budget) fitsBytes(text string) (fits, noCount bool) {
	fits = b.bytes == 0 || len(text) <= b.bytes
	return fits, fits && (b.tokens == 0 || len(text) <= b.tokens)
}

// Compress implements [Compressor]. Text within budget — the tighter of
// [Headroom.Budget] and out's MaxBytes and MaxTokens — comes back as it
// is. Otherwise the output is at most the byte budget and counts at most
// the token budget, marker and digest included. Compress returns an error
// only when the context or out carries an invalid budget (a MaxBytes
// below [MinBudgetBytes], a negative MaxTokens), when ctx is done, or when
// a custom TokenCounter counts even a bare marker over the token budget.
//
// With a store ([WithStore]) the original of a string it shortens is put
// there first, and the marker names its id and the retrieve tool; a store
// that fails, panics or times out leaves the plain marker, and
// [Outcome].StoreErr says why.
func (h *Headroom) Compress(ctx context.Context, out ToolOutput) (string, Outcome, error) {
	return h.compress(ctx, out, "")
}

// compress is Compress with the marker's hint fixed when hint is set (the
// retrieve tool's "ask for less"); otherwise, with a store configured,
// the original is stored and the hint names its id.
func (h *Headroom) compress(ctx context.Context, out ToolOutput, hint string) (string, Outcome, error) {
	if err := ctx.Err(); err != nil {
		return "", Outcome{}, err
	}
	b, err := h.budgetFor(ctx, out)
	if err != nil {
		return "", Outcome{}, err
	}
	before, none := len(out.Text), StrategyNone
	if h.cfg.cleanTerminal && h.cfg.isExecTool(out.Tool) {
		if clean, changed := cleanTerminalText(out.Text); changed {
			out.Text, none = clean, StrategyClean
		}
	}
	text := out.Text
	fits, noCount := b.fitsBytes(text)
	if noCount {
		return text, Outcome{Strategy: none, BytesBefore: before, BytesAfter: len(text)}, nil
	}
	// Count the input only as far as the token budget: whether it fits,
	// and the byte guess for a token budget, need no more (inputCount).
	in, err := countInput(ctx, h.cfg.counter, text, b.tokens)
	if err != nil {
		return "", Outcome{}, err
	}
	if fits && in.fits(b.tokens) {
		return text, Outcome{Strategy: none, BytesBefore: before, BytesAfter: len(text)}, nil
	}
	var stored string
	var storeErr error
	if hint == "" && h.cfg.store != nil {
		if stored, storeErr = putOriginal(ctx, h.cfg.store, h.cfg.storeTimeout, text); storeErr == nil {
			hint = retrieveHint(stored)
		}
	}
	d, err := h.draft(out, b, in, hint)
	if err != nil && stored != "" {
		// A custom counter may count the longer marker over a token
		// budget that holds the plain one: the store must never be what
		// fails a compression.
		stored, storeErr = "", fmt.Errorf("headroom: the marker naming the stored original does not fit the token budget: %w", err)
		d, err = h.draft(out, b, in, "")
	}
	if err != nil {
		return "", Outcome{}, err
	}
	var use SummaryUse
	if d.digestRoom > 0 && d.plan.digest && d.droppedBytes >= summaryMinDropped {
		d, use = h.addDigest(ctx, out, d, b)
	}
	if err := ctx.Err(); err != nil {
		return "", Outcome{}, err
	}
	return d.rendered, Outcome{
		Strategy:      d.plan.strategy,
		BytesBefore:   before,
		BytesAfter:    len(d.rendered),
		TokensOmitted: d.marker.tokens,
		Summary:       use,
		StoredID:      stored,
		StoreErr:      storeErr,
	}, nil
}

// A draft is a rendered plan without a digest, and what adding one needs.
type draft struct {
	plan         plan
	marker       marker
	rendered     string
	in           *inputCount // prices the input's tokens
	byteBudget   int         // the byte budget the draft was made for
	digestRoom   int         // bytes kept free for a digest; 0 when none is wanted
	droppedBytes int
	hint         string // the marker's hint in place of the plan's; "" keeps the plan's
}

// draft plans and renders text within b. For a token budget it searches
// for the byte budget whose output counts within it, shrinking from a guess
// made on the text's own bytes-per-token ratio; the last resort, a bare
// marker, fits any budget New accepts.
func (h *Headroom) draft(out ToolOutput, b budget, in *inputCount, hint string) (draft, error) {
	text := out.Text
	bytes := b.bytes
	if b.tokens > 0 && !in.fits(b.tokens) {
		if guess, ok := in.bytesFor(b.tokens); ok && guess < len(text) && (bytes == 0 || guess < bytes) {
			bytes = guess
		}
	}
	const attempts = 8
	for i := 0; ; i++ {
		d := h.draftBytes(out, in, bytes, h.digestRoomFor(len(text), bytes), hint)
		if b.tokens == 0 {
			return d, nil
		}
		n := countTokens(h.cfg.counter, d.rendered)
		if n <= b.tokens {
			return d, nil
		}
		if bytes == 0 || i == attempts {
			return draft{}, fmt.Errorf("headroom: token budget %d cannot hold even the marker (%d tokens) as this counter counts", b.tokens, n)
		}
		next := int(int64(bytes) * int64(b.tokens) / int64(n) * 9 / 10)
		if i == attempts-1 || next < MinBudgetBytes/2 {
			next = 0 // a bare marker
		}
		bytes = min(next, bytes-1)
	}
}

// digestRoomFor is the room a plan for a byte budget keeps free for a
// digest: none without a summarizer or when the cut will be small.
func (h *Headroom) digestRoomFor(textLen, bytes int) int {
	if h.cfg.summarizer == nil || textLen-bytes < summaryMinDropped {
		return 0
	}
	return digestRoom(bytes)
}

// draftBytes plans text, whose tokens in prices, for a byte budget,
// keeping room bytes free for a digest, and renders it with the marker
// without a digest: its hint is hint when set (the stored original's id),
// else the plan's. A budget of 0 asks for the bare marker.
func (h *Headroom) draftBytes(out ToolOutput, in *inputCount, bytes, room int, hint string) draft {
	text := out.Text
	p := h.route(out, bytes, room, hint)
	d := draft{plan: p, byteBudget: bytes, digestRoom: room, in: in, hint: hint}
	d.marker = marker{tokens: in.omitted(p), what: p.what, hint: cmp.Or(hint, p.hint)}
	d.rendered = render(text, p, d.marker)
	if len(d.rendered) > bytes && p.strategy != StrategyClip {
		// A planner overran its limit: a bug, but never the caller's problem.
		p = planClip(text, bytes, clipReserveFor(len(text), hint)+room)
		d.plan = p
		d.marker = marker{tokens: in.omitted(p), what: p.what, hint: cmp.Or(hint, p.hint)}
		d.rendered = render(text, p, d.marker)
	}
	for _, r := range p.dropped(len(text)) {
		d.droppedBytes += r[1] - r[0]
	}
	return d
}

// route asks each applicable planner in turn and falls back to clip.
// A hint that replaces the plans' is at most maxHint bytes, which the
// planners' reserve already holds; clip's reserve is priced with it.
func (h *Headroom) route(out ToolOutput, bytes, room int, hint string) plan {
	limit := bytes - plannerReserve(len(out.Text)) - room
	if limit > 0 {
		shared := new(routeShared)
		for _, pl := range h.planners {
			at := pl.atSharing(out, shared)
			if p, ok := rowPlan(pl.strategy, at, limit); ok && itemsSize(p.items) <= limit {
				return h.replanWide(pl.strategy, at, len(out.Text), p, bytes, room, hint)
			}
		}
	}
	return planClip(out.Text, bytes, clipReserveFor(len(out.Text), hint)+room)
}

// replanWide plans a text of textLen bytes again, with at, the planner
// of the row of strategy s that made p, in the room the reserve held for
// a longer marker than p's: the reserve prices the longest words a
// marker may hold, and a planner's own are often half of them, so at a
// small budget a twentieth of it would go unused. The second plan is
// taken when it is still the same planner's and its own marker, priced
// at its longest (every token of the text omitted), fits the budget with
// it; else p stands.
func (h *Headroom) replanWide(s Strategy, at planAt, textLen int, p plan, bytes, room int, hint string) plan {
	limit := bytes - room - markerRoom(textLen, p, hint)
	ps := itemsSize(p.items)
	if limit-ps < bytes/replanSlack {
		return p
	}
	q, ok := rowPlan(s, at, limit)
	if !ok {
		return p
	}
	if qs := itemsSize(q.items); qs <= ps || qs+markerRoom(textLen, q, hint) > bytes-room {
		return p
	}
	return q
}

// rowPlan runs at, the planner of a route row of strategy s (see
// safePlan), and names the plan as the row does: its strategy, and its
// what and hint cut to the marker's bounds.
func rowPlan(s Strategy, at planAt, limit int) (plan, bool) {
	p, ok := safePlan(at, limit)
	if ok {
		p.strategy = s // the row names what the output reports
		p.what, p.hint = clean(p.what, maxWhat), clean(p.hint, maxHint)
	}
	return p, ok
}

// replanSlack: a plan is made again when the room its marker leaves
// unused is at least a replanSlack-th of the budget.
const replanSlack = 32

// markerRoom is what the marker of plan p for a text of textLen bytes
// costs at most, with hint in place of the plan's when set.
func markerRoom(textLen int, p plan, hint string) int {
	m := marker{tokens: textLen, what: p.what, hint: cmp.Or(hint, p.hint)}
	return len(m.String()) + 2
}

// safePlan runs a planner, treating a panic as a decline so that a planner
// bug costs a fallback to clip, never the caller's program.
func safePlan(at planAt, limit int) (p plan, ok bool) {
	defer func() {
		if recover() != nil {
			p, ok = plan{}, false
		}
	}()
	return at(limit)
}

// plannerReserve is the marker's room, digest excluded, for a structural
// plan of a text of textLen bytes: every field at its largest.
func plannerReserve(textLen int) int {
	m := marker{tokens: textLen, what: strings.Repeat("w", maxWhat), hint: strings.Repeat("h", maxHint)}
	return len(m.String()) + 2
}

// clean makes planner words safe for the one-line marker.
func clean(s string, limit int) string {
	return txt.TruncateRunes(txt.SanitizeLine(s), limit)
}
