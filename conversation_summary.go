package headroom

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/headroom-go/headroom/internal/txt"
)

// Defaults of [SummarizeOptions].
const (
	// DefaultSummarizeKeepRecent is how many of the last messages
	// [Summarize] keeps verbatim.
	DefaultSummarizeKeepRecent = 20
	// DefaultSummaryWords is the length the conversation summary prompt
	// asks for.
	DefaultSummaryWords = 600
)

// Bounds on what a conversation summarizer is fed.
const (
	// conversationMaxInput bounds the whole transcript handed over.
	conversationMaxInput = 100_000
	// transcriptToolBytes bounds each tool output inside it, and
	// transcriptTextBytes each text part and each call's arguments.
	transcriptToolBytes = 4000
	transcriptTextBytes = 8000
)

// DefaultSummarySections are the sections a conversation summary is asked
// for: what an agent must not lose when its older turns are folded.
var DefaultSummarySections = []string{
	"Decisions", "Files modified", "Errors", "Current plan", "Open tasks", "User instructions",
}

// SummarizeOptions configures [Summarize]. The zero value means the
// documented defaults.
type SummarizeOptions struct {
	// Protection says which tool results are never folded. In a cascade
	// ([SummarizeStep], [Compact], [Tiers]) it must be left zero: the
	// cascade's one Protection is used, and a step whose options set it
	// reports an error rather than have it overwritten.
	Protection Protection
	// KeepRecent is how many of the last messages stay verbatim. 0 means
	// [DefaultSummarizeKeepRecent]; a negative value keeps none beyond
	// what the protection rules keep.
	KeepRecent int
	// Sections replaces [DefaultSummarySections], the headings the
	// summary is asked to have.
	Sections []string
	// Instructions are added to the prompt, e.g. "Keep every ticket
	// number."
	Instructions string
	// MaxWords is the summary length the prompt asks for. 0 means
	// [DefaultSummaryWords]; a negative value states no limit.
	MaxWords int
	// BudgetShare is the share of the cascade's token budget the summary
	// message may take when a cascade ([Compact], [SummarizeStep]) runs
	// the step: the request states the cap ([SummaryRequest].MaxTokens)
	// and asks for no more words than it holds, and a longer answer is
	// cut (the step's [StepReport].SummaryCut says so). 0 means
	// [DefaultSummaryShare]; a negative value sets no cap; more than 1 is
	// refused. A share under [MinSummaryTokens] tokens makes no summary.
	// [Summarize] alone and [Tiers] have no budget: they refuse any value
	// but 0.
	BudgetShare float64
	// Timeout bounds the summarizer call; 0 means [DefaultSummaryTimeout].
	Timeout time.Duration
	// Counter counts tokens; nil means [Estimate]. In a cascade it must be
	// left nil, as Protection: the cascade's counter is used.
	Counter TokenCounter
	// OnUsage, when set, is told the token usage the summarizer reported
	// for each call, whether or not its summary was used. In [Compact] the
	// usage is also in the step's [StepReport].Usage. It is called on the
	// caller's goroutine.
	OnUsage func(Usage)
}

func (o SummarizeOptions) keepRecent() int {
	return optionInt(o.KeepRecent, DefaultSummarizeKeepRecent, 0)
}

// Summarize folds the older part of the conversation into one summary
// message written by s, and keeps the rest verbatim.
//
// The summary message has the user role — providers reject a system
// message in the middle of a conversation — and its one text part is
// wrapped in [CONVERSATION_SUMMARY]…[/CONVERSATION_SUMMARY]. It takes the
// place of the first message it folds. Folded are the messages before the
// last KeepRecent that the protection rules allow: system messages, the
// latest user message, the most recent tool results and the protected
// tools' messages stay where they are, even inside the folded stretch, so
// a long autonomous run inside one user turn still compacts. The cut never
// separates a tool call from its results and prefers a user-turn boundary.
//
// An earlier summary inside the folded stretch is handed to s as
// [SummaryRequest].Previous (and at the top of Input) and replaced, so
// repeated compactions extend one summary instead of stacking them. The
// request's Kind is [SummaryConversation]; its Input is a transcript of
// the folded messages, in the format [SummaryRequest] documents, bounded
// to 100 KB, with long tool outputs clipped.
//
// s is called through the same guard as for tool outputs: a timeout
// (o.Timeout), panic recovery. On its failure, an empty answer, or an
// answer no shorter than what it would replace, Summarize returns msgs
// unchanged and the error. With nothing to fold it returns msgs and nil.
// The input is never mutated.
func Summarize(ctx context.Context, msgs []Message, s Summarizer, o SummarizeOptions) ([]Message, error) {
	if o.BudgetShare != 0 {
		return msgs, fmt.Errorf("headroom: Summarize has no budget to take a share of, but SummarizeOptions.BudgetShare is %v: leave it 0", o.BudgetShare)
	}
	out, _, err := summarize(ctx, msgs, s, o, nil)
	return out, err
}

