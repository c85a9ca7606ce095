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
func analyze(msgs []Message) *conversation {
	cv := &conversation{msgs: msgs, latestUser: -1, unit: make([]int, len(msgs)), callName: map[string]string{}}
	for i := range cv.unit {
		cv.unit[i] = i
	}
	first := map[string]int{} // call id → first message mentioning it
	for i := range msgs {
		m := &msgs[i]
		if isInstruction(m) {
			cv.latestUser = i
		}
		for _, p := range m.Parts {
			var id string
			switch {
			case p.ToolCall != nil:
				id = p.ToolCall.ID
				if _, ok := cv.callName[id]; !ok {
					cv.callName[id] = p.ToolCall.Name
				}
			case p.ToolResult != nil:
				id = p.ToolResult.CallID
			default:
				continue
			}
			if f, ok := first[id]; ok {
				cv.union(f, i)
			} else {
				first[id] = i
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
