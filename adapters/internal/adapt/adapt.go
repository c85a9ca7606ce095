package adapt

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/headroom-go/headroom"
)

// Codec converts one SDK's message type M to and from [headroom.Message].
// One M is always one headroom.Message, so message indices (a report's
// FirstChanged, a StringReport's Message) are the same in both.
type Codec[M any] interface {
	// ToNeutral converts m. Text becomes Text parts, tool calls and tool
	// results their own parts (a result's Name may be left empty:
	// [ResolveNames] fills it in), everything else Opaque parts or
	// Attachments holding the SDK's own values. It never writes m.
	ToNeutral(m M) (headroom.Message, error)
	// Patch returns orig changed so that its neutral form is now, where was
	// is orig's neutral form: the parts where now differs from was are
	// rebuilt as copies of the original blocks with only their text
	// replaced; everything else is orig's own. It reports false when the
	// change is not one it can make in place (a part of another kind, a
	// changed tool call or opaque value); the caller then builds the
	// message with FromNeutral. It never writes orig.
	Patch(orig M, was, now headroom.Message) (M, bool)
	// FromNeutral builds a new message from n: a conversation summary, or
	// a message a custom compaction step wrote. Opaque parts and
	// attachments must be the codec's own values; others are an error.
	FromNeutral(n headroom.Message) (M, error)
}

// ToNeutral converts msgs with c and resolves the tool results' names.
func ToNeutral[M any](c Codec[M], msgs []M) ([]headroom.Message, error) {
	out := make([]headroom.Message, len(msgs))
	for i := range msgs {
		m, err := c.ToNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		out[i] = m
	}
	ResolveNames(out)
	return out, nil
}

// ResolveNames sets the Name of every tool result that has none to the
// name of the tool call it answers. A result is paired with the oldest
// call still waiting for a result that has its id; a result whose id is
// empty, unknown or already answered is paired by position, with the
// oldest call still waiting. The ToolResults are written in place: call
// it only on messages a codec has just built.
func ResolveNames(msgs []headroom.Message) {
	type call struct {
		id, name string
		done     bool
	}
	var pending []call
	first := 0 // pending[:first] are all done
	for i := range msgs {
		for j := range msgs[i].Parts {
			p := &msgs[i].Parts[j]
			if tc := p.ToolCall; tc != nil {
				pending = append(pending, call{id: tc.ID, name: tc.Name})
				continue
			}
			r := p.ToolResult
			if r == nil {
				continue
			}
			k := -1
			if r.CallID != "" {
				for x := first; x < len(pending); x++ {
					if !pending[x].done && pending[x].id == r.CallID {
						k = x
						break
					}
				}
			}
			if k < 0 {
				for x := first; x < len(pending); x++ {
					if !pending[x].done {
						k = x
						break
					}
				}
			}
			if k < 0 {
				continue
			}
			pending[k].done = true
			for first < len(pending) && pending[first].done {
				first++
			}
			if r.Name == "" {
				r.Name = pending[k].name
			}
		}
	}
}

// CompressNew compresses the tool results of batch, the messages about to
// be appended to history, with comp (see [headroom.CompressToolResults]).
// Tool names are resolved from history and batch together. It returns a
// new slice as long as batch: the messages with nothing compressed are
// batch's own values, the others the codec's patches. The report's
// message indices count from the start of batch. opts go to
// CompressToolResults.
func CompressNew[M any](ctx context.Context, c Codec[M], comp headroom.Compressor, history, batch []M, opts ...headroom.ResultsOption) ([]M, headroom.Report, error) {
	all := make([]M, 0, len(history)+len(batch))
	all = append(append(all, history...), batch...)
	neutral, err := ToNeutral(c, all)
	if err != nil {
		return nil, headroom.Report{}, err
	}
	was := neutral[len(history):]
	now, rep, err := headroom.CompressToolResults(ctx, comp, was, opts...)
	if err != nil {
		return nil, headroom.Report{}, err
	}
	out := make([]M, len(batch))
	for i := range batch {
		if sharesParts(&was[i], &now[i]) {
			out[i] = batch[i]
			continue
		}
		m, err := patchOrBuild(c, batch[i], was[i], now[i])
		if err != nil {
			return nil, headroom.Report{}, fmt.Errorf("message %d: %w", i, err)
		}
		out[i] = m
	}
	return out, rep, nil
}

// Compact is [headroom.CompactIfNeeded] over SDK messages: when history
// nears window tokens, the cascade runs and its result is mapped back onto
// history's own values (see [Rebuild]). When it did not run, or changed
// nothing, history itself is returned. On error history is returned with
// the error, as CompactIfNeeded does.
func Compact[M any](ctx context.Context, c Codec[M], history []M, window int, o headroom.CompactOptions) ([]M, headroom.CompactReport, bool, error) {
	neutral, err := ToNeutral(c, history)
	if err != nil {
		return history, headroom.CompactReport{FirstChanged: -1}, false, err
	}
	out, rep, ran, err := headroom.CompactIfNeeded(ctx, neutral, window, o)
	if err != nil || !ran || rep.FirstChanged < 0 {
		return history, rep, ran, err
	}
	msgs, err := Rebuild(c, history, neutral, out)
	if err != nil {
		return history, rep, ran, err
	}
	return msgs, rep, ran, nil
}