// fitTarget is what the summarize step run by [Compact] aims for: a
// conversation of at most budget tokens once summarized, without folding
// into the last minTail messages (those a later trim keeps anyway), with a
// summary of at most limit tokens (0: no cap).
type fitTarget struct {
	budget  int
	minTail int
	limit   int
}

// foldInfo is what one fold into a summary did, for [Compact]'s report.
type foldInfo struct {
	limit  int       // the cap the summary was held to; 0 for none
	cut    bool      // the answer ran over the cap and was cut
	failed bool      // the summarizer's call failed: an error, a panic, a timeout, no text
	folded []Message // the user messages (instructions) folded into the summary made
}

func summarize(ctx context.Context, msgs []Message, s Summarizer, o SummarizeOptions, fit *fitTarget) ([]Message, foldInfo, error) {
	if s == nil {
		return msgs, foldInfo{}, errors.New("headroom: Summarize needs a Summarizer, got nil")
	}
	if err := ctx.Err(); err != nil {
		return msgs, foldInfo{}, fmt.Errorf("headroom: summarize: %w", err)
	}
	c := o.Counter
	if c == nil {
		c = Estimate
	}
	limit := 0
	if fit != nil {
		limit = fit.limit
	}
	if limit > 0 && limit < MinSummaryTokens {
		return msgs, foldInfo{}, fmt.Errorf("headroom: the summary's share of the budget, %s tokens, is under the %d a summary needs", txt.Commas(limit), MinSummaryTokens)
	}
	words := summaryWords(o.MaxWords, limit, c)
	var fold []bool
	if fit == nil {
		fold = foldSet(msgs, o.Protection, o.keepRecent())
	} else {
		estimate := summaryEstimate(words, c)
		if limit > 0 {
			estimate = min(estimate, limit)
		}
		fold = fitFoldSet(msgs, o.Protection, o.keepRecent(), *fit, estimate, c)
	}
	kept := 0
	for i := range msgs {
		if !fold[i] && isSummaryMessage(&msgs[i]) {
			// An earlier summary among the recent messages: folding older
			// messages now would stack a second summary before it.
			return msgs, foldInfo{}, nil
		}
		if !fold[i] {
			kept += messageTokens(&msgs[i], c)
		}
	}
	if room := fit.roomLeft(kept); limit > 0 && room >= MinSummaryTokens && room < limit {
		// Hold the summary to what the fold left room for, so that the
		// trim after it need not drop what is neither summarized nor kept.
		limit = room
		words = summaryWords(o.MaxWords, limit, c)
	}
	return foldInto(ctx, msgs, msgs, fold, s, o, words, limit, false)
}

// roomLeft is what the budget leaves a summary beside kept tokens; 0
// without a target.
func (f *fitTarget) roomLeft(kept int) int {
	if f == nil {
		return 0
	}
	return f.budget - kept
}

// summaryWords is the length the prompt asks for: o.MaxWords (0 means
// DefaultSummaryWords, negative no stated length), lowered to what a cap
// of limit tokens holds when there is one.
func summaryWords(maxWords, limit int, c TokenCounter) int {
	words := maxWords
	switch {
	case words == 0:
		words = DefaultSummaryWords
	case words < 0:
		words = 0
	}
	if limit > 0 {
		words = capWords(words, summaryTextAllowance(limit, c))
	}
	return words
}

