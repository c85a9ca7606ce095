package headroom

import (
	"encoding/json"
	"strings"
)

// planJSON plans a JSON document that is a sequence at the top: an array's
// elements, an object's members, or a stream of concatenated documents
// (go list -json, docker inspect, jq output). It keeps the opening, as many
// first elements as fit in about half of limit, and the beginning of the
// last element — where identities (ID, name, ImportPath) sit — with gap
// notes for the rest. It declines anything that is not valid JSON or has
// fewer than two elements.
func planJSON(text string, limit int) (plan, bool) {
	elems, kind, ok := jsonElements(text)
	if !ok || len(elems) < 2 || limit < 200 {
		return plan{}, false
	}
	const noteRoom = 120 // two gap notes and slack
	headRoom := (limit - noteRoom) * 55 / 100
	var items []item
	used := 0
	add := func(its ...item) {
		items = append(items, its...)
		used += itemsSize(its)
	}
	last := len(elems) - 1
	opening := elems[0][0]
	if opening > headRoom/4 {
		return plan{}, false // a sequence buried under a long preamble is not this planner's shape
	}
	add(keepRange(0, opening))
	shown := 0
	for shown < last {
		end := elems[shown+1][0] // the element with its separator, up to the next one
		if used+end-elems[shown][0] > headRoom {
			break
		}
		add(keepRange(elems[shown][0], end))
		shown++
	}
	if shown == 0 {
		add(keepEnds(text, elems[0][0], elems[1][0], headRoom-used)...)
	}
	omitted := last - shown
	if shown == 0 {
		omitted = last - 1
	}
	if omitted > 0 {
		add(noteLine("[…" + plural(omitted, kind) + " omitted…]"))
	}
	tailStart := elems[last][0]
	if used+len(text)-tailStart <= limit {
		add(keepRange(tailStart, len(text)))
	} else {
		add(keepEnds(text, tailStart, len(text), limit-used-noteRoom/2)...)
	}
	if itemsSize(items) > limit {
		return plan{}, false
	}
	p := plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true}
	first := "the first"
	if shown > 1 {
		first += " " + commas(shown)
	}
	p.what = commas(omitted) + " of " + plural(len(elems), kind) + " (kept " + first + " and the last, long ones cut in the middle)"
	if omitted == 0 {
		p.what = "the middle of long ones among " + plural(len(elems), kind) + " (none omitted whole)"
	}
	p.hint = "To see more, re-run with a jq filter that selects what you need (jq length, jq keys, jq 'map(.ID)')."
	return p, true
}

// keepEnds keeps the first and the last whole lines of text[start:end]
// that fit in room bytes — three fifths for the start, where identities
// sit, the rest for the end — with a note for the lines between.
func keepEnds(text string, start, end, room int) []item {
	const noteMax = 40
	room -= noteMax
	head := start
	for head < end {
		next := lineEnd(text, head, end)
		if next-start > room*3/5 {
			break
		}
		head = next
	}
	tail := end
	for tail > head {
		prev := strings.LastIndexByte(text[head:tail-1], '\n') + head + 1
		if prev <= head || end-prev+head-start > room {
			break
		}
		tail = prev
	}
	var its []item
	if head > start {
		its = append(its, keepRange(start, head))
	}
	if tail > head {
		its = append(its, noteLine("[…"+commas(strings.Count(text[head:tail], "\n"))+" lines omitted…]"))
	}
	if end > tail {
		its = append(its, keepRange(tail, end))
	}
	return its
}

// lineEnd returns the index just past the '\n' ending the line at i, or end.
func lineEnd(text string, i, end int) int {
	if nl := strings.IndexByte(text[i:end], '\n'); nl >= 0 {
		return i + nl + 1
	}
	return end
}

// jsonElements returns the byte ranges of the top-level elements of text
// and what they are: "array element", "object member" or "document".
func jsonElements(text string) (elems [][2]int, kind string, ok bool) {
	i := skipSpace(text, 0)
	if i >= len(text) || (text[i] != '[' && text[i] != '{') {
		return nil, "", false
	}
	if text[i] == '[' && json.Valid([]byte(text)) {
		return sequence(text, i, ']'), "array element", true
	}
	// A stream: documents one after another, each valid on its own.
	for j := i; j < len(text); j = skipSpace(text, j) {
		end := valueEnd(text, j)
		if end <= j || !json.Valid([]byte(text[j:end])) {
			return nil, "", false
		}
		elems = append(elems, [2]int{j, end})
		j = end
	}
	if len(elems) == 1 && text[i] == '{' {
		return sequence(text, i, '}'), "object member", true
	}
	return elems, "document", len(elems) > 0
}

// sequence returns the elements (or key: value members) of the valid
// array or object opening at text[i].
func sequence(text string, i int, closing byte) [][2]int {
	var elems [][2]int
	j := skipSpace(text, i+1)
	for j < len(text) && text[j] != closing {
		start := j
		if closing == '}' {
			j = skipSpace(text, stringEnd(text, j))
			j = skipSpace(text, j+1) // past ':'
		}
		end := valueEnd(text, j)
		elems = append(elems, [2]int{start, end})
		j = skipSpace(text, end)
		if j < len(text) && text[j] == ',' {
			j = skipSpace(text, j+1)
		}
	}
	return elems
}
