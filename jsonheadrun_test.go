package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// patchArray returns a pretty-printed JSON Patch of n alike replaces,
// element odd (when in range) an add of a long, rare value.
func patchArray(n, odd int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range n {
		op, v := "replace", fmt.Sprintf("/2018-06-18/op%03d", i)
		if i == odd {
			op, v = "add", strings.Repeat("a new member's documentation ", 8)
		}
		fmt.Fprintf(&b, " {\n  \"op\": %q,\n  \"path\": \"/operations/Op%03d/http/requestUri\",\n  \"value\": %q\n }", op, i, v)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return b.String()
}

func TestClipHeadRoomReachesTheClipsHead(t *testing.T) {
	text := patchArray(120, -1)
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("no JSON")
	}
	limit := len(text) * 2 / 3
	head, rareRoom := clipHeadRoom(top.elems, nil, limit)
	if want := clipHeadReach(limit - sequenceNoteRoom); head != want || rareRoom != 0 {
		t.Fatalf("clipHeadRoom = %d, %d; want %d, 0", head, rareRoom, want)
	}
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("planJSON declined")
	}
	out := render(text, p, marker{})
	// Every element whose end a blind clip's head reaches is kept, in one run.
	for i, e := range top.elems {
		if e[1] > head-200 {
			break
		}
		if !strings.Contains(out, text[e[0]:e[1]]) {
			t.Fatalf("element %d, inside the clip's head, is not kept", i)
		}
	}
}

func TestClipHeadRoomLeavesRoomForARarePickPastIt(t *testing.T) {
	text := patchArray(120, 100)
	top, _ := scanJSONTop(text)
	limit := len(text) * 2 / 3
	rare := rareValueElems(text, top.elems, true)
	if len(rare) == 0 || rare[0] != 100 {
		t.Fatalf("rareValueElems = %v, want the add (100) first", rare)
	}
	head, rareRoom := clipHeadRoom(top.elems, rare, limit)
	if size := top.elems[101][0] - top.elems[100][0]; rareRoom < size || head != clipHeadReach(limit-sequenceNoteRoom)-rareRoom {
		t.Fatalf("clipHeadRoom = %d, %d: no room taken for the add of %d bytes", head, rareRoom, size)
	}
	p, _ := planJSON(text, limit)
	if out := render(text, p, marker{}); !strings.Contains(out, text[top.elems[100][0]:top.elems[100][1]]) {
		t.Fatal("the add past the clip's head is not kept")
	}
}

func TestClipHeadRoomNotForACutByMore(t *testing.T) {
	text := patchArray(120, -1)
	p, _ := planJSON(text, len(text)/3)
	top, _ := scanJSONTop(text)
	out := render(text, p, marker{})
	reach := clipHeadReach(len(text)/3 - sequenceNoteRoom)
	for _, e := range top.elems {
		if e[1] < reach-200 && !strings.Contains(out, text[e[0]:e[1]]) {
			return // the head stops short of the clip's: the spread samples
		}
	}
	t.Fatal("an array cut by three times kept the clip's whole head run")
}