// foldInto replaces the messages of msgs that fold marks with one summary
// message, written by s from the same messages of src (msgs itself, or
// the conversation before masking: src and msgs are the same length) and
// held to limit tokens (0: no cap); it takes the place of the first
// folded message. An earlier summary among them is handed over as
// Previous and replaced — on its own too when resummarize is set. With
// nothing to fold it returns msgs and nil.
func foldInto(ctx context.Context, src, msgs []Message, fold []bool, s Summarizer, o SummarizeOptions, words, limit int, resummarize bool) ([]Message, foldInfo, error) {
	c := o.Counter
	if c == nil {
		c = Estimate
	}
	info := foldInfo{limit: limit}
	first, folded, foldedTokens := -1, 0, 0
	var previous []string
	for i := range msgs {
		if !fold[i] {
			continue
		}
		if first < 0 {
			first = i
		}
		if isSummaryMessage(&msgs[i]) {
			previous = append(previous, summaryBody(&msgs[i]))
		} else {
			folded++
		}
		foldedTokens += messageTokens(&msgs[i], c)
	}
	if folded == 0 && !(resummarize && len(previous) > 0) {
		return msgs, foldInfo{}, nil
	}
	sections := o.Sections
	if sections == nil {
		sections = slices.Clone(DefaultSummarySections)
	}
	cutAt := 0
	if limit > 0 {
		cutAt = summaryTextAllowance(limit, c)
	}
	input, reached := transcript(src, fold, strings.Join(previous, "\n\n"), c)
	req := SummaryRequest{
		Kind:      SummaryConversation,
		Prompt:    conversationPrompt(sections, o.Instructions, words, cutAt, len(previous) > 0),
		Previous:  strings.Join(previous, "\n\n"),
		Input:     input,
		MaxWords:  words,
		MaxTokens: cutAt,
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultSummaryTimeout
	}
	sum, use := callSummarizer(ctx, s, timeout, req)
	if use.Called && o.OnUsage != nil {
		o.OnUsage(use.Usage)
	}
	if use.Err != nil {
		info.failed = true
		return msgs, info, use.Err
	}
	text := sanitizeSummary(sum.Text)
	if limit > 0 && text != "" {
		text, info.cut = cutSummary(text, limit, c)
	}
	if text == "" {
		info.failed = true
		return msgs, info, errors.New("headroom: the summarizer answered with no text")
	}
	summary := summaryMessage(text)
	if n := messageTokens(&summary, c); n >= foldedTokens {
		return msgs, info, fmt.Errorf("headroom: the summary (%s tokens) is no shorter than the %s tokens it would replace", txt.Commas(n), txt.Commas(foldedTokens))
	}
	out := make([]Message, 0, len(msgs)+1)
	out = append(out, msgs[:first]...)
	out = append(out, summary)
	for i := first; i < len(msgs); i++ {
		if !fold[i] {
			out = append(out, msgs[i])
		} else if reached[i] {
			info.folded = append(info.folded, msgs[i])
		}
	}
	return out, info, nil
}

// foldSet marks the messages Summarize folds: those the protection rules
// allow before the cut. The cut is at most keepRecent messages from the
// end; it moves back to a user-turn boundary when that still folds at
// least half as many messages. A tool call's unit is folded only whole.
func foldSet(msgs []Message, p Protection, keepRecent int) []bool {
	cv := analyze(msgs)
	keep := p.kept(cv, keepRecent, false)
	last := unitLast(cv)
	cut := preferredCut(msgs, cv, keep, last, keepRecent)
	return foldBefore(cv, keep, last, cut)
}

