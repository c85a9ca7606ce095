package headroom

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// nodeDoc is a page of Node's API reference as w3m -dump renders it: the
// site's navigation as bullets, the page's title line between them, then
// headings that end in their permalink's `#`.
const nodeDoc = "Skip to content\nNode.js\n\n  • About this documentation\n  • Usage and example\n\n" +
	"  • Code repository and issue tracker\n\nNode.js v20.20.2 documentation\n\n  • Table of contents\n      □ Readline\n\n" +
	"Readline#\n\nStability: 2 - Stable\n\nSource Code: lib/readline.js\n\n" +
	"Class: InterfaceConstructor#\n\nAdded in: v0.1.104\n\n  • Extends: <EventEmitter>\n\n" +
	"Event: 'close'#\n\nAdded in: v0.1.98\n\nrl.on('line', (input) => {\n  console.log(`Received: ${input}`);\n}); copy\n\n" +
	"rl.getCursorPos()#\n\nReturns the real position of the cursor.\n\n" +
	"TTY keybindings#\n\nCtrl+Shift+Backspace   Delete line left\n"

// permalinkLines returns the lines of s at idx.
func permalinkLines(s *lineSel, idx []int) (out []string) {
	for _, i := range idx {
		out = append(out, s.line(i))
	}
	return out
}

// A page whose headings end in `#`: its headings, the lines that stand
// alone above the first (the page's title), the first line under each.
func TestPermalinkDocOutline(t *testing.T) {
	s := newLineSel(nodeDoc, 1<<20, outlineGaps(60))
	require.True(t, permalinkProbe(nodeDoc))
	ranks, ok := permalinkDoc(s)
	require.True(t, ok, "not a permalinked document")
	assert.Equal(t, []string{"Readline#", "Class: InterfaceConstructor#", "Event: 'close'#", "rl.getCursorPos()#", "TTY keybindings#"},
		permalinkLines(s, ranks[0]), "headings")
	assert.Equal(t, []string{"Node.js v20.20.2 documentation"}, permalinkLines(s, ranks[1]), "title lines")
	assert.Equal(t, []string{"Stability: 2 - Stable", "Added in: v0.1.104", "Added in: v0.1.98",
		"Returns the real position of the cursor.", "Ctrl+Shift+Backspace   Delete line left"}, permalinkLines(s, ranks[2]), "first lines")
}

// The mark is read from the text: Sphinx's `¶` after a title, rustdoc's
// `§` before a section's title and after an item table's; the mark most
// headings carry wins over another that some lines end in.
func TestPermalinkDocMarks(t *testing.T) {
	for name, c := range map[string]struct {
		text  string
		heads []string
	}{
		"sphinx": {"Navigation\n\nAbstract¶\n\nText.\n\n1. Copyright¶\n\n1999\n\n2. Moving¶\n\nMore.\n\n2.1. Removal¶\n\nGone.\n",
			[]string{"Abstract¶", "1. Copyright¶", "2. Moving¶", "2.1. Removal¶"}},
		"rustdoc": {"§Usage\n\nUse it.\n\n§Width\n\nWide.\n\nStructs§\n\nArguments\n    Args.\n\nTraits§\n\nDebug\n    ? formatting.\n",
			[]string{"§Usage", "§Width", "Structs§", "Traits§"}},
		"most": {"a¶\n\nx\n\nA#\n\ny\n\nB#\n\nz\n\nb¶\n\nC#\n\nw\n\nD#\n\nv\n",
			[]string{"A#", "B#", "C#", "D#"}},
		"crlf": {"One#\r\n\r\nx\r\n\r\nTwo#\r\n\r\ny\r\n\r\nThree#\r\n\r\nz\r\n\r\nFour#\r\n",
			[]string{"One#\r", "Two#\r", "Three#\r", "Four#\r"}},
	} {
		require.True(t, permalinkProbe(c.text), name)
		s := newLineSel(c.text, 1<<20, outlineGaps(60))
		ranks, ok := permalinkDoc(s)
		require.True(t, ok, name)
		assert.Equal(t, c.heads, permalinkLines(s, ranks[0]), name)
	}
}