// Rebuild maps out, what a headroom function made of was (the neutral form
// of orig), back onto SDK messages. Steps keep the order of messages, so
// the mapping goes in order. A message of out that shares its parts with a
// message of was is that message's original. Between two such messages,
// when out has as many messages as was, they are taken one for one;
// otherwise a message is matched with one of the same shape — same role,
// parts of the same kinds, the same tool call ids and opaque values, at
// least one of them — so a summary is never taken for a plain message.
// A matched message is its original patched ([Codec.Patch]); any other
// (a summary) is built by FromNeutral.
func Rebuild[M any](c Codec[M], orig []M, was, out []headroom.Message) ([]M, error) {
	res := make([]M, len(out))
	// Pin the messages out shares with was, in order.
	pin := make([]int, len(out))
	cursor := 0
	for i := range out {
		pin[i] = -1
		for x := cursor; x < len(was); x++ {
			if sharesParts(&was[x], &out[i]) {
				pin[i], cursor = x, x+1
				break
			}
		}
	}
	lo := 0 // the first message of was after the last pin
	for i := 0; i < len(out); {
		if pin[i] >= 0 {
			res[i], lo = orig[pin[i]], pin[i]+1
			i++
			continue
		}
		// A gap: out[i:j] between pins, was[lo:hi] between theirs.
		j := i
		for j < len(out) && pin[j] < 0 {
			j++
		}
		hi := len(was)
		if j < len(out) {
			hi = pin[j]
		}
		oneForOne := j-i == hi-lo
		at := lo
		for k := i; k < j; k++ {
			match := -1
			if oneForOne {
				if x := lo + k - i; isSummary(&out[k]) == isSummary(&was[x]) {
					match = x
				}
			} else {
				for x := at; x < hi; x++ {
					if sameShape(&was[x], &out[k]) {
						match = x
						break
					}
				}
			}
			if match >= 0 {
				if m, ok := c.Patch(orig[match], was[match], out[k]); ok {
					res[k], at = m, match+1
					continue
				}
			}
			m, err := c.FromNeutral(out[k])
			if err != nil {
				return nil, fmt.Errorf("message %d: %w", k, err)
			}
			res[k] = m
		}
		i = j
	}
	return res, nil
}

// isSummary reports whether m is a conversation summary as
// [headroom.Summarize] writes it: a user message of one text part in the
// summary tags. A summary is never a patch of a message that was not one.
func isSummary(m *headroom.Message) bool {
	if m.Role != headroom.RoleUser || len(m.Parts) != 1 {
		return false
	}
	t := m.Parts[0].Text
	return strings.HasPrefix(t, "[CONVERSATION_SUMMARY]") && strings.HasSuffix(t, "[/CONVERSATION_SUMMARY]")
}

// patchOrBuild patches orig, or builds the message anew when the codec
// cannot patch it.
func patchOrBuild[M any](c Codec[M], orig M, was, now headroom.Message) (M, error) {
	if m, ok := c.Patch(orig, was, now); ok {
		return m, nil
	}
	return c.FromNeutral(now)
}

// sharesParts reports whether b is a left as it was: the same role and the
// very same parts.
func sharesParts(a, b *headroom.Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	return len(a.Parts) == 0 || &a.Parts[0] == &b.Parts[0]
}

// sameShape reports whether b can be a changed a: the same role, parts of
// the same kinds with the same tool call ids and opaque values, and at
// least one such anchor, so a summary is never taken for a plain text
// message it happens to look like.
func sameShape(a, b *headroom.Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	anchored := false
	for i := range a.Parts {
		p, q := &a.Parts[i], &b.Parts[i]
		switch {
		case p.ToolCall != nil:
			if q.ToolCall == nil || q.ToolCall.ID != p.ToolCall.ID {
				return false
			}
			anchored = true
		case p.ToolResult != nil:
			if q.ToolResult == nil || q.ToolResult.CallID != p.ToolResult.CallID {
				return false
			}
			anchored = true
		case p.Opaque != nil:
			if q.Opaque == nil || !reflect.DeepEqual(p.Opaque, q.Opaque) {
				return false
			}
			anchored = true
		default:
			if q.ToolCall != nil || q.ToolResult != nil || q.Opaque != nil {
				return false
			}
		}
	}
	return anchored
}

// PartChange says how part i of a message changed between two neutral
// forms, for a codec's Patch.
type PartChange int

// The changes a codec's Patch sees.
const (
	Same        PartChange = iota // the part is as it was
	TextChanged                   // a Text part's text, or a ToolResult's Content, changed
	Other                         // anything else: the codec cannot patch it
)

// Diff compares the parts of was and now. It reports false when they
// differ in role or number of parts.
func Diff(was, now headroom.Message) ([]PartChange, bool) {
	if was.Role != now.Role || len(was.Parts) != len(now.Parts) {
		return nil, false
	}
	ch := make([]PartChange, len(was.Parts))
	for i := range was.Parts {
		ch[i] = diffPart(&was.Parts[i], &now.Parts[i])
	}
	return ch, true
}

func diffPart(a, b *headroom.Part) PartChange {
	switch {
	case a.ToolCall != nil:
		if b.ToolCall == a.ToolCall {
			return Same
		}
		if b.ToolCall == nil || !reflect.DeepEqual(*a.ToolCall, *b.ToolCall) {
			return Other
		}
		return Same
	case a.ToolResult != nil:
		x, y := a.ToolResult, b.ToolResult
		if y == x {
			return Same
		}
		if y == nil || x.CallID != y.CallID || x.IsError != y.IsError || !reflect.DeepEqual(x.ExitCode, y.ExitCode) ||
			!reflect.DeepEqual(x.Attachments, y.Attachments) {
			return Other
		}
		if x.Content != y.Content {
			return TextChanged
		}
		return Same
	case a.Opaque != nil:
		if b.Opaque == nil || b.Text != "" || b.ToolCall != nil || b.ToolResult != nil || !reflect.DeepEqual(a.Opaque, b.Opaque) {
			return Other
		}
		return Same
	}
	if b.ToolCall != nil || b.ToolResult != nil || b.Opaque != nil {
		return Other
	}
	if a.Text != b.Text {
		return TextChanged
	}
	return Same
}