// fitFoldSet is foldSet for the summarize step run by Compact: when
// folding up to the preferred cut would leave the conversation over
// fit.budget — estimating the summary at summaryTokens — it moves the cut
// later, to the first position where the rest fits, but never into the
// last fit.minTail messages nor past what the protection rules keep. So a
// later trim only drops what the summarizer could not have been given,
// instead of messages that are neither in the summary nor kept.
func fitFoldSet(msgs []Message, p Protection, keepRecent int, fit fitTarget, summaryTokens int, c TokenCounter) []bool {
	cv := analyze(msgs)
	minTail := max(0, min(fit.minTail, keepRecent))
	// Protection with the shorter tail: at the preferred cut it folds
	// exactly what keep with keepRecent folds (the units it frees all
	// end at or after that cut), and beyond it, it is what still binds.
	keep := p.kept(cv, minTail, false)
	last := unitLast(cv)
	cut := preferredCut(msgs, cv, keep, last, keepRecent)
	limit := max(cut, len(msgs)-minTail)
	tokens := make([]int, len(msgs))
	unitTokens := make([]int, len(msgs))
	total, folded := 0, 0
	for i := range msgs {
		tokens[i] = messageTokens(&msgs[i], c)
		total += tokens[i]
		unitTokens[cv.unit[i]] += tokens[i]
		if i < cut && !keep[i] && last[cv.unit[i]] < cut {
			folded += tokens[i]
		}
	}
	// A unit joins the fold once the cut passes its last message.
	for cut < limit && total-folded+summaryTokens > fit.budget {
		j := cut
		cut++
		if root := cv.unit[j]; last[root] == j && !keep[j] {
			folded += unitTokens[root]
		}
	}
	return foldBefore(cv, keep, last, cut)
}

// unitLast maps each unit's root to the unit's last message.
func unitLast(cv *conversation) []int {
	last := make([]int, len(cv.msgs))
	for i := range cv.msgs {
		last[cv.unit[i]] = i
	}
	return last
}

// preferredCut is at most keepRecent messages from the end, moved back to
// a user-turn boundary when that still folds at least half as many
// messages.
func preferredCut(msgs []Message, cv *conversation, keep []bool, last []int, keepRecent int) int {
	cut := max(0, len(msgs)-keepRecent)
	countBefore := func(cut int) int {
		n := 0
		for i := range cut {
			if !keep[i] && last[cv.unit[i]] < cut {
				n++
			}
		}
		return n
	}
	most := countBefore(cut)
	for u := min(cut, len(msgs)-1); u > 0; u-- {
		if isInstruction(&msgs[u]) {
			if 2*countBefore(u) >= most {
				cut = u
			}
			break
		}
	}
	return cut
}

// foldBefore marks the messages before cut that are not kept and whose
// unit ends before cut.
func foldBefore(cv *conversation, keep []bool, last []int, cut int) []bool {
	fold := make([]bool, len(cv.msgs))
	for i := range cut {
		fold[i] = !keep[i] && last[cv.unit[i]] < cut
	}
	return fold
}

// summaryEstimate is a conservative size of the summary message before it
// is written: the tags and the message overhead, and a token for every
// word asked for, and a third more (the default length when no limit is
// stated).
func summaryEstimate(words int, c TokenCounter) int {
	if words <= 0 {
		words = DefaultSummaryWords
	}
	empty := summaryMessage("")
	return messageTokens(&empty, c) + words + words/3
}

// summaryBody is the text inside a summary message's tags.
func summaryBody(m *Message) string {
	t := m.Parts[0].Text
	return strings.TrimSpace(t[len(summaryOpen) : len(t)-len(summaryClose)])
}

// sanitizeSummary makes a summarizer's answer safe inside the tags: valid
// UTF-8, trimmed, and unable to close or open a summary.
func sanitizeSummary(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.ReplaceAll(s, summaryClose, "(/CONVERSATION_SUMMARY)")
	s = strings.ReplaceAll(s, summaryOpen, "(CONVERSATION_SUMMARY)")
	return strings.TrimSpace(s)
}