// Lines that end in a mark but head nothing: a directive or comment that
// opens with `#`, a paragraph's last line, an indented line, a mark
// apart from its title, too few headings, a shell prompt among lines.
func TestPermalinkDocDeclines(t *testing.T) {
	for name, text := range map[string]string{
		"directives": strings.Repeat("#endif\n\nint x;\n\n#ifdef A\n\n", 4),
		"markdown":   strings.Repeat("# Title\n\nText.\n\n", 6),
		"paragraph":  strings.Repeat("Some prose that ends in a hash\nlike this one #\n\n", 6),
		"indented":   strings.Repeat("  Heading#\n\nText.\n\n", 6),
		"apart":      strings.Repeat("Heading #\n\nText.\n\nOther ¶\n\n", 6),
		"few":        "A#\n\nx\n\nB#\n\ny\n\nC#\n",
		"prompt":     strings.Repeat("root@host:~#\nls\nfile\n", 6),
		"marks only": strings.Repeat("###\n\n¶¶\n\n§\n\n", 6),
	} {
		assert.False(t, permalinkProbe(text), "%s: the probe takes it", name)
		_, ok := permalinkDoc(newLineSel(text, 1<<20, outlineGaps(100)))
		assert.False(t, ok, "%s: taken for a permalinked document", name)
	}
}

// The w3m dump of Node's readline page: at 4,000 bytes its outline keeps
// every heading, and the page's version line its navigation buries (the
// blind clip's head reaches it; the outline's head does not).
func TestPermalinkDocNodeReadline(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", "plain_w3m_dump_cols_100_node_20_readline_api_html", "input.txt"))
	require.NoError(t, err)
	text := string(b)
	p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, 4000)
	require.True(t, ok, "declined")
	out := render(text, p, marker{})
	assert.LessOrEqual(t, len(out), 4000)
	for _, want := range []string{"Node.js v20.20.2 documentation\n", "\nReadline#\n", "\nrl.getCursorPos()#\n",
		"\nreadline.createInterface(options)#\n", "\nTTY keybindings#\n", "Meta+Backspace       Delete word left"} {
		assert.Contains(t, out, want)
	}
}

// genPermalinked draws a rendered page: a navigation of bullets and
// title lines, headings with one of the marks at its end, prose, bullets,
// code, and lines that end in another mark.
func genPermalinked(t *rapid.T) string {
	var b strings.Builder
	for k := rapid.IntRange(0, 30).Draw(t, "nav"); k > 0; k-- {
		if rapid.IntRange(0, 5).Draw(t, "navkind") == 0 {
			b.WriteString("\n" + genWord(t, "site") + " v1.2 documentation\n\n")
		} else {
			b.WriteString("  • " + genWord(t, "module") + "\n")
		}
	}
	b.WriteString("\n")
	m := permalinkMarks[rapid.IntRange(0, len(permalinkMarks)-1).Draw(t, "mark")]
	for k := rapid.IntRange(0, 60).Draw(t, "heads"); k > 0; k-- {
		title := genWord(t, "title") + "(" + genWord(t, "arg") + ")"
		if m.before && rapid.Bool().Draw(t, "before") {
			title = m.mark + title
		} else {
			title += m.mark
		}
		fmt.Fprintf(&b, "%s\n\n", title)
		for p := rapid.IntRange(0, 5).Draw(t, "paras"); p > 0; p-- {
			switch rapid.IntRange(0, 3).Draw(t, "kind") {
			case 0:
				b.WriteString(strings.ReplaceAll(rapid.StringN(1, 90, -1).Draw(t, "prose"), "\n", " ") + "\n")
			case 1:
				b.WriteString("  • " + genWord(t, "item") + "\n  • " + genWord(t, "item") + "\n")
			case 2:
				b.WriteString("rl.on('" + genWord(t, "event") + "', () => {\n});#\n")
			case 3:
				b.WriteString(genWord(t, "other") + "¶\n")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// The probe agrees with the reader on every page drawn, and on any text.
func TestPermalinkProbeAgrees(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genPermalinked(rt)
		if rapid.Bool().Draw(rt, "junk") {
			text = rapid.StringOfN(rapid.SampledFrom([]rune{'a', ' ', '\n', '\r', '#', '¶', '§', 'é'}), 0, 400, -1).Draw(rt, "text")
		}
		_, ok := permalinkDoc(newLineSel(text, 1<<20, outlineGaps(1)))
		if got := permalinkProbe(text); got != ok {
			rt.Fatalf("probe %v, reader %v on %q", got, ok, text)
		}
	})
}

// Outlining a permalinked page keeps the budget, and every kept line is
// an input line verbatim where the gap notes say it is.
func TestPermalinkDocProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genPermalinked(rt)
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		checkOutlineWithin(rt, text, limit)
	})
}

// TestIndexByLastIsIndex checks that indexByLast finds what strings.Index
// finds, on texts of no-break spaces, marks and their bytes alone.
func TestIndexByLastIsIndex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{"a", "\n", "#", "¶", "§", "\u00a0", "\xc2", "\xb6", "\xa7"})).Draw(t, "parts")
		s := strings.Join(parts, "")
		for _, m := range permalinkMarks {
			require.Equal(t, strings.Index(s, m.mark), indexByLast(s, m.mark), "%q in %q", m.mark, s)
		}
	})
}
