package headroom

// conversation is what the steps need to know about a message list,
// computed in one pass.
type conversation struct {
	msgs       []Message
	latestUser int   // index of the latest user message; -1 when none
	unit       []int // for each message, the first message of its unit
	callName   map[string]string
}

// analyze indexes msgs: the latest user message, and the units — sets of
// messages tied together by tool call ids, which every step keeps or
// removes whole.
//
// Calls and results are paired by id and, among those sharing an id, by
// position: the n-th call with an id goes with the n-th result with it.
// Unique ids pair as they always did; empty ids (Gemini often sends none)
// and ids a provider reuses pair in order instead of merging every call
// into one unit that no step could ever drop.
func analyze(msgs []Message) *conversation {
	cv := &conversation{msgs: msgs, latestUser: -1, unit: make([]int, len(msgs)), callName: map[string]string{}}
	for i := range cv.unit {
		cv.unit[i] = i
	}
	type pairKey struct {
		id string
		n  int
	}
	first := map[pairKey]int{} // (call id, position) → first message mentioning it
	calls, results := map[string]int{}, map[string]int{}
	for i := range msgs {
		m := &msgs[i]
		if isInstruction(m) {
			cv.latestUser = i
		}
		for _, p := range m.Parts {
			var k pairKey
			switch {
			case p.ToolCall != nil:
				id := p.ToolCall.ID
				if _, ok := cv.callName[id]; !ok {
					cv.callName[id] = p.ToolCall.Name
				}
				k = pairKey{id, calls[id]}
				calls[id]++
			case p.ToolResult != nil:
				id := p.ToolResult.CallID
				k = pairKey{id, results[id]}
				results[id]++
			default:
				continue
			}
			if f, ok := first[k]; ok {
				cv.union(f, i)
			} else {
				first[k] = i
			}
		}
	}
	for i := range cv.unit {
		cv.unit[i] = cv.find(i)
	}
	return cv
}

func (cv *conversation) find(i int) int {
	for cv.unit[i] != i {
		cv.unit[i] = cv.unit[cv.unit[i]]
		i = cv.unit[i]
	}
	return i
}

// union joins two units under the earlier message, so a unit's root is its
// first message.
func (cv *conversation) union(a, b int) {
	a, b = cv.find(a), cv.find(b)
	if a == b {
		return
	}
	if b < a {
		a, b = b, a
	}
	cv.unit[b] = a
}

// toolName is a result's tool name, from the result or else its call.
func (cv *conversation) toolName(r *ToolResult) string {
	if r.Name != "" {
		return r.Name
	}
	return cv.callName[r.CallID]
}

// orphanIDs returns the call ids that have a call but no result, or a
// result but no call. It is nil when there are none.
func orphanIDs(msgs []Message) map[string]bool {
	const call, result = 1, 2
	seen := make(map[string]uint8, len(msgs))
	for i := range msgs {
		for j := range msgs[i].Parts {
			p := &msgs[i].Parts[j]
			if p.ToolCall != nil {
				seen[p.ToolCall.ID] |= call
			}
			if p.ToolResult != nil {
				seen[p.ToolResult.CallID] |= result
			}
		}
	}
	var out map[string]bool
	for id, s := range seen {
		if s != call|result {
			if out == nil {
				out = map[string]bool{}
			}
			out[id] = true
		}
	}
	return out
}