// conversationPrompt is the instruction for a conversation summary.
// When cutAt is positive, the summary is cut after cutAt tokens, and the
// prompt says so.
func conversationPrompt(sections []string, instructions string, words, cutAt int, extend bool) string {
	var b strings.Builder
	b.WriteString("You are compacting the history of a conversation between a user and an AI agent so that the agent " +
		"can continue its work in less context. The input is the older part of the conversation; the agent will see only " +
		"your summary of it, followed by the recent messages verbatim.\n")
	if extend {
		b.WriteString("The input starts with an earlier summary of what came before. Extend it: carry over everything " +
			"in it that still matters, merge in what the transcript adds, and drop what the transcript shows is obsolete.\n")
	}
	b.WriteString("\nWrite a structured summary with these sections, in this order, each a markdown heading followed by " +
		"terse bullet points (write \"- none\" when a section is empty):\n\n")
	for _, s := range sections {
		b.WriteString("## " + txt.SanitizeLine(s) + "\n")
	}
	b.WriteString("\nKeep file paths, identifiers, commands, error messages and numbers verbatim. Record what the user " +
		"asked for in the user's own words. Do not invent anything, and do not address the user.")
	if words > 0 {
		b.WriteString(" At most " + txt.Commas(words) + " words.")
	}
	if cutAt > 0 {
		b.WriteString(" The summary is cut off after " + txt.Commas(cutAt) + " tokens: put what matters most first.")
	}
	b.WriteString("\n")
	if in := strings.TrimSpace(instructions); in != "" {
		b.WriteString("\nAlso follow these instructions:\n" + in + "\n")
	}
	return b.String()
}

// transcript renders the folded messages for the summarizer, oldest
// first, within conversationMaxInput bytes. Long texts and tool outputs
// are clipped on their own first; while the whole is still too long,
// everything but the users' messages is clipped harder, halving down to
// MinBudgetBytes; then the whole is clipped, head and tail. It also
// reports, message by message, whether a folded user message reached the
// text (the last clip can cut one out).
//
// The pieces are gathered once and each level only sums their clipped
// lengths: a piece is clipped again only when its budget changes, its
// tokens are counted once, and the text is written once, at the level
// that fits.
func transcript(msgs []Message, fold []bool, previous string, c TokenCounter) (string, []bool) {
	pieces := transcriptPieces(msgs, fold, previous)
	var tool, other int
	for k := 0; ; k++ {
		tool, other = max(MinBudgetBytes, transcriptToolBytes>>k), max(MinBudgetBytes, transcriptTextBytes>>k)
		size := 0
		for i := range pieces {
			size += len(pieces[i].clip(tool, other, c))
		}
		if size <= conversationMaxInput || (tool == MinBudgetBytes && other == MinBudgetBytes) {
			break
		}
	}
	text, spans := writeTranscript(pieces, len(msgs), tool, other, c)
	reached := make([]bool, len(msgs))
	if len(text) <= conversationMaxInput {
		for i := range msgs {
			reached[i] = fold[i] && isInstruction(&msgs[i])
		}
		return text, reached
	}
	clipped, kept := clipToBudget(text, conversationMaxInput, c, -1)
	for i, sp := range spans {
		if !fold[i] || !isInstruction(&msgs[i]) {
			continue
		}
		for _, it := range kept {
			if it.start <= sp[0] && sp[1] <= it.end {
				reached[i] = true
			}
		}
	}
	return clipped, reached
}

// pieceKind says what budget a transcript piece is clipped to.
type pieceKind int8

const (
	pieceAsIs      pieceKind = iota // written whole: headers, call names
	pieceUserText                   // a user's text: transcriptTextBytes at every level
	pieceOtherText                  // any other text, and a call's arguments
	pieceToolText                   // a tool's output
)

// A transcriptPiece is a stretch of the transcript: written whole, or
// clipped to the budget its kind has at a level. It keeps its last clip,
// reused while its budget stays the same (a user's text has one budget at
// every level; the others stop at the floor), and its text's tokens once
// counted.
type transcriptPiece struct {
	text   string
	kind   pieceKind
	trim   bool // the clip's trailing line breaks are dropped
	msg    int  // the message it is part of; -1 for the earlier summary
	budget int  // what out is clipped to; 0 before the first clip
	out    string
	tokens int // text's tokens; -1 until counted
}

