package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// buildInfo returns a document shaped as go version -m -json prints one:
// a few scalars, a Deps array of n alike {Path, Version, Sum} objects,
// and a Settings array of m Key/Value pairs last, tab-indented.
func buildInfo(n, m int, path func(i int) string) string {
	var b strings.Builder
	b.WriteString("{\n\t\"GoVersion\": \"go1.23.3\",\n\t\"Path\": \"example.com/tool\",\n\t\"Deps\": [\n")
	for i := range n {
		b.WriteString("\t\t{\n\t\t\t\"Path\": \"" + path(i) + "\",\n\t\t\t\"Version\": \"v1." + itoa(i) + ".0\",\n\t\t\t\"Sum\": \"h1:" + strings.Repeat("x", 40) + "=\"\n\t\t}")
		if i < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("\t],\n\t\"Settings\": [\n")
	for i := range m {
		b.WriteString("\t\t{\n\t\t\t\"Key\": \"k" + itoa(i) + "\",\n\t\t\t\"Value\": \"v" + itoa(i) + "\"\n\t\t}")
		if i < m-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("\t]\n}\n")
	return b.String()
}

// depsShown returns how many of the Deps elements the outline out shows,
// and how many of them run from the first with no gap note between.
func depsShown(out string) (lead, total int) {
	in, gap := false, false
	for line := range strings.Lines(out) {
		switch {
		case strings.HasPrefix(line, "\t\"Deps\": ["):
			in = true
		case in && strings.HasPrefix(line, "\t]"):
			return lead, total
		case in && strings.HasPrefix(line, "\t\t[…"):
			gap = true
		case in && strings.HasPrefix(line, "\t\t{"):
			total++
			if !gap {
				lead++
			}
		}
	}
	return lead, total
}

// An array of alike objects in a document cut by about twice (terraform's
// 221 dependencies at 16,000 B) shows the elements a blind clip's head
// holds as one run before it samples the rest, so the outline keeps what
// the clip keeps there; one note, not one between every few picks.
func TestOutlineArrayOpensTheClipsHeadFirst(t *testing.T) {
	text := buildInfo(200, 8, func(i int) string { return "github.com/owner" + itoa(i) + "/module" })
	const limit = 16000
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("the document should be planned")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if len(out) > limit+600 || itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	head := text[:clipHeadEnd(0, len(text), limit)]
	want := head[:strings.LastIndex(head, "\t\t},\n")+len("\t\t},\n")]
	if !strings.HasPrefix(out, want) {
		lead, total := depsShown(out)
		t.Fatalf("the clip's head (%d bytes) is not kept as one run: %d of %d elements lead\n%s", len(want), lead, total, out)
	}
	if !strings.Contains(out, "\"Key\": \"k7\"") {
		t.Errorf("the last setting is lost:\n%s", out)
	}
}

// Properties of an array of alike objects in a document cut by less than
// headFirstCut: the plan holds its limit, and the elements it shows from
// the first run on with no gap as far as the clip's head reaches, or all
// but the last one shown, whichever is fewer. The clip's head is the
// smaller one of an outline made again for the clip's tail.
func TestOutlineArrayHeadProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 300).Draw(t, "deps")
		m := rapid.IntRange(1, 12).Draw(t, "settings")
		long := rapid.IntRange(0, 60).Draw(t, "path length")
		text := buildInfo(n, m, func(i int) string { return "example.com/" + strings.Repeat("p", (i*7)%(long+1)) + itoa(i) })
		// Cut by less than 2.5 times, so that the outline withClipTail
		// makes again in the room the clip's tail leaves is still cut by
		// less than headFirstCut.
		limit := rapid.IntRange(max(400, len(text)*2/5+100), max(400, len(text))).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		lead, total := depsShown(out)
		if total == n || total == 0 {
			return // whole, or summarised on its key line
		}
		headEnd := clipHeadEnd(0, len(text), limit*6/7-80) // the smaller limit withClipTail may take
		inHead := 0
		for i := 0; i < n; i++ {
			v := strings.Index(text, "\"v1."+itoa(i)+".0\"")
			if e := v + strings.Index(text[v:], "\t\t}") + 3; e > headEnd {
				break
			}
			inHead++
		}
		if lead < min(inHead, total-1) {
			t.Fatalf("%d elements lead of %d shown, %d in the clip's head (limit %d, %d bytes):\n%s", lead, total, inHead, limit, len(text), out)
		}
	})
}

// The last array of a document cut by about twice (lefthook's Settings at
// 4,000 B) is sampled down to its last two elements when its first ones
// are shown: the outline keeps its end less than a blind clip's tail, the
// settings before those two lost. The clip's tail is kept verbatim instead.
func TestOutlineCutByLittleKeepsTheClipsTail(t *testing.T) {
	text := buildInfo(40, 14, func(i int) string { return "github.com/owner" + itoa(i) + "/module" })
	limit := len(text) / 2
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("the document should be planned")
	}
	if itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if tail := text[clipTailStart(text, limit):]; !strings.Contains(out, tail) {
		t.Fatalf("the clip's tail %q is not kept:\n%s", tail, out)
	}
	if !strings.HasPrefix(out, text[:strings.Index(text, "owner9/")]) {
		t.Errorf("the clip's head is not kept:\n%s", out)
	}
}

// clipPaths returns how many of buildInfo's Deps a blind clip of limit
// bytes shows whole, and whether out shows each of them.
func clipPaths(text, out string, n, limit int) (inClip, kept int) {
	clip := render(text, planClip(text, limit, 0), marker{tokens: len(text)})
	for i := range n {
		whole := "\"Version\": \"v1." + itoa(i) + ".0\","
		if !strings.Contains(clip, whole) {
			continue
		}
		inClip++
		if strings.Contains(out, whole) {
			kept++
		}
	}
	return inClip, kept
}

// A Deps array that the clip's tail does not reach, in a document cut by
// a little (cbt's 45 dependencies at 4,000 B, 7 KB), goes on with its
// head run as far as a blind clip's head shows it, rather than keeping
// its last two elements and opening the Settings after it: the clip
// named github.com/google/uuid, dependency 20, the outline stopped at 17.
func TestOutlineArrayHeadRunReachesTheClipsHead(t *testing.T) {
	text := buildInfo(45, 14, func(i int) string { return "github.com/owner" + itoa(i) + "/module" })
	limit := len(text) * 4 / 7
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("the document should be planned")
	}
	if itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	inClip, kept := clipPaths(text, out, 45, limit)
	if inClip == 0 || kept < inClip {
		t.Fatalf("kept %d of the %d dependencies a blind clip shows (limit %d, %d bytes):\n%s", kept, inClip, limit, len(text), out)
	}
}
