package headroom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestYAMLOutline(t *testing.T) {
	doc := strings.Join([]string{
		"# a comment",
		"title: command",
		"definitions:",
		"  hook:",
		"    type: string",
		"    description: >",
		"      text that goes on",
		"      over lines: with a colon",
		"  spec: &spec",
		"    items: {type: string}",
		"    choices:",
		"      - a",
		"      - name: b",
		"  plain: value",
		"type: object",
		"request: *spec",
	}, "\n")
	s := newLineSel(doc, 1<<20, gapWording{lineGap, nil, 40})
	ranks, ok := yamlOutline(s, lineContent(s, false))
	require.True(t, ok)
	assert.Equal(t, []int{1, 2, 14, 15}, ranks[0], "the first column's keys")
	assert.Equal(t, []int{3, 8}, ranks[1], "the keys one indent in that open a block")
	assert.Equal(t, []int{10}, ranks[2], "two indents in")
	assert.Equal(t, []int{13}, ranks[3], "one indent in, with a value")

	for name, text := range map[string]string{
		"python": "import os\n\nclass A:\n    x: int\n\ndef f(x):\n    return x\n\nname: str\nother: int\nthird: int\n",
		"go":     "package p\n\nfunc f() {\n\tswitch x {\n\tcase 1:\n\t}\n}\nlabel:\nother:\nthird:\n",
		"prose":  "Note: this is prose.\nWarning: more prose here.\nIt goes on for a while\nwithout any keys at all\nand more lines\nTip: a colon\n",
		"two":    "a: 1\nb: 2\n",
		"flat":   "error: e1\nerror: e2\nerror: e3\nwarning: w4\nerror: e5\n",
	} {
		s := newLineSel(text, 1<<20, gapWording{lineGap, nil, 40})
		_, ok := yamlOutline(s, lineContent(s, false))
		assert.False(t, ok, name)
	}
}

// Code is turned away as soon as its lines that are no YAML outweigh
// what is left to read: a Go file, its functions' bodies indented by
// tabs, is read for its first lines only, not to its end.
func TestYAMLOutlineDeclinesCodeEarly(t *testing.T) {
	text := strings.Repeat("func f() {\n\treturn 1\n\tx := 2\n}\n\n", 2000) + strings.Repeat("key:\n  a: 1\n", 2000)
	s := newLineSel(text, 1<<20, gapWording{lineGap, nil, 40})
	read := 0
	content := lineContent(s, false)
	_, ok := yamlOutline(s, func(i int) string { read++; return content(i) })
	assert.False(t, ok)
	assert.Less(t, read, s.n()/2, "lines read of %d", s.n())
}

func TestYAMLKey(t *testing.T) {
	for _, c := range []struct {
		t          string
		key, opens bool
	}{
		{"name:", true, true},
		{"name: value", true, false},
		{"request: &request", true, true},
		{"text: |", true, false},
		{"text: >-", true, false},
		{"tagged: !!map", true, true},
		{"\"a b\": 1", true, false},
		{".*: {type: string}", true, false},
		{"def f(x):", false, false},
		{"Note: this is prose", true, false},
		{"http://example.com", false, false},
		{"{a: 1}", false, false},
		{":", false, false},
		{"'open", false, false},
	} {
		key, opens := yamlKey(c.t)
		assert.Equal(t, c.key, key, c.t)
		assert.Equal(t, c.opens, opens, c.t)
	}
}

// FuzzYAMLOutline: any text, numbered or not, gives ranks of lines in
// order and in range, and never panics.
func FuzzYAMLOutline(f *testing.F) {
	f.Add("a:\n  b: &x\n  - c: 1\n---\nd: *x\n", false)
	f.Add("     1\tkey:\n     2\t  sub:\n", true)
	f.Add("\"q\":\n'r\n- \n-\n", false)
	f.Fuzz(func(t *testing.T, text string, numbered bool) {
		s := newLineSel(text, 1<<20, gapWording{lineGap, nil, 40})
		ranks, _ := yamlOutline(s, lineContent(s, numbered))
		for _, r := range ranks {
			for k, i := range r {
				if i < 0 || i >= s.n() || k > 0 && r[k-1] >= i {
					t.Fatalf("rank lines %v out of order or range (%d lines)", r, s.n())
				}
			}
		}
	})
}