// transcriptPieces gathers the pieces of the transcript of the folded
// messages after previous, the earlier summary.
func transcriptPieces(msgs []Message, fold []bool, previous string) []transcriptPiece {
	var pieces []transcriptPiece
	add := func(msg int, kind pieceKind, text string, trim bool) {
		pieces = append(pieces, transcriptPiece{text: text, kind: kind, trim: trim, msg: msg, tokens: -1})
	}
	asIs := func(msg int, text string) { add(msg, pieceAsIs, text, false) }
	if previous != "" {
		asIs(-1, "Earlier summary:\n"+previous+"\n\nConversation since then:\n")
	}
	for i := range msgs {
		m := &msgs[i]
		if !fold[i] || isSummaryMessage(m) {
			continue
		}
		textKind := pieceOtherText
		if isInstruction(m) {
			textKind = pieceUserText
		}
		asIs(i, "\n--- "+txt.SanitizeLine(string(m.Role))+" ---\n")
		for _, p := range m.Parts {
			if p.Text != "" {
				add(i, textKind, p.Text, true)
				asIs(i, "\n")
			}
			if tc := p.ToolCall; tc != nil {
				asIs(i, "[call "+txt.SanitizeLine(tc.Name)+" (id "+txt.SanitizeLine(tc.ID)+")")
				if len(tc.Args) > 0 {
					asIs(i, ": ")
					add(i, pieceOtherText, string(tc.Args), false)
				}
				asIs(i, "]\n")
			}
			if r := p.ToolResult; r != nil {
				head := "[result of " + txt.SanitizeLine(r.Name) + " (id " + txt.SanitizeLine(r.CallID) + ")"
				if r.IsError {
					head += ", error"
				}
				if r.ExitCode != nil {
					head += ", exit code " + itoa(*r.ExitCode)
				}
				asIs(i, head+"]\n")
				add(i, pieceToolText, r.Content, true)
				asIs(i, "\n")
			}
			if p.Opaque != nil {
				asIs(i, "[a non-text part: image, thinking or provider block]\n")
			}
		}
	}
	return pieces
}

// clip returns the piece as the level with these budgets writes it: a
// tool output clipped to toolBytes, a user's text to transcriptTextBytes,
// any other text or arguments to otherBytes.
func (p *transcriptPiece) clip(toolBytes, otherBytes int, c TokenCounter) string {
	budget := 0
	switch p.kind {
	case pieceAsIs:
		return p.text
	case pieceUserText:
		budget = transcriptTextBytes
	case pieceOtherText:
		budget = otherBytes
	case pieceToolText:
		budget = toolBytes
	}
	budget = max(budget, MinBudgetBytes)
	if budget == p.budget {
		return p.out
	}
	if len(p.text) > budget && p.tokens < 0 {
		p.tokens = countTokens(c, p.text)
	}
	p.budget = budget
	p.out, _ = clipToBudget(p.text, budget, c, p.tokens)
	if p.trim {
		p.out = strings.TrimRight(p.out, "\n")
	}
	return p.out
}

// writeTranscript writes the pieces at the level of these budgets and
// returns where each of n messages' pieces are in it.
func writeTranscript(pieces []transcriptPiece, n, toolBytes, otherBytes int, c TokenCounter) (string, [][2]int) {
	var b strings.Builder
	spans := make([][2]int, n)
	for i := range pieces {
		p := &pieces[i]
		if p.msg >= 0 && (i == 0 || pieces[i-1].msg != p.msg) {
			spans[p.msg][0] = b.Len()
		}
		b.WriteString(p.clip(toolBytes, otherBytes, c))
		if p.msg >= 0 {
			spans[p.msg][1] = b.Len()
		}
	}
	return b.String(), spans
}

// Conversation summaries are wrapped in these tags, so a later pass can
// find one and extend it.
const (
	summaryOpen  = "[CONVERSATION_SUMMARY]"
	summaryClose = "[/CONVERSATION_SUMMARY]"
)

// isSummaryMessage reports whether m is a conversation summary written by
// [Summarize]: a user message of one text part wrapped in the tags.
func isSummaryMessage(m *Message) bool {
	if m.Role != RoleUser || len(m.Parts) != 1 {
		return false
	}
	p := &m.Parts[0]
	return p.ToolCall == nil && p.ToolResult == nil && p.Opaque == nil &&
		strings.HasPrefix(p.Text, summaryOpen) && strings.HasSuffix(p.Text, summaryClose) &&
		len(p.Text) >= len(summaryOpen)+len(summaryClose)
}
